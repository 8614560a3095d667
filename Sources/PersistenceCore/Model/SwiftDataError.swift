/// SwiftData's public error type: what apps catch (`catch is SwiftDataError`, or
/// `catch let error as SwiftDataError where error == .loadIssueModelContainer`).
///
/// As SwiftData's, a struct with one static value per kind of failure, compared with `==`; not an
/// enum, so a `switch` over it needs a `default`. SwiftData's names throw it where SwiftData does:
/// a container made with SwiftData's initializers (`ModelContainer(for:configurations:)`,
/// `ModelContainer(for:migrationPlan:configurations:)`) that cannot open its store throws
/// ``loadIssueModelContainer``. The lab's own initializer, `ModelContainer(for:configuration:)`,
/// throws ``ModelError`` itself, whose message says what went wrong; here that message is kept
/// as ``underlying``, and printed with the error.
public struct SwiftDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which failure this is: what `==` compares.
    private let kind: String
    /// The lab's account of what went wrong, when there is one: not part of equality.
    public let underlying: ModelError?

    private init(_ kind: String, underlying: ModelError? = nil) {
        self.kind = kind
        self.underlying = underlying
    }

    /// The same kind of failure, with `error` as what went wrong.
    func because(_ error: ModelError) -> SwiftDataError {
        SwiftDataError(kind, underlying: error)
    }

    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.kind == rhs.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    public var description: String {
        guard let underlying else { return "SwiftDataError.\(kind)" }
        return "SwiftDataError.\(kind): \(underlying)"
    }

    // Fetching (iOS 17).
    /// A fetch that includes pending changes cannot also be made in batches.
    public static let includePendingChangesWithBatchSize = SwiftDataError("includePendingChangesWithBatchSize")
    /// Identifiers of pending changes cannot be sorted.
    public static let sortingPendingChangesWithIdentifiers = SwiftDataError("sortingPendingChangesWithIdentifiers")
    /// A key path the store cannot use.
    public static let unsupportedKeyPath = SwiftDataError("unsupportedKeyPath")
    /// A predicate the store cannot evaluate.
    public static let unsupportedPredicate = SwiftDataError("unsupportedPredicate")
    /// A sort descriptor the store cannot apply.
    public static let unsupportedSortDescriptor = SwiftDataError("unsupportedSortDescriptor")

    // Configurations and containers (iOS 17).
    /// A configuration's name holds characters a file name cannot.
    public static let configurationFileNameContainsInvalidCharacters = SwiftDataError("configurationFileNameContainsInvalidCharacters")
    /// A configuration's name is too long for a file name.
    public static let configurationFileNameTooLong = SwiftDataError("configurationFileNameTooLong")
    /// A configuration's schema names models the container's schema does not hold.
    public static let configurationSchemaNotFoundInContainerSchema = SwiftDataError("configurationSchemaNotFoundInContainerSchema")
    /// Two configurations describe the same store.
    public static let duplicateConfiguration = SwiftDataError("duplicateConfiguration")
    /// The container could not load its store: unreadable, made for other models, or not
    /// migrated (practitioners see a failed staged migration surface as this one).
    public static let loadIssueModelContainer = SwiftDataError("loadIssueModelContainer")

    // Contexts (iOS 17).
    /// A model broke a rule of its schema at the save.
    public static let modelValidationFailure = SwiftDataError("modelValidationFailure")
    /// An operation needed a model's context, and the model has none.
    public static let missingModelContext = SwiftDataError("missingModelContext")

    // Migrations (iOS 17).
    /// The store is newer than every version of the migration plan.
    public static let backwardMigration = SwiftDataError("backwardMigration")
    /// The store's schema is none of the versions the migration plan knows.
    public static let unknownSchema = SwiftDataError("unknownSchema")

    // History (iOS 18).
    /// A history fetch asked for something a history fetch cannot do.
    public static let invalidTransactionFetchRequest = SwiftDataError("invalidTransactionFetchRequest")
    /// A history token older than the oldest transaction kept: ``ModelError/historyTokenExpired``.
    public static let historyTokenExpired = SwiftDataError("historyTokenExpired")
}

extension SwiftDataError {
    /// What SwiftData's container initializers throw for `error`, which the lab's throws.
    static func opening(_ error: any Error) -> any Error {
        guard let error = error as? ModelError else { return error }
        if case .invalidConfiguration(let reason) = error, reason.hasPrefix(ModelError.configurationSchemaNotInContainer) {
            return configurationSchemaNotFoundInContainerSchema.because(error)
        }
        return loadIssueModelContainer.because(error)
    }
}
