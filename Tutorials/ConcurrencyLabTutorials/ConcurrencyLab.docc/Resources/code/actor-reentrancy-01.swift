/// The wrong way: reads the count, awaits the server, then writes what it read plus one. A
/// second call can read the same count while the first one waits.
func like(_ id: PersistentIdentifier, confirm: @Sendable () async -> Void) async throws {
    // The lab's own; SwiftData: self[id, as: Item.self]; Core Data: existingObject(with:).
    let item = try modelContext.existingModel(for: id, as: Item.self)
    let likes = item.count
    await confirm()                  // the actor may run another call's job here
    item.count = likes + 1           // writes a count that may be stale by now
    try modelContext.save()
}