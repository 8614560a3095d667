extension Schema {
    /// One relationship of a model, as `@Model` reads it from `@Relationship(...)` or from a
    /// property whose type is a model (`Trip?`) or an array of models (`[Stop]`): SwiftData's
    /// `Schema.Relationship`.
    ///
    /// A to-one relationship is a column `Z<NAME>` holding the related row's `Z_PK`, as in Core
    /// Data. A to-many relationship has no column of its own: it is the other side's column (when
    /// its inverse is to-one), or a join table (many-to-many, or no inverse at all). The schema
    /// decides which when it pairs each relationship with its inverse (`Schema+Inverses.swift`).
    public struct Relationship: Sendable, Hashable, Codable {
        /// What happens to the related models when a model is deleted, applied when the deletion
        /// is saved (see `Relationships/DeletePropagation.swift`).
        public enum DeleteRule: String, Sendable, Hashable, Codable {
            /// The related models stay; their side of the relationship forgets the deleted model
            /// (the default, as in SwiftData and Core Data).
            case nullify
            /// The related models are deleted too.
            case cascade
            /// The deletion is refused while related models exist that are not being deleted
            /// too: the save throws ``ModelError/deleteDenied(entity:relationship:count:)`` and
            /// writes nothing. A model never saved cannot be refused (deleting it does not throw):
            /// its related models forget it, as with `.nullify`.
            case deny
            /// Nothing is done: the related models keep pointing at a row that is gone, and
            /// touching that side later stops the process. Core Data's "no action".
            case noAction
        }

        /// The property's name, e.g. `stops`.
        public let name: String
        /// The related entity's name, e.g. `Stop`.
        public let destination: String
        /// Whether the property is an array of models (to-many) rather than an optional model.
        public let isToMany: Bool
        /// What deleting a model does to the models this relationship relates it to.
        public let deleteRule: DeleteRule
        /// The name of the inverse relationship on the destination: given by `inverse:`, or
        /// inferred by the schema; nil when the relationship has none.
        public internal(set) var inverseName: String?
        /// Whether `inverse:` named the inverse (rather than the schema inferring it).
        public let hasDeclaredInverse: Bool
        /// The fewest models a save may leave the relationship holding; nil or 0 for no limit
        /// (`@Relationship(minimumModelCount:)`, Core Data's `minCount`).
        public let minimumModelCount: Int?
        /// The most models a save may leave it holding; nil or 0 for no limit.
        public let maximumModelCount: Int?

        public init(name: String, destination: String, isToMany: Bool, deleteRule: DeleteRule = .nullify,
                    inverseName: String? = nil, minimumModelCount: Int? = nil, maximumModelCount: Int? = nil) {
            self.name = name
            self.destination = destination
            self.isToMany = isToMany
            self.deleteRule = deleteRule
            self.inverseName = inverseName
            self.hasDeclaredInverse = inverseName != nil
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
        }

        /// What `@Model` emits for `@Relationship(deleteRule:inverse:) var stops: [Stop]`: the
        /// inverse's name is looked up in the destination's key-path table.
        public init<Destination: PersistentModel>(
            _ name: String, to destination: Destination.Type, isToMany: Bool,
            deleteRule: DeleteRule = .nullify, inverse: PartialKeyPath<Destination>? = nil,
            minimumModelCount: Int? = nil, maximumModelCount: Int? = nil
        ) {
            // The class name, not `Destination.entitySchema.name`: reading another model's schema
            // while this one's is being built would deadlock two models that name each other.
            let inverseName = inverse.map { Destination.attributeKeyPaths[$0] ?? Relationship.unknownInverse }
            self.init(name: name, destination: String(describing: destination), isToMany: isToMany,
                      deleteRule: deleteRule, inverseName: inverseName,
                      minimumModelCount: minimumModelCount, maximumModelCount: maximumModelCount)
        }

        /// Why holding `count` models breaks the relationship's count limits, or nil when it does not.
        func countViolation(_ count: Int) -> String? {
            if let minimum = minimumModelCount, minimum > 0, count < minimum {
                return "it holds \(count) \(count == 1 ? "model" : "models"); at least \(minimum) (minimumModelCount)"
            }
            if let maximum = maximumModelCount, maximum > 0, count > maximum {
                return "it holds \(count) models; at most \(maximum) (maximumModelCount)"
            }
            return nil
        }

        /// What `@Relationship` takes before its labelled arguments: SwiftData's
        /// `Schema.Relationship.Option`.
        public enum Option: Sendable, Hashable {
            /// The related model may be the destination of no other model's relationship: a
            /// unique index on the to-one column, as `#Unique` makes (to-one relationships only).
            case unique
        }

        /// The column of a to-one relationship, named as Core Data names it: `Z` and the name in capitals.
        public var columnName: String { "Z" + name.uppercased() }

        /// How the relationship reads in a schema description, e.g. `stops: [Stop], cascade, inverse trip`.
        public var summary: String {
            let type = isToMany ? "[\(destination)]" : "\(destination)?"
            return "\(name): \(type), \(deleteRule.rawValue)\(inverseName.map { ", inverse \($0)" } ?? "")"
        }

        /// What `inverse:` names when its key path is no persisted property of the destination.
        static let unknownInverse = "<a key path that is not a persisted property>"
    }
}
