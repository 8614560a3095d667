/// SwiftData's `PersistentIdentifier` is `Identifiable`, with an `ID` type of its own: code that
/// lists identifiers (`ForEach(ids, id: \.id)`, a dictionary keyed by `ID`) compiles here as is.
extension PersistentIdentifier: Identifiable {
    /// What tells this identifier apart from every other in its store: SwiftData's
    /// `PersistentIdentifier.ID`. Two identifiers are equal exactly when their IDs are.
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The identifier it stands for.
        let identifier: PersistentIdentifier

        public var description: String { identifier.description }
    }

    /// The value that identifies the model within its store. Like the identifier itself, it
    /// changes once, when a temporary identifier becomes permanent at the model's first save.
    public var id: ID { ID(identifier: self) }
}
