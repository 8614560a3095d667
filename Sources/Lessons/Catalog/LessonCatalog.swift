/// Every lesson, in course order: the one list the CLI, the tests and the tutorials read.
public enum LessonCatalog {
    /// The course's chapters, one per article that has lessons, in article order (000, 001, 003,
    /// 004), each with its lessons in the order a learner meets them: the one place a lesson is
    /// listed. `Scripts/tutorials/sync-course.py` writes the tutorials' table of contents, the
    /// workshop's list and README's counts from it; 002 is 000's Chinese edition.
    public static let chapters: [Chapter] = [
        Chapter(article: .swiftDataConcurrency, lessons: [
            WrongQueueMutation.self,
            TaskVsDetached.self,
            NonisolatedAsync.self,
            IDPassing.self,
        ]),
        Chapter(article: .customExecutor, lessons: [
            ModelActorExecutor.self,
            ActorReentrancy.self,
        ]),
        Chapter(article: .coreDataTips, lessons: [
            WrongContextQueue.self,
            StarvedPool.self,
            MergeConflicts.self,
            ChangeMerging.self,
            ListThatDoesNotUpdate.self,
            WidgetChange.self,
            DeletedModel.self,
            RelationshipFaults.self,
            EditScratchpad.self,
            PrivateParentStack.self,
            NestedDeadlock.self,
        ]),
        Chapter(article: .backgroundModelActor, lessons: [
            BackgroundStorage.self,
            ReadsDuringImport.self,
            ListOfEverything.self,
            CompilerLessons.self,
        ]),
    ]

    /// The lessons, in the order a learner meets them: chapter by chapter. `lab list` numbers
    /// them in this order, and the workshop and both test runners follow it.
    public static let all: [any Lesson.Type] = chapters.flatMap(\.lessons)

    /// The lessons that follow one article: a chapter of the course.
    public struct Chapter: Sendable {
        /// The article the chapter follows; each of its lessons names it among its `articles`.
        public let article: Article
        /// The chapter's lessons, in order.
        public let lessons: [any Lesson.Type]
    }

    /// The descriptions of every lesson, in order.
    public static var infos: [LessonInfo] { all.map { $0.info } }

    /// The lesson called `id`, if there is one.
    public static func lesson(id: String) -> (any Lesson.Type)? {
        all.first { $0.info.id == id }
    }

    /// Runs the lesson called `id` and reports what it showed.
    public static func run(_ type: any Lesson.Type, in environment: LessonEnvironment) async throws -> LessonReport {
        try await type.init().runAndReport(in: environment)
    }

    /// Ids close to `text`, best first: what an unknown id suggests.
    public static func suggestions(for text: String, limit: Int = 3) -> [String] {
        let ranked = all.map { ($0.info.id, editDistance(text.lowercased(), $0.info.id)) }
            .filter { $0.1 <= max(3, text.count / 2) || $0.0.contains(text.lowercased()) }
            .sorted { $0.1 < $1.1 }
        return ranked.prefix(limit).map(\.0)
    }

    /// Levenshtein distance, for suggestions.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
