import Foundation

/// Deletes every matching row with one SQL statement, bypassing every context:
/// Core Data's `NSBatchDeleteRequest`.
///
/// Contexts that registered those objects keep them until they merge the deletion.
public struct BatchDeleteRequest<T: PersistentModel>: Sendable {
    /// Which rows; nil for all.
    public var predicate: Predicate<T>?
    /// What ``ModelContainer/execute(_:)-(BatchDeleteRequest<T>)`` returns: ``BatchResultType/statusOnly``
    /// unless you ask for more, as Core Data's `resultType` defaults to `.resultTypeStatusOnly`.
    public var resultType: BatchResultType

    public init(predicate: Predicate<T>? = nil, resultType: BatchResultType = .statusOnly) {
        self.predicate = predicate
        self.resultType = resultType
    }
}
