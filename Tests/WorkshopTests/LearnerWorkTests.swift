import Foundation
import Testing
import Workshop

/// The learner's side. By default it checks the reference solutions, so `swift test` stays
/// green; `LAB_WORKSHOP=1 swift test --filter WorkshopTests` checks the files in
/// `Tutorials/Workshop/Exercises/` instead and fails with what is still wrong, in plain words.
@Suite("Workshop: your exercises (LAB_WORKSHOP=1) or the solutions")
struct LearnerWorkTests {
    static let checksLearnerFiles = ProcessInfo.processInfo.environment["LAB_WORKSHOP"] == "1"

    @Test("The exercise is done", arguments: WorkshopCatalog.all)
    func done(_ exercise: Exercise) async {
        let implementation: Exercise.Implementation = Self.checksLearnerFiles ? .exercise : .solution
        let result = await exercise.check(implementation)
        if !result.passed {
            Issue.record(Comment(rawValue: Self.explain(result, of: exercise)))
        }
    }

    /// What a learner reads when an exercise is not done yet.
    static func explain(_ result: CheckResult, of exercise: Exercise) -> String {
        var lines = ["\(exercise.title) (\(exercise.file)) is not done yet:"]
        lines += result.findings.map { "  - " + $0 }
        if let hint = exercise.hints.first {
            lines.append("  Hint 1: \(hint)  More: swift run lab workshop \(exercise.id) --hints 2")
        }
        return lines.joined(separator: "\n")
    }
}
