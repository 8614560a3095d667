import Foundation

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
        /// The save fails, naming the models and the values: Core Data's `.error`, its default
        /// (``ModelError/constraintConflict(_:)``).
        case conflict
    }

    /// This context's rule for repeated unique values, or nil when the store's unique index
    /// refuses the save (a custom policy: ``ModelError/uniqueConstraintViolation(entity:attribute:)``).
    var uniqueValueRule: UniqueValueRule? {
        if followsSwiftData { return .newValuesWin }
        switch mergePolicy {
        case .mergeByPropertyObjectTrump, .overwrite: return .newValuesWin
        case .mergeByPropertyStoreTrump, .rollback: return .storedValuesWin
        case .error: return .conflict
        case .custom: return nil
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
    ///
    /// Under ``UniqueValueRule/conflict`` (Core Data's `.error`) nothing is looked up before the
    /// write: the store's unique index refuses a repeated value at no cost to a save that repeats
    /// none, as Core Data lets SQLite find it. Only then does the save call this again with
    /// `reportingConflicts`, which throws ``ModelError/constraintConflict(_:)`` naming each new
    /// model, the stored one and the values.
    func resolveUniqueValues(reportingConflicts: Bool = false) throws(ModelError) {
        guard !insertedObjects.isEmpty, let rule = uniqueValueRule, rule != .conflict || reportingConflicts else { return }
        var groups: [UniqueGroup] = []
        var groupsByEntity: [String: Range<Int>] = [:]
        var pending: [UniqueKey: any PersistentModel] = [:]
        var resolved: Set<ObjectIdentifier> = []
        var unmatched: [(model: any PersistentModel, keys: [UniqueKey])] = []
        var conflicts: [ConstraintConflict] = []
        pending.reserveCapacity(insertedObjects.count)
        unmatched.reserveCapacity(insertedObjects.count)
        for model in insertedObjects {
            let data = model.backingData
            let own = groupsByEntity[data.entity.name] ?? {
                let start = groups.count
                groups += data.entity.uniqueAttributeGroups.map { UniqueGroup(entity: data.entity, attributes: $0) }
                groupsByEntity[data.entity.name] = start..<groups.count
                return start..<groups.count
            }()
            guard !own.isEmpty else { continue }
            let keys = own.compactMap { UniqueKey(group: $0, values: groups[$0].attributes.map { data.values[$0] }) }
            if let (key, earlier) = keys.lazy.compactMap({ key in pending[key].map { (key, $0) } }).first {
                if rule == .conflict {
                    conflicts.append(conflict(key, of: groups, models: [earlier, model], stored: nil))
                } else {
                    fold(model, into: earlier, rule: rule)
                    resolved.insert(ObjectIdentifier(data))
                }
                continue
            }
            for key in keys { pending[key] = model }
            unmatched.append((model, keys))
        }
        let stored = storedRows(holding: unmatched.flatMap(\.keys), of: groups)
        if rule == .conflict {
            if !conflicts.isEmpty || unmatched.contains(where: { $0.keys.contains { stored[$0] != nil } }) {
                throw .constraintConflict(conflicts + unmatched.compactMap { model, keys in
                    keys.first { stored[$0] != nil }.map { key in
                        let found = stored[key]!
                        return conflict(key, of: groups, models: [model], stored: found.sql.identifier(primaryKey: found.row.primaryKey))
                    }
                })
            }
            return
        }
        for (model, keys) in unmatched {
            guard let found = keys.lazy.compactMap({ stored[$0] }).first else { continue }
            take(found, for: model, rule: rule)
            resolved.insert(ObjectIdentifier(model.backingData))
        }
        guard !resolved.isEmpty else { return }
        insertedObjects.removeAll { resolved.contains(ObjectIdentifier($0.backingData)) }
        newModelsByIdentifier = nil
    }

    /// Core Data's account of `models` repeating `key`'s values, which `stored` has, if any.
    private func conflict(_ key: UniqueKey, of groups: [UniqueGroup], models: [any PersistentModel],
                          stored: PersistentIdentifier?) -> ConstraintConflict {
        let group = groups[key.group]
        let names = group.attributes.map { models[0].backingData.entity.attributes[$0].name }
        return ConstraintConflict(entity: group.entity, constraint: names,
                                  constraintValues: Dictionary(uniqueKeysWithValues: zip(names, group.attributes.map { models[0].backingData.values[$0] })),
                                  databaseObject: stored, conflictingObjects: models.map(\.persistentModelID))
    }

    /// The stored rows that hold any of `keys`, each under the key it holds: one query per 500
    /// values of a single attribute (its unique index answers each), one per key of a group.
    private func storedRows(holding keys: [UniqueKey], of groups: [UniqueGroup]) -> [UniqueKey: (row: EntitySQL.Row, sql: EntitySQL)] {
        var found: [UniqueKey: (row: EntitySQL.Row, sql: EntitySQL)] = [:]
        for (index, keys) in Dictionary(grouping: keys, by: \.group) {
            let group = groups[index]
            guard let sql = try? container.store.sql(for: group.entity) else { continue }
            let kind = sql.kindFilter.map { " AND \($0)" } ?? ""
            let single = group.columns.count == 1
            let chunks: [ArraySlice<UniqueKey>] = single
                ? stride(from: 0, to: keys.count, by: 500).map { keys[$0..<min($0 + 500, keys.count)] }
                : keys.indices.map { keys[$0...$0] }
            for chunk in chunks {
                let condition = single
                    ? "\(group.columns[0]) IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", ")))"
                    : group.columns.map { "\($0) = ?" }.joined(separator: " AND ")
                let query = SQLFragment(sql: "\(sql.select) WHERE \(condition)\(kind)", bindings: chunk.flatMap(\.bindings))
                guard let rows = try? readRows(query, of: sql) else { continue }
                for row in rows {
                    guard let key = UniqueKey(group: index, values: group.attributes.map { row.values[$0] }) else { continue }
                    found[key] = (row, sql)
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
        assert(rule != .conflict, "a conflict folds nothing")
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

/// One unique group of one entity: its attributes, by index, and their columns.
struct UniqueGroup {
    let entity: String
    let attributes: [Int]
    let columns: [String]

    init(entity: EntitySchema, attributes: [Int]) {
        self.entity = entity.name
        self.attributes = attributes
        self.columns = attributes.map { entity.attributes[$0].columnName }
    }
}

/// The values one model (or one stored row) holds in one unique group, as SQL compares them.
///
/// Hashed here rather than by `SQLiteValue`'s own `hash(into:)`, which hashes a UUID through a
/// `Data` of its bytes, an allocation for every model of a save (a SwiftData import of 100k items
/// with a unique `UUID` spent most of its check there).
struct UniqueKey: Hashable {
    /// The group's place in the save's list of groups.
    let group: Int
    /// One attribute's value, or a `#Unique` group's values: the first spares an array per model.
    private let values: Values

    private enum Values: Hashable {
        case one(SQLiteValue)
        case many([SQLiteValue])
    }

    /// Nil when a value is nil: SQL's unique indexes let any number of NULLs repeat.
    init?(group: Int, values: [SQLiteValue]) {
        guard !values.contains(where: { if case .null = $0 { true } else { false } }) else { return nil }
        self.group = group
        self.values = values.count == 1 ? .one(Self.comparable(values[0])) : .many(values.map(Self.comparable))
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(group)
        switch values {
        case .one(let value): Self.hash(value, into: &hasher)
        case .many(let values): for value in values { Self.hash(value, into: &hasher) }
        }
    }

    private static func hash(_ value: SQLiteValue, into hasher: inout Hasher) {
        if case .uuid(let uuid) = value {
            withUnsafeBytes(of: uuid.uuid) { hasher.combine(bytes: $0) }
        } else {
            hasher.combine(value)
        }
    }

    /// The values, for a query's `?`s.
    var bindings: [SQLiteValue] {
        switch values {
        case .one(let value): [value]
        case .many(let values): values
        }
    }

    /// `value` as SQL compares it: a whole `REAL` equals the `INTEGER` a column of numeric
    /// affinity (a date's `TIMESTAMP`) stores it as.
    private static func comparable(_ value: SQLiteValue) -> SQLiteValue {
        switch value {
        case .real(let number) where number.rounded() == number && abs(number) < 9.0e18:
            return .integer(Int64(number))
        case .blob(let bytes) where bytes.count == 16:
            // The BLOB of a UUID, as `.uuid`, so that it hashes as one (they are equal).
            return .uuid(bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
        default:
            return value
        }
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
