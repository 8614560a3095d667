/// Runs one way; `print` receives each line as it happens.
public static func run(_ way: Way, print: (String) -> Void) throws {
    let container = try ModelContainer(for: Item.self, configuration: .inMemory)
    let parent = container.newBackgroundContext()
    parent.name = "parent"
    // The lab's child context; Core Data: NSManagedObjectContext(concurrencyType:) + parent.
    let child = ModelContext(parent: parent, concurrencyType: .privateQueue)
    child.name = "child"
    let parentRuns = DispatchSemaphore(value: 0), childRuns = DispatchSemaphore(value: 0)
    let bothRun = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)

    child.perform {
        childRuns.signal()
        parentRuns.wait()                                     // the parent's block runs too
        bothRun.signal()
        _ = try? child.fetchCount(FetchDescriptor<Item>())   // through the parent's queue
        finished.signal()
    }
    parent.perform {
        parentRuns.signal()
        childRuns.wait()                                      // the child's block runs too
        switch way {
        case .waiting:
            child.performAndWait { _ = child.hasChanges }    // waits for the child's queue
        case .handingOver:
            child.perform { _ = child.hasChanges }           // returns at once
        }
        finished.signal()
    }
    bothRun.wait()
    print(bothBusyLine)
    finished.wait()
    finished.wait()
    print(doneLine)
}