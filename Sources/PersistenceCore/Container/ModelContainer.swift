import Foundation

/// The stack: a schema, a store, the main context, and the source of every other context.
///
/// SwiftData's `ModelContainer` and Core Data's `NSPersistentContainer` in one. It is `Sendable`:
/// hand it to any thread or actor and make contexts there. Contexts and their models are bound to
/// queues; the container is not.
public final class ModelContainer: Sendable {
    /// The entities the store holds.
    public let schema: Schema
    /// Where the store lives.
    public let configuration: ModelConfiguration
    /// The plan the store was migrated with when the container opened it, if one was given:
    /// SwiftData's `migrationPlan`.
    public var migrationPlan: (any SchemaMigrationPlan.Type)? { plan.type }
    private let plan: MigrationPlanReference

    let store: SQLiteStore
    let modelTypes: ModelTypeRegistry
    let broadcaster = ChangeBroadcaster()
    let accessPolicySwitch = AccessPolicySwitch()
    private let lazyMainContext = Locked<ModelContext?>(nil)
    private let lazyViewContext = Locked<ModelContext?>(nil)
    /// Posts ``remoteChange`` after each commit to a file store; nil in memory.
    let remoteChangeMonitor: RemoteChangeMonitor?

    /// Opens (or creates) the store for the given model classes.
    ///
    /// - Throws: ``ModelError/storeCorrupted(_:underlying:)``, ``ModelError/storeUnreadable(_:underlying:)``
    ///   or ``ModelError/storeReadOnly(_:underlying:)`` for a bad file (left untouched),
    ///   ``ModelError/schemaMismatch(_:)`` for a store made for other models, ``ModelError/storeBusy(_:)``
    ///   when another process holds the file's lock past the busy timeout.
    public convenience init(for types: any PersistentModel.Type..., configuration: ModelConfiguration) throws {
        try self.init(for: types, configuration: configuration)
    }

    /// Opens (or creates) the store for the given model classes.
    public convenience init(for types: [any PersistentModel.Type], configuration: ModelConfiguration) throws {
        try self.init(for: types, configuration: configuration, migrationPlan: nil)
    }

    /// Opens (or creates) the store; a store made for an older model is migrated where a
    /// lightweight migration can be inferred (and, with `migrationPlan`, only from one of its
    /// versions), or refused untouched.
    init(for types: [any PersistentModel.Type], configuration: ModelConfiguration,
         migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        if let unsupported = configuration.unsupportedFeature { throw ModelError.invalidConfiguration(unsupported) }
        let registry = ModelTypeRegistry(types)
        try registry.schema.validate()
        if let stored = configuration.schema {
            let missing = stored.entities.map(\.name).filter { registry.schema.entity(named: $0) == nil }
            guard missing.isEmpty else {
                throw ModelError.invalidConfiguration("\(ModelError.configurationSchemaNotInContainer): \(missing.joined(separator: ", "))")
            }
        }
        self.schema = registry.schema
        self.configuration = configuration
        self.modelTypes = registry
        self.plan = MigrationPlanReference(type: migrationPlan)
        // A plan's custom stages run first, each through containers of its versions; the store
        // then opens at this container's version, or says why not.
        if let migrationPlan { try StagedMigration.run(migrationPlan, to: registry.schema, configuration: configuration) }
        let store = try SQLiteStore(configuration: configuration, schema: registry.schema,
                                    migrationPlanVersions: migrationPlan.map(Self.versions(of:)))
        self.store = store
        if let url = configuration.fileURL, store.recordsHistory {
            let entities = store.entitySQL
            self.remoteChangeMonitor = RemoteChangeMonitor(url: url, storeIdentifier: store.storeIdentifier,
                                                               busyTimeout: configuration.busyTimeout,
                                                               newest: store.newestHistoryTokenAtOpen) { number, primaryKey in
                entities.indices.contains(Int(number) - 1) ? entities[Int(number) - 1].identifier(primaryKey: primaryKey) : nil
            }
        } else {
            self.remoteChangeMonitor = nil
        }
        // The main context's merge of other containers' commits skips this one's, counted from
        // before the first commit the listeners may see; where nothing listens, nothing is counted.
        store.tracksOwnTransactions = remoteChangeMonitor != nil
        defer { store.tracksOwnTransactions = remoteChangeMonitor?.isListening ?? false }
        // Weakly: the listeners' thread must not keep the container alive.
        try remoteChangeMonitor?.start { [weak self] change, tokens, elsewhere in
            guard let self else { return }
            TraceRecorder.instant(.remoteChange(tokens: tokens, store: storeIdentifier, changedElsewhere: elsewhere),
                                  onLane: TraceRecorder.remoteChangesLane)
            // Before the notification: code that awaits it, then the main queue, finds the merge done.
            mergeOtherContainersCommits(tokens)
            NotificationCenter.default.post(name: Self.remoteChange, object: self, userInfo: change.userInfo)
        }
    }

    deinit {
        // Before the store closes: the monitor's reader must not outlive the writer.
        remoteChangeMonitor?.stop()
    }

    /// How many reads the store has run for this container's contexts: each fetch, count and
    /// look-up, each fault that loads a row, each relationship fault, each prefetch query; safe
    /// from any thread.
    ///
    /// What Core Data's `-com.apple.CoreData.SQLDebug 1` log lets you count by hand: read it before
    /// and after a piece of code to see an N+1 pattern (one read per object) for what it is.
    public var readCount: Int { store.readCount.load(ordering: .relaxed) }

