extension ModelContext {
    /// The model registered in this context under `identifier`, or nil: Core Data's
    /// `registeredObject(for:)`. Never touches the store; nil does not mean the row is gone.
    ///
    /// A temporary identifier finds its object only until the object is saved (or given a
    /// permanent identifier): SwiftData's temporary identifiers "are only valid until an object
    /// is persisted, and must be remapped to the permanent identifier once a model is saved".
    public func registeredModel<T: PersistentModel>(for identifier: PersistentIdentifier) -> T? {
        checkQueue("ModelContext.registeredModel(for:)")
        return registeredModel(identifiedBy: identifier) as? T
    }

    /// The registered model, or a fault of the right class that loads its row on first access:
    /// Core Data's `object(with:)`.
    ///
    /// > Warning: If the row does not exist, touching the fault stops the process ("could not
    /// > fulfill a fault"). Use ``existingModel(for:as:)`` when the row may be gone.
    public func model(for identifier: PersistentIdentifier) -> any PersistentModel {
        checkQueue("ModelContext.model(for:)")
        return registeredOrFault(identifier)
    }

    /// The work of ``model(for:)``, with the queue already checked: also how a relationship
    /// fault turns the keys it read into models.
    func registeredOrFault(_ identifier: PersistentIdentifier) -> any PersistentModel {
        if let model = registeredModel(identifiedBy: identifier) { return model }
        guard let type = container.modelTypes.type(named: identifier.entityName) else {
            fatalError("model(for:) was given \(identifier), but the container's schema has no entity '\(identifier.entityName)'")
        }
        return register(type, identifier: identifier, row: nil)
    }

    /// The model for `identifier`, loaded from the store if needed, never a fault: Core Data's
    /// `existingObject(with:)`.
    ///
    /// - Throws: ``ModelError/modelNotFound(_:)`` when no row exists (never saved, deleted, or of
    ///   another store), or for a temporary identifier no registered object holds any more (its
    ///   object was saved: use the permanent one); ``ModelError/typeMismatch(expected:found:)``
    ///   when the row is another entity.
    public func existingModel<T: PersistentModel>(for identifier: PersistentIdentifier, as type: T.Type = T.self) throws -> T {
        checkQueue("ModelContext.existingModel(for:as:)")
        // A subentity's identifier may be asked for as its superclass: a Car is a Vehicle.
        guard identifier.entityName == T.entitySchema.name || entity(identifier.entityName, isKindOf: T.self) else {
            throw ModelError.typeMismatch(expected: T.entitySchema.name, found: identifier.entityName)
        }
        if let model = registeredModel(identifiedBy: identifier) {
            let data = model.backingData
            if data.isFault {
                guard let row = try loadRow(of: identifier) else { throw ModelError.modelNotFound(identifier) }
                fill(data, with: row)
            }
            guard let typed = model as? T else {
                throw ModelError.typeMismatch(expected: "\(T.self)", found: "\(Swift.type(of: model))")
            }
            return typed
        }
        guard identifier.storeIdentifier == container.storeIdentifier, let row = try loadRow(of: identifier) else {
            throw ModelError.modelNotFound(identifier)
        }
        guard identifier.entityName != T.entitySchema.name, let subtype = container.modelTypes.type(named: identifier.entityName) else {
            return register(T.self, identifier: identifier, row: row)
        }
        guard let model = register(subtype, identifier: identifier, row: row) as? T else {
            throw ModelError.typeMismatch(expected: "\(T.self)", found: "\(subtype)")
        }
        return model
    }

    // MARK: Registering rows

    /// Registers an object for a stored row (or a fault when `row` is nil) in the uniquing table.
    func register<T: PersistentModel>(_ type: T.Type, identifier: PersistentIdentifier, row: EntitySQL.Row?) -> T {
        let model = makeRegisteredModel(T.self, identifier: identifier, values: row?.values, version: row?.version ?? 0)
        registered[identifier] = model
        return model
    }

    /// A model bound to this context for a stored row's `values` and `version` (or a fault, for
    /// nil values), for the caller to put in the uniquing table.
    ///
    /// The values and version, not the row: a fetch makes one model per row, and passing its row
    /// as an optional copied the row and destroyed the copy each time (about 270 instructions per
    /// model, 6% of a fetch's).
    func makeRegisteredModel<T: PersistentModel>(_ type: T.Type, identifier: PersistentIdentifier, values: consuming RowValues?,
                                                 version: Int64) -> T {
        let data = Unmanaged.passRetained(BackingData(entity: T.entitySchema, identifier: identifier, values: values,
                                                      version: version, registeredThrough: link))
        return BackingData.adopted(data) { T(backingData: $0) }
    }

    /// Loads a fault's row; stops the process when the row is gone, as SwiftData does.
    func fulfillFault(_ data: BackingData) {
        let identifier = data.persistentModelID
        guard !data.isDetached else {
            fatalError("could not fulfill a fault for \(identifier): its context was reset or the object was removed; fetch it again")
        }
        let row: EntitySQL.Row?
        do {
            row = try TraceRecorder.span(.fault(identifier), on: self) { (_) throws(ModelError) in try loadRow(of: identifier) }
        } catch {
            fatalError("could not fulfill a fault for \(identifier): \(error)")
        }
        guard let row else {
            if identifier.isTemporary {
                fatalError("could not fulfill a fault for \(identifier): a temporary identifier names no row (its object was never saved here, or was saved and now has a permanent identifier)")
            }
            fatalError("could not fulfill a fault for \(identifier): the row no longer exists in the store")
        }
        fill(data, with: row)
    }

    func fill(_ data: BackingData, with row: EntitySQL.Row) {
        data.takeStoredValues(row.values)
        data.version = row.version
        data.set(BackingData.Flag.fault, false)
    }

    /// Reads the row behind a permanent identifier of this store; nil when there is none. A child
    /// reads through its parent first: the parent's unsaved values, or nothing for a model it
    /// deleted (a new model the parent holds has only a temporary identifier).
    func loadRow(of identifier: PersistentIdentifier) throws(ModelError) -> EntitySQL.Row? {
        if let view = parentView() {
            if view.deleted.contains(identifier) { return nil }
            if let row = view.row(of: identifier) { return row }
        }
        guard identifier.storeIdentifier == container.storeIdentifier, let primaryKey = identifier.primaryKey else { return nil }
        let sql = try container.store.sql(for: identifier.entityName)
        return try readStore { (connection) throws(ModelError) in try sql.row(primaryKey: primaryKey, in: connection) }
    }
}
