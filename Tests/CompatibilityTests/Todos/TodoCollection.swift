import Foundation
import SwiftData

/// The todo app's store of items, written out by hand as SwiftData's `@ModelActor` expands, with
/// the names qualified by their module as the app writes them. Only `TodoSnapshot`s and `UUID`s
/// cross its boundary.
actor TodoCollection: ModelActor {
    nonisolated let modelExecutor: any SwiftData.ModelExecutor
    nonisolated let modelContainer: SwiftData.ModelContainer
    /// Where its log lines go.
    private let log: @Sendable (String) -> Void

    init(modelContainer: SwiftData.ModelContainer, log: @escaping @Sendable (String) -> Void = { _ in }) {
        let modelContext = ModelContext(modelContainer)
        self.modelExecutor = DefaultSerialModelExecutor(modelContext: modelContext)
        self.modelContainer = modelContainer
        self.log = log
    }

    /// Adds an item; returns its identifier.
    @discardableResult
    func insert(summary: String, priority: Int = 0, at date: Date) throws -> UUID {
        let item = TodoItem(dateUpdated: date, summary: summary, priority: priority)
        modelContext.insert(item)
        try modelContext.save()
        return item.uid
    }

    /// Marks the item done, or not done.
    func toggle(_ uid: UUID, at date: Date) throws {
        guard let item = try item(uid) else { return }
        item.isDone.toggle()
        touch(item, at: date)
        try modelContext.save()
    }

    /// Deletes the item, then logs which one it was.
    func delete(_ uid: UUID) throws {
        guard let item = try item(uid) else { return }
        modelContext.delete(item)
        try modelContext.save()
        // Read after the save: the deleted item keeps the values it had loaded.
        log("Deleted '\(item.summary)'")
    }

    /// Every item, the most urgent first.
    func items() throws -> [TodoSnapshot] {
        try modelContext.fetch(FetchDescriptor<TodoItem>(sortBy: [SortDescriptor(\.priority, order: .reverse), SortDescriptor(\.summary)]))
            .map(\.snapshot)
    }

    /// The items as JSON, through their own `Codable` conformance.
    func exported() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(modelContext.fetch(FetchDescriptor<TodoItem>(sortBy: [SortDescriptor(\.summary)])))
    }

    private func item(_ uid: UUID) throws -> TodoItem? {
        try modelContext.fetch(FetchDescriptor<TodoItem>(predicate: #Predicate { $0.uid == uid })).first
    }

    /// Any stamped model: through the protocol that refines `PersistentModel`.
    private func touch<Model: Stamped>(_ model: Model, at date: Date) {
        model.dateUpdated = date
    }
}
