import Foundation

extension NonisolatedAsync {
    /// One helper call: which module's copy, which method, and who called it.
    public enum Way: String, Sendable, Codable, Hashable, CaseIterable {
        /// `importItems(_:)` under plain Swift 6, from the MainActor.
        case swift6Unannotated
        /// `importItems(_:)` under NonisolatedNonsendingByDefault, from the MainActor: the pitfall.
        case nonisolatedNonsendingUnannotated
        /// The same, from a detached task: the caller decides.
        case nonisolatedNonsendingUnannotatedFromDetachedTask
        /// `importItems(_:)` under default MainActor isolation, from the MainActor: the pitfall.
        case defaultMainActorUnannotated
        /// `importItemsConcurrently(_:)` (`@concurrent`) under NonisolatedNonsendingByDefault.
        case nonisolatedNonsendingConcurrent
        /// `importItemsConcurrently(_:)` (`@concurrent`) under default MainActor isolation.
        case defaultMainActorConcurrent
        /// `importItemsInDetachedTask(_:)` under default MainActor isolation.
        case defaultMainActorDetachedTask
        /// `ItemImportActor` (`@BackgroundModelActor`) under default MainActor isolation.
        case defaultMainActorModelActor

        /// The setting the helper's module was compiled under.
        public var setting: SnippetCompiler.Setting {
            switch self {
            case .swift6Unannotated: .swift6
            case .nonisolatedNonsendingUnannotated, .nonisolatedNonsendingUnannotatedFromDetachedTask,
                 .nonisolatedNonsendingConcurrent: .nonisolatedNonsendingByDefault
            case .defaultMainActorUnannotated, .defaultMainActorConcurrent, .defaultMainActorDetachedTask,
                 .defaultMainActorModelActor: .defaultMainActorIsolation
            }
        }

        /// The call, as the code reads.
        public var call: String {
            switch self {
            case .swift6Unannotated, .nonisolatedNonsendingUnannotated, .defaultMainActorUnannotated:
                "await importer.importItems(n)"
            case .nonisolatedNonsendingUnannotatedFromDetachedTask:
                "Task.detached { await importer.importItems(n) }"
            case .nonisolatedNonsendingConcurrent, .defaultMainActorConcurrent:
                "await importer.importItemsConcurrently(n) (@concurrent)"
            case .defaultMainActorDetachedTask:
                "await importer.importItemsInDetachedTask(n) (Task.detached inside)"
            case .defaultMainActorModelActor:
                "await ItemImportActor(modelContainer:).importItems(n) (@BackgroundModelActor)"
            }
        }
    }

    /// What one way did, in its kept run (see ``NonisolatedAsync/attempts``).
    public struct Lane: Sendable, Codable, Hashable {
        public var way: Way
        /// The label of the queue the helper's work ran on.
        public var ranOn: String
        /// The label of its context's queue.
        public var contextQueue: String
        /// How many items the helper says it saved.
        public var itemsSaved: Int
        /// How many items another context then found in the store.
        public var itemsStored: Int
        /// From the button's call to its return, in milliseconds.
        public var importMilliseconds: Double
        /// The heartbeat's longest wait meanwhile, in milliseconds.
        public var heartbeatMaxDelayMilliseconds: Double
        /// Whether every attempt ran on the same kind of queue, with the same kind of context.
        public var samePlaceEveryAttempt: Bool

        /// The heartbeat's longest wait as a share of the import: near 1 when the import held the
        /// main queue from start to end, near 0 when it ran elsewhere.
        public var heldShare: Double {
            heartbeatMaxDelayMilliseconds / max(importMilliseconds, 0.001)
        }

        /// Whether the helper ran on the main queue and made a main-queue context there.
        public var onMainQueue: Bool {
            ranOn == Self.mainQueue && contextQueue == Self.mainQueue
        }

        /// Whether the helper ran off the main queue and its context has a private queue.
        public var offMainQueue: Bool {
            ranOn != Self.mainQueue && contextQueue.hasPrefix("ModelContext 0x")
        }

