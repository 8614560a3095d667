import SwiftData
import Foundation

/// What a query reads: every model, or those a predicate accepts, in an order, at most so many.
public struct DatabaseQuery<Model: PersistentModel>: Sendable {
    public var predicate: Predicate<Model>?
    public var sortBy: [SortDescriptor<Model>]
    public var limit: Int?

    public init(_ predicate: Predicate<Model>? = nil, sortBy: [SortDescriptor<Model>] = [], limit: Int? = nil) {
        self.predicate = predicate
        self.sortBy = sortBy
        self.limit = limit
    }

    /// Every model, in the store's order.
    public static var all: DatabaseQuery { DatabaseQuery() }

    var descriptor: FetchDescriptor<Model> {
        var descriptor = FetchDescriptor<Model>(predicate: predicate, sortBy: sortBy)
        descriptor.fetchLimit = limit
        return descriptor
    }
}

/// What a delete removes.
public enum DeleteSelector<Model: PersistentModel>: Sendable {
    /// Every model of the type.
    case all
    /// The models a predicate accepts.
    case matching(Predicate<Model>)
    /// The models with these identifiers (`model.id`, as a list hands them out).
    case identifiers([PersistentIdentifier])
}

/// A generic database over one container, the shape public SwiftData libraries give theirs:
/// models stay inside the actor, and only identifiers and `Sendable` values come out.
@ModelActor
public actor Database {
    /// Inserts the model `make` returns, saves, and returns its identifier.
    @discardableResult
    public func insert<Model: PersistentModel>(_ make: @Sendable () -> Model) throws -> PersistentIdentifier {
        let model = make()
        modelContext.insert(model)
        try saveOrRollBack()
        return model.persistentModelID
    }

    /// The models `query` selects, each turned into a value by `transform` on the actor.
    public func fetch<Model: PersistentModel, Value: Sendable>(
        _ query: DatabaseQuery<Model>, _ transform: @Sendable (Model) throws -> Value
    ) throws -> [Value] {
        try modelContext.fetch(query.descriptor).map(transform)
    }

    /// How many models `query` selects.
    public func count<Model: PersistentModel>(_ query: DatabaseQuery<Model>) throws -> Int {
        try modelContext.fetchCount(query.descriptor)
    }

    /// The identifiers of the models `query` selects, as SwiftUI lists key them.
    public func identifiers<Model: PersistentModel>(_ query: DatabaseQuery<Model>) throws -> [PersistentIdentifier.ID] {
        try modelContext.fetchIdentifiers(query.descriptor).map(\.id)
    }

    /// Changes the model `id` names with `edit`, and saves; false when there is no such model.
    @discardableResult
    public func update<Model: PersistentModel>(
        _ type: Model.Type, id: PersistentIdentifier, _ edit: @Sendable (Model) -> Void
    ) throws -> Bool {
        guard let model = self[id, as: Model.self] else { return false }
        edit(model)
        try saveOrRollBack()
        return true
    }

    /// Deletes what `selector` selects, and saves; returns how many models it deleted.
    @discardableResult
    public func delete<Model: PersistentModel>(_ selector: DeleteSelector<Model>) throws -> Int {
        let models: [Model]
        switch selector {
        case .all:
            models = try modelContext.fetch(FetchDescriptor<Model>())
        case .matching(let predicate):
            models = try modelContext.fetch(FetchDescriptor<Model>(predicate: predicate))
        case .identifiers(let identifiers):
            models = identifiers.compactMap { self[$0, as: Model.self] }
        }
        for model in models { modelContext.delete(model) }
        try saveOrRollBack()
        return models.count
    }

    /// Saves; when the save fails, forgets the changes, so that the next call starts from what is
    /// stored (a failed save leaves them pending in the context, to be saved again or undone).
    private func saveOrRollBack() throws {
        do {
            try modelContext.save()
        } catch {
            modelContext.rollback()
            throw error
        }
    }
}
