/// A list on screen, then a background import of `count` items while a heartbeat watches the
/// main queue, until the main queue has run whatever the save queued there.
private func runLane(_ setup: ListSetup, importing count: Int, in environment: LessonEnvironment) async throws -> RanLane {
    let container = try environment.makeContainer(for: [Item.self], name: "list-of-everything-\(setup.rawValue)")
    let (list, context) = try await MainActor.run { () throws -> (ItemListOnScreen, ModelContext) in
        // SwiftData's main context merges other contexts' saves by itself; Core Data's view
        // context does not (automaticallyMergesChangesFromParent is false by default).
        let context = setup == .everyItemOnViewContext ? container.viewContext : container.mainContext
        context.name = setup.listLane
        return (try ItemListOnScreen(on: context, limit: setup.limit), context)
    }
    let before = await Self.state(of: list, in: context, imported: [], limit: setup.limit)

    let importer = FeedImporter(modelContainer: container)
    await importer.name("FeedImporter (model actor), \(setup.listLane)")
    let importQueue = await importer.queueLabel()
    let keeper = DidSaveKeeper(container: container)
    let (imported, recording) = try await MainQueueHeartbeat().measure { () async throws -> [PersistentIdentifier] in
        let imported = try await importer.importItems(count, from: Self.origin)
        // The save queued its merge on the main queue before it returned: this block runs
        // after the merge and the list's update.
        await DispatchQueue.main.asyncAndAwait {}
        return imported
    }
    let saved = keeper.stop()
    let after = await Self.state(of: list, in: context, imported: imported, limit: setup.limit)
    let lane = Lane(setup: setup, importQueueLabel: importQueue, before: before, after: after,
                    mainQueue: Self.wait(recording))
    return RanLane(lane: lane, container: container, list: list, context: context, imported: imported, saved: saved)
}