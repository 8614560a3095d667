/// A one-shot signal between tasks: `wait()` suspends until `signal()` was called, before or
/// after, for any number of waiters. What forces an interleaving a lesson or a test depends on,
/// without a sleep (the tests call it `Gate`).
package final class AsyncSignal: Sendable {
    private struct State {
        var isSignalled = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    package init() {}

    package func signal() {
        let waiters = state.withLock { state in
            state.isSignalled = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    package func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if !state.isSignalled { state.waiters.append(continuation) }
                return state.isSignalled
            }
            if resumeNow { continuation.resume() }
        }
    }
}
