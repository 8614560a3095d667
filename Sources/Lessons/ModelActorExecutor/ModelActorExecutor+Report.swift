import PersistenceCore

extension ModelActorExecutor {
    /// Where each actor ran, and the updates both ways, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let detached = outcome.createdInDetachedTask, main = outcome.createdOnMainActor
        let perform = outcome.withPerform, actor = outcome.withModelActor
        let wrongWay = [
            "Task { @MainActor in DataHandler(...).checkQueueInfo() } printed: " + main.printed.joined(separator: ", ")
                + ". Created on the MainActor, a @ModelActor runs on the main queue: its work blocks the UI.",
            "The updates written with perform: \(perform.calls) calls ran \(perform.performClosures ?? 0) perform closures written by hand.",
        ]
        let queue = outcome.queueExecutor
        var rightWay = [
            "Article 001's first executor, over DispatchQueue(label: \"\(queue.queueLabel)\"): \(queue.calls) concurrent calls ran on "
                + "'\(queue.queuesSeen.joined(separator: "', '"))' and the actor counted \(queue.counted). A model actor's executor is "
                + "the same idea, with the context's perform as the serial queue:",
            "Task.detached { DataHandler(...).checkQueueInfo() } printed: " + detached.printed.joined(separator: ", ")
                + ". The actor runs on its private context's queue.",
        ]
        for placement in outcome.placements {
            rightWay.append("\(placement.kind) created on '\(placement.createdOn)' runs on '\(placement.queues.actorQueue)' "
                + "(context queue '\(placement.queues.contextQueue)').")
        }
        rightWay.append("The same updates as a model actor: \(actor.calls) calls and no perform in its code; its executor "
            + "scheduled \(actor.executorJobs ?? 0) jobs on the context's queue for them, and "
            + "\(actor.callsOnTheContextQueue) calls ran there; the counts "
            + (actor.counts == perform.counts ? "match" : "DIFFER") + " (\(actor.counts.count) items).")
        let measurements = [
            Measurement("perform closures written and run, perform version", Double(perform.performClosures ?? 0), unit: "closures"),
            Measurement("executor jobs, model actor", Double(actor.executorJobs ?? 0), unit: "jobs"),
            Measurement("calls, each version", Double(perform.calls), unit: "calls"),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }
}
