import Foundation
import Lessons
import Testing

/// One run of every lesson per test process, shared by every test that asserts on it, Swift
/// Testing and XCTest alike: each lesson builds its own containers, so sharing its report costs
/// nothing in isolation and saves running the slow parts (races, imports, compiling) once per test.
///
/// The lessons run one after another, in course order, so that background-storage's heartbeat
/// does not measure another lesson's work on the main queue. Detached, so that no test's actor
/// (the MainActor of a `@MainActor` test) runs them.
enum SharedRuns {
    /// The lessons to run: every one, or the one `LAB_LESSON` names, as each lesson's next steps
    /// print it (`LAB_LESSON=<id> swift test --filter LessonChecks` checks that lesson's claims alone).
    static var lessons: [any Lesson.Type] {
        guard let id = ProcessInfo.processInfo.environment["LAB_LESSON"], !id.isEmpty else { return LessonCatalog.all }
        return LessonCatalog.all.filter { $0.info.id == id }
    }

    /// Each lesson's report, checks included, by id.
    static let reports = Task.detached { () throws -> [String: LessonReport] in
        var reports: [String: LessonReport] = [:]
        for type in lessons {
            reports[type.info.id] = try await LessonCatalog.run(type, in: .test)
        }
        return reports
    }

    /// Every check of every lesson run, in course order: what the Swift Testing suite runs one by one.
    static func allChecks() async throws -> [LessonCheck] {
        let reports = try await reports.value
        return lessons.map { $0.info }.flatMap { info in
            (reports[info.id]?.checks ?? []).map { LessonCheck(lesson: info.id, check: $0) }
        }
    }

    /// The outcomes the exit tests and a few others compare with what happened in a child process.
    static let wrongQueueMutation = Task.detached { try await WrongQueueMutation().run(in: .test) }
    static let wrongContextQueue = Task.detached { try await WrongContextQueue().run(in: .test) }
    static let modelActorExecutor = Task.detached { try await ModelActorExecutor().run(in: .test) }
}

/// One claim of one lesson, as a test case: `wrong-queue-mutation: exactly one update was lost`.
struct LessonCheck: Sendable, CustomTestStringConvertible {
    let lesson: String
    let check: Check

    var testDescription: String { "\(lesson): \(check.name)" }
}
