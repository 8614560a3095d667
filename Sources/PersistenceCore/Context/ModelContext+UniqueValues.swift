extension ModelContext {
    /// What a save does with a new model whose unique values (an `@Attribute(.unique)`
    /// attribute, or a `#Unique` group of attributes) are another model's, pending or stored.
    enum UniqueValueRule {
        /// The other model takes the new one's values: SwiftData's upsert ("if already exists,
        /// then upsert will happen", WWDC23 "Model your schema with SwiftData"; Hacking with
        /// Swift: it "updates its other properties to match the values you attempted to insert"),
        /// and Core Data's `.mergeByPropertyObjectTrump` and `.overwrite`.
        case newValuesWin
        /// The other model keeps its values and the new one is dropped: Core Data's
        /// `.mergeByPropertyStoreTrump` and `.rollback`.
        case storedValuesWin
    }

    /// This context's rule for repeated unique values, or nil when the store's unique index
    /// refuses the save: Core Data's `.error` (its default), whose save throws
    /// ``ModelError/uniqueConstraintViolation(entity:attribute:)``, and a custom policy.
    var uniqueValueRule: UniqueValueRule? {
        if followsSwiftData { return .newValuesWin }
        switch mergePolicy {
        case .mergeByPropertyObjectTrump, .overwrite: return .newValuesWin
        case .mergeByPropertyStoreTrump, .rollback: return .storedValuesWin
        case .error, .custom: return nil
        }
    }

    /// Makes each new model whose unique values repeat another's an update of that other one,
    /// before a save writes anything.
    ///
    /// 1. A model inserted earlier in this context with the same values takes the new one's
    ///    values (under ``UniqueValueRule/newValuesWin``), and the new one leaves the context.
    /// 2. A stored row with the same values that no object of this context holds becomes the new
    ///    model's row: the model takes the row's identifier and is saved as an update of it, its
    ///    values written over the row's (or, under ``UniqueValueRule/storedValuesWin``, the row's
    ///    values read into it).
    /// 3. A stored row an object of this context already holds: that object takes the new one's
    ///    values, and the new one leaves the context, with the row's identifier.
    ///
    /// A model that leaves keeps the values it was given; its `modelContext` is nil.
    func resolveUniqueValues() throws(ModelError) {
        guard !insertedObjects.isEmpty, let rule = uniqueValueRule else { return }
        var pending: [UniqueValues: any PersistentModel] = [:]
        var resolved: Set<ObjectIdentifier> = []
        var unmatched: [(model: any PersistentModel, keys: [UniqueValues])] = []
        var groupsByEntity: [String: [[Int]]] = [:]
        for model in insertedObjects {
            let entity = model.backingData.entity
            let groups = groupsByEntity[entity.name] ?? entity.uniqueAttributeGroups
            groupsByEntity[entity.name] = groups
            guard !groups.isEmpty else { continue }
            let keys = groups.compactMap { UniqueValues(model.backingData, group: $0) }
            if let earlier = keys.lazy.compactMap({ pending[$0] }).first {
                fold(model, into: earlier, rule: rule)
                resolved.insert(ObjectIdentifier(model.backingData))
                continue
            }
            for key in keys { pending[key] = model }
            unmatched.append((model, keys))
        }
        let stored = storedRows(holding: unmatched.flatMap(\.keys))
        for (model, keys) in unmatched {
            guard let found = keys.lazy.compactMap({ stored[$0] }).first else { continue }
            take(found, for: model, rule: rule)
            resolved.insert(ObjectIdentifier(model.backingData))
        }
        guard !resolved.isEmpty else { return }
        insertedObjects.removeAll { resolved.contains(ObjectIdentifier($0.backingData)) }
        newModelsByIdentifier = nil
    }

    /// The stored rows that hold any of `keys`, each under the key it holds: one query per 500
    /// values of a single attribute (its unique index answers each), one per key of a group.
    private func storedRows(holding keys: [UniqueValues]) -> [UniqueValues: (row: EntitySQL.Row, sql: EntitySQL)] {
        var found: [UniqueValues: (row: EntitySQL.Row, sql: EntitySQL)] = [:]
        for (_, group) in Dictionary(grouping: keys, by: { [$0.entity] + $0.columns }) {
            guard let first = group.first, let sql = try? container.store.sql(for: first.entity) else { continue }
            let kind = sql.kindFilter.map { " AND \($0)" } ?? ""
            let chunks: [[UniqueValues]] = first.columns.count == 1
                ? stride(from: 0, to: group.count, by: 500).map { Array(group[$0..<min($0 + 500, group.count)]) }
                : group.map { [$0] }
            for chunk in chunks {
                let condition = first.columns.count == 1
                    ? "\(first.columns[0]) IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))"
                    : first.columns.map { "\($0) = ?" }.joined(separator: " AND ")
                let query = SQLFragment(sql: "\(sql.select) WHERE \(condition)\(kind)", bindings: chunk.flatMap(\.values))
                guard let rows = try? readRows(query, of: sql) else { continue }
                for row in rows {
                    found[first.holding(row)] = (row, sql)
                }
            }
        }
        return found
    }

    /// `model`, new, becomes the stored `row`'s object, or folds into the object of this context
    /// that holds the row already.
    private func take(_ found: (row: EntitySQL.Row, sql: EntitySQL), for model: any PersistentModel, rule: UniqueValueRule) {
        let data = model.backingData, row = found.row
        let identifier = found.sql.identifier(primaryKey: row.primaryKey)
        if let existing = registeredModel(identifiedBy: identifier) {
            fold(model, into: existing, rule: rule)
            data.setIdentifier(identifier)
            return
        }
        guard row.subentityNumber == 0 else {
            // A row of a subclass: its own class's object takes the values.
            func materialized<T: PersistentModel>(_: T) -> any PersistentModel { materialize(T.self, sql: found.sql, row: row) }
            fold(model, into: materialized(model), rule: rule)
            data.setIdentifier(identifier)
            return
        }
        let written = data.values
        let setRelationships = data.changedRelationships
        let related = data.relations.map(\.members)
        data.setIdentifier(identifier)
        data.cachedValues = row.values
        data.version = row.version
        data.set(BackingData.Flag.inserted, false)
        registered[identifier] = model
        updatedObjects[ObjectIdentifier(data)] = model
        for index in data.entity.attributes.indices {
            data.setStoredValue(rule == .newValuesWin ? written[index] : row.values[index], at: index)
            data.changedAttributes.insert(index)
        }
        // Its relationships are the row's, read on first access; each the new model set replaces
        // the row's members with its own (the row's former members forget it), as setting it on
        // a fetched model would.
        for index in data.relations.indices {
            data.relations[index] = .fault
        }
        data.changedRelationships = AttributeMask()
        guard rule == .newValuesWin else { return }
        for index in data.relations.indices where setRelationships.contains(index) {
            relate(data, at: index, to: related[index])
        }
    }

    /// `model`, new, folded into `existing`, which has its unique values.
    private func fold(_ model: any PersistentModel, into existing: any PersistentModel, rule: UniqueValueRule) {
        let new = model.backingData, target = existing.backingData
        if rule == .newValuesWin {
            for index in new.entity.attributes.indices where index < target.entity.attributes.count {
                target.setStoredValue(new.values[index], at: index)
            }
        }
        for index in new.relations.indices where index < target.relations.count {
            let members = new.relations[index].members
            guard !members.isEmpty else { continue }
            if rule == .newValuesWin { relate(target, at: index, to: members) }
            // Whatever still lists the new model forgets it: it leaves the context.
            guard let inverse = relationshipSQL(of: new, at: index).inverseIndex else { continue }
            for member in new.relations[index].members where member.backingData.modelContext === self {
                remove(new, fromRelationship: inverse, of: member.backingData)
            }
        }
        registered[new.persistentModelID] = nil  // one given a permanent identifier early
        new.set(BackingData.Flag.detached, true)
        new.set(BackingData.Flag.changed | BackingData.Flag.inserted | BackingData.Flag.registered, false)
    }
}

