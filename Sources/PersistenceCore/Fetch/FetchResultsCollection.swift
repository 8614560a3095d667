/// The models a batched fetch found: SwiftData's `FetchResultsCollection`, returned by
/// ``ModelContext/fetch(_:batchSize:)``.
///
/// SwiftData reads the identifiers first and the models in batches of `batchSize` as they are
/// reached. Here the models are fetched at once, as ``ModelContext/fetch(_:)`` fetches them: the
/// same models in the same order, with more of them in memory at a time (to walk a large result in
/// batches, use ``ModelContext/enumerate(_:batchSize:allowEscapingMutations:block:)``). Like the
/// models, it belongs to the context's queue.
public struct FetchResultsCollection<Element: PersistentModel>: RandomAccessCollection {
    private let models: [Element]

    init(_ models: [Element]) {
        self.models = models
    }

    public var startIndex: Int { models.startIndex }
    public var endIndex: Int { models.endIndex }
    public subscript(position: Int) -> Element { models[position] }
}

extension ModelContext {
    /// The models `descriptor` finds, SwiftData's batched fetch.
    ///
    /// - Throws: ``ModelError/invalidFetchDescriptor(entity:reason:)`` for a batch size below 1,
    ///   and whatever ``fetch(_:)`` throws.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws -> FetchResultsCollection<T> {
        checkQueue("ModelContext.fetch(_:batchSize:)")
        guard batchSize > 0 else {
            throw ModelError.invalidFetchDescriptor(entity: T.entitySchema.name, reason: "fetch's batchSize is \(batchSize); it counts models per batch, so it is 1 or more")
        }
        return FetchResultsCollection(try fetch(descriptor))
    }
}
