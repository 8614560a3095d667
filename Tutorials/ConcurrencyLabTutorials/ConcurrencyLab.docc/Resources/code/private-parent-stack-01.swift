/// The main context inserts `count` items and saves: the file is written on the main queue.
private func saveOnTheMainContext(_ count: Int, in environment: LessonEnvironment) async throws -> SaveRun {
    let container = try environment.makeContainer(for: [Item.self], name: "private-parent-stack-main")
    let saves = SaveWatch(container: container)
    await MainActor.run {
        for item in Self.items(count) { container.viewContext.insert(item) }
    }
    let heartbeat = MainQueueHeartbeat()
    let clock = ContinuousClock()
    let (mainQueueTime, recording) = try await heartbeat.measure {
        try await MainActor.run {
            let started = clock.now
            try container.viewContext.save()                      // the file, on the main queue
            return clock.now - started
        }
    }
    return SaveRun(fileWrittenOn: Self.commitQueues(saves), savedMilliseconds: mainQueueTime.milliseconds,
                   storedAfterTheUISave: try Self.storedCount(container), stored: try Self.storedCount(container),
                   mainQueueLongestWaitMilliseconds: recording.maxDelay.milliseconds)
}