import Foundation
import ImportHelperDefaultMainActor
import ImportHelperNonisolatedNonsending
import ImportHelperSwift6
import PersistenceCore
import SampleModels

/// Article 000's `Task {}` pitfall in Swift 6.2's clothes: where an unannotated async helper runs,
/// and so which queue the context it creates takes, depends on the module's language settings.
///
/// One helper file, `Sources/ImportHelpers/ItemImporter.swift`, is compiled as three modules
/// (see Package.swift): plain Swift 6; Swift 6.2's `NonisolatedNonsendingByDefault` (SE-0461),
/// where a nonisolated async function runs on its caller's actor; and Swift 6.2's default
/// MainActor isolation (SE-0466), where every unannotated declaration is MainActor-isolated.
/// Each way below calls one of them from the MainActor, as a button would, while a
/// ``MainQueueHeartbeat`` watches the main queue; the helper reports the queue its work ran on
/// and the queue its `ModelContext(container)` took. A snippet compiled under each setting shows
/// the compiler agreeing about where the helper runs.
public struct NonisolatedAsync: Lesson {
    public static let info = LessonInfo(
        id: "nonisolated-async",
        title: "Swift 6.2: an async helper runs on its caller's actor, and its context on the main queue",
        articles: [.swiftDataConcurrency],
        frameworks: .init(
            wrongWay: "Swift 6.2's settings (Xcode 26: NonisolatedNonsendingByDefault, default MainActor isolation) with SwiftData's ModelContext(container) rule (iOS 17 and later): the helper's context lands on the main queue.",
            rightWay: "Swift 6.2: @concurrent or Task.detached says where the work runs; Core Data's newBackgroundContext() (and the lab's own @BackgroundModelActor) never depends on the caller."),
        why: """
            Article 000 creates background contexts in code that leaves the MainActor: under \
            Swift 6.0 an unannotated nonisolated async function always ran on the global pool, so \
            a helper like importItems() that calls ModelContext(container) got a private queue. \
            Swift 6.2 changed that default. With NonisolatedNonsendingByDefault, on in new Xcode \
            projects, a nonisolated async function runs on its caller's actor: called from a \
            button, the same helper runs on the MainActor, its context is a main-queue context, \
            and the import freezes the UI. With default MainActor isolation, on in new app \
            targets, the helper is MainActor-isolated outright. Nothing in the helper's text \
            changed; the setting did. Say where background work runs: @concurrent, Task.detached \
            or a @BackgroundModelActor.
            """,
        rule: "Under Swift 6.2's settings, never rely on an unannotated async function to leave the MainActor: mark a helper that makes a background context @concurrent, create the context in Task.detached, or use a @BackgroundModelActor.",
        whereToLook: [
            "Sources/ImportHelpers/ItemImporter.swift",
            "Package.swift",
            "Sources/Lessons/NonisolatedAsync/NonisolatedAsync.swift",
            "Sources/Lessons/NonisolatedAsync/Snippets/renamer.swift",
            "Sources/Lessons/NonisolatedAsync/NonisolatedAsync+Outcome.swift",
            "Sources/Lessons/NonisolatedAsync/NonisolatedAsync+Report.swift",
            "Sources/Lessons/Support/MainQueueHeartbeat.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    /// Each way runs this many times, each on a fresh container, and the run that kept the main
    /// queue waiting least is kept: another program's pause of the main queue must not make a
    /// fix look like the pitfall (where the helper ran is the same in every run, or a check says so).
    static let attempts = 3

    /// The snippet compiled under each setting, from the package root.
    static let snippet = "Sources/Lessons/NonisolatedAsync/Snippets/renamer.swift"

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let count = environment.size(test: 2_000, course: 5_000)
        var lanes: [Lane] = []
        for way in Way.allCases {
            lanes.append(try await measure(way, count: count, in: environment))
        }
        return Outcome(itemCount: count, attempts: Self.attempts, lanes: lanes, snippet: await Self.compileSnippet())
    }

    /// Calls the helper the way `way` says, from the MainActor, as a button's action would.
    @MainActor
    static func buttonTapped(_ way: Way, container: ModelContainer, count: Int) async throws -> ImportPlacement {
        switch way {
        case .swift6Unannotated:
            try await ImportHelperSwift6.ItemImporter(container: container).importItems(count)
        case .nonisolatedNonsendingUnannotated:
            try await ImportHelperNonisolatedNonsending.ItemImporter(container: container).importItems(count)
        case .nonisolatedNonsendingUnannotatedFromDetachedTask:
            try await Task.detached {
                try await ImportHelperNonisolatedNonsending.ItemImporter(container: container).importItems(count)
            }.value
        case .defaultMainActorUnannotated:
            try await ImportHelperDefaultMainActor.ItemImporter(container: container).importItems(count)
        case .nonisolatedNonsendingConcurrent:
            try await ImportHelperNonisolatedNonsending.ItemImporter(container: container).importItemsConcurrently(count)
        case .defaultMainActorConcurrent:
            try await ImportHelperDefaultMainActor.ItemImporter(container: container).importItemsConcurrently(count)
        case .defaultMainActorDetachedTask:
            try await ImportHelperDefaultMainActor.ItemImporter(container: container).importItemsInDetachedTask(count)
        case .defaultMainActorModelActor:
            // Made on the MainActor, yet the lab's @BackgroundModelActor takes a private queue.
            try await ImportHelperDefaultMainActor.ItemImportActor(modelContainer: container).importItems(count)
        }
    }

    /// Runs `way` ``attempts`` times while a heartbeat watches the main queue; keeps the run
    /// whose longest main-queue wait was the smallest share of its import.
    private func measure(_ way: Way, count: Int, in environment: LessonEnvironment) async throws -> Lane {
        var runs: [Lane] = []
        for attempt in 1...Self.attempts {
            let container = try environment.makeContainer(for: [Item.self], name: "nonisolated-async-\(way.rawValue)-\(attempt)")
            let clock = ContinuousClock()
            let ((placement, elapsed), recording) = try await MainQueueHeartbeat().measure {
                let started = clock.now
                let placement = try await Self.buttonTapped(way, container: container, count: count)
                return (placement, clock.now - started)
            }
            let reader = container.newBackgroundContext()
            reader.name = "checker"
            let stored = try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Item>()) }
            runs.append(Lane(way: way, ranOn: placement.ranOn, contextQueue: placement.contextQueue,
                             itemsSaved: placement.itemsSaved, itemsStored: stored,
                             importMilliseconds: elapsed.milliseconds,
                             heartbeatMaxDelayMilliseconds: recording.maxDelay.milliseconds,
                             samePlaceEveryAttempt: true))
        }
        var kept = runs[0]
        for run in runs.dropFirst() where run.heldShare < kept.heldShare { kept = run }
        kept.samePlaceEveryAttempt = Set(runs.map(\.places)).count == 1
        return kept
    }

    /// Compiles ``snippet`` under each setting; when the compiler cannot be set up, says why.
    static func compileSnippet() async -> SnippetCompilations {
        do {
            let compiler = try SnippetCompiler.locate()
            let file = compiler.packageRoot.appendingPathComponent(snippet)
            var results: [SnippetCompilations.Compilation] = []
            for setting in SnippetCompiler.Setting.allCases {
                let result = try await compiler.compile(at: file, setting: setting)
                results.append(.init(setting: setting, exitCode: result.exitCode, errors: result.errors))
            }
            return SnippetCompilations(file: snippet, compilations: results, notCompiledBecause: nil)
        } catch {
            return SnippetCompilations(file: snippet, compilations: [], notCompiledBecause: "\(error)")
        }
    }
}
