import Foundation
import LabSupport

/// One workshop exercise: what to do, the file to edit, and the checker that says what is still
/// wrong; the hints are in the file.
///
/// The checker runs either the learner's type (in `Exercises/`) or the reference solution's (in
/// `Solutions/`): both conform to the same small protocol, declared next to the checker.
public struct Exercise: Sendable, Identifiable {
    /// The lesson's id, e.g. `wrong-queue-mutation`: what `lab workshop` takes, and what
    /// `lab run` takes to show the lesson the exercise practises.
    public let id: String
    /// A one-line title.
    public let title: String
    /// What the learner should achieve, in two or three sentences.
    public let goal: String
    /// The file the learner edits, from the package root.
    public let file: String
    /// The FNV-1a fingerprint of the exercise file as shipped: tells an untouched file from an edited one.
    public let shippedFingerprint: UInt64

    let checkExercise: @Sendable () async -> [String]
    let checkSolution: @Sendable () async -> [String]

    init(id: String, title: String, goal: String, file: String,
         shippedFingerprint: UInt64,
         checkExercise: @escaping @Sendable () async -> [String],
         checkSolution: @escaping @Sendable () async -> [String]) {
        self.id = id
        self.title = title
        self.goal = goal
        self.file = file
        self.shippedFingerprint = shippedFingerprint
        self.checkExercise = checkExercise
        self.checkSolution = checkSolution
    }

    /// Which implementation a check runs.
    public enum Implementation: String, Sendable, Codable {
        /// The learner's file in `Exercises/`.
        case exercise
        /// The reference solution in `Solutions/`.
        case solution
    }

    /// Runs the checker against `implementation` and returns what is still wrong, in plain words;
    /// no findings means done.
    public func check(_ implementation: Implementation) async -> CheckResult {
        let findings = switch implementation {
        case .exercise: await checkExercise()
        case .solution: await checkSolution()
        }
        return CheckResult(exerciseID: id, implementation: implementation, findings: findings)
    }

    /// The exercise file's location in this checkout.
    public var fileURL: URL {
        PackageRoot.url.appendingPathComponent(file)
    }

    /// The hints, gentlest first, as the exercise file's opening comment gives them (`// Hint 1: …`):
    /// none when the file cannot be read or its hints were deleted (`git show HEAD:<file>` has them).
    public var hints: [String] {
        guard let text = try? String(contentsOf: fileURL, encoding: .utf8) else { return [] }
        return HintComments.hints(in: text)
    }

    /// True when the exercise file is exactly as shipped, false when edited, nil when it cannot be
    /// read (a `lab` binary moved away from its checkout).
    public var isUntouched: Bool? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return Fingerprint.fnv1a(data) == shippedFingerprint
    }
}

/// What one check found.
public struct CheckResult: Sendable, Codable, Hashable {
    public let exerciseID: String
    public let implementation: Exercise.Implementation
    /// What is still wrong, one plain sentence or two each; empty when the exercise is done.
    public let findings: [String]

    /// True when nothing is wrong.
    public var passed: Bool { findings.isEmpty }
}
