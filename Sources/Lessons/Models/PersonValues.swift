import PersistenceCore
import SampleModels

/// A `Person`'s three attributes as a plain value: what a lesson can keep after the context that
/// held the model is gone, compare, print and encode.
///
/// A `Person` model is bound to its context's queue and is not `Sendable`; these values are.
public struct PersonValues: Sendable, Codable, Hashable, CustomStringConvertible {
    /// `Person.name`
    public var name: String
    /// `Person.age`
    public var age: Int
    /// `Person.sex`
    public var sex: String

    public init(name: String, age: Int, sex: String) {
        self.name = name
        self.age = age
        self.sex = sex
    }

    /// Reads a model's values; call it on the model's context's queue.
    init(_ person: Person) {
        self.init(name: person.name, age: person.age, sex: person.sex)
    }

    /// Reads one of a ``MergeConflict``'s snapshots (attribute name → stored value); nil if a value
    /// is missing or of another type.
    init?(snapshot: [String: SQLiteValue]?) {
        guard case .text(let name)? = snapshot?["name"],
              case .integer(let age)? = snapshot?["age"],
              case .text(let sex)? = snapshot?["sex"]
        else { return nil }
        self.init(name: name, age: Int(age), sex: sex)
    }

    /// What the store holds for `id` now, read through a fresh context that has cached nothing.
    static func stored(_ id: PersistentIdentifier, in container: ModelContainer) throws -> PersonValues {
        let fresh = container.newBackgroundContext()
        fresh.name = "checker"
        return try fresh.performAndWait {
            PersonValues(try fresh.existingModel(for: id, as: Person.self))
        }
    }

    /// `Ada L., 40, x`
    public var description: String { "\(name), \(age), \(sex)" }
}
