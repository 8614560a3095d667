extension Schema {
    /// Pairs every relationship with its inverse, and lists what cannot be paired.
    ///
    /// An inverse named by `inverse:` is checked (it must be a relationship of the destination
    /// that points back) and mirrored onto the other side. A relationship with no inverse on
    /// either side gets one when the choice is unambiguous: exactly one relationship of the
    /// destination points back with no inverse of its own, and it has exactly this candidate in
    /// return. Several candidates is an error naming them: say which with `inverse:`.
    ///
    /// A subentity's inherited relationships are its superentity's: only the entity that declares
    /// a relationship pairs it, and its subentities get the paired one.
    static func pairInverses(_ entities: [EntitySchema]) -> ([EntitySchema], [ModelError]) {
        var entities = entities.map { $0.withoutInheritedRelationships }
        var problems: [ModelError] = []
        func position(_ name: String) -> Int? { entities.firstIndex { $0.name == name } }
        func problem(_ entity: EntitySchema, _ relationship: Schema.Relationship, _ reason: String) {
            problems.append(.invalidRelationship(entity: entity.name, relationship: relationship.name, reason: reason))
        }

        // 1. Destinations exist; declared inverses point back, and are mirrored.
        for e in entities.indices {
            for r in entities[e].relationships.indices {
                let relationship = entities[e].relationships[r]
                guard let d = position(relationship.destination) else {
                    problem(entities[e], relationship, "its destination '\(relationship.destination)' is not a model of the container: list it in ModelContainer(for:)")
                    continue
                }
                guard relationship.hasDeclaredInverse, let inverseName = relationship.inverseName else { continue }
                guard let s = entities[d].relationshipIndex(named: inverseName) else {
                    problem(entities[e], relationship, "its inverse '\(inverseName)' is not a relationship of \(entities[d].name)")
                    continue
                }
                let inverse = entities[d].relationships[s]
                guard inverse.destination == entities[e].name else {
                    problem(entities[e], relationship, "its inverse \(entities[d].name).\(inverseName) relates to \(inverse.destination), not to \(entities[e].name)")
                    continue
                }
                if inverse.inverseName == nil {
                    entities[d].relationships[s].inverseName = relationship.name
                } else if inverse.inverseName != relationship.name {
                    // Either the other side declares another inverse, or another relationship of
                    // this model already named it as its inverse (and was mirrored onto it above).
                    let why = inverse.hasDeclaredInverse
                        ? "names '\(inverse.inverseName!)' as its own inverse; the two sides must name each other"
                        : "is already the inverse of \(entities[e].name).\(inverse.inverseName!); a relationship has one inverse"
                    problem(entities[e], relationship, "its inverse \(entities[d].name).\(inverseName) \(why)")
                }
            }
        }

        // 2. Undeclared pairs, inferred only when each side has exactly one candidate.
        func candidates(_ e: Int, _ r: Int) -> [Int] {
            let relationship = entities[e].relationships[r]
            guard relationship.inverseName == nil, let d = position(relationship.destination) else { return [] }
            return entities[d].relationships.indices.filter { s in
                let other = entities[d].relationships[s]
                return other.destination == entities[e].name && other.inverseName == nil && !(d == e && s == r)
            }
        }
        var pairs: [(e: Int, r: Int, d: Int, s: Int)] = []
        for e in entities.indices {
            for r in entities[e].relationships.indices {
                let found = candidates(e, r)
                guard !found.isEmpty, let d = position(entities[e].relationships[r].destination) else { continue }
                guard found.count == 1 else {
                    let names = found.map { entities[d].relationships[$0].name }
                    problem(entities[e], entities[e].relationships[r], "its inverse is ambiguous: \(entities[d].name) has \(names.joined(separator: " and ")) pointing back; name one with @Relationship(inverse:)")
                    continue
                }
                if candidates(d, found[0]).count == 1 { pairs.append((e, r, d, found[0])) }
            }
        }
        for pair in pairs {
            entities[pair.e].relationships[pair.r].inverseName = entities[pair.d].relationships[pair.s].name
        }
        return (inheritRelationships(entities), problems)
    }

    /// Puts back each subentity's inherited relationships, as its superentity has them now,
    /// superentities first so that each level inherits the paired ones.
    private static func inheritRelationships(_ entities: [EntitySchema]) -> [EntitySchema] {
        var entities = entities
        let byDepth = entities.indices.sorted { (entities[$0].inheritance?.ancestors.count ?? 0) < (entities[$1].inheritance?.ancestors.count ?? 0) }
        for e in byDepth {
            guard let superName = entities[e].superentityName,
                  let superentity = entities.first(where: { $0.name == superName }) else { continue }
            entities[e].relationships = superentity.relationships + entities[e].relationships
        }
        return entities
    }
}

private extension EntitySchema {
    /// The schema with only the relationships it declares.
    var withoutInheritedRelationships: EntitySchema {
        guard let inherited = inheritance?.inheritedRelationships, inherited > 0 else { return self }
        var copy = self
        copy.relationships = Array(relationships.dropFirst(inherited))
        return copy
    }
}
