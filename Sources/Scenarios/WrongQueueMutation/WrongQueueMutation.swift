import PersistenceCore

/// PLACEHOLDER until its scenario lands: replaced by the real scenario in this folder.
public struct WrongQueueMutation: Scenario {
    public static let info = ScenarioInfo(
        id: "wrong-queue-mutation", title: "wrong-queue-mutation", articles: [.swiftDataConcurrency, .coreDataTips],
        why: "", rule: "", whereToLook: ["Sources/Scenarios/WrongQueueMutation/WrongQueueMutation.swift"])

    public struct Outcome: Sendable, Codable {}

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        throw ScenarioError.unexpected("\(Self.info.id) is not written yet")
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        ScenarioReport(wrongWay: [], rightWay: [], demonstrated: false)
    }
}
