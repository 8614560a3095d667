import Foundation

extension NonisolatedAsync {
    /// Where each call ran and what the main queue felt, in words and numbers.
    public func report(_ outcome: Outcome) -> LessonReport {
        func ms(_ value: Double) -> String { String(format: "%.1f", value) }
        func line(_ lane: Lane) -> String {
            let caller = lane.way == .nonisolatedNonsendingUnannotatedFromDetachedTask ? "from a detached task" : "from the MainActor"
            return "\(lane.way.setting.title), \(caller): \(lane.way.call) ran on '\(lane.ranOn)', its context on '\(lane.contextQueue)'; "
                + "the heartbeat waited up to \(ms(lane.heartbeatMaxDelayMilliseconds)) ms of the \(ms(lane.importMilliseconds)) ms import"
                + (lane.heldShare > 0.5 ? ": the main queue was held." : ".")
        }
        let pitfalls: [Way] = [.swift6Unannotated, .nonisolatedNonsendingUnannotated, .defaultMainActorUnannotated]
        var wrongWay = ["One helper file, compiled under three settings; each copy imports \(outcome.itemCount) items into a context it creates "
            + "(best of \(outcome.attempts) runs each)."]
        wrongWay += outcome.lanes.filter { pitfalls.contains($0.way) }.map(line)
        let swift6 = outcome.lane(.swift6Unannotated)
        let moved = outcome.lanes.filter { $0.way != .swift6Unannotated && pitfalls.contains($0.way) && $0.onMainQueue }
        if swift6?.offMainQueue == true && !moved.isEmpty {
            wrongWay.append("The same text that left the MainActor under Swift 6 stayed on it under "
                + moved.map(\.way.setting.title).joined(separator: " and ") + ": its \"background\" context is a main-queue context.")
        }

        var rightWay = outcome.lanes.filter { !pitfalls.contains($0.way) }.map(line)
        let compiled = outcome.snippet
        if let reason = compiled.notCompiledBecause {
            rightWay.append("The snippet \(compiled.file) was not compiled: \(reason).")
        } else {
            for compilation in compiled.compilations {
                let refused = ["shown", "alsoShown"].filter(compilation.refusedToSend)
                rightWay.append("\(compilation.setting.title): the compiler "
                    + (refused.isEmpty ? "accepts both sends" : "refuses to send " + refused.map { "'\($0)'" }.joined(separator: " and "))
                    + " in \(compiled.file)" + (compilation.errors.count > refused.count ? ", and reports \(compilation.errors.count - refused.count) other errors." : "."))
            }
        }
        let measurements = outcome.lanes.flatMap { lane in
            [Measurement("\(lane.way.rawValue): import time", lane.importMilliseconds, unit: "ms"),
             Measurement("\(lane.way.rawValue): longest main-queue delay", lane.heartbeatMaxDelayMilliseconds, unit: "ms")]
        }
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}
