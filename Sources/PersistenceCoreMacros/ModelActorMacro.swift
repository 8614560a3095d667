/// `@ModelActor`: an actor over a context made by SwiftData's rule, `ModelContext(container)`,
/// so the queue that creates the actor decides whether it runs on the main queue or on a private one.
public struct ModelActorMacro: ModelActorKindMacro {
    static let macroName = "ModelActor"
    static let contextExpression = "PersistenceCore.ModelContext(modelContainer)"
}
