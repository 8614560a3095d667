extension PersistentIdentifier {
    /// Hashes the storage alone: a primary key or a temporary token already tells identifiers
    /// apart, and equality still compares all three parts.
    ///
    /// A context hashes identifiers several times for each object it registers and saves (its
    /// uniquing table, the saved changes); hashing the store's UUID and the entity name as well
    /// made that a tenth of an import.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashWord)
    }

    /// Where a `Set` or a `Dictionary` places an identifier: eight consecutive primary keys (or
    /// temporary tokens) of one entity side by side, each group of eight wherever its hash says.
    ///
    /// A `Dictionary` takes a key's bucket from the low bits of this value. With the standard
    /// library's default (a `Hasher` fed through ``hash(into:)``), the rows of a fetch, which
    /// come with consecutive primary keys, landed in random buckets: two cache misses per row
    /// in a 100k-row uniquing table, about a seventh of the fetch. Here the group is hashed and
    /// the key's last three bits pick its bucket in the group, so a run of rows fills whole
    /// cache lines. Eight, not four or sixteen: groups of four left a 100k-row fetch 4% slower;
    /// groups of sixteen made prefetching slower, as long runs collide in a fuller table
    /// (prefetching's 21k rows fill two thirds of its 32k buckets; see `FastPaths/README.md`). The group's hash mixes in the scope (interned: one object per store and entity),
    /// so that entities, whose primary keys all start at 1, do not pile into the same groups.
    /// Equal identifiers still get equal values.
    ///
    /// The group is mixed with SplitMix64's finalizer (a dozen instructions) rather than the
    /// standard library's SipHash (about ninety): the keys come from the store, not from an
    /// attacker, and the table's own `seed` is still mixed in, so two tables place keys apart.
    public func _rawHashValue(seed: Int) -> Int {
        let word = hashWord
        let group = (word >> 3) ^ UInt64(UInt(bitPattern: ObjectIdentifier(scope)))
        return Int(truncatingIfNeeded: Self.mix(group, seed: seed) << 3) | Int(truncatingIfNeeded: word & 7)
    }

    /// SplitMix64's finalizer over `value` and `seed`: every input bit moves about half the output bits.
    private static func mix(_ value: UInt64, seed: Int) -> UInt64 {
        var x = (value ^ UInt64(UInt(bitPattern: seed))) &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }

    /// The primary key, or a temporary token's last eight bytes: random, or a counter
    /// (TemporaryToken). One word hashes much faster than sixteen bytes.
    private var hashWord: UInt64 {
        switch storage {
        case .permanent(let primaryKey):
            UInt64(bitPattern: primaryKey)
        case .temporary(let token):
            withUnsafeBytes(of: token.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
        }
    }
}
