import Foundation
import LabSupport
import TestSupport
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

    /// Where `exercise`'s file stands against the one shipped.
    static func state(of exercise: Exercise) async -> ShippedFileState {
        await .of(exercise.file, matchesFingerprint: exercise.isUntouched)
    }

    /// The exercises whose file is the committed one, in catalog order: those a test may insist
    /// on. A file edited here is left out, and `WorkshopCheckerTests.fingerprints` names it.
    static func committed() async -> [Exercise] {
        var committed: [Exercise] = []
        for exercise in WorkshopCatalog.all where await state(of: exercise) != .edited {
            committed.append(exercise)
        }
        return committed
    }
}

extension Exercise: CustomTestStringConvertible {
    public var testDescription: String { id }
}
