import Foundation
import PersistenceCore
import TestSupport
import Testing

extension CompatibilityTests {
    @Suite("Notes: a versioned schema and its migration plan")
    struct NotesMigrationTests {
        /// A note as the tests compare it.
        struct Row: Hashable, Sendable {
            let heading: String
            let body: String
            let isPinned: Bool

            /// Reads `note`; call it on the note's context.
            init(_ note: Note) {
                heading = note.heading
                body = note.body
                isPinned = note.pinnedAt != nil
            }

            init(heading: String, body: String, isPinned: Bool) {
                self.heading = heading
                self.body = body
                self.isPinned = isPinned
            }
        }

        /// Writes a store at `url` as the first version of the app did, on the main context, and
        /// closes it.
        private static func writeVersionOneStore(at url: URL) async throws {
            try await MainActor.run { () throws -> Void in
                let container = try ModelContainer(for: Schema(versionedSchema: NotesSchemaV1.self),
                                                   configurations: ModelConfiguration(url: url))
                let context = container.mainContext
                context.insert(NotesSchemaV1.Note(title: "Groceries", body: "Milk, eggs", createdAt: day(1)))
                context.insert(NotesSchemaV1.Note(title: "Ideas", body: "A notes app", createdAt: day(2)))
                try context.save()
            }
        }

        @Test("The library inserts, pins, searches and fetches on the main context, recording no violation")
        func libraryOnTheMainContext() async throws {
            let rows = try await { () async throws -> [[Row]] in
                let container = try NotesStore.inMemoryContainer()
                return try await MainActor.run { () throws -> [[Row]] in
                    let library = NotesLibrary(modelContainer: container)
                    try library.add(heading: "Groceries", body: "Milk, eggs", createdAt: day(1))
                    let ideas = try library.add(heading: "Ideas", body: "A notes app", createdAt: day(2))
                    try library.add(heading: "Trip", body: "Pack the milk", createdAt: day(3))
                    try library.pin(ideas, at: day(4))
                    let all = try library.notes().map(Row.init)
                    let pinned = try library.pinnedNotes().map(Row.init)
                    let found = try library.search("milk").map(Row.init)
                    return [all, pinned, found]
                }
            }()

            #expect(rows[0].map(\.heading) == ["Trip", "Ideas", "Groceries"])
            #expect(rows[1] == [Row(heading: "Ideas", body: "A notes app", isPinned: true)])
            #expect(rows[2].map(\.heading) == ["Trip"], "contains is case-sensitive: \"Milk\" does not match")
        }

        @Test("A version-1 store opens as version 2 through the plan: every row kept, title read as heading, pinnedAt nil")
        func migratesThroughThePlan() async throws {
            let directory = TemporaryDirectory()
            let url = directory.file("Notes.store")

            let rows = try await { () async throws -> [[Row]] in
                // Given a store the first version wrote
                try await Self.writeVersionOneStore(at: url)

                // When the current version opens it through its migration plan
                let container = try NotesStore.container(at: url)
                let migrated = try await MainActor.run { () throws -> [Row] in
                    try NotesLibrary(modelContainer: container).notes().map(Row.init)
                }

                // Then the migrated store works: pin a note and add one, then read them in a new container
                try await MainActor.run { () throws -> Void in
                    let library = NotesLibrary(modelContainer: container)
                    let groceries = try library.search("Groceries")
                    try library.pin(groceries[0], at: day(5))
                    try library.add(heading: "Later", body: "Written by version 2", createdAt: day(6))
                }
                let reopened = try NotesStore.container(at: url)
                let again = try await MainActor.run { () throws -> [Row] in
                    try NotesLibrary(modelContainer: reopened).notes().map(Row.init)
                }
                return [migrated, again]
            }()

            #expect(rows[0] == [
                Row(heading: "Ideas", body: "A notes app", isPinned: false),
                Row(heading: "Groceries", body: "Milk, eggs", isPinned: false),
            ])
            #expect(rows[1] == [
                Row(heading: "Later", body: "Written by version 2", isPinned: false),
                Row(heading: "Ideas", body: "A notes app", isPinned: false),
                Row(heading: "Groceries", body: "Milk, eggs", isPinned: true),
            ])
            withExtendedLifetime(directory) {}
        }

        /// `container.mainContext` in the detached task does not compile, here as in SwiftData
        /// (it is `@MainActor`); the same mistake on Core Data's `viewContext`, which any thread
        /// may name, compiles, and the lab's checks record it.
        @Test("Wrong way: Core Data's view context used from a detached task is recorded (SwiftData's mainContext does not compile there)")
        func mainContextOffTheMainActor() async throws {
            let container = try NotesStore.inMemoryContainer()
            try await MainActor.run { () throws -> Void in
                let library = NotesLibrary(modelContainer: container)
                try library.add(heading: "Groceries", body: "Milk, eggs", createdAt: day(1))
            }

            // the detached task's thread            the main queue
            // fetch on the main context, read        (nothing of this runs there)
            let (headings, recorded) = try await ConcurrencyDebug.withMode(.record) {
                try await Task.detached { () throws -> [String] in
                    try container.viewContext.fetch(FetchDescriptor<Note>()).map(\.heading)
                }.value
            }

            #expect(headings == ["Groceries"], "under .record the mistake still runs")
            let operations = recorded.map(\.operation)
            #expect(operations.contains("ModelContext.fetch(_:)"))
            #expect(operations.contains("Note.heading get"))
            #expect(recorded.allSatisfy { $0.expectedQueue == "com.apple.main-thread" })

            // The right way: on the main actor.
            let (fixed, none) = try await ConcurrencyDebug.withMode(.record) {
                try await MainActor.run { () throws -> [String] in
                    try container.mainContext.fetch(FetchDescriptor<Note>()).map(\.heading)
                }
            }
            #expect(fixed == headings)
            #expect(none.isEmpty, "\(none)")
        }
    }
}
