import Foundation
import Workshop

/// One exercise's state, as `lab workshop` prints it and `--json` encodes it.
struct ExerciseStatus: Encodable {
    let id: String
    let title: String
    let lesson: String
    let file: String
    /// `done`, `to do`, or `does not compile yet`.
    let status: String
    /// Whether the file is still exactly as shipped; nil when it cannot be read.
    let untouched: Bool?
    /// What is still wrong, in plain words.
    let findings: [String]
    /// The compiler's first errors, as `path:line:column: error: …`, while the file does not compile.
    let compileErrors: [String]
    /// The hints shown: the first `--hints` of them while the exercise is to do.
    let hints: [String]
    /// How many hints the exercise has.
    let hintCount: Int

    var isDone: Bool { status == Self.done }

    static let done = "done", toDo = "to do", doesNotCompile = "does not compile yet"

    /// How many of the compiler's errors a status shows.
    static let shownErrors = 5

    /// Checks the learner's file: compiled on its own, then its checker run. An untouched file
    /// is not compiled when `compilingUntouched` is false: as shipped, every exercise is to do.
    static func check(_ exercise: Exercise, hints: Int, compilingUntouched: Bool = true) async -> ExerciseStatus {
        let untouched = exercise.isUntouched
        func status(_ state: String, findings: [String] = [], errors: [String] = []) -> ExerciseStatus {
            ExerciseStatus(id: exercise.id, title: exercise.title, lesson: exercise.id, file: exercise.file, status: state,
                           untouched: untouched, findings: findings, compileErrors: Array(errors.prefix(shownErrors)),
                           hints: state == done ? [] : Array(exercise.hints.prefix(hints)), hintCount: exercise.hints.count)
        }
        if untouched == true, !compilingUntouched {
            return status(toDo, findings: ["Not started: the file is as shipped."])
        }
        do {
            switch try await ExerciseBuild.build(exercise) {
            case .doesNotCompile(let errors):
                return status(doesNotCompile, errors: errors)
            case .built(let library):
                let findings = try await ExerciseBuild.run(library)
                return status(findings.isEmpty ? done : toDo, findings: findings)
            }
        } catch {
            return status(toDo, findings: ["It could not be checked: \(error)"])
        }
    }
}
