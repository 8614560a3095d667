import Foundation
import PersistenceCore

/// A trip and its stops: the course's one-to-many relationship (the deleted-model and
/// relationship-faults lessons, the relationship tests and benchmark P10).
///
/// Deleting a trip deletes its stops (`.cascade`). `Stop.trip` is the inverse, named here and
/// kept in step both ways in memory.
@Model public final class Trip {
    public var name: String
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) public var stops: [Stop] = []

    public init(name: String) {
        self.name = name
    }
}

/// One stop of a trip, with its tags (many-to-many).
@Model public final class Stop {
    public var title: String
    public var position: Int = 0
    /// The inverse of `Trip.stops`; deleting a stop takes it out of its trip (`.nullify`).
    public var trip: Trip?
    @Relationship(deleteRule: .nullify, inverse: \Tag.stops) public var tags: [Tag] = []

    public init(title: String, position: Int = 0) {
        self.title = title
        self.position = position
    }
}

/// A label shared by many stops: the many-to-many side, whose inverse the schema pairs with
/// `Stop.tags` (declared there).
@Model public final class Tag {
    public var label: String
    public var stops: [Stop] = []

    public init(label: String) {
        self.label = label
    }
}
