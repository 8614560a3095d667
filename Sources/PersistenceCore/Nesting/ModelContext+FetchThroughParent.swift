extension ModelContext {
    /// A child's fetch: the store's rows, with what its parent holds laid over them, then the
    /// child's own unsaved changes, as any fetch has them (Core Data: a child's fetch "goes
    /// through" its parent, so it sees the parent's unsaved changes).
    ///
    /// SQL filters the stored rows; the parent's models are candidates whatever the store says
    /// (a model the parent changed may match now, or no longer), and are judged in memory by
    /// their values; a model the parent deleted is left out. Sorting, offset and limit are done
    /// in memory, since they depend on all of them.
    func fetchThroughParent<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, view: ParentView) throws -> [T] {
        let plan = try FetchPlan(descriptor, pendingChanges: true)  // memory finishes the work
        let sql = try container.sql(for: T.self)
        let rows = try readRows(plan.query(selecting: sql.select, kindFilter: sql.kindFilter, countOnly: false), of: sql)
        var fetched: [(row: EntitySQL.Row, model: T)] = []
        var parents: [T] = []
        for row in rows {
            let identifier = row.subentityNumber == 0 ? sql.identifier(primaryKey: row.primaryKey)
                : try container.store.sql(forEntityNumber: row.subentityNumber).identifier(primaryKey: row.primaryKey)
            if view.deleted.contains(identifier) { continue }
            if let viewed = view.objects[identifier] {
                if let model = materialize(viewed) as? T { parents.append(model) }
            } else {
                fetched.append((row, materialize(T.self, sql: sql, row: row)))
            }
        }
        let kinds = Set(entityNames(ofKind: T.self))
        for identifier in view.order where kinds.contains(identifier.entityName) {
            guard let viewed = view.objects[identifier], let model = materialize(viewed) as? T else { continue }
            parents.append(model)
        }
        return try finishInMemory(fetched, descriptor, sql: sql, storeFiltered: plan.predicateIsComplete, parents: parents)
    }
}
