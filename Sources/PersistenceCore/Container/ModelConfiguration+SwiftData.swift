import Foundation

/// SwiftData's spellings of a configuration, so a model layer written for SwiftData compiles
/// unchanged: `ModelConfiguration(isStoredInMemoryOnly: true)`,
/// `ModelConfiguration(schema: schema, allowsSave: false)`, `ModelConfiguration(url: url)`.
extension ModelConfiguration {
    /// Where SwiftData shares a store between an app and its extensions. There are no app groups
    /// here: `.automatic` and `.none` keep the store in the default folder, and `.identifier`
    /// makes the container throw ``ModelError/invalidConfiguration(_:)``.
    public enum GroupContainer: Sendable, Hashable {
        case automatic
        case none
        case identifier(String)
    }

    /// Which CloudKit database SwiftData syncs the store with. There is no CloudKit here:
    /// `.automatic` (CloudKit only with the app's entitlements, which a process here never has)
    /// and `.none` keep the store local, and `.private` makes the container throw
    /// ``ModelError/invalidConfiguration(_:)`` rather than pretend to sync.
    public enum CloudKitDatabase: Sendable, Hashable {
        case automatic
        case none
        case `private`(String)
    }

    /// SwiftData's basic configuration: the default store file, or memory.
    public init(isStoredInMemoryOnly: Bool = false) {
        self.init(nil, isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// SwiftData's named configuration: in memory, or in `<name>.store` in the user's Application
    /// Support folder (on Linux, `~/.local/share`), created if missing.
    ///
    /// - Parameters:
    ///   - name: The store's name; nil for `default`, as SwiftData's `default.store`.
    ///   - schema: The models this store holds; nil for all of the container's.
    ///   - isStoredInMemoryOnly: Keep the store in memory.
    ///   - allowsSave: Whether the store may be written (see ``allowsSave``).
    ///   - groupContainer: Only `.automatic` or `.none` can be opened here.
    ///   - cloudKitDatabase: Only `.automatic` or `.none` can be opened here.
    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
                groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic) {
        let name = name ?? "default"
        self.init(location: isStoredInMemoryOnly ? .inMemory : .file(Self.defaultStoreURL(named: name)), allowsSave: allowsSave)
        self.name = name
        self.schema = schema
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
    }

    /// SwiftData's configuration for a store file at `url`.
    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true,
                cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.init(location: .file(url), allowsSave: allowsSave)
        self.name = name ?? "default"
        self.schema = schema
        self.cloudKitDatabase = cloudKitDatabase
    }

    /// SwiftData's configuration for the given models.
    public init(for types: any PersistentModel.Type..., isStoredInMemoryOnly: Bool = false) {
        self.init(schema: Schema(types), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// Whether the store lives in memory only.
    public var isStoredInMemoryOnly: Bool { location == .inMemory }

    /// Where SwiftData keeps a store called `name` when no URL is given: `<name>.store` in the
    /// Application Support folder. The folder is created here if missing.
    public static func defaultStoreURL(named name: String) -> URL {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("\(name).store")
    }

    /// Why the container cannot open this configuration here, if it cannot: an app group or a
    /// CloudKit database, which this library does not have.
    var unsupportedFeature: String? {
        if case .identifier(let group) = groupContainer {
            return "groupContainer .identifier(\"\(group)\"): there are no app groups here; give the store a url instead"
        }
        if case .private(let container) = cloudKitDatabase {
            return "cloudKitDatabase .private(\"\(container)\"): there is no CloudKit here, so the store would not sync; use .none"
        }
        return nil
    }
}
