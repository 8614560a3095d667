/// What a scenario is about: the words the CLI, the tests and the tutorials all print.
public struct ScenarioInfo: Sendable, Codable, Hashable, Identifiable {
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
    /// Where to look in the code and the tests (paths from the package root).
    public let whereToLook: [String]

    public init(id: String, title: String, articles: [Article], why: String, rule: String, whereToLook: [String]) {
        self.id = id
        self.title = title
        self.articles = articles
        self.why = why
        self.rule = rule
        self.whereToLook = whereToLook
    }
}
