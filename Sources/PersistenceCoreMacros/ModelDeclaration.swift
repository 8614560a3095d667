import SwiftDiagnostics
import SwiftSyntax

/// A `@Model` class as read from the source: what every role of the macro works from, so that
/// the members, the accessors' indexes and the schema always agree.
struct ModelDeclaration {
    /// The most persisted properties a model may have: ``BackingData`` tracks changes in a 64-bit mask.
    static let maximumAttributes = 64

    /// The class name, used in generated code (a stored property cannot use `Self`).
    let className: String
    /// The access modifier generated members take.
    let access: String
    /// The persisted properties, in declaration order: index `i` is attribute `i`.
    let properties: [ModelProperty]
    /// The relationships, in declaration order: index `i` is relationship `i`.
    let relationships: [ModelRelationship]
    /// The properties whose type decides their kind, in declaration order: index `i` is
    /// `ResolvedProperty` `i`.
    let resolved: [ModelResolvedProperty]
    /// The `#Unique` and `#Index` lists in the class body.
    let constraints: ModelConstraints
    /// Everything wrong with the declaration; the member role reports them, once.
    let diagnostics: [Diagnostic]
    /// False when the declaration itself cannot be a model: then nothing is generated.
    let canGenerate: Bool
    /// Whether some property was refused (it is left as written, and the generated
    /// `init(backingData:)` cannot initialize it).
    let hasInvalidMembers: Bool
    /// The `@Model` class this one inherits from, as written (`Vehicle`, `Garage.Vehicle`), for a
    /// subclass: see ``superclass(of:lacking:)``. Only the member role knows it; nil in the others.
    let superclass: String?
    /// Whether the class is `final`: a final class with no superclass keeps `static let` members;
    /// any other has `class var`s that a subclass can override.
    let isFinal: Bool

    /// Reads `declaration`; `protocols`, the conformances the compiler says the class lacks, is
    /// what tells a subclass of a model apart (the member role has it; the others pass nil).
    init(_ declaration: some DeclGroupSyntax, lacking protocols: [TypeSyntax]? = nil) {
        access = declaration.generatedMemberAccess
        superclass = protocols.flatMap { protocols in
            declaration.as(ClassDeclSyntax.self).flatMap { Self.superclass(of: $0, lacking: protocols) }
        }
        isFinal = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        var diagnostics: [Diagnostic] = []
        var properties: [ModelProperty] = []
        var relationships: [ModelRelationship] = []
        var resolved: [ModelResolvedProperty] = []
        var hasInvalidMembers = false
        for item in declaration.memberBlock.members {
            switch ModelMember(item.decl) {
            case .persisted(let property): properties.append(property)
            case .relationship(let relationship): relationships.append(relationship)
            case .resolved(let property): resolved.append(property)
            case .ignored: break
            case .invalid(let found):
                diagnostics += found
                hasInvalidMembers = true
            }
        }
        self.properties = properties
        self.relationships = relationships
        self.resolved = resolved
        self.hasInvalidMembers = hasInvalidMembers
        constraints = ModelConstraints(declaration.memberBlock.members,
                                       persistedNames: Set(properties.map(\.name) + relationships.map(\.name) + resolved.map(\.name)),
                                       inherits: superclass != nil)
        diagnostics += constraints.diagnostics

        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            let name = declaration.declaredName.map { "'\($0)' is \(declaration.kindDescription)" }
                ?? "not to \(declaration.kindDescription)"
            className = declaration.declaredName ?? ""
            self.diagnostics = [Diagnostic(node: declaration.introducerKeyword, message: MacroDiagnostic(
                "notAClass", "@Model applies to a class; \(name)"))]
            canGenerate = false
            return
        }
        className = classDecl.name.text
        var declarationErrors: [Diagnostic] = []
        if let generics = classDecl.genericParameterClause {
            declarationErrors.append(Diagnostic(node: generics, message: MacroDiagnostic(
                "genericClass", "@Model applies to a class that is not generic; '\(className)' has generic parameters")))
        }
        if let mainActor = classDecl.attributes.attribute(named: "MainActor") {
            declarationErrors.append(Diagnostic(node: mainActor, message: MacroDiagnostic(
                "mainActorClass",
                "@Model applies to a class that is not @MainActor: a model belongs to its context's queue, which may be a private one; remove @MainActor (in a module isolated to the MainActor by default, write 'nonisolated class \(className)')")))
        }
        if properties.count + resolved.count > Self.maximumAttributes {
            declarationErrors.append(Diagnostic(node: classDecl.name, message: MacroDiagnostic(
                "tooManyAttributes",
                "@Model supports at most \(Self.maximumAttributes) persisted properties; '\(className)' has \(properties.count + resolved.count) (mark some @Transient, or split the entity)")))
        }
        self.diagnostics = declarationErrors + diagnostics
        canGenerate = declarationErrors.isEmpty
    }

    /// The superclass named first in the inheritance clause, when the class inherits its
    /// `PersistentModel` conformance: then, and only then, that first type is a model class.
    ///
    /// The name never decides (`CollectionDocument` may be a protocol or a class): the compiler
    /// does. `@Model` lists `PersistentModel` among its member role's conformances, and the
    /// compiler hands that role only the conformances the class lacks (SE-0407), so a class
    /// whose superclass is a model is handed none. A class that names `PersistentModel` in its own
    /// clause conforms by itself, whatever else it names.
    static func superclass(of declaration: ClassDeclSyntax, lacking protocols: [TypeSyntax]) -> String? {
        guard !protocols.contains(where: { $0.lastNameComponent == "PersistentModel" }),
              let inherited = declaration.inheritanceClause?.inheritedTypes,
              let first = inherited.first?.type,
              !inherited.contains(where: { $0.type.lastNameComponent == "PersistentModel" })
        else { return nil }
        return first.trimmedDescription
    }

    /// Whether the class is a subclass of another `@Model` class.
    var isSubclass: Bool { superclass != nil }

    /// The last component of the superclass's name, which its generated members are named after.
    var superclassName: String? { superclass.map { $0.split(separator: ".").last.map(String.init) ?? $0 } }


    /// The index of the persisted property called `name`, if it is one.
    func index(of name: String) -> Int? {
        properties.firstIndex { $0.name == name }
    }

    /// The index of the relationship called `name`, if it is one.
    func relationshipIndex(of name: String) -> Int? {
        relationships.firstIndex { $0.name == name }
    }

    /// The index of the resolved property called `name`, if it is one.
    func resolvedIndex(of name: String) -> Int? {
        resolved.firstIndex { $0.name == name }
    }

    /// Every persisted name, attributes, relationships, then resolved properties: the key-path
    /// table's entries and the placeholders `init(backingData:)` initializes.
    var persistedNames: [String] { properties.map(\.name) + relationships.map(\.name) + resolved.map(\.name) }
}

extension TypeSyntax {
    /// The type's name without its module or enclosing types: `PersistentModel` for
    /// `SwiftData.PersistentModel`.
    var lastNameComponent: String {
        let written = trimmedDescription
        return written.split(separator: ".").last.map(String.init) ?? written
    }
}
