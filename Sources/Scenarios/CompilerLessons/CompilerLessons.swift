/// Mistakes the articles warn about that Swift 6 no longer lets through: each one a snippet the
/// compiler rejects, next to its fixed twin.
///
/// Core Data could only catch these at run time (`-com.apple.CoreData.ConcurrencyDebug 1`);
/// SwiftData only warned. Here models are not `Sendable` (`@Model` marks the conformance
/// unavailable), so strict concurrency turns each mistake into a compile error that names the
/// model. The snippets live outside the target, in ``snippetFolder``; `run(in:)` reports the table
/// of ``lessons`` without invoking a compiler, and `CompilerLessonsTests` keeps that table honest
/// by compiling every snippet with `swiftc -swift-version 6` against the built `PersistenceCore`.
///
/// > Note: `extension Item: @unchecked Sendable {}` silences all of them, and compiles: it is a
/// > promise the compiler cannot check, and here a false one. Don't.
public struct CompilerLessons: Scenario {
    public static let info = ScenarioInfo(
        id: "compiler-lessons",
        title: "Swift 6 refuses to send a model across isolation domains",
        articles: [.swiftDataConcurrency, .backgroundModelActor],
        why: """
            A model belongs to its context's queue, so any code that would use it from elsewhere is \
            a data race waiting to happen: a perform block of another context, a global queue, a \
            detached task, another actor's method, a Sendable wrapper. Core Data finds these only \
            at run time, with its concurrency debug flag, and only on the paths you exercise. \
            Because models are not Sendable, Swift 6's strict concurrency checking rejects every \
            one of them at compile time; the fix is always to send what may cross (the \
            PersistentIdentifier, or a Sendable value) and look the model up on the other side.
            """,
        rule: "Never send a model across isolation domains: send its PersistentIdentifier or a Sendable value, and let the compiler hold you to it.",
        whereToLook: [
            "Sources/Scenarios/CompilerLessons/Snippets/",
            "Sources/Scenarios/CompilerLessons/CompilerLessons+Lesson.swift",
            "Tests/ScenariosTests/CompilerLessonsTests.swift",
            "Tests/ScenariosTests/CompilerLessonsXCTests.swift",
            "Tests/ScenariosTests/Support/SnippetCompiler.swift",
        ])

    /// The table of lessons; the tests compiled each snippet.
    public struct Outcome: Sendable, Codable, Hashable {
        /// Where the snippets are, from the package root.
        public var snippetFolder: String
        /// Each mistake, the error it gets, and its fix.
        public var lessons: [Lesson]
    }

    public init() {}

    /// Reports the lessons; compiling the snippets is the tests' job (they know where the built
    /// modules are, a program run from anywhere does not).
    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        Outcome(snippetFolder: Self.snippetFolder, lessons: Self.lessons)
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        ScenarioReport(
            wrongWay: outcome.lessons.map { "\($0.wrongSnippet): \($0.mistake) → error: \($0.expectedDiagnostic)" },
            rightWay: outcome.lessons.map { "\($0.fixedSnippet): \($0.fix)" }
                + ["Every pair is compiled with swiftc -swift-version 6 by Tests/ScenariosTests/CompilerLessonsTests.swift."],
            measurements: [Measurement("lessons", Double(outcome.lessons.count), unit: "snippet pairs")],
            demonstrated: Self.demonstrated(outcome))
    }

    /// Every lesson names its error and its fix (the tests prove both by compiling).
    static func demonstrated(_ outcome: Outcome) -> Bool {
        !outcome.lessons.isEmpty && outcome.lessons.allSatisfy { !$0.expectedDiagnostic.isEmpty && !$0.fix.isEmpty }
    }
}
