import Foundation
import Scenarios
import Testing

/// Each lesson is a pair of snippets compiled with `swiftc -swift-version 6` against the built
/// `PersistenceCore` (see `Support/SnippetCompiler.swift`): the wrong one must fail with the
/// lesson's diagnostic, and nothing else; its fixed twin must compile without a warning.
@Suite("compiler-lessons: Swift 6 refuses to send a model across isolation domains")
struct CompilerLessonsTests {
    @Test("Every snippet in the folder belongs to a lesson, and every lesson has both snippets")
    func snippetsMatchTheTable() throws {
        let compiler = try SnippetCompiler.locate()
        let files = try FileManager.default.contentsOfDirectory(atPath: compiler.snippetFolder.path)
            .filter { $0.hasSuffix(".swift") }

        let expected = CompilerLessons.lessons.flatMap { [$0.wrongSnippet, $0.fixedSnippet] }
        #expect(Set(files) == Set(expected))
        #expect(Set(CompilerLessons.lessons.map(\.id)).count == CompilerLessons.lessons.count)
        #expect((6...8).contains(CompilerLessons.lessons.count))
    }

    @Test("Each snippet's header says what it teaches and which diagnostic to expect", arguments: CompilerLessons.lessons)
    func headersMatchTheTable(_ lesson: CompilerLessons.Lesson) throws {
        let folder = try SnippetCompiler.locate().snippetFolder
        let wrong = try String(contentsOf: folder.appendingPathComponent(lesson.wrongSnippet), encoding: .utf8)
        let fixed = try String(contentsOf: folder.appendingPathComponent(lesson.fixedSnippet), encoding: .utf8)

        #expect(wrong.contains("// Teaches:") && fixed.contains("// Teaches:"))
        #expect(wrong.contains("// Expected: error: \(lesson.expectedDiagnostic)\n"))
        #expect(fixed.contains("// Expected: compiles cleanly\n"))
        #expect(wrong.contains("// Fixed twin: \(lesson.fixedSnippet)\n"))
        #expect(fixed.contains("// Wrong twin: \(lesson.wrongSnippet)\n"))
    }

    @Test("The wrong snippet fails to compile, with the lesson's diagnostic and no other", arguments: CompilerLessons.lessons)
    func wrongSnippetIsRejected(_ lesson: CompilerLessons.Lesson) async throws {
        let result = try #require(try await SnippetCompiler.shared.value.results[lesson.wrongSnippet])

        #expect(result.exitCode != 0, "\(result.output)")
        #expect(!result.errors.isEmpty, "\(result.output)")
        for error in result.errors {
            #expect(error.contains(lesson.expectedDiagnostic), "\(result.output)")
        }
    }

    @Test("The fixed twin compiles without errors or warnings", arguments: CompilerLessons.lessons)
    func fixedSnippetCompiles(_ lesson: CompilerLessons.Lesson) async throws {
        let result = try #require(try await SnippetCompiler.shared.value.results[lesson.fixedSnippet])

        #expect(result.exitCode == 0, "\(result.output)")
        #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(result.output)")
    }

    @Test("The report lists every lesson, wrong and fixed, and says it was demonstrated")
    func reportDemonstrates() async throws {
        let scenario = CompilerLessons()
        let outcome = try await scenario.run(in: .test)
        let report = scenario.report(outcome)

        #expect(outcome.lessons == CompilerLessons.lessons)
        #expect(outcome.snippetFolder == "Sources/Scenarios/CompilerLessons/Snippets")
        #expect(report.demonstrated)
        #expect(report.wrongWay.count == outcome.lessons.count)
        #expect(report.rightWay.count == outcome.lessons.count + 1)
    }

    @Test("Its description names articles, a rule, and files that exist")
    func infoPointsAtRealFiles() {
        let info = CompilerLessons.info

        #expect(!info.articles.isEmpty && !info.rule.isEmpty && !info.why.isEmpty)
        #expect(PackagePaths.missing(in: info) == [])
    }
}

extension CompilerLessons.Lesson: CustomTestStringConvertible {
    public var testDescription: String { id }
}
