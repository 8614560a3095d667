/// `@BackgroundModelActor`: an actor over a new private-queue context, wherever it is created
/// (CoreDataEvolution's `@NSModelActor`).
public struct BackgroundModelActorMacro: ModelActorKindMacro {
    static let macroName = "BackgroundModelActor"
    static let contextExpression = "modelContainer.newBackgroundContext()"
}
