/// Every entity a container stores, each with its Core Data entity number (`Z_ENT`).
public struct Schema: Sendable, Hashable {
    /// The entities, sorted by name as Core Data numbers them; entity numbers start at 1.
    public let entities: [EntitySchema]

    /// Builds a schema; the order of `entities` does not matter, and duplicates count once.
    public init(_ entities: [EntitySchema]) {
        var seen = Set<String>()
        self.entities = entities.filter { seen.insert($0.name).inserted }.sorted { $0.name < $1.name }
    }

    /// Builds the schema from model classes, as `ModelContainer(for:)` does.
    public init(_ types: [any PersistentModel.Type]) {
        self.init(types.map { $0.entitySchema })
    }

    /// The entity called `name`, if the schema has it.
    public func entity(named name: String) -> EntitySchema? {
        entities.first { $0.name == name }
    }

    /// The `Z_ENT` number of the entity called `name` (1-based, as in Core Data).
    public func entityNumber(of name: String) -> Int? {
        entities.firstIndex { $0.name == name }.map { $0 + 1 }
    }

    /// A canonical text of the schema, stored in `Z_METADATA` to detect a store made for another model.
    public var fingerprint: String {
        entities.map { entity in
            "\(entity.name)(\(entity.attributes.map(\.summary).joined(separator: "; ")))"
        }.joined(separator: "\n")
    }
}
