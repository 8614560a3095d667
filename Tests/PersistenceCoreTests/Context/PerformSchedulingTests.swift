import Foundation
import PersistenceCore
import TestSupport
import Testing

@Suite("perform(schedule:)")
struct PerformSchedulingTests {
    @Test(".immediate runs at once when already on the context's queue; .enqueued waits behind queued work")
    func immediateVersusEnqueued() async throws {
        let container = try makeContainer()
        let handler = await Task.detached { DataHandler(modelContainer: container) }.value
        let order = try await handler.scheduleOrder()
        #expect(order == ["immediate", "queued", "enqueued"])
    }
}

extension DataHandler {
    /// On the actor (so on the context's queue): queues a block, then asks for both schedules.
    func scheduleOrder() async throws -> [String] {
        let order = Locked<[String]>([])
        let context = modelContext
        // model actor's queue (context's queue)
        // perform { "queued" }           ← enqueued behind this job
        // perform(.immediate) { … }      ← runs in place, before "queued"
        // perform(.enqueued) { … }       ← goes behind "queued"
        enqueue(on: context) { order.withLock { $0.append("queued") } }
        await context.perform(schedule: .immediate) { order.withLock { $0.append("immediate") } }
        await context.perform(schedule: .enqueued) { order.withLock { $0.append("enqueued") } }
        return order.value
    }
}

/// The synchronous `perform`: in async code, `context.perform {}` means the async overload.
private func enqueue(on context: ModelContext, _ block: @escaping @Sendable () -> Void) {
    context.perform(block)
}
