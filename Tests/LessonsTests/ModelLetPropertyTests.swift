import Foundation
import Lessons
import TestSupport
import Testing

/// A stored `let` in a `@Model` class gets the same accessors as a `var`, as SwiftData's does, so
/// the compiler has the last word: Swift 6 refuses accessors on a `let`, and the Swift 5 language
/// mode warns and compiles. Checked by compiling a model both ways against the built library.
@Suite("A let in a @Model class: what the compiler says in each language mode")
struct ModelLetPropertyTests {
    static let source = """
        import Foundation
        import PersistenceCore

        @Model class Note {
            #Unique<Note>([\\.id])
            let id: UUID
            var text: String
            var kind = Kind.idea
            var tags: [String] = []
            @Relationship(deleteRule: .cascade, inverse: \\Reminder.note) var reminders: [Reminder]? = []

            enum Kind: String, Codable { case idea, task }

            init(text: String) {
                self.id = UUID()
                self.text = text
            }
        }

        @Model final class Reminder {
            var due: Date
            var note: Note?

            init(due: Date) { self.due = due }
        }
        """
    static let refusal = "cannot expand accessor macro on variable declared with 'let'"

    @Test("Swift 6 refuses it with the compiler's words; Swift 5 warns with the same words, and with no other warning, and compiles")
    func bothLanguageModes() async throws {
        let folder = TemporaryDirectory()
        let file = folder.file("Note.swift")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        let compiler = try SnippetCompiler.locate()

        let swift6 = try await compiler.compile(at: file, swiftVersion: 6)
        #expect(swift6.exitCode != 0)
        #expect(swift6.errors.contains { $0.hasPrefix(Self.refusal) }, "\(swift6.output)")
        #expect(swift6.errors.allSatisfy { $0.hasPrefix(Self.refusal) }, "the 'let' is the only thing refused: \(swift6.output)")

        let swift5 = try await compiler.compile(at: file, swiftVersion: 5)
        #expect(swift5.exitCode == 0, "\(swift5.output)")
        #expect(swift5.errors.isEmpty)
        #expect(swift5.warnings.contains { $0.hasPrefix(Self.refusal) }, "\(swift5.output)")
        #expect(swift5.warnings.allSatisfy { $0.hasPrefix(Self.refusal) }, "the rest of the expansion compiles in Swift 5 without a warning: \(swift5.output)")
    }
}
