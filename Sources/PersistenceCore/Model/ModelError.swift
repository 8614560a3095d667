import Foundation

/// Everything that can go wrong in PersistenceCore, each case with a message a learner understands.
public enum ModelError: Error, Sendable, Hashable {
    /// How ``invalidConfiguration(_:)`` begins when a configuration names models its container
    /// does not hold (SwiftData's `configurationSchemaNotFoundInContainerSchema`).
    static let configurationSchemaNotInContainer = "the configuration's schema names models the container does not hold"

    /// No row exists for the identifier (never saved, deleted, or of another store).
    case modelNotFound(PersistentIdentifier)
    /// A save met objects changed in the store since the context read them (merge policy `.error`).
    case mergeConflict([MergeConflict])
    /// The file exists but is not a readable SQLite database (wrong bytes, truncated, damaged).
    case storeCorrupted(URL, underlying: String)
    /// The file cannot be opened at all (a directory, no permission, a missing parent folder).
    case storeUnreadable(URL, underlying: String)
    /// The file (or its folder) cannot be written by this process: permissions, an immutable
    /// file, a read-only mount. A container always opens its store for writing.
    case storeReadOnly(URL, underlying: String)
    /// The store was made for a different set of models; the text names the difference.
    case schemaMismatch(String)
    /// A value or a model was not of the type asked for.
    case typeMismatch(expected: String, found: String)
    /// A model was used with a context it does not belong to.
    case contextMismatch(String)
    /// A model or identifier names an entity the container's schema does not have.
    case unknownEntity(String)
    /// A fetch or a batch request named a class that is not the one the container stores its
    /// entity as: another version's class of the same name, say.
    case modelClassMismatch(entity: String, stored: String, given: String)
    /// A batch request named a property the entity does not have, or gave it a wrong value.
    case invalidProperty(entity: String, property: String, reason: String)
    /// A fetch descriptor asked for something no fetch can do: a negative limit or offset.
    case invalidFetchDescriptor(entity: String, reason: String)
    /// A unique attribute would hold the same value twice; or the attributes of a `#Unique`
    /// constraint, named joined by ", ", the same values together.
    case uniqueConstraintViolation(entity: String, attribute: String)
    /// A save's new models repeat unique values under the merge policy `.error`, Core Data's
    /// default: Core Data's constraint conflict (`NSManagedObjectConstraintMergeError`), naming
    /// each new model, the stored one, and the values. Nothing was written.
    case constraintConflict([ConstraintConflict])
    /// The disk, or the store's ``ModelConfiguration/maximumSize``, had no room for a save.
    case storeFull(URL?)
    /// Reading or writing the store's file failed in the operating system (an I/O error).
    case storeIOFailure(URL?, underlying: String)
    /// A value is larger than SQLite stores in one field (a billion bytes by default).
    case valueTooLarge(String)
    /// A write broke a rule of the store's tables that no other case names.
    case constraintFailed(String)
    /// The store is locked by another process beyond the busy timeout.
    case storeBusy(URL?)
    /// A ``ModelConfiguration`` asks for something the store cannot do; nothing was opened.
    case invalidConfiguration(String)
    /// A store made for an older model could not be migrated to the current one (a custom
    /// migration stage, or a container that may not write); nothing was changed.
    case migrationFailed(String)
    /// An `enumerate` block left the context with changes while `allowEscapingMutations` was
    /// false; the changes stay pending.
    case mutationsDuringEnumeration(entity: String)
    /// A save, batch request or permanent-identifier request on a container whose configuration
    /// has `allowsSave: false`; nothing was written.
    case savesNotAllowed(URL?)
    /// A relationship cannot be stored as declared: its destination is not a model of the
    /// schema, its inverse is not a relationship back, or which inverse it has is ambiguous.
    case invalidRelationship(entity: String, relationship: String, reason: String)
    /// A save would leave a relationship holding fewer models than its `minimumModelCount` or
    /// more than its `maximumModelCount`: Core Data's `NSValidationRelationshipLacksMinimumCountError`
    /// and `…ExceedsMaximumCountError`. Nothing was written.
    case relationshipCountViolation(entity: String, relationship: String, reason: String)
    /// A save would delete a model whose `.deny` relationship still relates it to `count`
    /// models: Core Data's `NSValidationRelationshipDeniedDeleteError`. Nothing was written.
    case deleteDenied(entity: String, relationship: String, count: Int)
    /// History after the token asked for was deleted (``ModelContext/deleteHistory(_:)``): SwiftData's
    /// `SwiftDataError.historyTokenExpired`, Core Data's `NSPersistentHistoryTokenExpiredError` (134301).
    case historyTokenExpired
    /// The store keeps no history (an in-memory store).
    case historyUnavailable(String)
    /// A history token that this store did not make (another store's).
    case invalidHistoryToken(String)
    /// A `HistoryDescriptor` that cannot be run: its predicate could not be evaluated, or its limit is negative.
    case invalidHistoryDescriptor(String)
    /// SQLite reported an error this library did not expect; the message is SQLite's.
    case sqlite(code: Int32, message: String, sql: String?)
}

