import Foundation
import LabSupport

/// One workshop exercise: what to do, the file to edit, and the checker that says what is still
/// wrong; the hints are in the file.
///
/// The checker runs either the learner's type or the reference solution's: both conform to the
/// same small protocol, declared next to the checker in the lesson's folder. The learner's file is
/// not part of this module (a half-typed exercise must break nothing else): `lab workshop`
/// compiles it on its own, with ``exerciseCheck`` as the call that checks it, and loads it.
public struct Exercise: Sendable, Identifiable {
    /// The lesson's id, e.g. `wrong-queue-mutation`: what `lab workshop` takes, and what
    /// `lab run` takes to show the lesson the exercise practises.
    public let id: String
    /// A one-line title.
    public let title: String
    /// What the learner should achieve, in two or three sentences.
    public let goal: String
    /// The file the learner edits, from the package root: `Tutorials/Workshop/<id>/<Type>.swift`.
    public let file: String
    /// The FNV-1a fingerprint of the exercise file as shipped (written by
    /// `Scripts/tutorials/sync-course.py`): tells an untouched file from an edited one. Nil
    /// until the script has run for a new exercise.
    public var shippedFingerprint: UInt64? {
        WorkshopCatalog.shippedFingerprints[id]
    }
    /// The checker's call on the learner's types, as Swift source: `CountUpdaterChecker.check(CountUpdater.self)`.
    /// Compiled with the learner's file, where those types are declared.
    public let exerciseCheck: String

    let checkSolution: @Sendable () async -> [String]

    init(id: String, title: String, goal: String, file: String,
         exerciseCheck: String,
         checkSolution: @escaping @Sendable () async -> [String]) {
        self.id = id
        self.title = title
        self.goal = goal
        self.file = file
        self.exerciseCheck = exerciseCheck
        self.checkSolution = checkSolution
    }

    /// Which implementation a check runs.
    public enum Implementation: String, Sendable, Codable {
        /// The learner's file, compiled on its own by `lab workshop`.
        case exercise
        /// The reference solution, in this module.
        case solution
    }

    /// Runs the checker against the reference solution and returns what is still wrong, in plain
    /// words; no findings means it passes.
    public func checkReferenceSolution() async -> CheckResult {
        CheckResult(exerciseID: id, implementation: .solution, findings: await checkSolution())
    }

    /// The exercise file's location: in this checkout, or under `LAB_WORKSHOP_ROOT` when it names
    /// another copy of the package (the tests check exercises in a copy).
    public var fileURL: URL {
        Self.root.appendingPathComponent(file)
    }

    /// Where the exercise files are looked for: `LAB_WORKSHOP_ROOT`, or this checkout.
    public static var root: URL {
        ProcessInfo.processInfo.environment["LAB_WORKSHOP_ROOT"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) } ?? PackageRoot.url
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

/// The check one compiled exercise hands to `lab`: the entry point the compiled exercise exports
/// returns one, retained, and `lab` runs it.
// @unchecked: its one `let` is set in `init` and a `@Sendable` closure.
public final class ExerciseCheckEntry: @unchecked Sendable {
    public let run: @Sendable () async -> [String]

    public init(_ run: @escaping @Sendable () async -> [String]) {
        self.run = run
    }
}
