/// A lesson whose lists miss changes on purpose: `lab why <id>` runs it under the trace recorder
/// and follows every change another context or process made to each of these lanes (saved,
/// fetched from history, merged, delivered), naming where its journey stopped.
public protocol ListLesson: Lesson {
    /// The trace lanes of the lesson's lists: each is a list a learner would look at.
    static var listLanes: [String] { get }
}
