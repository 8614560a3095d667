import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@MainModelActor`: a `final class` isolated to the MainActor, over the container's main context.
///
/// A macro cannot add an attribute to the declaration it is attached to, so the class gets its
/// isolation member by member: `@MainActor` on every member without isolation of its own and on
/// the generated ones, and a conformance to the `@MainActor` protocol `MainModelActor`. It also
/// conforms to `Sendable`, as a `@MainActor` class is: the compiler accepts that only while every
/// mutable stored property is isolated to a global actor, which is the rule it checks for us.
public struct MainModelActorMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    /// `modelContainer` and (unless disabled) `init(modelContainer:)`, both `@MainActor`.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard ModelActorGeneration.requireFinalClass(declaration, macro: "MainModelActor", in: context) else { return [] }
        let access = declaration.generatedMemberAccess
        var members: [DeclSyntax] = [
            """
            /// The container whose main context this object uses.
            @MainActor \(raw: access)let modelContainer: PersistenceCore.ModelContainer
            """,
        ]
        if ModelActorGeneration.generatesInit(node, in: context) {
            members.append("""
                /// An object over `modelContainer`'s main context.
                @MainActor \(raw: access)init(modelContainer: PersistenceCore.ModelContainer) {
                    self.modelContainer = modelContainer
                }
                """)
        }
        return members
    }

    /// `@MainActor` on each member that has no isolation of its own.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.as(ClassDeclSyntax.self)?.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) == true,
              let (attributes, modifiers) = isolationSlots(of: member),
              !modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }),
              !attributes.contains(where: isGlobalActorAttribute)
        else { return [] }
        return ["@MainActor"]
    }

    /// The `MainModelActor` and `Sendable` conformances.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.as(ClassDeclSyntax.self)?.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) == true
        else { return try ModelActorGeneration.actorSendableConformance(of: declaration, type: type, requested: protocols) }
        return try ModelActorGeneration.conformance(of: type, to: "MainModelActor", requested: protocols)
            + ModelActorGeneration.conformance(of: type, to: "Sendable", requested: protocols, module: nil)
    }

    /// The attributes and modifiers of a member that can be isolated (properties, methods,
    /// subscripts, initializers); nil for nested types, typealiases and deinit, which keep theirs.
    private static func isolationSlots(of member: some DeclSyntaxProtocol) -> (AttributeListSyntax, DeclModifierListSyntax)? {
        if let decl = member.as(VariableDeclSyntax.self) { return (decl.attributes, decl.modifiers) }
        if let decl = member.as(FunctionDeclSyntax.self) { return (decl.attributes, decl.modifiers) }
        if let decl = member.as(SubscriptDeclSyntax.self) { return (decl.attributes, decl.modifiers) }
        if let decl = member.as(InitializerDeclSyntax.self) { return (decl.attributes, decl.modifiers) }
        return nil
    }

    /// Whether `element` names a global actor: `@MainActor`, or by convention any `@…Actor`.
    private static func isGlobalActorAttribute(_ element: AttributeListSyntax.Element) -> Bool {
        guard case .attribute(let attribute) = element else { return false }
        return attribute.simpleName.hasSuffix("Actor")
    }
}
