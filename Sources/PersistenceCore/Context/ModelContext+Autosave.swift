extension ModelContext {
    /// Whether the context saves its changes by itself: SwiftData's `autosaveEnabled`.
    ///
    /// When it is on, the first change after a save queues one save on the context's queue, behind
    /// the work already there: the changes of one turn of the queue (a button's action, a
    /// `perform` block) are saved together once that turn is over. An autosave that fails (a merge
    /// conflict, `allowsSave: false`) leaves the changes pending, as a failed `save()` does, and
    /// the next change queues another. SwiftData does not document when its autosave runs.
    ///
    /// Off by default, as SwiftData's ("The default value is false"); on for the container's
    /// ``ModelContainer/mainContext``, for which "SwiftData sets this property to true" (Apple's
    /// `autosaveEnabled` documentation). Core Data has no autosave: ``ModelContainer/viewContext``
    /// saves only when told. Thread-safe.
    public var autosaveEnabled: Bool {
        get { autosaves.load(ordering: .relaxed) }
        set { autosaves.store(newValue, ordering: .relaxed) }
    }

    /// Called on the context's queue after each change: queues the autosave, once per turn.
    func queueAutosaveIfEnabled() {
        guard autosaves.load(ordering: .relaxed), !autosaveQueued else { return }
        autosaveQueued = true
        perform { [self] in
            autosaveQueued = false
            guard autosaveEnabled, hasChanges else { return }
            try? save()  // a failed autosave leaves the changes pending, to be saved again
        }
    }
}
