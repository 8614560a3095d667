/// One case of the articles, recreated against PersistenceCore: the wrong way, then the right way.
///
/// Each lesson has the same three files: `<Case>.swift` (its info, the wrong way, the right way:
/// the code a learner reads), `<Case>+Outcome.swift` (what was measured, and ``checks(_:)``, the
/// named claims computed from it) and `<Case>+Report.swift` (the words, from the outcome). Crashes that the articles
/// describe (a trap under concurrency debugging, an unfulfillable fault) cannot happen inside a
/// run that must report back: a lesson shows them with ``PersistenceCore/ConcurrencyDebug/Mode/record``
/// (the message `.trap` would print), and the tests make them happen for real in exit tests.
public protocol Lesson: Sendable {
    /// The facts one run established.
    associatedtype Outcome: Sendable & Codable

    /// What the lesson is about.
    static var info: LessonInfo { get }

    init()

    /// Runs the wrong way and the right way, each against its own container(s) from `environment`.
    func run(in environment: LessonEnvironment) async throws -> Outcome

    /// The lesson's claims, each decided by the outcome: what both test runners assert.
    func checks(_ outcome: Outcome) -> [Check]

    /// The outcome in words (the checks and the verdict are added by ``runAndReport(in:)``).
    func report(_ outcome: Outcome) -> LessonReport
}

extension Lesson {
    /// Runs, checks and reports in one step: what the catalog's type-erased callers use.
    public func runAndReport(in environment: LessonEnvironment) async throws -> LessonReport {
        let outcome = try await run(in: environment)
        var report = report(outcome)
        report.checks = checks(outcome)
        return report
    }
}
