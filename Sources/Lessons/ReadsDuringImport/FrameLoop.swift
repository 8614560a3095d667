import Dispatch
import Foundation
import LabSupport
import PersistenceCore

/// Draws a frame on the main queue every `interval`, the way a display link would, until stopped.
///
/// Each frame is scheduled `interval` after the previous one finished, so when the main queue is
/// blocked (a read waiting for a save), frames simply stop coming: what a user sees as a frozen
/// list.
final class FrameLoop: Sendable {
    private struct State {
        var frames: [ItemListScreen.Frame] = []
        var running = false
        var failure: (any Error)?
    }

    private let interval: Duration
    private let draw: @Sendable () throws -> ItemListScreen.Frame
    private let state = Locked(State())

    init(interval: Duration, draw: @escaping @Sendable () throws -> ItemListScreen.Frame) {
        self.interval = interval
        self.draw = draw
    }

    /// Starts drawing; the first frame is due at once.
    func start() {
        state.withLock { $0.running = true }
        DispatchQueue.main.async { self.frame() }
    }

    /// Stops, draws one last frame on the main queue, and returns every frame drawn.
    func stop() async throws -> [ItemListScreen.Frame] {
        state.withLock { $0.running = false }
        let last = await DispatchQueue.main.asyncAndAwait { Result { try self.draw() } }
        return try state.withLock { state throws -> [ItemListScreen.Frame] in
            if let failure = state.failure { throw failure }
            return state.frames + [try last.get()]
        }
    }

    private func frame() {
        guard state.withLock({ $0.running }) else { return }
        do {
            let drawn = try draw()
            state.withLock { $0.frames.append(drawn) }
        } catch {
            state.withLock { state in
                state.failure = state.failure ?? error
                state.running = false
            }
            return
        }
        let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.frame() }
    }
}
