extension RelationSlot {
    /// A list of `count` relationship faults, shared by every row a context materializes: an
    /// array is copied on its first write, so a model only gets a list of its own when one of its
    /// relationships loads.
    ///
    /// The plain code, `Array(repeating: .fault, count: entity.relationships.count)` in
    /// `BackingData`'s initializer, allocated a list per fetched row and asked the runtime for the
    /// array's metadata each time (see `FastPaths/README.md`).
    ///
    /// Up to eight relationships, the list is an array literal: the compiler emits each as a
    /// statically initialized object, which the runtime never counts references to, so holding
    /// it costs a model no atomic retain and release (the lists of `sharedFaults`, made at run
    /// time, cost one of each per model made).
    static func faults(count: Int) -> [RelationSlot] {
        switch count {
        case 0: []
        case 1: [.fault]
        case 2: [.fault, .fault]
        case 3: [.fault, .fault, .fault]
        case 4: [.fault, .fault, .fault, .fault]
        case 5: [.fault, .fault, .fault, .fault, .fault]
        case 6: [.fault, .fault, .fault, .fault, .fault, .fault]
        case 7: [.fault, .fault, .fault, .fault, .fault, .fault, .fault]
        case 8: [.fault, .fault, .fault, .fault, .fault, .fault, .fault, .fault]
        default: sharedFaults[count]
        }
    }

    /// The lists for any count, made once.
    // Immutable once made; the payloads of `.fault` hold nothing.
    private nonisolated(unsafe) static let sharedFaults: [[RelationSlot]] =
        (0...AttributeMask.maximumAttributes).map { Array(repeating: .fault, count: $0) }
}
