import Foundation
import PersistenceCore
import SampleModels

/// The background half of the lesson: a model actor with a private queue that imports a feed of
/// items and saves once, as article 004 advises. Nothing it does runs on the main queue; what the
/// main queue does with its save depends on the list there.
@BackgroundModelActor  // the lab's own; SwiftData: a @ModelActor made off the MainActor
actor FeedImporter {
    /// Names the actor's context, as a trace names its lane.
    func name(_ name: String) {
        modelContext.name = name
    }

    /// The label of the queue the actor's context runs on: where the import ran.
    func queueLabel() -> String {
        DispatchQueue.currentLabel
    }

    /// Inserts `count` items, one second apart from `origin`, newest first (so that the store's
    /// order is not the list's), saves once, and returns their permanent identifiers oldest
    /// first: the order a list by timestamp shows them in.
    func importItems(_ count: Int, from origin: Date) throws -> [PersistentIdentifier] {
        var items: [Item] = []
        items.reserveCapacity(count)
        for second in (0..<count).reversed() {
            let item = Item(timestamp: origin.addingTimeInterval(Double(second)), title: "item \(second)", count: second)
            modelContext.insert(item)
            items.append(item)
        }
        try modelContext.save()
        return items.reversed().map(\.persistentModelID)
    }
}
