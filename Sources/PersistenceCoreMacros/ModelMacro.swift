import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model`: turns a `final class` into a persistent model.
///
/// - member: `backingData`, `entitySchema`, `attributeKeyPaths`, `init(backingData:)`;
/// - member attribute: `@PersistedProperty(index:)` on each persisted property, which gives it
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
        let model = ModelDeclaration(declaration)
        for diagnostic in model.diagnostics {
            context.diagnose(diagnostic)
        }
        guard model.canGenerate else { return [] }
        return [
            backingData(model),
            entitySchema(model),
            attributeKeyPaths(model),
            relatedModelTypes(model),
            initializer(model),
        ].compactMap { $0 }
    }

    private static func backingData(_ model: ModelDeclaration) -> DeclSyntax {
        """
        /// Where the attribute values live; a fresh, unregistered one unless a context is making
        /// the model for a stored row (init(backingData:)), whose backing data it then is.
        // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
        // so no access can overlap another: the run-time exclusivity check on every get is skipped
        @exclusivity(unchecked) nonisolated(unsafe) \(raw: model.access)var backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: \(raw: model.className).entitySchema)
        """
    }

    private static func entitySchema(_ model: ModelDeclaration) -> DeclSyntax {
        let attributes = model.properties.map { property in
            "        PersistenceCore.AttributeSchema(\"\(property.name)\", \(property.type.metatypeExpression)\(property.schemaOptions)),\n"
        }.joined()
        let list = attributes.isEmpty ? "[]" : "[\n\(attributes)    ]"
        let relationships = model.relationships.isEmpty ? "" : ",\n    relationships: [\n"
            + model.relationships.map { "        \($0.schemaExpression),\n" }.joined() + "    ]"
        let resolved = model.resolved.isEmpty ? "" : ",\n    resolved: [\n"
            + model.resolved.map { "        \($0.schemaExpression),\n" }.joined() + "    ]"
        return """
            /// The entity: its name and its persisted properties, each kind in declaration order.
            \(raw: model.access)nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                name: "\(raw: model.className)",
                attributes: \(raw: list)\(raw: relationships)\(raw: resolved)\(raw: model.constraints.schemaArguments(uniqueRelationships: model.relationships.filter(\.isUnique).map(\.name)))
            )
            """
    }

    /// The models the relationships point to, so a container for this model stores them too;
    /// nothing for a model without relationships (the protocol's default says none).
    private static func relatedModelTypes(_ model: ModelDeclaration) -> DeclSyntax? {
        guard !model.relationships.isEmpty || !model.resolved.isEmpty else { return nil }
        var seen = Set<String>()
        let types = model.relationships.map(\.destination).filter { seen.insert($0).inserted }.map { "\($0).self" }
        // A resolved property names a model only if its type is one: the overloads decide.
        let resolved = model.resolved.map { " + PersistenceCore.ResolvedProperty.modelTypes(of: \($0.metatypeExpression))" }
        return """
            /// The models this one's relationships point to.
            \(raw: model.access)nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] { [\(raw: types.joined(separator: ", "))]\(raw: resolved.joined()) }
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
            body = "    self.backingData = backingData\n"
                + model.persistedNames.map { "    _\($0) = PersistenceCore.PersistedPropertyPlaceholder()\n" }.joined()
        }
        return """
            /// Creates the model over existing backing data: how a context materializes a row.
            \(raw: model.access)nonisolated required init(backingData: PersistenceCore.BackingData) {
            \(raw: body)}
            """
    }

    // MARK: member attribute

    /// `@PersistedProperty(index:)` on each persisted property, numbered as in the entity schema.
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
        switch ModelMember(DeclSyntax(variable)) {
        case .persisted(let property):
            guard let index = model.index(of: property.name) else { return [] }
            return ["@PersistenceCore.PersistedProperty(index: \(raw: index))"]
        case .relationship(let relationship):
            guard let index = model.relationshipIndex(of: relationship.name) else { return [] }
            return ["@PersistenceCore.PersistedProperty(relationship: \(raw: index))"]
        case .resolved(let property):
            guard let index = model.resolvedIndex(of: property.name) else { return [] }
            return ["@PersistenceCore.PersistedProperty(resolved: \(raw: index))"]
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
