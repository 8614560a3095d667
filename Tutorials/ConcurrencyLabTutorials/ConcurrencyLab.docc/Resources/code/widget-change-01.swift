import Foundation
import Lessons

/// `lesson-helper <lesson id> <arguments…>`: the second process of a lesson that needs one (the
/// store's tests have `store-test-helper`). Lessons start it (``SecondProcessLesson``); a learner
/// never needs to. It finds the lesson in the catalog and runs its `secondProcess`, reading the
/// lines the lesson sends on standard input and printing the lines it waits on, each as it happens.
@main
enum LessonHelper {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let lessons = LessonCatalog.all.compactMap { $0 as? any SecondProcessLesson.Type }
        guard let id = arguments.first, let lesson = lessons.first(where: { $0.info.id == id }) else {
            let ids = lessons.map { $0.info.id }.joined(separator: ", ")
            fail("usage: lesson-helper <lesson> <arguments…>, where a lesson with a second process is one of \(ids)", status: 64)
        }
        do {
            try run(lesson, Array(arguments.dropFirst()))
        } catch {
            fail("lesson-helper \(id): \(error)", status: 1)
        }
    }

    /// Runs `lesson`'s second process on this process's standard input and output.
    private static func run<Helped: SecondProcessLesson>(_ lesson: Helped.Type, _ arguments: [String]) throws {
        try Helped.secondProcess(arguments, input: { readLine() }) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
