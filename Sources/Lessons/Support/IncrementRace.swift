import Foundation
import PersistenceCore
import SampleModels

/// Increments of one item's count (two, or more), each on a context of its own or all on one,
/// explored over every schedule: the race wrong-queue-mutation and merge-conflicts count, and the
/// explorer's benchmark runs.
///
/// - `.split`: each increment reads the count in one `perform` and writes count + 1 and saves in
///   a second one, as code that awaits something in between does.
/// - `.whole`: each increment reads, writes and saves in one `perform`.
///
/// A refused save (a merge conflict under `.error`) rolls back and counts as refused: the update
/// did not happen, and the app was told.
public enum IncrementRace {
    public enum Shape: String, Sendable, Codable {
        case split
        case whole
    }

    /// The race as a body for `Interleavings` (module InterleavingExplorer): builds a fresh in-memory store
    /// each run, then runs `increments` increments at once, each in a task of its own, on one
    /// shared context or on a context each.
    public static func body(increments: Int = 2, sharingOneContext: Bool, shape: Shape,
                            policy: MergePolicy) -> @Sendable () async throws -> RaceOutcome {
        {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let id = try await seed(container)
            let shared = ModelContext(container, concurrencyType: .privateQueue)
            shared.name = "shared context"
            let contexts = (0..<increments).map { index in
                if sharingOneContext { return shared }
                let context = ModelContext(container, concurrencyType: .privateQueue)
                context.name = "context " + String(UnicodeScalar(UInt8(65 + index)))
                return context
            }
            for context in contexts { context.mergePolicy = policy }
            let saved = await withTaskGroup(of: Bool.self) { group in
                for context in contexts {
                    group.addTask { await increment(id, on: context, shape: shape) }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            if saved.contains(false) { return .refused }
            return try await count(of: id, in: container) == increments ? .keptBoth : .lostOne
        }
    }

    /// Saves one item at count 0 in `container`; returns its identifier.
    public static func seed(_ container: ModelContainer) async throws -> PersistentIdentifier {
        let context = ModelContext(container, concurrencyType: .privateQueue)
        context.name = "setup"
        return try await context.perform {
            let item = Item(timestamp: Date(timeIntervalSince1970: 0), title: "counter")
            context.insert(item)
            try context.save()
            return item.persistentModelID
        }
    }

    /// The item's count as the store holds it now, read by a fresh context.
    public static func count(of id: PersistentIdentifier, in container: ModelContainer) async throws -> Int {
        let context = ModelContext(container, concurrencyType: .privateQueue)
        context.name = "reader"
        return try await context.perform {
            try context.existingModel(for: id, as: Item.self).count
        }
    }

    /// One increment; false when its save was refused (and rolled back).
    static func increment(_ id: PersistentIdentifier, on context: ModelContext, shape: Shape) async -> Bool {
        do {
            switch shape {
            case .split:
                let read = try await context.perform { try counter(id, in: context).count }
                try await context.perform {
                    try counter(id, in: context).count = read + 1
                    try context.save()
                }
            case .whole:
                try await context.perform {
                    try counter(id, in: context).count += 1
                    try context.save()
                }
            }
            return true
        } catch {
            await context.perform { context.rollback() }
            return false
        }
    }

    private static func counter(_ id: PersistentIdentifier, in context: ModelContext) throws -> Item {
        try context.existingModel(for: id, as: Item.self)
    }

}
