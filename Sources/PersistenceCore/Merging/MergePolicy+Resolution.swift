extension MergePolicy {
    /// Resolves the conflicts a save met, with Core Data's meanings, writing what the policy
    /// decides; `.error` throws them all and the transaction writes nothing.
    func resolve(_ conflicts: [SavePlan.Conflict], into outcome: inout SaveOutcome,
                 connection: SQLiteConnection, store: SQLiteStore) throws(ModelError) {
        if case .error = self { throw .mergeConflict(conflicts.map(\.conflict)) }
        var custom: [PersistentIdentifier: [String: SQLiteValue]] = [:]
        if case .custom(let resolve) = self {
            custom = resolve(conflicts.map(\.conflict))
            for (data, conflict, _, _, _) in conflicts {
                try Self.checkCustomValues(custom[conflict.identifier] ?? [:], for: data.entity)
            }
        }
        for (data, conflict, row, isDeletion, values) in conflicts {
            guard let row else {
                // The row was deleted behind our back: the deletion stands under every policy.
                outcome.removed.append((data, isDeletion ? .deletedAndSaved : .foundDeleted))
                continue
            }
            let sql = try store.sql(for: data.entity.name)
            switch resolution(for: data, values: values, against: row, isDeletion: isDeletion, custom: custom[conflict.identifier]) {
            case .delete:
                try connection.run(sql.delete, [.integer(row.primaryKey)])
                outcome.removed.append((data, .deletedAndSaved))
                outcome.deleted.insert(data.persistentModelID)
            case .keepStore:
                outcome.written.append(.init(data: data, values: row.values, version: row.version))
            case .write(let values):
                let version = row.version + 1
                try connection.run(sql.update, [.integer(row.primaryKey), .integer(version)] + values)
                outcome.written.append(.init(data: data, values: values, version: version))
                outcome.updated.insert(data.persistentModelID)
            }
        }
    }

    /// Refuses what a custom merge policy returned for one object if the store would not keep it
    /// as given: a name that is no attribute, a value of another type, nil for a non-optional
    /// attribute, a NaN. Thrown inside the transaction, so nothing is written.
    private static func checkCustomValues(_ values: [String: SQLiteValue], for entity: EntitySchema) throws(ModelError) {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let index = entity.attributeIndex(named: name) else {
                throw .invalidProperty(entity: entity.name, property: name, reason: "is not an attribute, but the custom merge policy gave it a value")
            }
            let attribute = entity.attributes[index]
            guard !value.isNaN else { throw .invalidProperty(entity: entity.name, property: name, reason: SQLiteValue.nanRefusal) }
            guard attribute.accepts(value) else {
                throw .invalidProperty(entity: entity.name, property: name,
                                       reason: "is \(attribute.type.rawValue)\(attribute.isOptional ? "?" : ""); the custom merge policy gave \(value)")
            }
        }
    }

    /// What a policy decides for one conflicting object.
    enum Resolution {
        /// Write these values over the row.
        case write(RowValues)
        /// Keep the row as the store holds it (and take its values into memory).
        case keepStore
        /// Delete the row.
        case delete
    }

    /// Core Data's merge policies, for one conflicting object whose row still exists.
    /// `values` are the object's values as the save writes them (a relationship to a new object
    /// holds the key reserved for it).
    func resolution(for data: BackingData, values: RowValues, against row: EntitySQL.Row, isDeletion: Bool,
                    custom: [String: SQLiteValue]?) -> Resolution {
        let cached = data.cachedValues ?? row.values
        switch self {
        case .error:
            preconditionFailure("conflicts under .error are thrown before resolution")
        case .rollback:
            return .keepStore
        case .overwrite:
            return isDeletion ? .delete : .write(values)
        case .mergeByPropertyStoreTrump:
            if isDeletion { return .keepStore }
            return .write(RowValues(values.indices.map { row.values[$0] != cached[$0] ? row.values[$0] : values[$0] }))
        case .mergeByPropertyObjectTrump:
            if isDeletion { return .delete }
            return .write(RowValues(values.indices.map { values[$0] != cached[$0] ? values[$0] : row.values[$0] }))
        case .custom:
            guard let custom else { return .keepStore }
            // A custom policy decides attributes; relationship columns keep the store's.
            return .write(RowValues(row.values.indices.map { index in
                index < data.entity.attributes.count ? custom[data.entity.attributes[index].name] ?? row.values[index] : row.values[index]
            }))
        }
    }
}
