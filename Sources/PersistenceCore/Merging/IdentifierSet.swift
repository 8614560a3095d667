import Foundation

/// One of ``ModelContext/Changes``' sets: an actual set, or the primary keys of one entity's rows
/// that become one the first time someone reads it.
///
/// A batch request over 100k rows would otherwise build a set of 100k identifiers for its
/// ``ModelContext/didSave`` notification on the caller's queue, whether or not anyone listens:
/// about as long as SQLite's own UPDATE took. Now the first reader (a merging context, a
/// subscriber, an observer) builds it, once, for everyone.
struct IdentifierSet: Sendable {
    private enum Form: Sendable {
        case set(Set<PersistentIdentifier>)
        case rows(RowIdentifiers)
    }

    private var form: Form

    init(_ set: Set<PersistentIdentifier> = []) {
        form = .set(set)
    }

    /// The identifiers of the rows `primaryKeys` of the entity `entity`, made on first read.
    init(rowsOf entity: EntitySQL, primaryKeys: [Int64]) {
        self.init(rows: [RowGroup(scope: entity.scope, primaryKeys: primaryKeys)])
    }

    /// The identifiers of the rows of each group, made on first read.
    init(rows groups: [RowGroup]) {
        let groups = groups.filter { !$0.primaryKeys.isEmpty }
        form = groups.isEmpty ? .set([]) : .rows(RowIdentifiers(groups))
    }

    var set: Set<PersistentIdentifier> {
        switch form {
        case .set(let set): set
        case .rows(let rows): rows.set
        }
    }

    /// Whether any identifier is of the entity `name`; never builds a set.
    func mentions(entity name: String) -> Bool {
        switch form {
        case .set(let set): set.contains { $0.entityName == name }
        case .rows(let rows): rows.groups.contains { $0.scope.entityName == name }
        }
    }

    /// The identifiers as an array, in no promised order; for rows, made without hashing any.
    var array: [PersistentIdentifier] {
        switch form {
        case .set(let set): Array(set)
        case .rows(let rows): rows.array
        }
    }

    var isEmpty: Bool {
        switch form {
        case .set(let set): set.isEmpty
        case .rows: false  // empty groups make an empty set instead
        }
    }
}

/// The primary keys of some rows of one entity: identifiers waiting to be made.
struct RowGroup: Sendable {
    let scope: PersistentIdentifier.Scope
    var primaryKeys: [Int64]
}

/// Primary keys waiting to be read as a set of identifiers; shared by every copy of the changes
/// that carry them, so the set is built at most once.
private final class RowIdentifiers: Sendable {
    let groups: [RowGroup]
    private let made = Locked<Set<PersistentIdentifier>?>(nil)

    init(_ groups: [RowGroup]) {
        self.groups = groups
    }

    /// The identifiers in key order, made afresh: an array needs no hashing, so nothing is kept.
    var array: [PersistentIdentifier] {
        var array: [PersistentIdentifier] = []
        array.reserveCapacity(groups.reduce(0) { $0 + $1.primaryKeys.count })
        for group in groups {
            for key in group.primaryKeys {
                array.append(PersistentIdentifier(scope: group.scope, storage: .permanent(primaryKey: key)))
            }
        }
        return array
    }

    var set: Set<PersistentIdentifier> {
        made.withLock { made in
            if let made { return made }
            var set = Set<PersistentIdentifier>(minimumCapacity: groups.reduce(0) { $0 + $1.primaryKeys.count })
            for group in groups {
                for key in group.primaryKeys {
                    set.insert(PersistentIdentifier(scope: group.scope, storage: .permanent(primaryKey: key)))
                }
            }
            made = set
            return set
        }
    }
}