    /// The SQL of `type`'s entity, once `type` is known to be the class the container stores it as.
    func sql<T: PersistentModel>(for type: T.Type) throws(ModelError) -> EntitySQL {
        try modelTypes.check(type)
        return try store.sql(for: T.entitySchema.name)
    }

    /// The store's UUID (`Z_UUID` in `Z_METADATA`), part of every identifier's URI.
    public var storeIdentifier: UUID { store.storeIdentifier }

    /// SwiftData's main context: the one SwiftUI's `@Query` and `@Environment(\.modelContext)` use.
    ///
    /// `@MainActor`, as SwiftData's: code off the MainActor cannot name it ("Main actor-isolated
    /// property 'mainContext' can not be referenced…"), so the wrong-queue mistake Core Data
    /// allows is a compile error here. It sees every save of the container's other contexts with
    /// no merging code, as SwiftData's does: it starts with ``ModelContext/automaticallyMergesChangesFromParent``
    /// on (a Core Data name SwiftData does not have). It lives as long as the container.
    ///
    /// For Core Data's behaviour, a main-queue context that merges nothing until told and that
    /// any thread may name, use ``viewContext``.
    @MainActor public var mainContext: ModelContext {
        ownedContext(.mainContext)
    }

    /// Core Data's `viewContext`: a main-queue context of the container's own, separate from
    /// SwiftData's ``mainContext``.
    ///
    /// As in Core Data it is reachable from anywhere (not `@MainActor`) and usable only on the
    /// main queue: from elsewhere, go through `perform`. It merges other contexts' saves only once
    /// ``ModelContext/automaticallyMergesChangesFromParent`` is set (default false, as Core
    /// Data's). It lives as long as the container.
    public var viewContext: ModelContext {
        ownedContext(.viewContext)
    }

    /// The container's main or view context, made on first use; for the core's own callers
    /// that have checked they run on the main queue.
    func ownedContext(_ role: ModelContext.OwnedRole) -> ModelContext {
        (role == .mainContext ? lazyMainContext : lazyViewContext).withLock { context in
            if let context { return context }
            let created = ModelContext(ownedBy: self, as: role)
            context = created
            return created
        }
    }

    /// The main-queue context made so far, SwiftData's main context first, without making one:
    /// where the trace draws main-queue work no context announced.
    var existingMainQueueContext: ModelContext? {
        existingMainContext ?? lazyViewContext.withLock { $0 }
    }

    /// SwiftData's main context if it was made, without making it.
    var existingMainContext: ModelContext? {
        lazyMainContext.withLock { $0 }
    }

    /// A new private-queue context: Core Data's `newBackgroundContext()`.
    public func newBackgroundContext() -> ModelContext {
        ModelContext(self, concurrencyType: .privateQueue)
    }

    /// Runs `body` on a throwaway private-queue context: Core Data's `performBackgroundTask`.
    public func performBackgroundTask<T: Sendable, E: Error>(
        _ body: @escaping @Sendable (ModelContext) throws(E) -> T
    ) async throws(E) -> T {
        let context = newBackgroundContext()
        return try await context.perform(schedule: .enqueued) { () throws(E) -> T in try body(context) }
    }

    /// What an off-queue attribute access does; thread-safe. Default ``AccessPolicy/confined``.
    public var accessPolicy: AccessPolicy {
        get { accessPolicySwitch.value }
        set { accessPolicySwitch.value = newValue }
    }

    /// The identifier an archived URI stands for; nil when it is malformed, of another store, or
    /// names an entity this container does not have.
    public func identifier(forURIRepresentation uri: URL) -> PersistentIdentifier? {
        guard let identifier = PersistentIdentifier(uriRepresentation: uri),
              identifier.storeIdentifier == storeIdentifier,
              schema.entity(named: identifier.entityName) != nil
        else { return nil }
        return identifier
    }
}

/// The model classes of a container by entity name, to materialize a row of any entity.
struct ModelTypeRegistry: @unchecked Sendable {  // @unchecked: immutable after init; metatypes are not marked Sendable
    let schema: Schema
    private let types: [String: any PersistentModel.Type]

    init(_ listed: [any PersistentModel.Type]) {
        let types = Schema.withRelatedTypes(listed)
        self.types = Dictionary(types.map { ($0.entitySchema.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.schema = Schema(types)
    }

    func type(named name: String) -> (any PersistentModel.Type)? { types[name] }

    /// Throws unless `type` is the class the container stores its entity as.
    func check<T: PersistentModel>(_ type: T.Type) throws(ModelError) {
        let name = T.entitySchema.name
        guard let stored = types[name] else { throw .unknownEntity(name) }
        guard stored == T.self else {
            throw .modelClassMismatch(entity: name, stored: String(reflecting: stored), given: String(reflecting: T.self))
        }
    }
}

/// A container's migration plan, a metatype Swift does not mark Sendable.
// @unchecked: nothing guards it because nothing can change it (one `let` metatype), as ModelTypeRegistry's.
private struct MigrationPlanReference: @unchecked Sendable {
    let type: (any SchemaMigrationPlan.Type)?
}
