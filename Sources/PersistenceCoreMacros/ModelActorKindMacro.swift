import SwiftSyntax
import SwiftSyntaxMacros

/// What `@ModelActor` and `@BackgroundModelActor` share: the same members and conformance,
/// differing only in how the actor's context is made.
protocol ModelActorKindMacro: MemberMacro, ExtensionMacro {
    /// The attribute's name, for diagnostics.
    static var macroName: String { get }
    /// The expression that makes the actor's context from `modelContainer`.
    static var contextExpression: String { get }
}

extension ModelActorKindMacro {
    /// `modelExecutor`, `modelContainer` and (unless disabled) `init(modelContainer:)`.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard ModelActorGeneration.requireActor(declaration, macro: macroName, in: context) else { return [] }
        return ModelActorGeneration.actorMembers(
            of: declaration,
            generateInit: ModelActorGeneration.generatesInit(node, in: context),
            contextExpression: contextExpression)
    }

    /// The `ModelActor` conformance.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self) else { return [] }
        return try ModelActorGeneration.conformance(of: type, to: "ModelActor", requested: protocols)
    }
}
