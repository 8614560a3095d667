import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model`: turns a class into a persistent model.
///
/// - member: `backingData`, `entitySchema`, `attributeKeyPaths`, `init(backingData:)`: `static
///   let`s in a final class, `class var`s a subclass overrides in any other. A `@Model` subclass
///   of a `@Model` class is a subentity (`EntitySchema+Inheritance.swift` in PersistenceCore); the
///   compiler says which classes are (``ModelDeclaration/superclass(of:lacking:)``);
/// - member attribute: `@PersistedProperty(index:of:)` on each persisted property, which gives it
///   accessors through the backing data;
/// - extension: the `PersistentModel` conformance, and an unavailable `Sendable` one.
///
/// Every role reads the class through ``ModelDeclaration``; only the member role reports its
/// diagnostics, so each appears once.
public struct ModelMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    // MARK: member

    /// The members: backing data, entity schema, key-path table, `init(backingData:)`; and every diagnostic.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let model = ModelDeclaration(declaration, lacking: protocols)
        for diagnostic in model.diagnostics {
            context.diagnose(diagnostic)
        }
        guard model.canGenerate else { return [] }
        if model.isSubclass {
            return subclassBackingData(model) + subclassEntitySchema(model) + overridableKeyPaths(model)
                + [relatedModelTypes(model), initializer(model)].compactMap { $0 }
        }
        if !model.isFinal {
            return backingData(model) + overridableEntitySchema(model) + overridableKeyPaths(model)
                + [relatedModelTypes(model), initializer(model)].compactMap { $0 }
        }
        return backingData(model) + [
            entitySchema(model),
            attributeKeyPaths(model),
            relatedModelTypes(model),
            initializer(model),
        ].compactMap { $0 }
    }

    /// A root model's backing data, stored under the class's own name (the one storage every
    /// property's init accessor writes, in a root model as in a subclass, since the accessors
    /// cannot tell which they are in), and where its properties' indexes start: at zero.
    private static func backingData(_ model: ModelDeclaration) -> [DeclSyntax] {
        let name = model.className
        return [
            """
            /// Where the attribute values live; a fresh, unregistered one unless a context is making
            /// the model for a stored row (init(backingData:)), whose backing data it then is.
            // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
            // so no access can overlap another: the run-time exclusivity check on every get is skipped
            @exclusivity(unchecked) nonisolated(unsafe) \(raw: model.access)var _\(raw: name)_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: \(raw: name).entitySchema)
            """,
            // `_read` and `_modify` lend the stored property, as reading it directly does: a `get`
            // would hand out a +1 copy, a retain and a release around every attribute access.
            """
            /// Where the attribute values live.
            \(raw: model.access)nonisolated var backingData: PersistenceCore.BackingData {
                _read { yield _\(raw: name)_backingData }
                _modify { yield &_\(raw: name)_backingData }
            }
            """,
            """
            /// Where this class's own properties start among the entity's: at the first, with no model superclass.
            \(raw: model.access)nonisolated static var _\(raw: name)_indexBase: PersistenceCore.EntitySchema.IndexBase { .root }
            """,
        ]
    }

    private static func entitySchema(_ model: ModelDeclaration) -> DeclSyntax {
        """
        /// The entity: its name and its persisted properties, each kind in declaration order.
        \(raw: model.access)nonisolated static let entitySchema: PersistenceCore.EntitySchema = \(raw: entitySchemaExpression(model))
        """
    }

    /// `PersistenceCore.EntitySchema(name: …, attributes: …)`, with the superclass's schema first
    /// for a subclass.
    private static func entitySchemaExpression(_ model: ModelDeclaration) -> String {
        let attributes = model.properties.map { property in
            "        PersistenceCore.AttributeSchema(\"\(property.name)\", \(property.type.metatypeExpression)\(property.schemaOptions)),\n"
        }.joined()
        let list = attributes.isEmpty ? "[]" : "[\n\(attributes)    ]"
        let relationships = model.relationships.isEmpty ? "" : ",\n    relationships: [\n"
            + model.relationships.map { "        \($0.schemaExpression),\n" }.joined() + "    ]"
        let resolved = model.resolved.isEmpty ? "" : ",\n    resolved: [\n"
            + model.resolved.map { "        \($0.schemaExpression),\n" }.joined() + "    ]"
        let superentity = model.superclass.map { "\n    superentity: \($0).entitySchema," } ?? ""
        let constraints = model.constraints.schemaArguments(uniqueRelationships: model.relationships.filter(\.isUnique).map(\.name))
        return """
            PersistenceCore.EntitySchema(
                name: "\(model.className)",\(superentity)
                attributes: \(list)\(relationships)\(resolved)\(constraints)
            )
            """
    }

    // MARK: Classes that may have subclasses

    /// A class that is not final: a `class var` a subclass can override, returning what a
    /// `static let` holds (made once and shared by every model made, as a final class's).
    private static func overridableEntitySchema(_ model: ModelDeclaration) -> [DeclSyntax] {
        let name = model.className
        return [
            """
            /// The entity: its name and its persisted properties, each kind in declaration order.
            \(raw: model.access)nonisolated class var entitySchema: PersistenceCore.EntitySchema { _\(raw: name)_entitySchema }
            """,
            "private nonisolated static let _\(raw: name)_entitySchema: PersistenceCore.EntitySchema = \(raw: entitySchemaExpression(model))",
        ]
    }

    /// A subclass's entity (its superclass's properties, then its own), and where its own
    /// properties' indexes start in it.
    private static func subclassEntitySchema(_ model: ModelDeclaration) -> [DeclSyntax] {
        let name = model.className
        return [
            """
            /// The entity: the superclass's properties, then this class's own, each kind in declaration order.
            \(raw: model.access)nonisolated override class var entitySchema: PersistenceCore.EntitySchema { _\(raw: name)_entitySchema }
            """,
            "private nonisolated static let _\(raw: name)_entitySchema: PersistenceCore.EntitySchema = \(raw: entitySchemaExpression(model))",
            """
            /// Where this class's own properties start among the entity's: its accessors count from there.
            \(raw: model.access)nonisolated static let _\(raw: name)_indexBase = PersistenceCore.EntitySchema.IndexBase(after: \(raw: model.superclass ?? "").entitySchema)
            """,
        ]
    }

    /// The key-path table as a `class var`, and the function that makes it for any subclass: a
    /// subclass's table lists the properties it inherits by key paths from itself (`\Car.name`,
    /// what a `#Predicate<Car>` holds), not from its superclass.
    private static func overridableKeyPaths(_ model: ModelDeclaration) -> [DeclSyntax] {
        let name = model.className
        let entries = model.persistedNames.map { "        \\Root.\($0): \"\($0)\",\n" }.joined()
        let own = entries.isEmpty ? "[:]" : "[\n\(entries)    ]"
        let body = model.superclass.map { superclass in
            "\(superclass)._\(model.superclassName ?? superclass)_keyPaths(rootedAt: Root.self).merging(\(own)) { _, own in own }"
        } ?? own
        return [
            """
            /// Each persisted property's key path and name, for predicates and sort descriptors.
            \(raw: model.access)nonisolated \(raw: model.isSubclass ? "override " : "")class var attributeKeyPaths: [AnyKeyPath: String] { _\(raw: name)_attributeKeyPaths }
            """,
            """
            // immutable after initialisation; key paths are not Sendable
            nonisolated(unsafe) private static let _\(raw: name)_attributeKeyPaths: [AnyKeyPath: String] = _\(raw: name)_keyPaths(rootedAt: \(raw: name).self)
            """,
            """
            /// The persisted properties' key paths from `Root` (this class or a subclass), and their names.
            \(raw: model.access)nonisolated static func _\(raw: name)_keyPaths<Root: \(raw: name)>(rootedAt root: Root.Type) -> [AnyKeyPath: String] {
                \(raw: body)
            }
            """,
        ]
    }

    /// A subclass's backing data: a stored property of its own, which its init accessors write
    /// before the superclass is initialized, and an override of the superclass's that hands it
    /// out once it holds the superclass's values too (`BackingData.takeValues(writtenBySuperclassInto:)`).
    private static func subclassBackingData(_ model: ModelDeclaration) -> [DeclSyntax] {
        let name = model.className
        return [
            """
            /// This class's properties are written here first: Swift initializes them before the superclass's.
            // the model's context queue guards it, as it guards the superclass's backingData
            @exclusivity(unchecked) nonisolated(unsafe) \(raw: model.access)var _\(raw: name)_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: \(raw: name).entitySchema)
            """,
            """
            /// Where the attribute values live: one backing data for the superclass's properties and this class's.
            \(raw: model.access)nonisolated override var backingData: PersistenceCore.BackingData {
                get {
                    let inherited = super.backingData
                    if inherited !== _\(raw: name)_backingData {
                        // The first use after initialization: the superclass's initializer wrote elsewhere.
                        _\(raw: name)_backingData.takeValues(writtenBySuperclassInto: inherited)
                        super.backingData = _\(raw: name)_backingData
                    }
                    return _\(raw: name)_backingData
                }
                set {
                    _\(raw: name)_backingData = newValue
                    super.backingData = newValue
                }
            }
            """,
        ]
    }

    /// The models the relationships point to (and a subclass's superclass), so a container for
    /// this model stores them too; nothing for a final model without relationships (the
    /// protocol's default says none).
    private static func relatedModelTypes(_ model: ModelDeclaration) -> DeclSyntax? {
        guard !model.relationships.isEmpty || !model.resolved.isEmpty || !model.isFinal || model.isSubclass else { return nil }
        var seen = Set<String>()
        let types = (model.superclass.map { [$0] } ?? []) + model.relationships.map(\.destination).filter { seen.insert($0).inserted }
        // A resolved property names a model only if its type is one: the overloads decide.
        let resolved = model.resolved.map { " + PersistenceCore.ResolvedProperty.modelTypes(of: \($0.metatypeExpression))" }
        // A class that may have subclasses has a `class var` they override.
        let declaration = model.isSubclass ? "override class" : model.isFinal ? "static" : "class"
        return """
            /// The models this one's relationships point to\(raw: model.isSubclass ? ", and its superclass" : "").
            \(raw: model.access)nonisolated \(raw: declaration) var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] { [\(raw: types.map { "\($0).self" }.joined(separator: ", "))]\(raw: resolved.joined()) }
            """
    }

    private static func attributeKeyPaths(_ model: ModelDeclaration) -> DeclSyntax {
        let entries = model.persistedNames.map { "    \\\(model.className).\($0): \"\($0)\",\n" }.joined()
        let dictionary = entries.isEmpty ? "[:]" : "[\n\(entries)]"
        return """
            /// Each persisted property's key path and name, for predicates and sort descriptors.
            // immutable after initialisation; key paths are not Sendable
            nonisolated(unsafe) \(raw: model.access)static let attributeKeyPaths: [AnyKeyPath: String] = \(raw: dictionary)
            """
    }

    private static func initializer(_ model: ModelDeclaration) -> DeclSyntax {
        let body: String
        if model.hasInvalidMembers {
            body = "    fatalError(\"@Model could not generate init(backingData:) for '\(model.className)': fix the errors on its properties\")\n"
        } else {
            let placeholders = model.persistedNames.map { "    _\($0) = PersistenceCore.PersistedPropertyPlaceholder()\n" }.joined()
            body = model.isSubclass
                ? "    _\(model.className)_backingData = backingData\n" + placeholders + "    super.init(backingData: backingData)\n"
                : "    // Adopted already, as a rule: no retain and release of the same object.\n"
                    + "    if _\(model.className)_backingData !== backingData {\n        _\(model.className)_backingData = backingData\n    }\n" + placeholders
        }
        return """
            /// Creates the model over existing backing data: how a context materializes a row.
            \(raw: model.access)nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
            \(raw: body)}
            """
    }

    // MARK: member attribute

    /// `@PersistedProperty(index:of:)` on each persisted property, numbered as in the entity schema.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard let variable = member.as(VariableDeclSyntax.self),
              !variable.attributes.contains(named: "PersistedProperty")
        else { return [] }
        let model = ModelDeclaration(declaration)
        guard model.canGenerate else { return [] }
        // The class's own indexes count from where its superclass's properties end (from zero in a
        // root model): this role cannot tell which the class is, so it names the class, whose
        // members say.
        let owner = ", of: \(model.className).self"
        switch ModelMember(DeclSyntax(variable)) {
        case .persisted(let property):
            guard let index = model.index(of: property.name) else { return [] }
            return ["@PersistenceCore.PersistedProperty(index: \(raw: index)\(raw: owner))"]
        case .relationship(let relationship):
            guard let index = model.relationshipIndex(of: relationship.name) else { return [] }
            return ["@PersistenceCore.PersistedProperty(relationship: \(raw: index)\(raw: owner))"]
        case .resolved(let property):
            guard let index = model.resolvedIndex(of: property.name) else { return [] }
            return ["@PersistenceCore.PersistedProperty(resolved: \(raw: index)\(raw: owner))"]
        case .ignored, .invalid:
            return []
        }
    }

    // MARK: extension

    /// The `PersistentModel` conformance and the unavailable `Sendable` one.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard ModelDeclaration(declaration).canGenerate else {
            return try ModelActorGeneration.actorSendableConformance(of: declaration, type: type, requested: protocols)
        }
        let requested = Set(protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" })
        var extensions: [ExtensionDeclSyntax] = []
        if requested.contains("PersistentModel") {
            extensions.append(try ExtensionDeclSyntax(
                "extension \(type.trimmed): nonisolated PersistenceCore.PersistentModel {}"))
        }
        if requested.contains("Sendable") {
            extensions.append(try ExtensionDeclSyntax("""
                /// A model is bound to its context's queue: send its persistentModelID instead.
                @available(*, unavailable) extension \(type.trimmed): Sendable {}
                """))
        }
        return extensions
    }
}
