import Dispatch
import Foundation
import PersistenceCore
import SampleModels

// Model actors the concurrency suites share.

/// A `@ModelActor`: where it is created decides its queue (SwiftData's rule).
@ModelActor actor DataHandler {
    /// The label of the queue this method runs on.
    func currentQueueLabel() -> String {
        DispatchQueue.currentLabel
    }

    /// The label of the actor's context's queue.
    func contextQueueLabel() -> String {
        modelContext.queueLabel
    }

    /// Inserts and saves an item; returns its permanent identifier.
    func insertItem(count: Int) throws -> PersistentIdentifier {
        let item = Item(timestamp: .now, count: count)
        modelContext.insert(item)
        try modelContext.save()
        return item.persistentModelID
    }

    /// The item's count, looked up through the subscript; nil when there is no such item.
    func count(of id: PersistentIdentifier) -> Int? {
        self[id, as: Item.self]?.count
    }

    /// Lets other contexts' saves reach this context.
    func mergeOtherSaves() {
        modelContext.automaticallyMergesChangesFromParent = true
    }

    /// One call of the serial-execution test: records overlap, and whether it ran on the queue.
    func work(_ probe: ConcurrencyProbe) -> Bool {
        probe.enter()
        defer { probe.leave() }
        var sum = 0
        for value in 0..<200 { sum &+= value }
        return sum > 0 && DispatchQueue.currentLabel == modelContext.queueLabel
    }

    /// Calls `partner` back, which calls this actor back, `remaining` times in all; returns how
    /// many of those calls ran on their own context's queue.
    func ping(_ remaining: Int, partner: DataHandler) async -> Int {
        let here = DispatchQueue.currentLabel == modelContext.queueLabel ? 1 : 0
        guard remaining > 0 else { return here }
        return await partner.ping(remaining - 1, partner: self) + here
    }
}

/// A `@BackgroundModelActor`: always a private queue.
@BackgroundModelActor actor Importer {
    /// The label of the queue this method runs on.
    func currentQueueLabel() -> String {
        DispatchQueue.currentLabel
    }

    /// The label of the actor's context's queue.
    func contextQueueLabel() -> String {
        modelContext.queueLabel
    }
}

/// A `@BackgroundModelActor` that writes its own initializer.
@BackgroundModelActor(disableGenerateInit: true) actor TaggedImporter {
    let tag: String

    init(modelContainer: ModelContainer, tag: String) {
        self.modelContainer = modelContainer
        self.modelExecutor = ModelContextExecutor(context: modelContainer.newBackgroundContext())
        self.tag = tag
    }

    /// The tag, and whether this method runs on the actor's context's queue.
    func describe() -> (String, Bool) {
        (tag, DispatchQueue.currentLabel == modelContext.queueLabel)
    }
}

/// A `@MainModelActor`: a view model on the main queue, over the main context.
@MainModelActor final class ItemListModel {
    var loads = 0

    /// The label of the queue this method runs on.
    func currentQueueLabel() -> String {
        DispatchQueue.currentLabel
    }

    /// Counts the items in the main context.
    func itemCount() throws -> Int {
        loads += 1
        return try modelContext.fetchCount(FetchDescriptor<Item>())
    }
}
