import Scenarios

/// The course's table of contents: a chapter per article, a tutorial per scenario, as the scenario
/// catalog orders them (`ScenarioCatalog.chapters`).
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

    /// The chapters: the scenario catalog's, each with its image.
    public static let chapters: [Chapter] = ScenarioCatalog.chapters.map { chapter in
        Chapter(article: chapter.article, image: image(of: chapter.article), scenarioIDs: chapter.lessons.map { $0.info.id })
    }

    /// The chapter image of an article's chapter.
    static func image(of article: Article) -> String {
        switch article {
        case .swiftDataConcurrency: "chapter-swiftdata.svg"
        case .customExecutor: "chapter-executor.svg"
        case .coreDataTips: "chapter-coredata.svg"
        case .backgroundModelActor: "chapter-background.svg"
        }
    }

    /// Every tutorial's scenario id, in table-of-contents order.
    public static var scenarioIDs: [String] {
        chapters.flatMap(\.scenarioIDs)
    }
}
