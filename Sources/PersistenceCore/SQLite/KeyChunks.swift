/// Primary keys in chunks that one `IN (…)` each binds: the one way the store reads or changes
/// many rows by key. Prefetching reads a chunk of consecutive keys as a range instead
/// (``condition(_:matching:)``, in `FastPaths/KeyChunks+Ranges.swift`).
enum KeyChunks {
    /// How many keys one statement binds: well under SQLite's limit on bound variables.
    static let size = 500

    /// `keys` in chunks of at most ``size``.
    static func of(_ keys: [Int64]) -> [ArraySlice<Int64>] {
        stride(from: 0, to: keys.count, by: size).map { keys[$0..<min($0 + size, keys.count)] }
    }

    /// `?1, ?2, …, ?count`: the placeholders of one chunk's `IN (…)`. A full chunk's are made
    /// once: building 500 placeholders took a tenth of a millisecond per query.
    static func placeholders(_ count: Int) -> String {
        count == size ? fullChunkPlaceholders : makePlaceholders(count)
    }

    private static let fullChunkPlaceholders = makePlaceholders(size)

    private static func makePlaceholders(_ count: Int) -> String {
        (1...max(count, 1)).map { "?\($0)" }.joined(separator: ", ")
    }
}
