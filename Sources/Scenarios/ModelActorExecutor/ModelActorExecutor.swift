import PersistenceCore

/// PLACEHOLDER until its scenario lands: replaced by the real scenario in this folder.
public struct ModelActorExecutor: Scenario {
    public static let info = ScenarioInfo(
        id: "model-actor-executor", title: "model-actor-executor", articles: [.swiftDataConcurrency, .customExecutor],
        why: "", rule: "", whereToLook: ["Sources/Scenarios/ModelActorExecutor/ModelActorExecutor.swift"])

    public struct Outcome: Sendable, Codable {}

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        throw ScenarioError.unexpected("\(Self.info.id) is not written yet")
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        ScenarioReport(wrongWay: [], rightWay: [], demonstrated: false)
    }
}
