/// Chooses the lane that runs each step, run after run, so that every schedule is run once:
/// depth first over the choices, as loom, CHESS and Coyote do.
///
/// The search keeps the path of the current run: at each step, the lanes that could run and the
/// one chosen. After a run, it backs up to the deepest step with a lane not yet tried there and
/// runs the body again from scratch, choosing the same lanes up to that step and the new one at
/// it. Re-running instead of saving state is what lets a real program be explored: the only state
/// is the body's, rebuilt by each run.
///
/// **Pruning (sleep sets, Godefroid 1996).** Two neighbouring steps with disjoint footprints give
/// the same result in either order, so after one order has been explored the other is skipped:
/// a lane already explored at a step stays asleep in the steps below as long as the steps taken
/// there are independent of it. A run that reaches a step where every lane is asleep is
/// equivalent to one already run; it is abandoned and counted as pruned.
final class ScheduleSearch {
    private struct Choice {
        /// The lanes that could run, in lane order.
        let runnable: [Int]
        /// Lanes whose next step was explored above and is independent of everything since.
        let asleep: [Int: Footprint]
        /// Lanes already explored here, with what their step touched.
        var explored: [Int: Footprint] = [:]
        var chosen: Int
        var chosenFootprint: Footprint?
    }

    private var path: [Choice] = []
    private var depth = 0
    private let pruning: Bool
    /// True once this run has reached a step where every lane is asleep.
    private(set) var isPruned = false

    init(pruning: Bool) {
        self.pruning = pruning
    }

    /// Starts the next run from the first step.
    func beginRun() {
        depth = 0
        isPruned = false
    }

    /// The lane to run next, among `runnable` (never empty).
    func choose(among runnable: [Int]) throws(InterleavingsError) -> Int {
        if isPruned { return runnable[0] }
        defer { depth += 1 }
        if depth < path.count {
            let chosen = path[depth].chosen
            guard runnable == path[depth].runnable else { throw .bodyIsNotDeterministic(step: depth + 1) }
            return chosen
        }
        var asleep: [Int: Footprint] = [:]
        if pruning, let parent = path.last, let taken = parent.chosenFootprint {
            for (lane, footprint) in parent.asleep.merging(parent.explored, uniquingKeysWith: { first, _ in first })
            where lane != parent.chosen && footprint.isIndependent(of: taken) {
                asleep[lane] = footprint
            }
        }
        guard let chosen = runnable.first(where: { asleep[$0] == nil }) else {
            isPruned = true
            return runnable[0]
        }
        path.append(Choice(runnable: runnable, asleep: asleep, chosen: chosen))
        return chosen
    }

    /// What the step just chosen touched.
    func stepTouched(_ footprint: Footprint) {
        guard !isPruned, depth > 0, depth <= path.count else { return }
        path[depth - 1].chosenFootprint = footprint
    }

    /// Backs up to the deepest step with a lane left to try; false when none is left anywhere.
    func advance() -> Bool {
        while var last = path.popLast() {
            last.explored[last.chosen] = last.chosenFootprint ?? Footprint(isOpaque: true)
            if let next = last.runnable.first(where: { last.asleep[$0] == nil && last.explored[$0] == nil }) {
                last.chosen = next
                last.chosenFootprint = nil
                path.append(last)
                return true
            }
        }
        return false
    }
}
