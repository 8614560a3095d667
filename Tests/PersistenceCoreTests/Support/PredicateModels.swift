import Foundation
import PersistenceCore

/// A model written by hand, as `@Model` would generate it, with one attribute of each kind the
/// predicate translator treats differently: text, optional text, integers, doubles, Bool, an
/// optional date and a UUID.
final class Record: PersistentModel {
    let backingData: BackingData

    static let entitySchema = EntitySchema(name: "Record", attributes: [
        AttributeSchema("name", String.self),
        AttributeSchema("title", String?.self),
        AttributeSchema("age", Int.self),
        AttributeSchema("score", Double.self),
        AttributeSchema("isDone", Bool.self),
        AttributeSchema("due", Date?.self),
        AttributeSchema("token", UUID.self),
    ])

    // nonisolated(unsafe): key paths are not Sendable, but this table is immutable after init.
    nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
        \Record.name: "name",
        \Record.title: "title",
        \Record.age: "age",
        \Record.score: "score",
        \Record.isDone: "isDone",
        \Record.due: "due",
        \Record.token: "token",
    ]

    init(backingData: BackingData) {
        self.backingData = backingData
    }

    convenience init(name: String, title: String? = nil, age: Int = 0, score: Double = 0, isDone: Bool = false,
                     due: Date? = nil, token: UUID = UUID()) {
        self.init(backingData: BackingData(entity: Self.entitySchema))
        backingData.setValue(name, at: 0)
        backingData.setValue(title, at: 1)
        backingData.setValue(age, at: 2)
        backingData.setValue(score, at: 3)
        backingData.setValue(isDone, at: 4)
        backingData.setValue(due, at: 5)
        backingData.setValue(token, at: 6)
    }

    var name: String {
        get { backingData.getValue(at: 0) }
        set { backingData.setValue(newValue, at: 0) }
    }

    var title: String? {
        get { backingData.getValue(at: 1) }
        set { backingData.setValue(newValue, at: 1) }
    }

    var age: Int {
        get { backingData.getValue(at: 2) }
        set { backingData.setValue(newValue, at: 2) }
    }

    var score: Double {
        get { backingData.getValue(at: 3) }
        set { backingData.setValue(newValue, at: 3) }
    }

    var isDone: Bool {
        get { backingData.getValue(at: 4) }
        set { backingData.setValue(newValue, at: 4) }
    }

    var due: Date? {
        get { backingData.getValue(at: 5) }
        set { backingData.setValue(newValue, at: 5) }
    }

    var token: UUID {
        get { backingData.getValue(at: 6) }
        set { backingData.setValue(newValue, at: 6) }
    }

    /// Not persisted: predicates and sorts that use it can only run in memory.
    var nameLength: Int { name.count }
}

/// A model with a unique attribute, which SQLite indexes: a query filtering on it may read the
/// rows in index order (by name) rather than by primary key.
final class Tag: PersistentModel {
    let backingData: BackingData

    static let entitySchema = EntitySchema(name: "Tag", attributes: [
        AttributeSchema("name", String.self, isUnique: true),
        AttributeSchema("rank", Int.self),
    ])

    // nonisolated(unsafe): key paths are not Sendable, but this table is immutable after init.
    nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
        \Tag.name: "name",
        \Tag.rank: "rank",
    ]

    init(backingData: BackingData) {
        self.backingData = backingData
    }

    convenience init(name: String, rank: Int) {
        self.init(backingData: BackingData(entity: Self.entitySchema))
        backingData.setValue(name, at: 0)
        backingData.setValue(rank, at: 1)
    }

    var name: String {
        get { backingData.getValue(at: 0) }
        set { backingData.setValue(newValue, at: 0) }
    }

    var rank: Int {
        get { backingData.getValue(at: 1) }
        set { backingData.setValue(newValue, at: 1) }
    }

    /// Not persisted: a predicate that uses it is evaluated in memory.
    var nameLength: Int { name.count }
}