        /// Where it ran and where its context is, by kind of queue (a private queue's address
        /// differs from run to run).
        var places: [String] { [Self.place(of: ranOn), Self.place(of: contextQueue)] }

        static let mainQueue = "com.apple.main-thread"

        /// A queue label by kind: the main queue, the global pool, or a context's private queue.
        static func place(of label: String) -> String {
            if label == mainQueue { return "the main queue" }
            if label.hasPrefix("ModelContext 0x") { return "a context's private queue" }
            return label
        }
    }

    /// The snippet, compiled under each setting.
    public struct SnippetCompilations: Sendable, Codable, Hashable {
        /// One compilation's errors.
        public struct Compilation: Sendable, Codable, Hashable {
            public var setting: SnippetCompiler.Setting
            public var exitCode: Int32
            /// The `error:` lines, without file and position.
            public var errors: [String]

            /// Whether the compiler refused to send the model called `name` to the helper.
            public func refusedToSend(_ name: String) -> Bool {
                errors.contains { $0.contains("sending '\(name)' risks causing data races") }
            }

            /// Whether the compiler refused exactly these sends, and reported nothing else.
            public func refusedOnly(_ names: Set<String>) -> Bool {
                errors.count == names.count && names.allSatisfy(refusedToSend)
            }
        }

        /// The snippet, from the package root.
        public var file: String
        public var compilations: [Compilation]
        /// Why nothing was compiled (no `swiftc`, no build folder); nil when it was.
        public var notCompiledBecause: String?

        /// The compilation under `setting`, if it ran.
        public func under(_ setting: SnippetCompiler.Setting) -> Compilation? {
            compilations.first { $0.setting == setting }
        }
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// Items each helper call imported.
        public var itemCount: Int
        /// Runs per way (see ``NonisolatedAsync/attempts``).
        public var attempts: Int
        /// Every way, in ``Way`` order.
        public var lanes: [Lane]
        public var snippet: SnippetCompilations

        /// The lane of `way`.
        public func lane(_ way: Way) -> Lane? {
            lanes.first { $0.way == way }
        }
    }

