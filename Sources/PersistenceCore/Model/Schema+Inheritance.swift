extension Schema {
    /// The entities whose superentity chain includes `name`: its subentities, at every depth.
    func subentities(of name: String) -> [EntitySchema] {
        entities.filter { $0.name != name && $0.isKind(of: name) }
    }

    /// The `Z_ENT` numbers of `name` and of each of its subentities: the rows a fetch of `name`
    /// returns, as a Core Data fetch request includes subentities by default.
    func entityNumbers(ofKind name: String) -> [Int] {
        ([name] + subentities(of: name).map(\.name)).compactMap { entityNumber(of: $0) }.sorted()
    }

    /// The entity that declares relationship `index` of `entity`: `entity` itself, or the
    /// superentity it inherited the relationship from (inherited ones keep their index).
    func declaringEntity(ofRelationship index: Int, in entity: EntitySchema) -> EntitySchema {
        var owner = entity
        while !owner.declaresRelationship(index), let superName = owner.superentityName, let superentity = self.entity(named: superName) {
            owner = superentity
        }
        return owner
    }

    /// Each subentity whose superentity is not in the schema: a container needs every class of
    /// a hierarchy listed (``Schema/init(_:version:)`` adds a model's superclasses itself).
    static func inheritanceProblems(_ entities: [EntitySchema]) -> [ModelError] {
        let names = Set(entities.map(\.name))
        return entities.compactMap { entity in
            guard let superName = entity.superentityName, !names.contains(superName) else { return nil }
            return .unknownEntity(superName)
        }
    }
}
