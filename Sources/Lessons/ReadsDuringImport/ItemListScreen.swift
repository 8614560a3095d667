import Foundation
import PersistenceCore
import SampleModels

/// The screen the lesson keeps drawing: a header ("1,000 items") over the newest 50 rows, both
/// read from the main context, once per frame, on the main queue.
///
/// Items are imported in order and each one's `count` is its import number, so a consistent
/// frame shows, as its newest row, item number `header - 1`. A frame that shows anything else
/// read its header and its rows from two different states of the store: a torn frame.
public struct ItemListScreen: Sendable {
    let context: ModelContext
    /// How many rows one page shows.
    public static let pageSize = 50

    /// What one frame read, and how long reading it kept the main queue.
    public struct Frame: Sendable, Codable, Hashable {
        /// When the frame started reading, since the lane began.
        public var started: Duration
        /// How long its two reads took: the time the main queue spent in this frame.
        public var readTime: Duration
        /// The header's count.
        public var header: Int
        /// The import number of the newest row shown, or -1 for an empty list.
        public var newestShown: Int

        /// The header and the rows come from two different states of the store.
        public var isTorn: Bool { newestShown != header - 1 }
    }

    /// Reads one frame: pinned, the header and the rows come from one committed state (Core
    /// Data's query generation); unpinned, each read sees the latest commit.
    ///
    /// `betweenReads` runs after the header is read and before the rows are: how the lesson
    /// forces a commit into the middle of a frame. Call on the main queue.
    func drawFrame(pinned: Bool, since origin: ContinuousClock.Instant, betweenReads: () throws -> Void = {}) throws -> Frame {
        let clock = ContinuousClock()
        let started = clock.now
        // Pinning again at each frame moves the list to the latest commit, once per frame.
        context.queryGeneration = pinned ? .current : nil
        let header = try context.fetchCount(FetchDescriptor<Item>())
        try betweenReads()
        var page = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.count, order: .reverse)])
        page.fetchLimit = Self.pageSize
        let rows = try context.fetch(page)
        return Frame(started: started - origin, readTime: clock.now - started, header: header,
                     newestShown: rows.first?.count ?? -1)
    }
}
