import Dispatch

/// The checkers' way onto the main queue: `DispatchQueue.main.async`, awaited.
///
/// The main queue is serial and runs its blocks in the order they were queued. A save queues
/// its automatic merges there before it returns, so a block queued after the save has returned
/// runs after them: a checker sees what the merges did, every run, without sleeping.
enum MainQueue {
    /// Runs `body` on the main queue, after every block already queued there, and hands back
    /// its result (or its error).
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.main.async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// Runs `body` on the MainActor once every block already queued on the main queue (a merge
    /// among them) has run: a block queued there first, then `MainActor.run`.
    static func runOnMainActor<T: Sendable>(_ body: @escaping @MainActor @Sendable () throws -> T) async throws -> T {
        try await run {}
        return try await MainActor.run(body: body)
    }

    /// True when the caller runs on the main queue (the MainActor's): a key set on
    /// `DispatchQueue.main`, read with `DispatchQueue.getSpecific(key:)`. Not
    /// `Thread.isMainThread`: on Linux a worker thread drains the main queue after an async
    /// `main`'s first `await`, and in every Swift Testing test.
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }

    /// Marks `DispatchQueue.main`; set once, lazily, from any thread.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}
