import PersistenceCore

extension MergeConflicts {
    /// The merge policies the lesson tries, in order: Core Data's five, then a rule of our own.
    static let policies: [MergePolicy] = [
        .error, .mergeByPropertyStoreTrump, .mergeByPropertyObjectTrump, .overwrite, .rollback, largerAgeWins,
    ]

    /// What each policy does, in a few words.
    static func meaning(of policy: MergePolicy) -> String {
        switch policy {
        case .error: "the default: throw the conflict, write nothing"
        case .mergeByPropertyStoreTrump: "property by property; where both changed, the store wins"
        case .mergeByPropertyObjectTrump: "property by property; where both changed, memory wins"
        case .overwrite: "memory wins whole: the object is written over the row"
        case .rollback: "the store wins whole: the object's unsaved changes are dropped"
        case .custom: "our own rule: the name from memory, the larger age, the sex from the store"
        }
    }

    /// A rule no preset has: people do not get younger, so the larger of the two ages wins.
    ///
    /// A custom policy receives every conflict with its three snapshots (memory, what the context
    /// last read, the store now) and returns the values to save; properties it leaves out keep
    /// what the store holds, so the batch's `sex` survives here.
    static let largerAgeWins = MergePolicy.custom { conflicts in
        var resolved: [PersistentIdentifier: [String: SQLiteValue]] = [:]
        for conflict in conflicts {
            guard let mine = PersonValues(snapshot: conflict.objectSnapshot) else { continue }
            let theirs = PersonValues(snapshot: conflict.persistedSnapshot)
            let age = max(mine.age, theirs?.age ?? mine.age)
            resolved[conflict.identifier] = ["name": .text(mine.name), "age": .integer(Int64(age))]
        }
        return resolved
    }
}
