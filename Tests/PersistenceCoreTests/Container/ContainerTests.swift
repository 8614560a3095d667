import Dispatch
import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

@Suite("Containers")
struct ContainerTests {
    @Test("The main context runs on the main queue")
    func mainContext() throws {
        let container = try makeContainer()
        let context = container.viewContext
        #expect(context.concurrencyType == .mainQueue)
        #expect(context.queueLabel == "com.apple.main-thread")
        #expect(container.viewContext === context)
    }

    @Test("Each background context has a private queue of its own, labelled with its address")
    func backgroundContexts() throws {
        let container = try makeContainer()
        let first = container.newBackgroundContext()
        let second = container.newBackgroundContext()
        #expect(first.concurrencyType == .privateQueue)
        #expect(first.queueLabel.hasPrefix("ModelContext 0x"))
        #expect(first.queueLabel != second.queueLabel)
        let label = first.performAndWait { DispatchQueue.currentLabel }
        #expect(label == first.queueLabel)
    }

    @Test("performBackgroundTask runs on a throwaway private queue and returns its value")
    func performBackgroundTask() async throws {
        let container = try makeContainer()
        let (label, count) = try await container.performBackgroundTask { context in
            context.insert(Item(timestamp: Date(timeIntervalSinceReferenceDate: 1)))
            try context.save()
            return (DispatchQueue.currentLabel, try context.fetchCount(FetchDescriptor<Item>()))
        }
        #expect(label.hasPrefix("ModelContext 0x"))
        #expect(count == 1)
    }

    @Test("An identifier's URI resolves only in its own store")
    func uriResolution() throws {
        let container = try makeContainer()
        let other = try makeContainer()
        let id = try saveItem(in: container)
        #expect(container.identifier(forURIRepresentation: id.uriRepresentation) == id)
        #expect(other.identifier(forURIRepresentation: id.uriRepresentation) == nil)
        #expect(container.identifier(forURIRepresentation: URL(string: "x-lab://nonsense")!) == nil)
        let unknownEntity = URL(string: "x-lab://\(container.storeIdentifier.uuidString)/Spaceship/p1")!
        #expect(container.identifier(forURIRepresentation: unknownEntity) == nil)
    }

    @Test("A file store keeps its data across containers")
    func fileStorePersists() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("items.sqlite")
        let id: PersistentIdentifier
        do {
            let container = try ModelContainer(for: Item.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            id = try context.performAndWait {
                let item = Item(timestamp: Date(timeIntervalSinceReferenceDate: 1234))
                context.insert(item)
                try context.save()
                return item.persistentModelID
            }
        }
        let reopened = try ModelContainer(for: Item.self, configuration: .file(url))
        let resolved = try #require(reopened.identifier(forURIRepresentation: id.uriRepresentation))
        let context = reopened.newBackgroundContext()
        let timestamp = try context.performAndWait { try context.existingModel(for: resolved, as: Item.self).timestamp }
        #expect(timestamp == Date(timeIntervalSinceReferenceDate: 1234))
    }
}
