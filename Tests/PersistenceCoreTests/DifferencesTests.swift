import Foundation
import PersistenceCore
import SampleModels
import Testing

/// The deliberate differences from Core Data and SwiftData that no other suite pins; each is a
/// row of the "Differences from Core Data and SwiftData" article.
@Suite("Differences from Core Data and SwiftData")
struct DifferencesTests {
    @Test("A context is Sendable here (SwiftData's ModelContext is not): a task may take it and call perform")
    func contextIsSendable() async throws {
        func isSendable<T: Sendable>(_: T.Type) -> Bool { true }  // compiles only for a Sendable type
        #expect(isSendable(ModelContext.self))
        let context = try makeContainer().newBackgroundContext()
        // perform's closure is @Sendable: capturing the context compiles only because it is Sendable.
        let count = try await Task.detached { try await context.perform { try context.fetchCount(FetchDescriptor<Item>()) } }.value
        #expect(count == 0)
    }

    @Test("A container's view context used after the container is released stops the process (Core Data's keeps its coordinator)")
    func viewContextOutlivingItsContainer() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try makeContainer().viewContext  // nothing keeps the container past this line
            _ = context.container
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("unowned reference"))
    }

    @Test("Writing an attribute's current value records no change")
    func equalValueWriteIsNoChange() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: Date(timeIntervalSinceReferenceDate: 1), count: 3)
            context.insert(item)
            try context.save()
            item.count = 3
            #expect(!item.hasChanges)
            #expect(!context.hasChanges)
        }
    }

    @Test("model(for:) with a temporary identifier no object holds hands out a fault (touching it traps)")
    func staleTemporaryIdentifierIsAFault() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            let temporary = item.persistentModelID
            try context.save()
            let fault = context.model(for: temporary)

            #expect(fault !== item)
            #expect(fault.isFault)
            #expect(fault.persistentModelID == temporary)
        }
    }

    @Test("-0.0 comes back as +0.0: SQLite stores an integral real as an integer")
    func negativeZeroLosesItsSign() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let model = AllTypes.sample()
            model.double = -0.0
            context.insert(model)
            try context.save()
            return model.persistentModelID
        }
        let reader = container.newBackgroundContext()
        let stored = try reader.performAndWait { try reader.existingModel(for: id, as: AllTypes.self).double }

        #expect(stored == 0)
        #expect(stored.sign == .plus)
    }

    @Test("An invalidated model reports itself a fault, with no context and no pending deletion")
    func invalidatedModelIsAFault() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            try context.save()
            context.reset()

            #expect(item.isFault && item.modelContext == nil && !item.isDeleted && !item.hasChanges)
        }
    }
}
