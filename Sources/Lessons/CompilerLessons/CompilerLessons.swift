import Foundation

/// Mistakes the articles warn about that Swift 6 no longer lets through: each one a snippet the
/// compiler rejects, next to its fixed twin.
///
/// Core Data could only catch these at run time (`-com.apple.CoreData.ConcurrencyDebug 1`);
/// SwiftData only warned. Here models are not `Sendable` (`@Model` marks the conformance
/// unavailable), so strict concurrency turns each mistake into a compile error that names the
/// model. The snippets live outside the target, in ``snippetFolder``; `run(in:)` compiles every
/// one with `swiftc -swift-version 6` against the built `PersistenceCore` (``SnippetCompiler``),
/// and the checks compare what the compiler said with the table of ``lessons``.
///
/// > Note: `extension Item: @unchecked Sendable {}` silences all of them, and compiles: it is a
/// > promise the compiler cannot check, and here a false one. Don't.
public struct CompilerLessons: Lesson {
    public static let info = LessonInfo(
        id: "compiler-lessons",
        title: "Swift 6 refuses to send a model across isolation domains",
        articles: [.swiftDataConcurrency, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Swift 6 language mode, for both frameworks: a @Model class (SwiftData) or an NSManagedObject (Core Data) is not Sendable, so sending one across isolation is a compile error.",
            rightWay: "Both frameworks, under Swift 6: send the identifier or a Sendable value, and look the model up on the other side."),
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
            "Sources/Lessons/CompilerLessons/CompilerLessons.swift",
            "Sources/Lessons/CompilerLessons/Snippets/",
            "Sources/Lessons/CompilerLessons/CompilerLessons+Mistake.swift",
            "Sources/Lessons/CompilerLessons/SnippetCompiler.swift",
            "Tests/LessonsTests/CompilerLessonsTests.swift",
            "Sources/Lessons/CompilerLessons/CompilerLessons+Outcome.swift",
            "Sources/Lessons/CompilerLessons/CompilerLessons+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    public init() {}

    /// Compiles every snippet pair with the toolchain on `PATH`, against the modules this program
    /// was built with; when that is impossible, the outcome says why and no check holds.
    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let compiler: SnippetCompiler
        do {
            compiler = try SnippetCompiler.locate()
        } catch {
            return Outcome(snippetFolder: Self.snippetFolder, lessons: Self.lessons, compilations: [:],
                           notCompiledBecause: "\(error)")
        }
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
        func compilations(_ setting: SnippetCompiler.Setting) async throws -> [String: Compilation] {
            try await compiler.compileAll(Self.lessons, setting: setting, atOnce: width)
                .mapValues { Compilation(exitCode: $0.exitCode, errors: $0.errors, warnings: $0.warnings) }
        }
        var underSwift62: [SnippetCompiler.Setting: [String: Compilation]] = [:]
        for setting in [SnippetCompiler.Setting.nonisolatedNonsendingByDefault, .defaultMainActorIsolation] {
            underSwift62[setting] = try await compilations(setting)
        }
        return Outcome(snippetFolder: Self.snippetFolder, lessons: Self.lessons, compilations: try await compilations(.swift6),
                       notCompiledBecause: nil, underSwift62: underSwift62)
    }
}
