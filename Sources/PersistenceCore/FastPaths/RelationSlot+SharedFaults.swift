extension RelationSlot {
    /// A list of `count` relationship faults, one per relationship count, shared by every row a
    /// context materializes: an array is copied on its first write, so a model only gets a list
    /// of its own when one of its relationships loads.
    ///
    /// The plain code, `Array(repeating: .fault, count: entity.relationships.count)` in
    /// `BackingData`'s initializer, allocated a list per fetched row and asked the runtime for the
    /// array's metadata each time (see `FastPaths/README.md`).
    // Immutable once made; the payloads of `.fault` hold nothing.
    nonisolated(unsafe) static let sharedFaults: [[RelationSlot]] =
        (0...AttributeMask.maximumAttributes).map { Array(repeating: .fault, count: $0) }
}
