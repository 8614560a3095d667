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
        var groupsByEntity: [String: [[Int]]] = [:]
        for model in insertedObjects {
            let entity = model.backingData.entity
            let groups = groupsByEntity[entity.name] ?? entity.uniqueAttributeGroups
            groupsByEntity[entity.name] = groups
            guard !groups.isEmpty else { continue }
            let keys = groups.compactMap { UniqueValues(model.backingData, group: $0) }
            if let earlier = keys.lazy.compactMap({ pending[$0] }).first {
                fold(model, into: earlier, rule: rule)
            } else if let row = keys.lazy.compactMap({ self.storedRow(matching: $0, kindOf: model) }).first {
                take(row, for: model, rule: rule)
            } else {
                for key in keys { pending[key] = model }
                continue
            }
            resolved.insert(ObjectIdentifier(model.backingData))
        }
        guard !resolved.isEmpty else { return }
        insertedObjects.removeAll { resolved.contains(ObjectIdentifier($0.backingData)) }
        newModelsByIdentifier = nil
    }

    /// The stored row of `model`'s kind that holds `values`, if any, with its identifier.
    private func storedRow(matching values: UniqueValues, kindOf model: any PersistentModel) -> (row: EntitySQL.Row, sql: EntitySQL)? {
        guard let sql = try? container.store.sql(for: model.backingData.entity.name) else { return nil }
        let conditions = values.columns.map { "\($0) = ?" } + (sql.kindFilter.map { [$0] } ?? [])
        let query = SQLFragment(sql: "\(sql.select) WHERE \(conditions.joined(separator: " AND ")) LIMIT 1", bindings: values.values)
        guard let row = try? readRows(query, of: sql).first else { return nil }
        return (row, sql)
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
    let table: String
    let columns: [String]
    let values: [SQLiteValue]

    /// Nil when a value is nil: SQL's unique indexes let any number of NULLs repeat.
    init?(_ data: BackingData, group: [Int]) {
        let values = group.map { data.values[$0] }
        guard !values.contains(where: { if case .null = $0 { true } else { false } }) else { return nil }
        self.table = data.entity.tableName
        self.columns = group.map { data.entity.attributes[$0].columnName }
        self.values = values
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