    /// The lesson's claims: each decided by the queue labels the helpers reported, the
    /// heartbeat, the store, and what the compiler said.
    public func checks(_ outcome: Outcome) -> [Check] {
        func ms(_ value: Double) -> String { String(format: "%.1f", value) }
        func placed(_ lane: Lane?) -> [Check.Value] {
            guard let lane else { return [.init("lane", "did not run")] }
            return [.init("ran on", lane.ranOn), .init("context's queue", lane.contextQueue)]
        }
        func held(_ lane: Lane?) -> [Check.Value] {
            guard let lane else { return [.init("lane", "did not run")] }
            return [.init("longest wait ms", ms(lane.heartbeatMaxDelayMilliseconds)), .init("import ms", ms(lane.importMilliseconds))]
        }
        /// The import held the main queue from start to end: no tick ran for over half of it.
        func heldTheMainQueue(_ lane: Lane?) -> Bool { (lane?.heldShare ?? 0) > 0.5 }

        let swift6 = outcome.lane(.swift6Unannotated)
        let nonsending = outcome.lane(.nonisolatedNonsendingUnannotated)
        let fromDetached = outcome.lane(.nonisolatedNonsendingUnannotatedFromDetachedTask)
        let defaultMainActor = outcome.lane(.defaultMainActorUnannotated)
        let fixes = [Way.nonisolatedNonsendingConcurrent, .defaultMainActorConcurrent, .defaultMainActorDetachedTask,
                     .defaultMainActorModelActor].map { (way: $0, lane: outcome.lane($0)) }
        let snippet = outcome.snippet
        let plain = snippet.under(.swift6), callersActor = snippet.under(.nonisolatedNonsendingByDefault)
        let mainActorByDefault = snippet.under(.defaultMainActorIsolation)
        let all = [plain, callersActor, mainActorByDefault]
        func refused(_ name: String) -> [Check.Value] {
            snippet.notCompiledBecause.map { [.init("not compiled", $0)] }
                ?? all.map { .init($0?.setting.title ?? "?", ($0?.refusedToSend(name) ?? false) ? "refused" : "accepted") }
        }

        return [
            Check("under Swift 6, the unannotated async helper called from the MainActor runs on the global pool, and its context gets a private queue",
                  holds: swift6?.offMainQueue == true, measured: placed(swift6)),
            Check("with NonisolatedNonsendingByDefault, the same helper runs on its caller's actor: called from the MainActor, it makes a main-queue context",
                  holds: nonsending?.onMainQueue == true, measured: placed(nonsending)),
            Check("so its import held the main queue: the heartbeat waited over half of the import",
                  holds: heldTheMainQueue(nonsending), measured: held(nonsending)),
            Check("called from a detached task, that same helper runs off the main queue: the caller decides",
                  holds: fromDetached?.offMainQueue == true, measured: placed(fromDetached)),
            Check("with default MainActor isolation, the unannotated helper is MainActor-isolated: a main-queue context, and the main queue held for over half of the import",
                  holds: defaultMainActor?.onMainQueue == true && heldTheMainQueue(defaultMainActor),
                  measured: placed(defaultMainActor) + held(defaultMainActor)),
            Check("@concurrent leaves the caller's actor under both Swift 6.2 settings: a private queue each time",
                  holds: [outcome.lane(.nonisolatedNonsendingConcurrent), outcome.lane(.defaultMainActorConcurrent)].allSatisfy { $0?.offMainQueue == true },
                  measured: placed(outcome.lane(.nonisolatedNonsendingConcurrent)) + placed(outcome.lane(.defaultMainActorConcurrent))),
            Check("under default MainActor isolation, Task.detached (its work nonisolated) and a @BackgroundModelActor created on the MainActor give a private queue too",
                  holds: [outcome.lane(.defaultMainActorDetachedTask), outcome.lane(.defaultMainActorModelActor)].allSatisfy { $0?.offMainQueue == true },
                  measured: placed(outcome.lane(.defaultMainActorDetachedTask)) + placed(outcome.lane(.defaultMainActorModelActor))),
            Check("every fix left the main queue free: the heartbeat never waited half as long as the import (best of \(outcome.attempts))",
                  holds: fixes.allSatisfy { $0.lane.map { !heldTheMainQueue($0) } ?? false },
                  measured: fixes.map { .init($0.way.rawValue, $0.lane.map { "\(ms($0.heartbeatMaxDelayMilliseconds)) of \(ms($0.importMilliseconds)) ms" } ?? "did not run") }),
            Check("every way saved all \(outcome.itemCount) items wherever it ran, and ran in the same place every time",
                  holds: outcome.lanes.count == Way.allCases.count
                      && outcome.lanes.allSatisfy { $0.itemsSaved == outcome.itemCount && $0.itemsStored == outcome.itemCount && $0.samePlaceEveryAttempt },
                  measured: [.init("ways", outcome.lanes.count),
                             .init("stored", outcome.lanes.map { String($0.itemsStored) }.joined(separator: ", ")),
                             .init("same place every time", outcome.lanes.allSatisfy(\.samePlaceEveryAttempt))]),
            Check("the compiler agrees: sending a MainActor model to the unannotated helper is refused under Swift 6 (it would leave the MainActor) and accepted under both Swift 6.2 settings (it stays there)",
                  holds: plain?.refusedOnly(["shown", "alsoShown"]) == true && callersActor?.refusedOnly(["alsoShown"]) == true
                      && mainActorByDefault?.refusedOnly(["alsoShown"]) == true,
                  measured: refused("shown")),
            Check("and sending it to the @concurrent helper is refused under all three: @concurrent always leaves the caller's actor",
                  holds: all.allSatisfy { $0?.refusedToSend("alsoShown") == true },
                  measured: refused("alsoShown")),
        ]
    }
}
