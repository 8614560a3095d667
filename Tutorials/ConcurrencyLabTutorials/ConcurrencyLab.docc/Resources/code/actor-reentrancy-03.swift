/// The body each way is explored with: two likes on one actor, in every order the runtime allows.
static func explorationBody(_ way: Way) -> @Sendable () async throws -> RaceOutcome {
    {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let id = try await IncrementRace.seed(container)
        let counter = LikeCounter(modelContainer: container)
        counter.modelExecutor.context.name = "LikeCounter (model actor)"  // as a trace names its lane
        async let first = Self.like(id, on: counter, way: way, confirm: confirmWithServer)
        async let second = Self.like(id, on: counter, way: way, confirm: confirmWithServer)
        _ = try await (first, second)
        return try await IncrementRace.count(of: id, in: container) == 2 ? .keptBoth : .lostOne
    }
}