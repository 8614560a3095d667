extension PersistentIdentifier {
    /// Hashes the storage alone: a primary key or a temporary token already tells identifiers
    /// apart, and equality still compares all three parts.
    ///
    /// A context hashes identifiers several times for each object it registers and saves (its
    /// uniquing table, the saved changes); hashing the store's UUID and the entity name as well
    /// made that a tenth of an import.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .permanent(let primaryKey):
            hasher.combine(primaryKey)
        case .temporary(let token):
            // The token's last eight bytes: random, or a counter (TemporaryToken). One word hashes
            // much faster than sixteen bytes.
            hasher.combine(withUnsafeBytes(of: token.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) })
        }
    }
}
