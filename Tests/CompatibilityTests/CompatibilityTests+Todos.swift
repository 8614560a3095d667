import Foundation
import PersistenceCore
import TestSupport
import Testing

extension CompatibilityTests {
    @Suite("Todos: a hand-written ModelActor, the app's own protocols, a custom migration stage")
    struct TodosTests {
        @Test("The collection inserts, toggles, lists, exports and deletes; the delete's log line reads the deleted item")
        func collection() async throws {
            let lines = Locked<[String]>([])
            let collection = TodoCollection(modelContainer: try TodosStore.inMemoryContainer()) { line in
                lines.withLock { $0.append(line) }
            }
            let milk = try await collection.insert(summary: "Buy milk", at: day(1))
            try await collection.insert(summary: "File taxes", priority: 2, at: day(1))
            try await collection.toggle(milk, at: day(2))

            let listed = try await collection.items()
            #expect(listed.map(\.summary) == ["File taxes", "Buy milk"])
            #expect(listed.map(\.isDone) == [false, true])
            // The models' own Codable conformance, both ways.
            let decoded = try JSONDecoder().decode([TodoItem].self, from: try await collection.exported())
            #expect(decoded.map(\.summary) == ["Buy milk", "File taxes"])
            #expect(decoded.map(\.priority) == [0, 2])

            try await collection.delete(milk)
            #expect(lines.withLock { $0 } == ["Deleted 'Buy milk'"])
            #expect(try await collection.items().map(\.summary) == ["File taxes"])
        }

        @Test("A version-1 store opens as version 3: a lightweight stage, then a custom one that moves the priority out of the summary")
        func migration() async throws {
            let directory = TemporaryDirectory()
            let url = directory.file("Todos.store")
            // Given a store the first version wrote
            try await MainActor.run { () throws -> Void in
                let container = try ModelContainer(for: Schema(versionedSchema: TodosSchemaV1.self),
                                                   configurations: ModelConfiguration(url: url))
                let context = container.mainContext
                context.insert(TodosSchemaV1.TodoItem(dateUpdated: day(1), summary: "!!Pay rent"))
                context.insert(TodosSchemaV1.TodoItem(dateUpdated: day(2), summary: "Call mom", isDone: true))
                try context.save()
            }
            try #require(OpenStoreFiles.waitUntilClosed(url))

            // When the current version opens it
            let migrated = try await TodoCollection(modelContainer: try TodosStore.container(at: url)).items()

            // Then every item is there, its priority read from its summary
            #expect(migrated.map(\.summary) == ["Pay rent", "Call mom"])
            #expect(migrated.map(\.priority) == [2, 0])
            #expect(migrated.map(\.isDone) == [false, true])
            // And opened again, it is version 3 already.
            try #require(OpenStoreFiles.waitUntilClosed(url))
            #expect(try await TodoCollection(modelContainer: try TodosStore.container(at: url)).items() == migrated)
        }
    }
}