/// The values one model holds in one unique group, with the table's columns for them.
struct UniqueValues: Hashable {
    /// The entity whose kind of rows is searched: the model's.
    let entity: String
    /// The group's attributes, by index, and their columns.
    let attributes: [Int]
    let columns: [String]
    private(set) var values: [SQLiteValue]

    /// Nil when a value is nil: SQL's unique indexes let any number of NULLs repeat.
    init?(_ data: BackingData, group: [Int]) {
        let values = group.map { data.values[$0] }
        guard !values.contains(where: { if case .null = $0 { true } else { false } }) else { return nil }
        self.entity = data.entity.name
        self.attributes = group
        self.columns = group.map { data.entity.attributes[$0].columnName }
        self.values = values.map(Self.comparable)
    }

    /// The same group's values as a stored row of the entity holds them.
    func holding(_ row: EntitySQL.Row) -> UniqueValues {
        var copy = self
        copy.values = attributes.map { Self.comparable(row.values[$0]) }
        return copy
    }

    /// `value` as SQL compares it: a whole `REAL` equals the `INTEGER` a column of numeric
    /// affinity (a date's `TIMESTAMP`) stores it as.
    private static func comparable(_ value: SQLiteValue) -> SQLiteValue {
        if case .real(let number) = value, number.rounded() == number, abs(number) < 9.0e18 { return .integer(Int64(number)) }
        return value
    }
}

extension EntitySchema {
    /// Each `@Attribute(.unique)` attribute, and each `#Unique` group made of attributes only, as
    /// attribute indexes. A group that names a to-one relationship is left to the store's index.
    var uniqueAttributeGroups: [[Int]] {
        let single = attributes.indices.filter { attributes[$0].isUnique }.map { [$0] }
        let groups = uniquenessConstraints.compactMap { names -> [Int]? in
            let indexes = names.compactMap(attributeIndex(named:))
            return indexes.count == names.count ? indexes : nil
        }
        return single + groups
    }
}
