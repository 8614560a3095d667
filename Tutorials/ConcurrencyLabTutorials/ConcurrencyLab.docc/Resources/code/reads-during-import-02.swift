import Dispatch
import Foundation

/// Draws a frame on the main queue every `interval`, the way a display link would, until stopped.
///
/// Each frame is scheduled `interval` after the previous one finished, so when the main queue is
/// blocked (a read waiting for a save), frames simply stop coming: what a user sees as a frozen
/// list.
// @unchecked: `frames`, `running` and `failure` are guarded by `lock` (an NSLock).
final class FrameLoop: @unchecked Sendable {
    private let interval: Duration
    private let draw: @Sendable () throws -> ItemListScreen.Frame
    private let lock = NSLock()
    private var frames: [ItemListScreen.Frame] = []
    private var running = false
    private var failure: (any Error)?

    init(interval: Duration, draw: @escaping @Sendable () throws -> ItemListScreen.Frame) {
        self.interval = interval
        self.draw = draw
    }

    /// Starts drawing; the first frame is due at once.
    func start() {
        lock.withLock { running = true }
        DispatchQueue.main.async { self.frame() }
    }

    /// Stops, draws one last frame on the main queue, and returns every frame drawn.
    func stop() async throws -> [ItemListScreen.Frame] {
        lock.withLock { running = false }
        let last = await DispatchQueue.main.asyncAndAwait { Result { try self.draw() } }
        return try lock.withLock { () throws -> [ItemListScreen.Frame] in
            if let failure { throw failure }
            return frames + [try last.get()]
        }
    }

    private func frame() {
        guard lock.withLock({ running }) else { return }
        do {
            let drawn = try draw()
            lock.withLock { frames.append(drawn) }
        } catch {
            lock.withLock {
                failure = failure ?? error
                running = false
            }
            return
        }
        let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.frame() }
    }
}
