import PersistenceCore

/// PLACEHOLDER until its scenario lands: replaced by the real scenario in this folder.
public struct ChangeMerging: Scenario {
    public static let info = ScenarioInfo(
        id: "change-merging", title: "change-merging", articles: [.coreDataTips],
        why: "", rule: "", whereToLook: ["Sources/Scenarios/ChangeMerging/ChangeMerging.swift"])

    public struct Outcome: Sendable, Codable {}

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        throw ScenarioError.unexpected("\(Self.info.id) is not written yet")
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        ScenarioReport(wrongWay: [], rightWay: [], demonstrated: false)
    }
}
