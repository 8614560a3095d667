import Foundation
import PersistenceCore

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
