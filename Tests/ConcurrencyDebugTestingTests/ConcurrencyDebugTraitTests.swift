import ConcurrencyDebugTesting
import Foundation
import PersistenceCore
import TestSupport
import Testing
import XCTest

/// The queue rule for one test: `.concurrencyDebug(.record)` and `ConcurrencyDebugTestCase`
/// report what the test broke, and only what it broke.
@Suite("The queue rule for one test: the trait and the XCTest base class")
struct ConcurrencyDebugTraitTests {
    /// A note made and saved on a private-queue context, and that context.
    private static func savedNote() throws -> (ModelContext, PersistentIdentifier) {
        let container = try NotesStore.inMemoryContainer()
        let context = ModelContext(container, concurrencyType: .privateQueue)
        let id = try context.performAndWait {
            let note = Note(heading: "Groceries", createdAt: day(1))
            context.insert(note)
            try context.save()
            return note.persistentModelID
        }
        return (context, id)
    }

    /// Writes the note's heading from the calling thread: off its context's queue.
    private static func writeOffTheQueue(_ context: ModelContext, _ id: PersistentIdentifier) {
        let note: Note? = context.runAndWait { context.registeredModel(for: id) }
        note?.heading = "Shopping"
    }

    @Test("A test under the trait that writes off the queue fails with the violation: model, property, both queues")
    func traitFailsTheTest() async throws {
        let (context, id) = try Self.savedNote()
        try await withKnownIssue {
            try await ConcurrencyDebugTrait(mode: .record).provideScope(
                for: try #require(Test.current), testCase: Test.Case.current
            ) {
                Self.writeOffTheQueue(context, id)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Note.heading set") && text.contains(context.queueLabel)
        }
    }

    @Test("A perform block queued under a task mode runs under it: its violation is recorded there")
    func performBlocksCarryTheMode() async throws {
        let (context, id) = try Self.savedNote()
        let other = ModelContext(context.container, concurrencyType: .privateQueue)
        let (_, violations) = await ConcurrencyDebug.withTaskMode(.record) {
            await other.perform(schedule: .enqueued) {
                // On `other`'s queue, a model of `context`: a violation, in a block the task queued.
                Self.writeOffTheQueue(context, id)
            }
        }
        #expect(violations.map(\.operation) == ["Note.heading set"])
        #expect(violations.first?.thread.contains(other.queueLabel) == true)
    }

    @Test("Two task modes at once each see their own violations, and the process-wide mode sees none")
    func taskModesDoNotMix() async throws {
        let (first, firstID) = try Self.savedNote()
        let (second, secondID) = try Self.savedNote()
        // Inside withMode, so that what reaches the process-wide list meanwhile comes back too.
        let ((oneViolations, twoViolations), processWide) = await ConcurrencyDebug.withMode(.record) {
            // Each mode waits until the other has begun: both run at once.
            let oneBegan = Gate(), twoBegan = Gate()
            async let one = ConcurrencyDebug.withTaskMode(.record) {
                oneBegan.signal()
                await twoBegan.wait()
                Self.writeOffTheQueue(first, firstID)
            }
            async let two = ConcurrencyDebug.withTaskMode(.record) {
                twoBegan.signal()
                await oneBegan.wait()
                Self.writeOffTheQueue(second, secondID)
                Self.writeOffTheQueue(second, secondID)
            }
            return await (one.violations, two.violations)
        }
        #expect(oneViolations.map(\.expectedQueue) == [first.queueLabel])
        #expect(twoViolations.map(\.expectedQueue) == [second.queueLabel, second.queueLabel])
        #expect(processWide.isEmpty, "\(processWide)")
    }

    @Test("Inside withMode, the process-wide mode decides, even under a task mode: a wrong way shown on purpose")
    func withModeInsideATaskMode() async throws {
        let (context, id) = try Self.savedNote()
        let (inner, outer) = await ConcurrencyDebug.withTaskMode(.record) {
            await ConcurrencyDebug.withMode(.record) { Self.writeOffTheQueue(context, id) }.violations
        }
        #expect(inner.map(\.operation) == ["Note.heading set"])
        #expect(outer.isEmpty)
    }
}

/// The XCTest form: each test of a `ConcurrencyDebugTestCase` runs under its mode, and the
/// violations come to ``report(_:)`` (which fails the test, unless overridden as here).
final class ConcurrencyDebugTestCaseTests: ConcurrencyDebugTestCase {
    private var expected: [String] = []

    override func report(_ violations: [ConcurrencyViolation]) {
        XCTAssertEqual(violations.map(\.operation), expected)
    }

    /// A note inserted in a new private-queue context, on that context's queue, and the context
    /// (which the caller keeps: a model whose context is gone is checked against no queue).
    private func insertedNote() throws -> (ModelContext, Note) {
        let context = ModelContext(try NotesStore.inMemoryContainer(), concurrencyType: .privateQueue)
        let note = context.runAndWait {
            let note = Note(heading: "Groceries", createdAt: day(1))
            context.insert(note)
            return note
        }
        return (context, note)
    }

    func testAWriteOffTheQueueIsReported() throws {
        expected = ["Note.heading set"]
        let (context, note) = try insertedNote()
        note.heading = "Shopping"
        withExtendedLifetime(context) {}
    }

    func testAnAsyncTestRunsUnderTheModeToo() async throws {
        expected = ["Note.heading get"]
        let (context, note) = try insertedNote()
        await Task.yield()
        XCTAssertEqual(note.heading, "Groceries")
        withExtendedLifetime(context) {}
    }

    func testCorrectCodeReportsNothing() throws {
        let (context, note) = try insertedNote()
        XCTAssertEqual(context.runAndWait { note.heading }, "Groceries")
    }
}
