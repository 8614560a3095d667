import Foundation
import LabSupport
import Testing
import Workshop

/// An exercise file as the tests read it.
enum ExerciseFile {
    /// The exercise's file, read from this checkout.
    static func text(of exercise: Exercise) throws -> String {
        try String(contentsOf: PackageRoot.file(exercise.file), encoding: .utf8)
    }

    /// The file's comments as one line of words: what the hints are compared with.
    static func commentWords(of exercise: Exercise) throws -> String {
        try text(of: exercise).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("//") }
            .map { $0.dropFirst(2).split(separator: " ").joined(separator: " ") }
            .joined(separator: " ")
    }

    /// True when the file is byte for byte as shipped: only then must its checker fail.
    static func isUntouched(_ exercise: Exercise) throws -> Bool {
        let data = try Data(contentsOf: PackageRoot.file(exercise.file))
        return Fingerprint.fnv1a(data) == exercise.shippedFingerprint
    }
}

extension Exercise: CustomTestStringConvertible {
    public var testDescription: String { id }
}
