/// What `@Attribute(...)` can say about a persisted property: SwiftData's options.
///
/// `@Model` reads these from the source text, so write them as literals: `@Attribute(.unique)`.
/// `.unique` and `.preserveValueOnDeletion` change what the store does; the options about
/// CloudKit, Spotlight, external files and the `Codable` representation are accepted so that
/// SwiftData code compiles, and change nothing here (see the article "Differences from Core Data and SwiftData"). `.ephemeral` and
/// `.transformable(by:)` are refused by `@Model`, with what to write instead.
public enum AttributeOption: Sendable, Hashable {
    /// No two models of the entity may hold the same value: the store keeps a unique index on
    /// the column. A new model with a stored value upserts on SwiftData's contexts; on Core Data's,
    /// the merge policy decides (`.error`: ``ModelError/constraintConflict(_:)``).
    case unique
    /// SwiftData may keep a large value in a file beside the store. Here it stays in its column
    /// (SQLite holds a blob of up to 1 GB).
    case externalStorage
    /// SwiftData encrypts the value in CloudKit. There is no CloudKit here.
    case allowsCloudEncryption
    /// The value is kept in the history tombstone of a deleted model (``HistoryDelete/tombstone``):
    /// what an app needs to tell which model another process deleted (its unique id, its title).
    case preserveValueOnDeletion
    /// SwiftData indexes the value for Spotlight. There is no Spotlight here.
    case spotlight
    /// SwiftData (iOS 27) stores the value in its `Codable` representation, where it would
    /// otherwise store a struct as a composite of columns. Here a `Codable` value is always stored
    /// so (as JSON, in one column), and the attributes of the primitive types keep their native
    /// column: the values read back are the same either way.
    case codable
    /// SwiftData tracks changes to the property but does not store it. Refused by `@Model`: use
    /// `@Transient`, which keeps the property out of the store.
    case ephemeral
    /// SwiftData stores the value through a value transformer. Refused by `@Model`.
    case transformable(String)

    /// SwiftData's `.transformable(by:)` with a transformer's name. Refused by `@Model`: store a
    /// supported type (or `Data` you encode yourself) instead.
    public static func transformable(by name: String) -> AttributeOption { .transformable(name) }

    /// SwiftData's `.transformable(by:)` with a transformer's type. Refused by `@Model`.
    public static func transformable(by type: AnyClass) -> AttributeOption { .transformable("\(type)") }
}
