import PersistenceCore

extension Trace {
    /// The lanes' names, each once, in the order they first appeared: the rows of a picture.
    /// Lanes of one name (the contexts of a lesson's repeated runs, all called "reader") share a row.
    public var rowNames: [String] {
        var seen = Set<String>()
        return lanes.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The row of each lane: where ``rowNames`` lists its name.
    func rows() -> [TraceLane.ID: Int] {
        let position = Dictionary(rowNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return Dictionary(uniqueKeysWithValues: lanes.map { ($0.id, position[$0.name] ?? 0) })
    }
}