extension ModelError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch self {
        case .modelNotFound(let id):
            "No stored model has the identifier \(id): it was never saved, it was deleted, or it belongs to another store."
        case .mergeConflict(let conflicts):
            "The save found \(conflicts.count) object(s) changed in the store since this context read them: "
                + conflicts.map { "\($0.identifier) (version \($0.oldVersionNumber) → \($0.newVersionNumber))" }
                .joined(separator: ", ")
                + ". Nothing was written. Choose a merge policy or refresh and retry."
        case .storeCorrupted(let url, let underlying):
            "The store at \(url.path) is not a valid SQLite database (\(underlying)). The file was left untouched."
        case .storeUnreadable(let url, let underlying):
            "The store at \(url.path) cannot be opened (\(underlying)). The file was left untouched."
        case .storeReadOnly(let url, let underlying):
            "The store at \(url.path) is read-only (\(underlying)), and a container needs to write to it. Give this user write access to the file and its folder, or copy the store somewhere writable. The file was left untouched."
        case .schemaMismatch(let difference):
            "The store cannot be opened with these models: \(difference). Nothing in it was changed. Only a lightweight migration is inferred here, with or without a migration plan (an added optional attribute, a removed attribute, a rename through @Attribute(originalName:), .unique added or removed); for other changes, open the store with the models it was made for, or move its data into a new store file."
        case .typeMismatch(let expected, let found):
            "Expected \(expected) but found \(found): ask for the type the identifier or value was made for."
        case .contextMismatch(let reason):
            "Wrong context: \(reason)"
        case .unknownEntity(let name):
            "The container's schema has no entity called '\(name)': list its model class in ModelContainer(for:)."
        case .modelClassMismatch(let entity, let stored, let given):
            "The container stores the entity '\(entity)' as \(stored), not \(given) (a class of another schema version with the same name?): use the container's class, or a container made for \(given)."
        case .invalidProperty(let entity, let property, let reason):
            "\(entity).\(property) \(reason). Nothing was written."
        case .invalidFetchDescriptor(let entity, let reason):
            "FetchDescriptor<\(entity)>: \(reason). Nothing was read."
        case .constraintConflict(let conflicts):
            "The save breaks a uniqueness constraint: \(conflicts.map(\.description).joined(separator: "; ")). Under the merge policy .error (Core Data's default) that fails the save; .mergeByPropertyObjectTrump makes the stored model take the new values, .mergeByPropertyStoreTrump keeps the stored ones. Nothing was written."
        case .uniqueConstraintViolation(let entity, let attribute) where attribute.contains(", "):
            "Another \(entity) already has these values of \(attribute); together they are unique (#Unique). Nothing was written."
        case .uniqueConstraintViolation(let entity, let attribute):
            "Another \(entity) already has this \(attribute); the attribute is unique. Nothing was written."
        case .storeFull(let url):
            "The store\(url.map { " at \($0.path)" } ?? "") is full: the disk, or the store's maximumSize, has no room for this save. Nothing was written; free space (or raise the limit) and save again."
        case .storeIOFailure(let url, let underlying):
            "Reading or writing the store\(url.map { " at \($0.path)" } ?? "") failed in the operating system (\(underlying)). The transaction was rolled back: nothing of it was written."
        case .valueTooLarge(let underlying):
            "A value is too large for SQLite to store in one field (\(underlying)). Nothing was written; store large data in a file and keep its URL."
        case .constraintFailed(let underlying):
            "The write broke a rule of the store's tables (\(underlying)). Nothing was written."
        case .storeBusy(let url):
            "The store\(url.map { " at \($0.path)" } ?? "") is locked by another connection (another process, or another container on the same file) and stayed locked past the busy timeout (ModelConfiguration.busyTimeout). Nothing was written; try again once the other writer is done."
        case .invalidConfiguration(let reason):
            "The store configuration is invalid: \(reason). Nothing was opened."
        case .migrationFailed(let reason):
            "The store could not be migrated: \(reason). Nothing was changed."
        case .mutationsDuringEnumeration(let entity):
            "The enumerate block over \(entity) changed models, and allowEscapingMutations is false: save inside the block, or pass allowEscapingMutations: true. The changes are still pending."
        case .savesNotAllowed(let url):
            "The store\(url.map { " at \($0.path)" } ?? "") was opened with allowsSave: false (ModelConfiguration), so it cannot be written. Nothing was written; the changes are still pending in the context."
        case .invalidRelationship(let entity, let relationship, let reason):
            "\(entity).\(relationship) cannot be stored: \(reason). Nothing was opened."
        case .relationshipCountViolation(let entity, let relationship, let reason):
            "\(entity).\(relationship) cannot be saved: \(reason). Nothing was written."
        case .deleteDenied(let entity, let relationship, let count):
            "A \(entity) cannot be deleted while its relationship '\(relationship)' (delete rule .deny) still holds \(count) model\(count == 1 ? "" : "s"): delete or detach them first. Nothing was written; the deletion is still pending."
        case .historyTokenExpired:
            "The history after this token was deleted (deleteHistory pruned it), so what came after it cannot be told: fetch every model again, then keep the token of the newest transaction. Nothing was read."
        case .historyUnavailable(let reason):
            "This store keeps no history: \(reason). Nothing was read."
        case .invalidHistoryToken(let reason):
            "The history token is not this store's: \(reason). Nothing was read or deleted."
        case .invalidHistoryDescriptor(let reason):
            "HistoryDescriptor: \(reason). Nothing was read or deleted."
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code): \(message)\(sql.map { " in `\($0)`" } ?? "")"
        }
    }

    public var errorDescription: String? { description }
}
