/// One case of the articles, recreated against PersistenceCore: the wrong way, then the right way.
///
/// Each scenario returns its own `Outcome`, a value with exactly the facts its tests assert, and
/// turns it into a ``ScenarioReport`` for the CLI and the tutorials. Crashes that the articles
/// describe (a trap under concurrency debugging, an unfulfillable fault) cannot happen inside a
/// run that must report back: a scenario shows them with ``PersistenceCore/ConcurrencyDebug/Mode/record``
/// (the message `.trap` would print), and the tests make them happen for real in exit tests.
public protocol Scenario: Sendable {
    /// The facts one run established.
    associatedtype Outcome: Sendable & Codable

    /// What the scenario is about.
    static var info: ScenarioInfo { get }

    init()

    /// Runs the wrong way and the right way, each against its own container(s) from `environment`.
    func run(in environment: ScenarioEnvironment) async throws -> Outcome

    /// The outcome in words and numbers.
    func report(_ outcome: Outcome) -> ScenarioReport
}

extension Scenario {
    /// Runs and reports in one step: what the catalog's type-erased callers use.
    public func runAndReport(in environment: ScenarioEnvironment) async throws -> ScenarioReport {
        report(try await run(in: environment))
    }
}
