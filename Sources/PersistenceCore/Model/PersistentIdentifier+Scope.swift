import Foundation

extension PersistentIdentifier {
    /// The store and entity an identifier belongs to: one shared object for every identifier of
    /// one entity in one store.
    ///
    /// An identifier that stored the store's UUID and the entity's name itself took 56 bytes;
    /// with this reference it takes 32. Sets and dictionaries of identifiers (a context's uniquing
    /// table, the changes of a 100k-row save or batch) are memory-bound: smaller elements made
    /// building one of 100k identifiers about twice as fast.
    final class Scope: Sendable {
        let storeIdentifier: UUID
        let entityName: String

        private init(storeIdentifier: UUID, entityName: String) {
            self.storeIdentifier = storeIdentifier
            self.entityName = entityName
        }

        /// The one scope for `entityName` in `storeIdentifier`, made on first use.
        ///
        /// Interned, so that two identifiers of one entity in one store share the object, and
        /// comparing them compares one pointer. Stores look theirs up once, when they open.
        static func interned(_ storeIdentifier: UUID, _ entityName: String) -> Scope {
            table.withLock { table in
                let key = Key(storeIdentifier: storeIdentifier, entityName: entityName)
                if let scope = table[key] { return scope }
                let scope = Scope(storeIdentifier: storeIdentifier, entityName: entityName)
                table[key] = scope
                return scope
            }
        }

        private struct Key: Hashable {
            let storeIdentifier: UUID
            let entityName: String
        }

        /// Every scope made so far: one small object per entity of every store opened. Never
        /// emptied: identifiers hold their scope without retaining it (`unowned(unsafe)`), which
        /// is safe only because every scope lives as long as the process.
        private static let table = Locked<[Key: Scope]>([:])
    }
}
