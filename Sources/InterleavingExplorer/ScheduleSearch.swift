/// Chooses the lane that runs each step, run after run, so that every schedule that could end
/// differently is run: depth first over the choices, as loom, CHESS and Coyote do, pruned by
/// dynamic partial-order reduction (Flanagan and Godefroid, 2005).
///
/// The search keeps the path of the current run: at each step, the lanes that could run, the one
/// chosen, and the lanes still to try there (its *backtrack set*). After a run, it backs up to the
/// deepest step with a lane left to try and runs the body again from scratch, choosing the same
/// lanes up to that step and the new one at it. Re-running instead of saving state is what lets a
/// real program be explored: the only state is the body's, rebuilt by each run.
///
/// **Which lanes to try.** Two steps of different lanes that touch something in common (their
/// footprints conflict: a commit and a read of one store, two enqueues on one queue) give
/// different results in the other order; any other pair gives the same result either way. After
/// each run, the search looks at the steps it ran: for each step, the latest earlier step of
/// another lane that it conflicts with, and that nothing in between already orders before it, is
/// a *race*, and the step's lane goes into the backtrack set of the point just before the earlier
/// step (every lane that could run there, if that one could not). A lane is tried at a point only
/// if some run found it racing there; the orders never tried only swap independent steps, and
/// give outcomes the explored orders gave. Sleep sets then keep the tried lanes from being tried
/// again where they would only repeat an order already run.
final class ScheduleSearch {
    /// What one step of a run was, for the race analysis.
    struct StepRecord {
        let lane: Int
        let footprint: Footprint
        /// Steps that had to come first besides the lane's own previous step: the one that
        /// enqueued the job this step starts, or the one that ran the job a `performAndWait` waited for.
        let causes: [Int]
    }

    private struct Choice {
        /// The lanes that could run, in lane order.
        let runnable: [Int]
        var chosen: Int
        var chosenFootprint: Footprint?
        /// The lanes to try here; `explored` the ones already tried, with what their step touched.
        var backtrack: Set<Int>
        var explored: [Int: Footprint] = [:]
        /// Lanes whose next step was tried above and is independent of every step since (sleep
        /// sets, Godefroid 1996): running them here would repeat an order already run.
        let asleep: [Int: Footprint]
    }

    private var path: [Choice] = []
    private var depth = 0
    private let pruning: Bool
    /// Choices never tried because every race analysis found them equivalent to tried ones.
    private(set) var skippedChoices = 0
    /// True once this run reached a step where every runnable lane was asleep: it can only repeat
    /// orders already run, so its outcome is not counted.
    private(set) var isBlocked = false

    init(pruning: Bool) {
        self.pruning = pruning
    }

    /// Starts the next run from the first step.
    func beginRun() {
        depth = 0
        isBlocked = false
    }

    /// The lane to run next, among `runnable` (never empty).
    func choose(among runnable: [Int]) throws(InterleavingsError) -> Int {
        if isBlocked { return runnable[0] }
        defer { depth += 1 }
        if depth < path.count {
            guard runnable == path[depth].runnable else { throw .bodyIsNotDeterministic(step: depth + 1) }
            return path[depth].chosen
        }
        var asleep: [Int: Footprint] = [:]
        if pruning, let parent = path.last, let taken = parent.chosenFootprint {
            for (lane, footprint) in parent.asleep.merging(parent.explored, uniquingKeysWith: { first, _ in first })
            where lane != parent.chosen && footprint.isIndependent(of: taken) {
                asleep[lane] = footprint
            }
        }
        guard let chosen = runnable.first(where: { asleep[$0] == nil }) else {
            isBlocked = true
            return runnable[0]
        }
        path.append(Choice(runnable: runnable, chosen: chosen, backtrack: pruning ? [chosen] : Set(runnable), asleep: asleep))
        return chosen
    }

    /// What the step just chosen touched.
    func stepTouched(_ footprint: Footprint) {
        guard !isBlocked, depth > 0, depth <= path.count else { return }
        path[depth - 1].chosenFootprint = footprint
    }

    /// Reads the run's steps for races and adds what they call for to the backtrack sets.
    func finishRun(_ steps: [StepRecord]) {
        guard pruning else { return }
        // A blocked run's steps past the block are arbitrary: read only the ones that were chosen.
        let steps = isBlocked ? Array(steps.prefix(path.count)) : steps
        let clocks = Self.happensBefore(steps)
        func happensBefore(_ earlier: Int, _ later: Int) -> Bool { clocks[later][steps[earlier].lane] >= earlier }
        for j in steps.indices {
            for i in stride(from: j - 1, through: 0, by: -1) where i < path.count
                && steps[i].lane != steps[j].lane && !steps[i].footprint.isIndependent(of: steps[j].footprint) {
                // A race: nothing between them orders i before j.
                let ordered = (i + 1..<j).contains { happensBefore(i, $0) && happensBefore($0, j) }
                if ordered { continue }
                // What could run first instead of step i (source-DPOR's initials): the steps after
                // it that do not depend on it, up to j, with nothing among them before them.
                let notAfter = (i + 1...j).filter { !happensBefore(i, $0) }
                let initials = Set(notAfter.filter { k in !notAfter.contains { $0 < k && happensBefore($0, k) } }.map { steps[$0].lane })
                if path[i].backtrack.isDisjoint(with: initials) && initials.isDisjoint(with: path[i].asleep.keys) {
                    let runnable = initials.intersection(path[i].runnable)
                    if let lane = runnable.min() {
                        path[i].backtrack.insert(lane)
                    } else {
                        path[i].backtrack.formUnion(path[i].runnable)
                    }
                }
            }
        }
    }

    /// For each step, the latest step of each lane that happens before it (or -1): its lane's
    /// earlier steps, its causes, and every earlier step it conflicts with, transitively.
    private static func happensBefore(_ steps: [StepRecord]) -> [[Int]] {
        let lanes = (steps.map(\.lane).max() ?? 0) + 1
        var clocks: [[Int]] = []
        var lastOfLane: [Int: Int] = [:]
        for (j, step) in steps.enumerated() {
            var clock = Array(repeating: -1, count: lanes)
            var predecessors = step.causes
            if let previous = lastOfLane[step.lane] { predecessors.append(previous) }
            predecessors += (0..<j).filter { steps[$0].lane != step.lane && !steps[$0].footprint.isIndependent(of: step.footprint) }
            for predecessor in predecessors {
                for lane in 0..<lanes { clock[lane] = max(clock[lane], clocks[predecessor][lane]) }
            }
            clock[step.lane] = j
            clocks.append(clock)
            lastOfLane[step.lane] = j
        }
        return clocks
    }

    /// Backs up to the deepest step with a lane left to try; false when none is left anywhere.
    func advance() -> Bool {
        while var last = path.popLast() {
            last.explored[last.chosen] = last.chosenFootprint ?? Footprint(isOpaque: true)
            if let next = last.backtrack.subtracting(last.explored.keys).subtracting(last.asleep.keys).min() {
                last.chosen = next
                last.chosenFootprint = nil
                path.append(last)
                return true
            }
            skippedChoices += last.runnable.count - last.explored.count
        }
        return false
    }
}
