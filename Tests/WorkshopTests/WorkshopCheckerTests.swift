import Foundation
import Testing
import Workshop

/// The checkers themselves: each fails on its exercise as shipped and passes on the solution.
@Suite("Workshop checkers")
struct WorkshopCheckerTests {
    @Test("The reference solution passes its checker", arguments: WorkshopCatalog.all)
    func solutionPasses(_ exercise: Exercise) async {
        let result = await exercise.check(.solution)
        #expect(result.passed, "\(exercise.id): \(result.findings.joined(separator: " "))")
    }

    @Test("The checker fails on the exercise file as shipped, and says why", arguments: WorkshopCatalog.all)
    func untouchedExerciseFails(_ exercise: Exercise) async throws {
        // A learner's edited file is theirs to get right; only the shipped file must fail.
        guard try ExerciseFile.isUntouched(exercise) else { return }
        let result = await exercise.check(.exercise)
        #expect(!result.passed, "\(exercise.id): the untouched exercise passed its checker")
        for finding in result.findings {
            #expect(finding.hasSuffix(".") && finding.count > 40, "\(exercise.id): a finding in plain words: \(finding)")
        }
    }

    @Test("The exercise file as shipped gives at least two hints, numbered, and the command that checks it", arguments: WorkshopCatalog.all)
    func hintsInFile(_ exercise: Exercise) throws {
        guard try ExerciseFile.isUntouched(exercise) else { return }
        let words = try ExerciseFile.commentWords(of: exercise)
        #expect(exercise.hints.count >= 2, "\(exercise.id): the file's opening comment gives \(exercise.hints.count) hints")
        for (number, hint) in exercise.hints.enumerated() {
            #expect(words.contains("Hint \(number + 1): " + hint), "\(exercise.id): hint \(number + 1) is not numbered \(number + 1)")
        }
        #expect(words.contains("swift run lab workshop \(exercise.id)"))
    }
}
