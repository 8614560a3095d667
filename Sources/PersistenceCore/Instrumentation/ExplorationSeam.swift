import Synchronization

/// What takes hold of a context's jobs while an exploration runs: the lab's interleaving explorer
/// (the module InterleavingExplorer) is the one implementation. The core knows only these four
/// places, and asks them nothing when no exploration runs.
package protocol JobController: AnyObject, Sendable {
    /// `perform` and every asynchronous job on `context`'s queue (`label` names it, `task` is the
    /// Swift job a model actor's job runs): true when the controller has taken `body`, which the
    /// context then does not enqueue.
    func holdContextJob(on context: ModelContext, label: String, running task: UnownedJob?,
                        _ body: @escaping @Sendable () -> Void) -> Bool
    /// `performAndWait` on `context`: true when the controller has run `body` as a job of the
    /// context's queue and the caller may go on; false, and the caller runs it as usual.
    func runAndWait(on context: ModelContext, _ body: @escaping @Sendable () -> Void) -> Bool
    /// The current job is about to touch `point`, state other queues share.
    func pause(at point: SchedulingPoint)
    /// `context` was just made, by the current job.
    func noteCreated(_ context: ModelContext)
}

/// The core's side of the interleaving explorer: the four places a context hands its work to a
/// ``JobController`` while one is installed. Off by default; each place then costs one atomic
/// load, as ``TraceRecorder/isRecording`` does for a recording.
package enum ExplorationSeam {
    private static let isActive = Atomic<Bool>(false)
    private static let installed = Locked<(any JobController)?>(nil)

    /// Hands every context's jobs to `controller` until ``uninstall()``.
    package static func install(_ controller: any JobController) {
        installed.withLock { $0 = controller }
        isActive.store(true, ordering: .releasing)
    }

    package static func uninstall() {
        isActive.store(false, ordering: .releasing)
        installed.withLock { $0 = nil }
    }

    /// The controller, if one is installed: the one load a context (or the explorer's runtime
    /// hook) pays when none is.
    @inline(__always)
    package static var controller: (any JobController)? {
        guard isActive.load(ordering: .acquiring) else { return nil }
        return installed.withLock { $0 }
    }

    /// Announces that the current job is about to touch `point`: a store read, a commit, a
    /// did-save. Called outside every lock.
    @inline(__always)
    static func willAccess(_ point: SchedulingPoint) {
        controller?.pause(at: point)
    }
}
