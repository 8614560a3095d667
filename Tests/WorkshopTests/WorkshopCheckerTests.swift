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

    // A learner's edited file is theirs to get right: only the committed file must fail, and
    // `fingerprints` below names the files these two tests leave out.
    @Test("The checker fails on the exercise file as shipped, and says why", arguments: await ExerciseFile.committed())
    func untouchedExerciseFails(_ exercise: Exercise) async {
        let result = await exercise.check(.exercise)
        #expect(!result.passed, "\(exercise.id): the untouched exercise passed its checker")
        for finding in result.findings {
            #expect(finding.hasSuffix(".") && finding.count > 40, "\(exercise.id): a finding in plain words: \(finding)")
        }
    }

    @Test("The exercise file as shipped gives at least two hints, numbered, and the command that checks it", arguments: await ExerciseFile.committed())
    func hintsInFile(_ exercise: Exercise) throws {
        let words = try ExerciseFile.commentWords(of: exercise)
        #expect(exercise.hints.count >= 2, "\(exercise.id): the file's opening comment gives \(exercise.hints.count) hints")
        for (number, hint) in exercise.hints.enumerated() {
            #expect(words.contains("Hint \(number + 1): " + hint), "\(exercise.id): hint \(number + 1) is not numbered \(number + 1)")
        }
        #expect(words.contains("swift run lab workshop \(exercise.id)"))
    }

    @Test("Every committed exercise file has its catalog fingerprint; a file edited here is named, and the test skipped")
    func fingerprints() async throws {
        var edited: [String] = []
        for exercise in WorkshopCatalog.all {
            switch await ExerciseFile.state(of: exercise) {
            case .shipped:
                continue
            case .committedWithStaleFingerprint:
                Issue.record("""
                    \(exercise.id): \(exercise.file) is as committed, but its fingerprint is not the catalog's \
                    shippedFingerprint (\(Fingerprint.hex(exercise.shippedFingerprint))). After changing an exercise, \
                    run python3 Scripts/tutorials/exercise-fingerprints.py and update WorkshopCatalog.swift.
                    """)
            case .edited:
                edited.append("\(exercise.id) (\(exercise.file))")
            }
        }
        if !edited.isEmpty {
            try Test.cancel("edited here, so the checker tests leave them out: \(edited.joined(separator: ", "))")
        }
    }
}
