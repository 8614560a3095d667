/// A one-shot signal between tasks: `wait()` suspends until `signal()` was called (before or
/// after). Tests force an interleaving with gates, never with sleeps.
package final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    package init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    package func signal() {
        continuation.yield()
        continuation.finish()
    }

    package func wait() async {
        for await _ in stream { return }
    }
}
