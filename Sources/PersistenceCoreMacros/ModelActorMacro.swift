import SwiftSyntax
import SwiftSyntaxMacros

/// `@ModelActor`: an actor over a context made by SwiftData's rule, `ModelContext(container)`,
/// so the queue that creates the actor decides whether it runs on the main queue or on a private one.
public struct ModelActorMacro: MemberMacro, ExtensionMacro {
    /// `modelExecutor`, `modelContainer` and (unless disabled) `init(modelContainer:)`.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard ModelActorGeneration.requireActor(declaration, macro: "ModelActor", in: context) else { return [] }
        return ModelActorGeneration.actorMembers(
            of: declaration,
            generateInit: ModelActorGeneration.generatesInit(node, in: context),
            contextExpression: "PersistenceCore.ModelContext(modelContainer)")
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
