/// A model's ``BackingData`` seen through its model type: SwiftData's `any BackingData<Model>`,
/// with the key-path forms article 000 experiments with.
///
/// ```swift
/// DispatchQueue.global().async {
///     item.persistentBackingData.setValue(forKey: \.timestamp, to: .now)   // off the context's queue
/// }
/// ```
///
/// Each call goes through the same path as `item.timestamp`: the queue rule is checked
/// (``ConcurrencyDebug``), an off-queue access hops under ``AccessPolicy/autoDispatch``, a fault
/// fires, the change is recorded for the next save. Writing through the backing data is no way
/// around the rule.
public struct PersistentBackingData<Model: PersistentModel> {
    /// The backing data itself, shared with the model.
    public let backingData: BackingData

    init(_ backingData: BackingData) {
        self.backingData = backingData
    }

    /// The model's identifier; safe from any thread.
    public var persistentModelID: PersistentIdentifier { backingData.persistentModelID }

    /// Reads the attribute at `keyPath`, exactly as the model's getter does.
    public func getValue<Value: PersistentValue>(forKey keyPath: KeyPath<Model, Value>) -> Value {
        backingData.getValue(at: index(of: keyPath))
    }

    /// Writes the attribute at `keyPath`, exactly as the model's setter does.
    public func setValue<Value: PersistentValue>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value) {
        backingData.setValue(newValue, at: index(of: keyPath))
    }

    /// The attribute's position in the entity, from the key-path table `@Model` generates.
    private func index(of keyPath: PartialKeyPath<Model>) -> Int {
        guard let name = Model.attributeKeyPaths[keyPath], let index = Model.entitySchema.attributeIndex(named: name) else {
            fatalError("\(Model.self) has no persisted attribute at \(keyPath): getValue(forKey:) and setValue(forKey:to:) take a stored attribute's key path")
        }
        return index
    }
}

// A view of a model's backing data belongs where the model does: on its context's queue.
@available(*, unavailable)
extension PersistentBackingData: Sendable {}
