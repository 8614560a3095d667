import PersistenceCore

extension PrivateParentStack {
    /// Where each way wrote the file and what the main queue paid, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        let direct = outcome.straightToTheStore, stack = outcome.behindAWriter, read = outcome.readDuringTheWrite
        func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
        let wrongWay = [
            "The main context inserted \(outcome.itemCount) items and saved: the store was written on "
                + "\(direct.fileWrittenOn.joined(separator: ", ")), and the save took \(ms(direct.savedMilliseconds)) of the main queue; "
                + "the heartbeat's longest wait was \(ms(direct.mainQueueLongestWaitMilliseconds)).",
        ]
        let rightWay = [
            "Behind a private writer (WriterStack), the UI's save pushed the items into the writer in \(ms(stack.savedMilliseconds)) "
                + "of the main queue, and the store then held \(stack.storedAfterTheUISave) of them.",
            "The writer's save wrote the store on \(stack.fileWrittenOn.joined(separator: ", ")): \(stack.stored) items. "
                + "The heartbeat's longest wait was \(ms(stack.mainQueueLongestWaitMilliseconds)).",
            "The file write left the main queue; the push did not: \(ms(stack.savedMilliseconds)) of it against "
                + "\(ms(direct.savedMilliseconds)) for the whole save straight to the store (copying each changed object into the writer, "
                + "and waiting for the writer's queue).",
            "A fetch on the UI context made while the writer saved "
                + (read.fetchReturnedAfterTheSave ? "returned only after the save: every read of the child goes through the writer's queue."
                    : "returned before the save finished."),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: [
            Measurement("main queue spent saving, straight to the store", direct.savedMilliseconds, unit: "ms"),
            Measurement("main queue spent pushing into the writer", stack.savedMilliseconds, unit: "ms"),
            Measurement("heartbeat's longest wait, straight to the store", direct.mainQueueLongestWaitMilliseconds, unit: "ms"),
            Measurement("heartbeat's longest wait, behind a writer", stack.mainQueueLongestWaitMilliseconds, unit: "ms"),
        ])
    }
}
