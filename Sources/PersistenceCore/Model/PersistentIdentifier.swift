import Foundation

/// The identity of one stored object: SwiftData's `PersistentIdentifier`, Core Data's `NSManagedObjectID`.
///
/// Identifiers are values: pass them between queues and actors instead of models, which are bound
/// to their context. A new object's identifier is temporary until its first save (or
/// ``ModelContext/obtainPermanentIdentifiers(for:)``); from then on it is permanent and stable, and
/// its ``uriRepresentation`` can be archived and resolved later with
/// ``ModelContainer/identifier(forURIRepresentation:)``.
public struct PersistentIdentifier: Hashable, Sendable, Codable {
    /// Where in its store the object lives.
    public enum Storage: Hashable, Sendable, Codable {
        /// A row that exists in the store: its `Z_PK`.
        case permanent(primaryKey: Int64)
        /// An object that has never been saved.
        case temporary(UUID)
    }

    /// The store and entity, shared with every identifier of the same entity in the same store.
    ///
    /// Not retained: scopes are interned, and the intern table keeps each one for the life of the
    /// process, so copying and dropping an identifier costs no reference counting (see
    /// `FastPaths/README.md`).
    unowned(unsafe) let scope: Scope
    /// A permanent primary key or a temporary token.
    public let storage: Storage

    /// The `Z_UUID` of the store the object belongs to.
    public var storeIdentifier: UUID { scope.storeIdentifier }
    /// The model class name, e.g. `Item`.
    public var entityName: String { scope.entityName }

    public init(storeIdentifier: UUID, entityName: String, storage: Storage) {
        self.init(scope: .interned(storeIdentifier, entityName), storage: storage)
    }

    /// An identifier in a scope already at hand: how stores and contexts make them, without
    /// looking the scope up.
    init(scope: Scope, storage: Storage) {
        self.scope = scope
        self.storage = storage
    }

    /// Compares the part that tells identifiers apart first, the parts they usually share last.
    ///
    /// Sets and dictionaries of identifiers (a uniquing table, the saved changes) compare an
    /// element with every neighbour they probe; comparing the store's UUID and the entity name
    /// first compared what two identifiers of one store and entity always share.
    public static func == (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        // Scopes are interned (``Scope/interned(_:_:)`` is the only way to make one): the same
        // store and entity is the same object.
        lhs.storage == rhs.storage && lhs.scope === rhs.scope
    }

    /// True until the object is first saved or given a permanent identifier.
    public var isTemporary: Bool {
        if case .temporary = storage { true } else { false }
    }

    /// The row's `Z_PK`, or nil for a temporary identifier.
    public var primaryKey: Int64? {
        if case .permanent(let primaryKey) = storage { primaryKey } else { nil }
    }

    /// `x-lab://<store>/<Entity>/p<Z_PK>`, or `.../t<UUID>` while temporary: Core Data's URI form.
    public var uriRepresentation: URL {
        let suffix = switch storage {
        case .permanent(let primaryKey): "p\(primaryKey)"
        case .temporary(let token): "t\(token.uuidString)"
        }
        return URL(string: "\(Self.uriScheme)://\(storeIdentifier.uuidString)/\(entityName)/\(suffix)")!
    }

    /// The scheme of every identifier URI.
    public static let uriScheme = "x-lab"

    /// Parses a URI made by ``uriRepresentation``; nil when it is not exactly that form.
    ///
    /// Decorations a URL parser accepts (a trailing slash, a query, a fragment, user info, a
    /// port, a percent-encoded path, a lowercase UUID) make another URI, not the same one: an
    /// identifier read from outside is accepted only as this library writes it.
    public init?(uriRepresentation uri: URL) {
        guard uri.scheme == Self.uriScheme,
              let host = uri.host, let store = UUID(uuidString: host)
        else { return nil }
        let parts = uri.path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty,
              let entity = parts.dropFirst().first, !entity.isEmpty,
              entity.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let reference = parts.last, let kind = reference.first
        else { return nil }
        let value = String(reference.dropFirst())
        let storage: Storage
        switch kind {
        case "p":
            guard let primaryKey = Int64(value), primaryKey > 0, String(primaryKey) == value else { return nil }
            storage = .permanent(primaryKey: primaryKey)
        case "t":
            guard let token = UUID(uuidString: value) else { return nil }
            storage = .temporary(token)
        default:
            return nil
        }
        self.init(storeIdentifier: store, entityName: String(entity), storage: storage)
        guard uriRepresentation.absoluteString == uri.absoluteString else { return nil }
    }
}

extension PersistentIdentifier {
    private enum CodingKeys: String, CodingKey {
        case storeIdentifier, entityName, storage
    }

    /// Encodes the three parts by name, as the synthesized conformance did.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storeIdentifier, forKey: .storeIdentifier)
        try container.encode(entityName, forKey: .entityName)
        try container.encode(storage, forKey: .storage)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(storeIdentifier: try container.decode(UUID.self, forKey: .storeIdentifier),
                  entityName: try container.decode(String.self, forKey: .entityName),
                  storage: try container.decode(Storage.self, forKey: .storage))
    }
}

extension PersistentIdentifier: CustomStringConvertible {
    public var description: String { uriRepresentation.absoluteString }
}
