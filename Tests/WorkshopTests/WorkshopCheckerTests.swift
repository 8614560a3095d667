import Foundation
import Testing
import Workshop

/// The checkers themselves: each passes on the reference solution, in this process; and each
/// fails on its exercise as shipped, compiled on its own and checked by `lab workshop` (the
/// exercises are not part of any target: `LabWorkshopTests`).
@Suite("Workshop checkers")
struct WorkshopCheckerTests {
    @Test("The reference solution passes its checker", arguments: WorkshopCatalog.all)
    func solutionPasses(_ exercise: Exercise) async {
        let result = await exercise.checkReferenceSolution()
        #expect(result.passed, "\(exercise.id): \(result.findings.joined(separator: " "))")
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
                    \(exercise.id): \(exercise.file) is as committed, but its fingerprint is not the one \
                    WorkshopCatalog+Folders.swift records (\(exercise.shippedFingerprint.map(Fingerprint.hex) ?? "none")). \
                    After changing an exercise, run python3 Scripts/tutorials/sync-course.py.
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
