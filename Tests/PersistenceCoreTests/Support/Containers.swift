import Foundation
import PersistenceCore
import Synchronization

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
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }

    var value: Value { mutex.withLock { $0 } }
}
