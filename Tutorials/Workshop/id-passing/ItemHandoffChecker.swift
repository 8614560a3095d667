import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract, first half: an actor that creates items and hands out their identifiers.
protocol ItemInserting: Actor {
    init(modelContainer: ModelContainer)
    /// Inserts and saves an item stamped `date`; returns what another context needs to find it.
    func insertItem(stamped date: Date) throws -> PersistentIdentifier
}

/// The exercise's contract, second half: an actor that updates items by identifier.
protocol ItemCounting: Actor {
    init(modelContainer: ModelContainer)
    /// Sets the count of the item `id` names, and saves.
    func setCount(_ count: Int, ofItemWith id: PersistentIdentifier) throws
}

/// Checks each actor alone (so one mistake does not hide the other), then the two together.
enum ItemHandoffChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "id-passing",
        title: "Pass identifiers between two actors",
        goal: "`ItemInserter` creates an item on its own context; `ItemCounter`, another model actor, must then update that item. A model cannot cross from one actor to the other (the compiler says so), so the inserter hands over the item's `PersistentIdentifier`. Two mistakes keep the counter from ever finding the item. Find and fix both.",
        file: "Tutorials/Workshop/id-passing/ItemHandoff.swift",
        exerciseCheck: "ItemHandoffChecker.check(ItemInserter.self, ItemCounter.self)",
        checkSolution: { await ItemHandoffChecker.check(Solution.ItemInserter.self, Solution.ItemCounter.self) }
    )

    static func check<Inserter: ItemInserting, Counter: ItemCounting>(
        _ inserter: Inserter.Type, _ counter: Counter.Type
    ) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            var findings: [String] = []

            // The inserter alone: is the identifier it returns usable in another context?
            let handedOver = try await Inserter(modelContainer: container).insertItem(stamped: Date(timeIntervalSince1970: 1))
            if handedOver.isTemporary {
                findings.append("insertItem returned a temporary identifier (\(handedOver.uriRepresentation.absoluteString)): "
                    + "it was taken before the save, and names the item only in the inserter's own context.")
            }

            // The counter alone, with a permanent identifier the checker made itself.
            let checkerContext = container.newBackgroundContext()
            let permanent = try checkerContext.performAndWait {
                let item = Item(timestamp: Date(timeIntervalSince1970: 2))
                checkerContext.insert(item)
                try checkerContext.save()
                return item.persistentModelID
            }
            try await Counter(modelContainer: container).setCount(7, ofItemWith: permanent)
            if count(of: permanent, in: container) != 7 {
                findings.append("setCount(7, ofItemWith:) did not update an item saved by another context: a new "
                    + "actor's context holds no objects yet, so the lookup must load the item from the store.")
            }

            // Together, as the app uses them.
            if findings.isEmpty {
                let id = try await Inserter(modelContainer: container).insertItem(stamped: Date(timeIntervalSince1970: 3))
                try await Counter(modelContainer: container).setCount(9, ofItemWith: id)
                if count(of: id, in: container) != 9 {
                    findings.append("An item inserted by ItemInserter and counted by ItemCounter does not have count 9 in the store.")
                }
            }
            return findings
        } catch {
            return [finding(for: error, in: "Handing an item from ItemInserter to ItemCounter")]
        }
    }

    /// The stored count of the item `id` names, read in a fresh context; nil if not found.
    private static func count(of id: PersistentIdentifier, in container: ModelContainer) -> Int? {
        let context = container.newBackgroundContext()
        return context.performAndWait {
            guard !id.isTemporary else { return nil }
            return try? context.existingModel(for: id, as: Item.self).count
        }
    }
}
