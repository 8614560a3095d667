/// What a lesson is about: the words the CLI, the tests and the tutorials all print.
public struct LessonInfo: Sendable, Codable, Hashable, Identifiable {
    /// A short stable name, e.g. `wrong-queue-mutation`: what `lab run` takes.
    public let id: String
    /// A one-line title.
    public let title: String
    /// The articles the case comes from.
    public let articles: [Article]
    /// One paragraph: why the wrong way is wrong and the right way right.
    public let why: String
    /// The rule, in one sentence.
    public let rule: String
    /// Which framework, and which OS versions, the wrong way's and the right way's behaviour
    /// belong to: a learner on SwiftData must not carry away Core Data's behaviour under
    /// SwiftData's names, nor the other way round.
    public let frameworks: Frameworks
    /// Where to look in the code and the tests (paths from the package root).
    public let whereToLook: [String]

    public init(id: String, title: String, articles: [Article], frameworks: Frameworks, why: String, rule: String,
                whereToLook: [String]) {
        self.id = id
        self.title = title
        self.articles = articles
        self.frameworks = frameworks
        self.why = why
        self.rule = rule
        self.whereToLook = whereToLook
    }

    /// Whose behaviour each way shows, in a sentence each, naming Core Data or SwiftData (or
    /// Swift itself) and the OS versions.
    public struct Frameworks: Sendable, Codable, Hashable {
        /// The framework the wrong way's behaviour is that of.
        public let wrongWay: String
        /// The framework the right way's behaviour is that of.
        public let rightWay: String

        public init(wrongWay: String, rightWay: String) {
            self.wrongWay = wrongWay
            self.rightWay = rightWay
        }
    }
}
