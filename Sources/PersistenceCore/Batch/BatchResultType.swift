/// What a batch request reports back: Core Data's `NSBatchUpdateRequestResultType` /
/// `NSBatchDeleteRequestResultType`.
public enum BatchResultType: Sendable, Hashable {
    /// Only whether it succeeded (the default, as Core Data's `resultTypeStatusOnly`).
    case statusOnly
    /// The identifiers of the affected rows: ask for them to merge the change by hand.
    case identifiers
    /// How many rows were affected.
    case count
}

/// The result of a batch request, in the form its ``BatchResultType`` asked for.
public enum BatchResult: Sendable, Hashable {
    case status(Bool)
    case identifiers([PersistentIdentifier])
    case count(Int)

    /// The affected identifiers, when the request asked for them.
    public var identifiers: [PersistentIdentifier]? {
        if case .identifiers(let identifiers) = self { identifiers } else { nil }
    }

    /// How many rows were affected, when the request asked for identifiers or a count.
    public var count: Int? {
        switch self {
        case .status: nil
        case .identifiers(let identifiers): identifiers.count
        case .count(let count): count
        }
    }
}
