/// Reading the rows of an entity with subentities: a fetch of `Vehicle` returns each `Car` as a
/// `Car`, and a relationship to `Vehicle` holds a `Car` where the row is one, as Core Data's
/// fetch requests include subentities (`includesSubentities`, true by default).
///
/// The superentity's statement reads its own columns and each row's `Z_ENT`. A row of a
/// subentity is then read again, whole, with its own entity's statement, in the same read, so
/// that the model made for it has every value of its class. An entity without subentities
/// never takes these paths.
extension ModelContext {
    /// Replaces each row in `rows` whose `Z_ENT` (in `numbers`, one per row) is a subentity's by
    /// that subentity's whole row, read on `connection`.
    static func completeSubentityRows(_ rows: inout [EntitySQL.Row], numbers: [Int64], of sql: EntitySQL,
                                      store: SQLiteStore, connection: SQLiteConnection) throws(ModelError) {
        var positions: [Int64: [Int]] = [:]
        for (position, number) in numbers.enumerated() where number != sql.entityNumber {
            positions[number, default: []].append(position)
        }
        for (number, rowPositions) in positions {
            let subentity = try store.sql(forEntityNumber: number)
            let keys = rowPositions.map { rows[$0].primaryKey }
            let complete = try subentity.rows(primaryKeys: keys, in: connection)
            for position in rowPositions {
                // A row another writer deleted between the two reads cannot happen: one read, one snapshot.
                guard var row = complete[rows[position].primaryKey] else { continue }
                row.subentityNumber = number
                rows[position] = row
            }
        }
    }

    /// The model for a row of a subentity of `T`: an instance of the subentity's class, registered
    /// under the subentity's identifier.
    func materializeSubentity<T: PersistentModel>(_ type: T.Type, row: EntitySQL.Row,
                                                  in table: inout UniquingTable) -> T {
        let (sql, subtype) = subentity(numbered: row.subentityNumber)
        var own = row
        own.subentityNumber = 0
        func make<S: PersistentModel>(_: S.Type) -> any PersistentModel {
            materialize(S.self, sql: sql, row: own, in: &table)
        }
        guard let model = make(subtype) as? T else {
            fatalError("\(sql.entity.name) is a subentity of \(T.entitySchema.name), but its class \(subtype) is not a subclass of \(T.self)")
        }
        return model
    }

    /// An unregistered copy of a row, of the row's own class (see ``PersistentModel/detachedCopy(of:_:)``).
    func detachedCopy<T: PersistentModel>(_ type: T.Type, of row: EntitySQL.Row, _ sql: EntitySQL) -> T {
        guard row.subentityNumber != 0 else { return T.detachedCopy(of: row, sql) }
        let (subentity, subtype) = subentity(numbered: row.subentityNumber)
        guard let copy = subtype.detachedCopy(of: row, subentity) as? T else {
            fatalError("\(subentity.entity.name) is a subentity of \(T.entitySchema.name), but its class \(subtype) is not a subclass of \(T.self)")
        }
        return copy
    }

    /// The statement set and class of entity `number`, which the store itself wrote in `Z_ENT`.
    private func subentity(numbered number: Int64) -> (EntitySQL, any PersistentModel.Type) {
        guard let sql = try? container.store.sql(forEntityNumber: number),
              let type = container.modelTypes.type(named: sql.entity.name)
        else { fatalError("a row of the store names entity number \(number), which the container's schema does not have") }
        return (sql, type)
    }

    // MARK: Relationships to an entity with subentities

    /// The identifiers of the rows `keys` of `destination`: each names the row's own entity when
    /// `destination` has subentities (a relationship to `Vehicle` may hold a `Car`), which one
    /// query reads from `Z_ENT`.
    func identifiers(ofKeys keys: [Int64], in destination: EntitySQL) throws(ModelError) -> [PersistentIdentifier] {
        guard destination.hasSubentities, !keys.isEmpty else { return keys.map { destination.identifier(primaryKey: $0) } }
        let numbers = try readStore { (connection) throws(ModelError) in try destination.entityNumbers(of: keys, in: connection) }
        var identifiers: [PersistentIdentifier] = []
        identifiers.reserveCapacity(keys.count)
        for key in keys {
            let number = numbers[key] ?? destination.entityNumber
            let sql = number == destination.entityNumber ? destination : try container.store.sql(forEntityNumber: number)
            identifiers.append(sql.identifier(primaryKey: key))
        }
        return identifiers
    }

    /// Whether the entity called `name` is `T`'s entity or one of its subentities: whether an
    /// identifier naming it may be asked for as a `T`.
    func entity(_ name: String, isKindOf type: (some PersistentModel).Type) -> Bool {
        container.store.schema.entity(named: name)?.isKind(of: type.entitySchema.name) ?? false
    }

    /// The names of `T`'s entity and of its subentities: the entities a fetch of `T` returns.
    func entityNames(ofKind type: (some PersistentModel).Type) -> [String] {
        [type.entitySchema.name] + container.store.schema.subentities(of: type.entitySchema.name).map(\.name)
    }

    /// The model registered for row `primaryKey` of `destination`'s table, whichever entity of
    /// `destination`'s kind the row is.
    func registeredModel(primaryKey: Int64, ofKind destination: EntitySQL) -> (any PersistentModel)? {
        if let model = registered[destination.identifier(primaryKey: primaryKey)] { return model }
        guard destination.hasSubentities else { return nil }
        for subentity in container.store.schema.subentities(of: destination.entity.name) {
            guard let sql = try? container.store.sql(for: subentity.name) else { continue }
            if let model = registered[sql.identifier(primaryKey: primaryKey)] { return model }
        }
        return nil
    }
}
