import PersistenceCore

/// Article 003's person: the name, age and sex of its merge-policy example.
@Model public final class Person {
    public var name: String
    public var age: Int
    public var sex: String

    public init(name: String, age: Int, sex: String) {
        self.name = name
        self.age = age
        self.sex = sex
    }
}
