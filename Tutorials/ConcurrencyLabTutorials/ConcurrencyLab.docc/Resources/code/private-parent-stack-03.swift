/// The UI context, a main-queue child of a private writer, inserts `count` items and saves into
/// the writer; the writer writes the file on its own queue.
private func saveBehindAWriter(_ count: Int, in environment: LessonEnvironment) async throws -> SaveRun {
    let container = try environment.makeContainer(for: [Item.self], name: "private-parent-stack-writer")
    let stack = WriterStack(container: container)
    let saves = SaveWatch(container: container)
    await MainActor.run {
        for item in Self.items(count) { stack.viewContext.insert(item) }
    }
    let heartbeat = MainQueueHeartbeat()
    let clock = ContinuousClock()
    let ((pushTime, storedAfterPush), recording) = try await heartbeat.measure {
        let push = try await MainActor.run {
            let started = clock.now
            try stack.viewContext.save()                          // into the writer, on the main queue
            return (clock.now - started, try Self.storedCount(container))
        }
        try await stack.writer.perform { try stack.writer.save() }   // the file, on the writer's queue
        return push
    }
    return SaveRun(fileWrittenOn: Self.commitQueues(saves), savedMilliseconds: pushTime.milliseconds,
                   storedAfterTheUISave: storedAfterPush, stored: try Self.storedCount(container),
                   mainQueueLongestWaitMilliseconds: recording.maxDelay.milliseconds)
}

/// The writer saves; once its save has started, the UI context fetches: the fetch goes through
/// the writer, so it returns only after the writer's save.
private func readWhileTheWriterSaves(_ count: Int, in environment: LessonEnvironment) async throws -> ReadDuringWrite {
    let container = try environment.makeContainer(for: [Item.self], name: "private-parent-stack-read")
    let stack = WriterStack(container: container)
    try await MainActor.run {
        for item in Self.items(count) { stack.viewContext.insert(item) }
        try stack.viewContext.save()
    }
    let saving = AsyncSignal()
    let clock = ContinuousClock()
    async let saved: ContinuousClock.Instant = stack.writer.perform {
        saving.signal()                                           // the writer's queue is busy from here
        try stack.writer.save()
        return clock.now
    }
    await saving.wait()
    let (fetched, returned) = try await MainActor.run {
        (try stack.viewContext.fetchCount(FetchDescriptor<Item>()), clock.now)  // waits for the writer's queue
    }
    let saveEnded = try await saved
    return ReadDuringWrite(fetchReturnedAfterTheSave: returned >= saveEnded, fetched: fetched)
}