import Foundation
import PersistenceCore
import SampleModels
import Testing

/// The three ways from an identifier to a model, side by side (article 000).
@Suite("Looking up models by identifier")
struct LookupTests {
    /// A saved item, and a second context that has never seen it.
    func savedItemAndFreshContext() throws -> (PersistentIdentifier, ModelContext, ModelContext) {
        let container = try makeContainer()
        let writer = container.newBackgroundContext()
        let id = try writer.performAndWait {
            let item = Item(timestamp: Date(timeIntervalSinceReferenceDate: 99))
            writer.insert(item)
            try writer.save()
            return item.persistentModelID
        }
        return (id, writer, container.newBackgroundContext())
    }

    @Test("registeredModel finds only what this context registered")
    func registeredOnly() throws {
        let (id, writer, reader) = try savedItemAndFreshContext()
        #expect(writer.performAndWait { writer.registeredModel(for: id) as Item? } != nil)
        #expect(reader.performAndWait { reader.registeredModel(for: id) as Item? } == nil, "nil does not mean the row is gone")
    }

    @Test("model(for:) returns a fault that loads its row on first access")
    func faultFulfills() throws {
        let (id, _, reader) = try savedItemAndFreshContext()
        try reader.performAndWait {
            let model = reader.model(for: id)
            let item = try #require(model as? Item)
            #expect(item.isFault)
            #expect(item.timestamp == Date(timeIntervalSinceReferenceDate: 99))
            #expect(!item.isFault)
            #expect(reader.model(for: id) === item)
        }
    }

    @Test("existingModel never returns a fault")
    func existingNeverFault() throws {
        let (id, _, reader) = try savedItemAndFreshContext()
        try reader.performAndWait {
            let item = try reader.existingModel(for: id, as: Item.self)
            #expect(!item.isFault)
            #expect(item.timestamp == Date(timeIntervalSinceReferenceDate: 99))
        }
    }

    @Test("existingModel throws modelNotFound when the row is gone")
    func existingThrowsWhenGone() throws {
        let (id, writer, reader) = try savedItemAndFreshContext()
        try writer.performAndWait {
            writer.delete(try writer.existingModel(for: id, as: Item.self))
            try writer.save()
        }
        reader.performAndWait {
            #expect(throws: ModelError.modelNotFound(id)) { try reader.existingModel(for: id, as: Item.self) }
        }
    }

    @Test("existingModel with the wrong type throws typeMismatch")
    func wrongType() throws {
        let (id, _, reader) = try savedItemAndFreshContext()
        reader.performAndWait {
            let error = #expect(throws: ModelError.self) { try reader.existingModel(for: id, as: Person.self) }
            guard case .typeMismatch(let expected, let found)? = error else {
                Issue.record("expected typeMismatch, got \(String(describing: error))")
                return
            }
            #expect(expected == "Person")
            #expect(found == "Item")
        }
    }

    @Test("An identifier of another store, or an unsaved one, is not found")
    func foreignIdentifier() throws {
        let (id, _, _) = try savedItemAndFreshContext()
        let other = try makeContainer().newBackgroundContext()
        other.performAndWait {
            #expect(throws: ModelError.self) { try other.existingModel(for: id, as: Item.self) }
            let unsaved = Item(timestamp: .now).persistentModelID
            #expect(throws: ModelError.self) { try other.existingModel(for: unsaved, as: Item.self) }
        }
    }

    @Test("The thread-safe members can be read from any thread")
    func threadSafeMembers() async throws {
        let (id, writer, _) = try savedItemAndFreshContext()
        let item = try writer.performAndWait { try writer.existingModel(for: id, as: Item.self) }
        let box = UncheckedBox(item)
        let seen = await Task.detached {
            let item = box.value
            return (item.persistentModelID, item.modelContext === writer, item.hasChanges, item.isFault, item.isDeleted)
        }.value
        #expect(seen.0 == id)
        #expect(seen.1)
        #expect(!seen.2 && !seen.3 && !seen.4)
    }

    @Test("Touching a fault whose row is gone stops the process, naming the identifier")
    func unfulfillableFault() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let writer = container.newBackgroundContext()
            let id = try writer.performAndWait {
                let item = Item(timestamp: .now)
                writer.insert(item)
                try writer.save()
                writer.delete(item)
                try writer.save()
                return item.persistentModelID
            }
            let reader = container.newBackgroundContext()
            let timestamp = reader.performAndWait { (reader.model(for: id) as! Item).timestamp }
            print("unreachable: \(timestamp)")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("could not fulfill a fault"))
        #expect(message.contains("/Item/p1"))
    }
}

/// Smuggles a non-Sendable value into a test's other task, to prove what is safe off-queue.
struct UncheckedBox<T>: @unchecked Sendable {  // @unchecked: tests only read the thread-safe members through it
    let value: T
    init(_ value: T) { self.value = value }
}
