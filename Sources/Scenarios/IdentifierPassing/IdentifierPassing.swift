import PersistenceCore

/// PLACEHOLDER until its scenario lands: replaced by the real scenario in this folder.
public struct IdentifierPassing: Scenario {
    public static let info = ScenarioInfo(
        id: "id-passing", title: "id-passing", articles: [.swiftDataConcurrency, .coreDataTips, .backgroundModelActor],
        why: "", rule: "", whereToLook: ["Sources/Scenarios/IdentifierPassing/IdentifierPassing.swift"])

    public struct Outcome: Sendable, Codable {}

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        throw ScenarioError.unexpected("\(Self.info.id) is not written yet")
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        ScenarioReport(wrongWay: [], rightWay: [], demonstrated: false)
    }
}
