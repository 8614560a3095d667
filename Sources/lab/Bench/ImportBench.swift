import Foundation
import PersistenceCore
import SampleModels
import Lessons

/// The import `lab bench` measures and `lab timeline` draws: N items inserted and saved, in one
/// of three places, while a heartbeat watches the main queue; and the background import again
/// with a list on screen, which SwiftData's main context keeps up to date.
enum ImportBench {
    /// Where the import runs.
    enum Place: String, CaseIterable, Sendable {
        case mainContext = "main context"
        case backgroundContext = "background context"
        case modelActor = "model actor"
        case backgroundIntoFullList = "background, list of all"
        case backgroundIntoScreenful = "background, list of 100"

        /// The id used in JSON and SVG.
        var id: String {
            switch self {
            case .mainContext: "main-context"
            case .backgroundContext: "background-context"
            case .modelActor: "model-actor"
            case .backgroundIntoFullList: "background-context-list-of-all"
            case .backgroundIntoScreenful: "background-context-list-of-100"
            }
        }

        /// The list on SwiftData's main context, if the place has one.
        var list: ListOnScreen? {
            switch self {
            case .backgroundIntoFullList: .everyItem
            case .backgroundIntoScreenful: .first(100)
            case .mainContext, .backgroundContext, .modelActor: nil
            }
        }
    }

    /// What a list on screen shows.
    enum ListOnScreen: Sendable {
        case everyItem
        case first(Int)

        /// Its `fetchLimit`.
        var limit: Int? {
            switch self {
            case .everyItem: nil
            case .first(let count): count
            }
        }
    }

    /// One measured import.
    struct Result: Sendable {
        let place: Place
        let items: Int
        let seconds: Double
        let maxMainQueueDelayMilliseconds: Double
        let mainQueueBlockedShare: Double
    }

    /// Imports `items` items at `place` into a fresh container from `environment`.
    static func run(_ place: Place, items: Int, in environment: LessonEnvironment,
                    progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Result {
        let container = try environment.makeContainer(for: [Item.self], name: "bench-\(place.id)")
        let origin = Date(timeIntervalSinceReferenceDate: 0)
        // A list on screen: SwiftData's main context merges the background save by itself, and
        // the list takes in what it merged, both on the main queue.
        let list: ItemListOnScreen? = if let shown = place.list {
            try await MainActor.run { try ItemListOnScreen(on: container, limit: shown.limit) }
        } else {
            nil
        }
        let heartbeat = MainQueueHeartbeat()
        let clock = ContinuousClock()
        let (elapsed, recording) = try await heartbeat.measure { () async throws -> Duration in
            let start = clock.now
            switch place {
            case .mainContext:
                // What a SwiftUI view's `modelContext` does: all of it on the main queue.
                try await MainActor.run {
                    let context = container.mainContext
                    for index in 0..<items { context.insert(Item(timestamp: origin + Double(index))) }
                    try context.save()
                }
                progress(items)
            case .backgroundContext, .backgroundIntoFullList, .backgroundIntoScreenful:
                let context = container.newBackgroundContext()
                context.name = "background import"
                try await context.perform {
                    for index in 0..<items { context.insert(Item(timestamp: origin + Double(index))) }
                    try context.save()
                }
                if let list {
                    // Behind the merge the save enqueued on the main queue, and the list's update.
                    let shown = await list.count
                    let expected = min(items, place.list?.limit ?? items)
                    guard shown == expected else {
                        throw LabFailure(message: "the list on the main context shows \(shown) items after the import, not \(expected)")
                    }
                }
                progress(items)
            case .modelActor:
                let importer = BenchImporter(modelContainer: container)
                var done = 0
                while done < items {
                    let batch = min(1_000, items - done)
                    try await importer.importItems(from: done, count: batch, origin: origin)
                    done += batch
                    progress(done)
                }
            }
            return clock.now - start
        }
        return Result(place: place, items: items, seconds: elapsed.seconds,
                      maxMainQueueDelayMilliseconds: recording.maxDelay.seconds * 1000,
                      mainQueueBlockedShare: recording.blockedShare)
    }
}

/// The model actor of the bench: imports in batches of 1,000, one save each, on a private queue
/// (`@BackgroundModelActor` is the lab's own macro; an app writes SwiftData's `@ModelActor`).
@BackgroundModelActor
actor BenchImporter {
    func importItems(from start: Int, count: Int, origin: Date) throws {
        for index in start..<(start + count) {
            modelContext.insert(Item(timestamp: origin + Double(index)))
        }
        try modelContext.save()
    }
}
