/// Where one relationship lives in the store, and the SQL that reads it, written once when the
/// container opens (as ``EntitySQL`` is for attributes).
///
/// Core Data's layout, which a learner can find by opening the file (`lab inspect` shows it):
/// - a to-one relationship `trip` is a column `ZTRIP` of the source's table, holding the related
///   row's `Z_PK`;
/// - a to-many relationship whose inverse is to-one (`Trip.stops`, inverse `Stop.trip`) has no
///   column of its own: it is the rows of the destination whose column points back;
/// - a many-to-many relationship (or a to-many one with no inverse) is a join table
///   `Z_<n><NAME>` with one column per side, each named by the entity number of the rows it
///   holds and the relationship that points at them.
struct RelationshipSQL: Sendable {
    enum Storage: Sendable, Equatable {
        /// A column of the source's table; the value at `valueIndex` of a row holds it.
        case column(valueIndex: Int)
        /// The destination's column that points back (the inverse's column).
        case inverseColumn(String)
        /// A join table: `sourceColumn` holds the source's primary key, `destinationColumn` the
        /// destination's.
        case joinTable(JoinTable)
    }

    struct JoinTable: Sendable, Equatable {
        let name: String
        let sourceColumn: String
        let destinationColumn: String
        /// Whether this side writes the table's rows: a pair of relationships shares one table,
        /// and only one side rewrites it, so each link is written once.
        let isWritingSide: Bool
    }

    /// The relationship's description, its inverse resolved.
    let relationship: Schema.Relationship
    /// Its index in the entity's relationships.
    let index: Int
    let storage: Storage
    /// The destination's table.
    let destinationTable: String
    /// The inverse's index in the destination's relationships, if it has one.
    let inverseIndex: Int?

    /// The statement that reads the primary keys of the models related to one row (`?1`), for
    /// a to-many relationship; nil for a to-one (its key is in the row).
    let selectRelatedKeys: String?

    init(_ relationship: Schema.Relationship, index: Int, of entity: EntitySchema, in schema: Schema) {
        self.relationship = relationship
        self.index = index
        let destination = schema.entity(named: relationship.destination)
        destinationTable = destination?.tableName ?? "Z" + relationship.destination.uppercased()
        let inverse = relationship.inverseName.flatMap { destination?.relationshipIndex(named: $0) }
        inverseIndex = inverse
        if !relationship.isToMany, let valueIndex = entity.valueIndex(ofRelationship: index) {
            storage = .column(valueIndex: valueIndex)
        } else if let inverse, let destination, !destination.relationships[inverse].isToMany {
            storage = .inverseColumn(destination.relationships[inverse].columnName)
        } else {
            // An inherited relationship's join table is the one its declaring entity names.
            storage = .joinTable(Self.joinTable(relationship, of: schema.declaringEntity(ofRelationship: index, in: entity),
                                                inverse: inverse.flatMap { destination?.relationships[$0] }, in: schema))
        }
        switch storage {
        case .column:
            selectRelatedKeys = nil
        case .inverseColumn(let column):
            selectRelatedKeys = "SELECT Z_PK FROM \(destinationTable) WHERE \(column) = ?1 ORDER BY Z_PK"
        case .joinTable(let join):
            selectRelatedKeys = "SELECT \(join.destinationColumn) FROM \(join.name) WHERE \(join.sourceColumn) = ?1 ORDER BY \(join.destinationColumn)"
        }
    }

    /// The join table of a to-many relationship with a to-many inverse, or with none.
    ///
    /// The two sides of a pair name the same table: after the side that sorts first (by entity
    /// number, then name), as `Z_<n><NAME>`. Each column is named by the entity number of the rows
    /// it holds and the relationship whose destination they are; with no inverse, the source's
    /// column is named after the source entity.
    private static func joinTable(_ relationship: Schema.Relationship, of entity: EntitySchema,
                                  inverse: Schema.Relationship?, in schema: Schema) -> JoinTable {
        let sourceNumber = schema.entityNumber(of: entity.name) ?? 0
        let destinationNumber = schema.entityNumber(of: relationship.destination) ?? 0
        var destinationColumn = "Z_\(destinationNumber)\(relationship.name.uppercased())"
        let sourceColumn = "Z_\(sourceNumber)\((inverse?.name ?? entity.name).uppercased())"
        if destinationColumn == sourceColumn { destinationColumn += "1" }  // a relationship that is its own inverse
        let isWritingSide = inverse.map { (sourceNumber, relationship.name) <= (destinationNumber, $0.name) } ?? true
        let name = isWritingSide ? "Z_\(sourceNumber)\(relationship.name.uppercased())" : "Z_\(destinationNumber)\(inverse!.name.uppercased())"
        return JoinTable(name: name, sourceColumn: sourceColumn, destinationColumn: destinationColumn, isWritingSide: isWritingSide)
    }

    /// The `CREATE TABLE` of the join table this side writes, with an index per column; nil
    /// for every other relationship.
    var createJoinTableSQL: [String]? {
        guard case .joinTable(let join) = storage, join.isWritingSide else { return nil }
        return [
            "CREATE TABLE \(join.name) (\(join.sourceColumn) INTEGER, \(join.destinationColumn) INTEGER, PRIMARY KEY (\(join.sourceColumn), \(join.destinationColumn)))",
            "CREATE INDEX \(join.name)_\(join.destinationColumn)_INDEX ON \(join.name) (\(join.destinationColumn), \(join.sourceColumn))",
        ]
    }
}
