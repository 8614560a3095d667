/// A lesson that could not run to the end.
public enum LessonError: Error, Sendable, CustomStringConvertible {
    /// A step did not produce what the demonstration needs, e.g. a missing object.
    case unexpected(String)
    /// A second process was started with arguments its lesson does not take (see ``SecondProcessLesson``).
    case badArguments(String)

    public var description: String {
        switch self {
        case .unexpected(let what): "The lesson went off script: \(what)"
        case .badArguments(let what): "The second process cannot run: \(what)"
        }
    }
}
