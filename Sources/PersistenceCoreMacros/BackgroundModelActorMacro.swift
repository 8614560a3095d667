import SwiftSyntax
import SwiftSyntaxMacros

/// `@BackgroundModelActor`: an actor over a new private-queue context, wherever it is created
/// (CoreDataEvolution's `@NSModelActor`).
public struct BackgroundModelActorMacro: MemberMacro, ExtensionMacro {
    /// `modelExecutor`, `modelContainer` and (unless disabled) `init(modelContainer:)`.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard ModelActorGeneration.requireActor(declaration, macro: "BackgroundModelActor", in: context) else { return [] }
        return ModelActorGeneration.actorMembers(
            of: declaration,
            generateInit: ModelActorGeneration.generatesInit(node, in: context),
            contextExpression: "modelContainer.newBackgroundContext()")
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
