import Foundation
import PersistenceCore
import SampleModels

/// A fresh in-memory container with every test model, so suites run in parallel.
func makeContainer(_ types: [any PersistentModel.Type] = [Item.self, Person.self, Note.self, AllTypes.self]) throws -> ModelContainer {
    try ModelContainer(for: types, configuration: .inMemory)
}

/// A one-shot signal: `wait()` suspends until `signal()` was called (before or after).
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func signal() {
        continuation.yield()
        continuation.finish()
    }

    func wait() async {
        for await _ in stream { return }
    }
}

/// A value shared between tasks in a test, behind a lock.
///
/// An `NSLock` rather than `Synchronization.Mutex`, which ThreadSanitizer cannot see on Linux
/// (see `SQLiteStore.lock`): the suite also runs under `--sanitize=thread`.
// @unchecked: `stored` is only touched while `lock` is held.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&stored)
    }

    var value: Value { withLock { $0 } }
}
