import Foundation

/// SwiftData's conveniences on a context, so a model layer written for SwiftData compiles
/// unchanged. Each is plain code over `fetch`, `delete` and `save`; the queue rule applies to
/// them as to those.
extension ModelContext {
    /// Runs `block`, then saves what it changed: SwiftData's `transaction(block:)`.
    ///
    /// If `block` throws, nothing is saved and the error comes out; the changes made so far stay
    /// pending (SwiftData does not document this case). A failed save throws as `save()` does.
    public func transaction(block: () throws -> Void) throws {
        checkQueue("ModelContext.transaction(block:)")
        try block()
        try save()
    }

    /// The models inserted since the last save: SwiftData's name for ``insertedModels``.
    public var insertedModelsArray: [any PersistentModel] { insertedModels }
    /// The saved models changed since the last save: SwiftData's name for ``changedModels``.
    public var changedModelsArray: [any PersistentModel] { changedModels }
    /// The models marked for deletion: SwiftData's name for ``deletedModels``.
    public var deletedModelsArray: [any PersistentModel] { deletedModels }

    /// The identifiers of the models `descriptor` finds, in its order: SwiftData's
    /// `fetchIdentifiers(_:)`, what a background actor hands to the MainActor.
    ///
    /// Here the models are fetched into this context and their identifiers read, so they stay
    /// registered in it (SwiftData reads only the identifiers).
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        checkQueue("ModelContext.fetchIdentifiers(_:)")
        return try fetch(descriptor).map(\.persistentModelID)
    }

    /// Marks every model of type `T` that matches `predicate` (every one, for nil) for deletion at
    /// the next save: SwiftData's `delete(model:where:includeSubclasses:)`.
    ///
    /// The models are fetched into this context and deleted one by one, so delete rules, inverses
    /// and `hasChanges` behave as for `delete(_:)`. With `includeSubclasses` false, instances of
    /// `T`'s `@Model` subclasses (which a fetch of `T` returns) are left alone.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        checkQueue("ModelContext.delete(model:where:includeSubclasses:)")
        for found in try fetch(FetchDescriptor<T>(predicate: predicate))
        where includeSubclasses || found.backingData.entity.name == T.entitySchema.name {
            delete(found)
        }
    }

    /// Runs `block` for each model `fetch` finds, fetching `batchSize` models at a time:
    /// SwiftData's `enumerate(_:batchSize:allowEscapingMutations:block:)`.
    ///
    /// - Throws: ``ModelError/invalidFetchDescriptor(entity:reason:)`` for a batch size below 1;
    ///   ``ModelError/mutationsDuringEnumeration(entity:)`` when `block` leaves changes in a context
    ///   that had none and `allowEscapingMutations` is false (checked after each batch; the
    ///   changes stay pending); whatever `block` or the fetch throws.
    public func enumerate<T: PersistentModel>(_ fetch: FetchDescriptor<T>, batchSize: Int = 5000, allowEscapingMutations: Bool = false,
                                              block: (T) throws -> Void) throws {
        checkQueue("ModelContext.enumerate(_:batchSize:allowEscapingMutations:block:)")
        let entity = T.entitySchema.name
        guard batchSize > 0 else {
            throw ModelError.invalidFetchDescriptor(entity: entity, reason: "enumerate's batchSize is \(batchSize); it counts models per fetch, so it is 1 or more")
        }
        let startedClean = !hasChanges
        let first = fetch.fetchOffset ?? 0
        var enumerated = 0
        while fetch.fetchLimit.map({ enumerated < $0 }) ?? true {
            var page = fetch
            page.fetchOffset = first + enumerated
            page.fetchLimit = min(batchSize, fetch.fetchLimit.map { $0 - enumerated } ?? batchSize)
            let models = try self.fetch(page)
            for model in models { try block(model) }
            if startedClean && !allowEscapingMutations && hasChanges {
                throw ModelError.mutationsDuringEnumeration(entity: entity)
            }
            enumerated += models.count
            if models.count < batchSize { break }
        }
    }
}
