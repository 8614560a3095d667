import Foundation
import LabSupport
import Lessons
import Testing

/// Each lesson is a pair of snippets compiled with `swiftc -swift-version 6` against the built
/// `PersistenceCore` (see `Support/SnippetCompiler.swift`): the wrong one must fail with the
/// lesson's diagnostic, and nothing else; its fixed twin must compile without a warning.
@Suite("compiler-lessons: Swift 6 refuses to send a model across isolation domains")
struct CompilerLessonsTests {
    @Test("Every snippet in the folder belongs to a lesson, and every lesson has both snippets")
    func snippetsMatchTheTable() throws {
        let folder = PackageRoot.file(CompilerLessons.snippetFolder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }

        let expected = CompilerLessons.lessons.flatMap { [$0.wrongSnippet, $0.fixedSnippet] }
        #expect(Set(files) == Set(expected))
        #expect(Set(CompilerLessons.lessons.map(\.id)).count == CompilerLessons.lessons.count)
        #expect((6...10).contains(CompilerLessons.lessons.count))
    }

    @Test("Each snippet's header says what it teaches and which diagnostic to expect", arguments: CompilerLessons.lessons)
    func headersMatchTheTable(_ lesson: CompilerLessons.Mistake) throws {
        let folder = PackageRoot.file(CompilerLessons.snippetFolder)
        let wrong = try String(contentsOf: folder.appendingPathComponent(lesson.wrongSnippet), encoding: .utf8)
        let fixed = try String(contentsOf: folder.appendingPathComponent(lesson.fixedSnippet), encoding: .utf8)

        #expect(wrong.contains("// Teaches:") && fixed.contains("// Teaches:"))
        #expect(wrong.contains("// Expected: error: \(lesson.expectedDiagnostic)\n"))
        #expect(fixed.contains("// Expected: compiles cleanly\n"))
        #expect(wrong.contains("// Fixed twin: \(lesson.fixedSnippet)\n"))
        #expect(fixed.contains("// Wrong twin: \(lesson.wrongSnippet)\n"))
    }
}
