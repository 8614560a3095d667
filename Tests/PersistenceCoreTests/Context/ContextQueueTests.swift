import Dispatch
import Foundation
import PersistenceCore
import Synchronization
import TestSupport
import Testing

@Suite("Context queues")
struct ContextQueueTests {
    @Test("A context created on the MainActor is a main-queue context")
    @MainActor
    func createdOnMainActor() throws {
        let container = try makeContainer()
        let context = ModelContext(container)
        #expect(context.concurrencyType == .mainQueue)
        #expect(context !== container.viewContext)
    }

    @Test("A context created in Task {} on the MainActor is still a main-queue context")
    @MainActor
    func createdInTaskOnMainActor() async throws {
        let container = try makeContainer()
        let type = await Task { ModelContext(container).concurrencyType }.value
        #expect(type == .mainQueue)
    }

    @Test("A context created in Task.detached gets a private queue")
    func createdDetached() async throws {
        let container = try makeContainer()
        let type = await Task.detached { ModelContext(container).concurrencyType }.value
        #expect(type == .privateQueue)
    }

    @Test("A private queue runs at utility quality of service, so the main thread wins the CPU")
    func privateQueueYieldsToTheMainThread() throws {
        let container = try makeContainer()
        #expect(container.newBackgroundContext().queue.qos == .utility)
    }

    @Test("The explicit initializer binds the queue you name")
    @MainActor
    func explicit() throws {
        let container = try makeContainer()
        #expect(ModelContext(container, concurrencyType: .privateQueue).concurrencyType == .privateQueue)
        #expect(ModelContext(container, concurrencyType: .mainQueue).concurrencyType == .mainQueue)
    }

    @Test("perform runs the block on the context's queue, later")
    func performRunsOnQueue() async throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let label = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            context.perform { continuation.resume(returning: DispatchQueue.currentLabel) }
        }
        #expect(label == context.queueLabel)
    }

    @Test("performAndWait is reentrant and returns the block's value")
    func performAndWaitReentrant() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let value = context.performAndWait {
            context.performAndWait { context.performAndWait { 42 } }
        }
        #expect(value == 42)
    }

    @Test("performAndWait rethrows what the block throws")
    func performAndWaitThrows() {
        struct Oops: Error {}
        let context = ModelContext(try! makeContainer(), concurrencyType: .privateQueue)
        #expect(throws: Oops.self) { try context.performAndWait { throw Oops() } }
    }

    @Test("async perform returns the block's value and rethrows its error")
    func asyncPerform() async throws {
        struct Oops: Error {}
        let context = try makeContainer().newBackgroundContext()
        let label = await context.perform { DispatchQueue.currentLabel }
        #expect(label == context.queueLabel)
        await #expect(throws: Oops.self) { try await context.perform { () throws(Oops) -> Int in throw Oops() } }
    }

    @Test(".enqueued waits behind the work already queued")
    func scheduling() async throws {
        let context = try makeContainer().newBackgroundContext()
        let order = Locked<[String]>([])
        let done = Gate()
        // (A synchronous function: in async code, `perform {}` means the async overload.)
        func enqueueFirst() {
            context.perform {
                // Already on the queue: queue one more block behind this one.
                context.perform { order.withLock { $0.append("queued") } }
                Task {
                    // From off the queue, .enqueued goes behind "queued".
                    await context.perform(schedule: .enqueued) { order.withLock { $0.append("enqueued") } }
                    done.signal()
                }
                order.withLock { $0.append("first") }
            }
        }
        enqueueFirst()
        await done.wait()
        #expect(order.value == ["first", "queued", "enqueued"])
    }

    @Test("1,000 blocks sent with perform run one at a time")
    func serial() async throws {
        let context = try makeContainer().newBackgroundContext()
        let state = Locked((running: 0, maximum: 0, count: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<1000 {
                group.addTask {
                    await context.perform {
                        state.withLock { $0.running += 1; $0.maximum = max($0.maximum, $0.running); $0.count += 1 }
                        state.withLock { $0.running -= 1 }
                    }
                }
            }
        }
        #expect(state.value.maximum == 1)
        #expect(state.value.count == 1000)
    }
}
