import Foundation
import LabSupport

/// A lesson that runs part of itself in a second process: a widget that writes the app's store,
/// or a hang that must never happen in the process that reports it.
///
/// The package's `lesson-helper` executable runs that part: `lesson-helper <lesson id> <arguments>`
/// finds the lesson in ``LessonCatalog`` and calls its ``secondProcess(_:input:print:)``. The
/// lesson starts the helper with ``startSecondProcess(_:)`` and waits on the lines it prints, so a
/// lesson with a second process lives in its own folder, like any other.
public protocol SecondProcessLesson: Lesson {
    /// The second process's work: `arguments` as the lesson passed them, `input` the lines the
    /// lesson sends (nil at their end), `print` each line the lesson waits on. A bad argument
    /// throws ``LessonError/badArguments(_:)``.
    static func secondProcess(_ arguments: [String], input: () -> String?, print: (String) -> Void) throws
}

extension SecondProcessLesson {
    /// Starts `lesson-helper <id> <arguments>`.
    package static func startSecondProcess(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(try lessonHelper(), [info.id] + arguments)
    }
}

/// The `lesson-helper` executable: the one beside this one (or beside the test bundle), or the
/// one `LESSON_HELPER` names.
package func lessonHelper() throws -> URL {
    try BuiltProduct.url("lesson-helper", override: "LESSON_HELPER")
}
