import Foundation
import Scenarios
import XCTest

/// compiler-lessons again, under XCTest: every snippet compiled with `swiftc -swift-version 6`.
final class CompilerLessonsXCTests: XCTestCase {
    func testWrongSnippets_failWithTheirLessonsDiagnostic() async throws {
        let results = try await SnippetCompiler.shared.value.results

        for lesson in CompilerLessons.lessons {
            let result = try XCTUnwrap(results[lesson.wrongSnippet], lesson.id)
            XCTAssertNotEqual(result.exitCode, 0, result.output)
            XCTAssertFalse(result.errors.isEmpty, result.output)
            for error in result.errors {
                XCTAssertTrue(error.contains(lesson.expectedDiagnostic), "\(lesson.id): \(error)")
            }
        }
    }

    func testFixedSnippets_compileCleanly() async throws {
        let results = try await SnippetCompiler.shared.value.results

        for lesson in CompilerLessons.lessons {
            let result = try XCTUnwrap(results[lesson.fixedSnippet], lesson.id)
            XCTAssertEqual(result.exitCode, 0, result.output)
            XCTAssertEqual(result.errors + result.warnings, [], result.output)
        }
    }

    func testReport_listsEveryLesson_andIsDemonstrated() async throws {
        let scenario = CompilerLessons()

        let report = scenario.report(try await scenario.run(in: .test))

        XCTAssertTrue(report.demonstrated)
        XCTAssertEqual(report.wrongWay.count, CompilerLessons.lessons.count)
    }
}
