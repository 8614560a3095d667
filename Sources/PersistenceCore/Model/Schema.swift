/// Every entity a container stores, each with its Core Data entity number (`Z_ENT`).
public struct Schema: Sendable, Hashable {
    /// The entities, sorted by name as Core Data numbers them; entity numbers start at 1. Each
    /// relationship's inverse is filled in where the schema could infer it.
    public let entities: [EntitySchema]
    /// What is wrong with the relationships, if anything; the container refuses such a schema
    /// (see ``validate()``).
    let relationshipProblems: [ModelError]
    /// The model classes the schema was built from (none when it was built from entity
    /// descriptions): what a container made `for:` this schema creates objects of.
    let modelTypes: ModelTypeList
    /// The version of the models (SwiftData's `Schema.Version`); 1.0.0 unless given. A store
    /// keeps its model, not its version: see the article "Differences from Core Data and SwiftData".
    public let version: Version

    /// Builds a schema; the order of `entities` does not matter, and duplicates count once.
    public init(_ entities: [EntitySchema]) {
        self.init(entities, types: [], version: Version(1, 0, 0))
    }

    /// Builds the schema from model classes, as `ModelContainer(for:)` does, with every model
    /// they relate to, as SwiftData does: `ModelContainer(for: Trip.self)` also stores `Stop`.
    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        let related = Self.withRelatedTypes(types)
        self.init(related.map { $0.entitySchema }, types: related, version: version)
    }

    private init(_ entities: [EntitySchema], types: [any PersistentModel.Type], version: Version) {
        var seen = Set<String>()
        let unique = entities.filter { seen.insert($0.name).inserted }.sorted { $0.name < $1.name }
        let (paired, problems) = Self.pairInverses(unique)
        (self.entities, relationshipProblems) = (paired, Self.inheritanceProblems(unique) + problems)
        modelTypes = ModelTypeList(types)
        self.version = version
    }

    /// `types` and every model their relationships reach, each once.
    static func withRelatedTypes(_ types: [any PersistentModel.Type]) -> [any PersistentModel.Type] {
        var found: [any PersistentModel.Type] = []
        var pending = types
        while let type = pending.popLast() {
            guard !found.contains(where: { $0 == type }) else { continue }
            found.append(type)
            pending += type.relatedModelTypes
        }
        return found
    }

    /// Throws the first problem with the relationships: what the container reports before it
    /// opens anything.
    public func validate() throws(ModelError) {
        if let problem = relationshipProblems.first { throw problem }
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
            let relationships = entity.relationships.isEmpty
                ? "" : " -> (\(entity.relationships.map(\.summary).joined(separator: "; ")))"
            return "\(entity.name)(\(entity.attributes.map(\.summary).joined(separator: "; ")))\(relationships)"
        }.joined(separator: "\n")
    }
}

/// The model classes behind a ``Schema``. Two schemas are equal when their entities are, so this
/// list takes no part in equality or hashing.
// @unchecked: nothing guards it because nothing can change it (one `let` array of metatypes,
// which Swift does not mark Sendable), as ModelTypeRegistry's.
struct ModelTypeList: @unchecked Sendable, Hashable {
    let types: [any PersistentModel.Type]

    init(_ types: [any PersistentModel.Type]) {
        self.types = types
    }

    static func == (lhs: ModelTypeList, rhs: ModelTypeList) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
