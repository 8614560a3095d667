import Lessons

/// The course's table of contents: a chapter per article, a tutorial per lesson, as the lesson
/// catalog orders them (`LessonCatalog.chapters`).
///
/// `ConcurrencyLab.docc/Tutorials/ConcurrencyLab.tutorial` lists the same chapters in the same
/// order, and each lesson's tutorial is `ConcurrencyLab.docc/Tutorials/<lesson id>.tutorial`;
/// TutorialsTests checks that they agree with this list and with `LessonCatalog`.
public enum TutorialCatalog {
    /// One chapter: the article it follows and the lessons it teaches, in order.
    public struct Chapter: Sendable, Hashable {
        /// The article the chapter follows.
        public let article: Article
        /// The chapter's image in `Resources/images/`.
        public let image: String
        /// The ids of the lessons whose tutorials the chapter holds.
        public let lessonIDs: [String]
    }

    /// The chapters: the lesson catalog's, each with its image.
    public static let chapters: [Chapter] = LessonCatalog.chapters.map { chapter in
        Chapter(article: chapter.article, image: image(of: chapter.article), lessonIDs: chapter.lessons.map { $0.info.id })
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

    /// Every tutorial's lesson id, in table-of-contents order.
    public static var lessonIDs: [String] {
        chapters.flatMap(\.lessonIDs)
    }
}
