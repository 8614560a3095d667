/// A save's new model whose unique values another model has, pending or stored: Core Data's
/// `NSConstraintConflict`, which a save under `NSErrorMergePolicy` (the default) reports.
///
/// SwiftData's contexts never report one: they upsert (see ``ModelContext/save()``).
public struct ConstraintConflict: Sendable, Hashable, CustomStringConvertible {
    /// The entity whose constraint the values break.
    public let entity: String
    /// The attributes of the constraint: one `@Attribute(.unique)` attribute, or a `#Unique` group.
    public let constraint: [String]
    /// The values they hold in both models, by attribute name.
    public let constraintValues: [String: SQLiteValue]
    /// The stored model that has them already, or nil when only new models of this save do.
    public let databaseObject: PersistentIdentifier?
    /// The new models of this save that have them.
    public let conflictingObjects: [PersistentIdentifier]

    public init(entity: String, constraint: [String], constraintValues: [String: SQLiteValue],
                databaseObject: PersistentIdentifier?, conflictingObjects: [PersistentIdentifier]) {
        self.entity = entity
        self.constraint = constraint
        self.constraintValues = constraintValues
        self.databaseObject = databaseObject
        self.conflictingObjects = conflictingObjects
    }

    public var description: String {
        let values = constraint.map { "\($0) \(constraintValues[$0].map { "\($0)" } ?? "nil")" }.joined(separator: ", ")
        let holder = databaseObject.map { "the stored \(entity) \($0)" } ?? "another new \(entity) of this save"
        return "new \(entity) \(conflictingObjects.map { "\($0)" }.joined(separator: " and ")) has \(values), as \(holder) has"
    }
}
