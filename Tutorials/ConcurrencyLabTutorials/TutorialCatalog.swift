import Scenarios

/// The course's table of contents: a chapter per article, a tutorial per scenario.
///
/// `ConcurrencyLab.docc/Tutorials/ConcurrencyLab.tutorial` lists the same chapters in the same
/// order, and each scenario's tutorial is `ConcurrencyLab.docc/Tutorials/<scenario id>.tutorial`;
/// TutorialsTests checks that they agree with this list and with `ScenarioCatalog`.
public enum TutorialCatalog {
    /// One chapter: the article it follows and the scenarios it teaches, in order.
    public struct Chapter: Sendable, Hashable {
        /// The article the chapter follows.
        public let article: Article
        /// The chapter's image in `Resources/images/`.
        public let image: String
        /// The ids of the scenarios whose tutorials the chapter holds.
        public let scenarioIDs: [String]
    }

    /// The chapters, in article order. Article 002 is the Chinese edition of 000, so it has none.
    public static let chapters: [Chapter] = [
        Chapter(article: .swiftDataConcurrency, image: "chapter-swiftdata.svg",
                scenarioIDs: ["wrong-queue-mutation", "task-vs-detached", "nonisolated-async", "id-passing"]),
        Chapter(article: .customExecutor, image: "chapter-executor.svg",
                scenarioIDs: ["model-actor-executor", "actor-reentrancy"]),
        Chapter(article: .coreDataTips, image: "chapter-coredata.svg",
                scenarioIDs: ["wrong-context-queue", "starved-pool", "merge-conflicts", "change-merging",
                              "list-that-does-not-update", "widget-change", "deleted-model", "relationship-faults", "edit-scratchpad", "private-parent-stack", "nested-deadlock"]),
        Chapter(article: .backgroundModelActor, image: "chapter-background.svg",
                scenarioIDs: ["background-storage", "reads-during-import", "compiler-lessons"]),
    ]

    /// Every tutorial's scenario id, in table-of-contents order.
    public static var scenarioIDs: [String] {
        chapters.flatMap(\.scenarioIDs)
    }
}
