import Foundation

/// Updates every matching row with one SQL statement, bypassing every context:
/// Core Data's `NSBatchUpdateRequest`.
///
/// Fast, because no object is loaded; but contexts that hold those objects do not see the change
/// until they merge it by hand (``ModelContext/mergeChanges(fromRemoteContextSave:into:)``) or refresh, and
/// their next save of those objects meets a conflict: the row's version (`Z_OPT`) moved on.
public struct BatchUpdateRequest<T: PersistentModel>: Sendable {
    /// Which rows; nil for all.
    public var predicate: Predicate<T>?
    /// New values by property name, e.g. `["age": 30, "sex": "f"]`; checked against the schema.
    public var propertiesToUpdate: [String: any Sendable]
    /// What ``ModelContainer/execute(_:)-(BatchUpdateRequest<T>)`` returns: ``BatchResultType/statusOnly``
    /// unless you ask for more, as Core Data's `resultType` defaults to `.statusOnly`.
    public var resultType: BatchResultType

    public init(predicate: Predicate<T>? = nil, propertiesToUpdate: [String: any Sendable],
                resultType: BatchResultType = .statusOnly) {
        self.predicate = predicate
        self.propertiesToUpdate = propertiesToUpdate
        self.resultType = resultType
    }
}
