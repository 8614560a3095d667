import Foundation

extension ReadsDuringImport {
    /// The lanes in words and numbers.
    public func report(_ outcome: Outcome) -> LessonReport {
        let shared = outcome.sharedConnection, pool = outcome.readerPool, batched = outcome.batchedAndPinned
        let unpinned = outcome.unpinnedFrameAcrossACommit, pinned = outcome.pinnedFrameAcrossACommit
        let wrongWay = [
            "A background context imported \(outcome.itemCount) items into a store holding \(outcome.preloaded), "
                + "in one save of \(Self.format(shared.longestSaveMilliseconds)) ms, while the main context drew the list "
                + "every \(Self.format(outcome.frameIntervalMilliseconds)) ms.",
            "With one shared connection (readers: 0), the longest frame spent \(Self.format(shared.longestReadMilliseconds)) ms "
                + "reading (\(Self.percent(shared.longestReadMilliseconds / max(shared.longestSaveMilliseconds, 0.001))) of the save); "
                + "\(shared.framesDuringSaves.count) frames started during the save, and the heartbeat waited up to "
                + "\(Self.format(shared.heartbeatMaxDelayMilliseconds)) ms"
                + (shared.longestReadMilliseconds > 0.5 * shared.longestSaveMilliseconds
                    ? ". The import ran on a private queue, and still the main queue froze: its read waited for the writer." : "."),
            "Unpinned, a frame that read its header (\(unpinned.header) items) before a batch committed and its rows after "
                + "showed item \(unpinned.newestShown) on top" + (unpinned.isTorn ? ": two states of the store in one frame." : "."),
        ]
        let rightWay = [
            "With readers beside the writer (readers: 4), the longest frame spent \(Self.format(pool.longestReadMilliseconds)) ms reading "
                + "(\(Self.percent(pool.longestReadMilliseconds / max(pool.longestSaveMilliseconds, 0.001))) of a "
                + "\(Self.format(pool.longestSaveMilliseconds)) ms save); \(pool.framesDuringSaves.count) frames were drawn during the save, "
                + "showing \(Set(pool.framesDuringSaves.map(\.header)).sorted().map { "\($0)" }.joined(separator: " then ")) items, "
                + "and the heartbeat waited up to \(Self.format(pool.heartbeatMaxDelayMilliseconds)) ms.",
            "Saved in batches of \(batched.batchSize) (\(batched.saves.count) saves) with every frame pinned to one query generation, "
                + "the list grew through \(Set(batched.frames.map(\.header)).count) states in \(batched.frames.count) frames, "
                + "\(batched.tornFrames) of them torn; the longest frame read for \(Self.format(batched.longestReadMilliseconds)) ms.",
            "Pinned, the frame with a batch forced between its reads showed \(pinned.header) items with item \(pinned.newestShown) on top"
                + (pinned.isTorn ? "." : ": one state, whatever committed meanwhile."),
        ]
        let measurements = [
            Measurement("items imported", Double(outcome.itemCount), unit: "items"),
            Measurement("shared connection: save", shared.longestSaveMilliseconds, unit: "ms"),
            Measurement("shared connection: longest frame read", shared.longestReadMilliseconds, unit: "ms"),
            Measurement("shared connection: frames during the save", Double(shared.framesDuringSaves.count), unit: "frames"),
            Measurement("shared connection: longest main-queue delay", shared.heartbeatMaxDelayMilliseconds, unit: "ms"),
            Measurement("reader pool: save", pool.longestSaveMilliseconds, unit: "ms"),
            Measurement("reader pool: longest frame read", pool.longestReadMilliseconds, unit: "ms"),
            Measurement("reader pool: frames during the save", Double(pool.framesDuringSaves.count), unit: "frames"),
            Measurement("reader pool: longest main-queue delay", pool.heartbeatMaxDelayMilliseconds, unit: "ms"),
            Measurement("batched and pinned: saves", Double(batched.saves.count), unit: "saves"),
            Measurement("batched and pinned: torn frames", Double(batched.tornFrames), unit: "frames"),
            Measurement("batched and pinned: longest frame read", batched.longestReadMilliseconds, unit: "ms"),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f", milliseconds)
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.0f%%", share * 100)
    }
}

extension ReadsDuringImport: TimelineLesson {
    public init(timelineItems items: Int) {
        self.init(itemCount: items)
    }

    public func timelineSummary(_ outcome: Outcome) -> String {
        let (shared, pool) = (outcome.sharedConnection, outcome.readerPool)
        return "the list's longest frame took "
            + String(format: "%.0f ms with one shared connection and %.0f ms with readers, ", shared.longestReadMilliseconds, pool.longestReadMilliseconds)
            + String(format: "beside saves of %.0f and %.0f ms", shared.longestSaveMilliseconds, pool.longestSaveMilliseconds)
    }
}
