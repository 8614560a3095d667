/// The two blocks without gates, as the explorer runs them in every order: the parent's block
/// waits for the child (or hands it its work), the child's block fetches through the parent.
/// True when both finished; a schedule in which they wait for each other ends in a deadlock.
static func explorationBody(_ way: NestedWaits.Way) -> @Sendable () async throws -> Bool {
    {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let parent = container.newBackgroundContext()
        parent.name = "parent"
        // The lab's spelling; Core Data: NSManagedObjectContext(concurrencyType:) + parent.
        let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
        child.name = "child"
        async let parentsBlock: Void = parent.perform {
            if way == .waiting {
                child.performAndWait { _ = child.hasChanges }
            }
        }
        async let childsBlock = child.perform { (try? child.fetchCount(FetchDescriptor<Item>())) ?? -1 }
        if way == .handingOver {
            await child.perform { _ = child.hasChanges }    // waited for here, holding no queue
        }
        _ = await (parentsBlock, childsBlock)
        return true
    }
}