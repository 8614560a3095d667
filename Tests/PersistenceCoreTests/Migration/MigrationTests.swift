import Foundation
import PersistenceCore
import TestSupport
import Testing

/// Lightweight migration: a store made for an older model opens with the current one, every row
/// kept, by itself (as SwiftData and Core Data infer it) or through a `SchemaMigrationPlan`; and
/// what cannot be inferred is refused with the store left as it was.
@Suite("Migration")
struct MigrationTests {
    enum NotesV1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }

        @Model final class Note {
            var title: String
            var color: String
            @Attribute(.unique) var code: Int
            init(title: String, color: String, code: Int) { self.title = title; self.color = color; self.code = code }
        }
    }

    /// `title` renamed to `heading`, `color` removed, `pinned` added (optional), `code` no longer unique.
    enum NotesV2: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }

        @Model final class Note {
            @Attribute(originalName: "title") var heading: String
            var code: Int
            var pinned: Bool?
            init(heading: String, code: Int) { self.heading = heading; self.code = code }
        }
    }

    /// V1 with the code unique no longer, and a new unique attribute.
    enum NotesV3: VersionedSchema {
        static let versionIdentifier = Schema.Version(3, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }

        @Model final class Note {
            var title: String
            var color: String
            var code: Int
            @Attribute(.unique) var slug: String?
            init(title: String, color: String, code: Int) { self.title = title; self.color = color; self.code = code }
        }
    }

    enum NotesPlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
        static var stages: [MigrationStage] { [.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)] }
    }

    /// V1's notes as the words of their titles: `title` and `color` gone, `heading` and `words`
    /// new and not optional, which only an empty table can take.
    enum NotesV4: VersionedSchema {
        static let versionIdentifier = Schema.Version(4, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }

        @Model final class Note {
            var heading: String
            var words: Int
            var code: Int
            init(heading: String, words: Int, code: Int) { self.heading = heading; self.words = words; self.code = code }
        }
    }

    /// What a custom stage's closures saw, in order: the way the helper library writes its stages.
    static let stageLog = Locked<[String]>([])

    /// The helper library's stage: `willMigrate` fetches the old notes, keeps them, deletes them
    /// and saves; `didMigrate` inserts new notes made from the kept ones and saves. `failing`
    /// names the closure that throws once it has saved.
    static func copyingStage(failing: String? = nil, log: Locked<[String]>) -> MigrationStage {
        let kept = Locked<[NotesV1.Note]>([])
        return .custom(fromVersion: NotesV1.self, toVersion: NotesV4.self, willMigrate: { context in
            let old = try context.fetch(FetchDescriptor<NotesV1.Note>(sortBy: [SortDescriptor(\.code)]))
            let newModels = Result { try context.fetch(FetchDescriptor<NotesV4.Note>()) }
            log.withLock { $0.append("will: \(old.count) V1 notes; V4 fetch \((try? newModels.get()) == nil ? "throws" : "works")") }
            kept.withLock { $0 = old }
            for note in old { context.delete(note) }
            try context.save()
            if failing == "willMigrate" { throw StageFailure() }
        }, didMigrate: { context in
            let before = try context.fetchCount(FetchDescriptor<NotesV4.Note>())
            // The kept notes were deleted and saved: they still read the values they had loaded.
            for note in kept.withLock({ $0 }) {
                context.insert(NotesV4.Note(heading: note.title, words: note.title.split(separator: " ").count, code: note.code))
            }
            try context.save()
            log.withLock { $0.append("did: \(before) V4 notes before, \(kept.withLock { $0.count }) inserted") }
            if failing == "didMigrate" { throw StageFailure() }
        })
    }

    struct StageFailure: Error {}

    enum CopyingPlan: SchemaMigrationPlan {
        static let log = Locked<[String]>([])
        static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV4.self] }
        static var stages: [MigrationStage] { [copyingStage(log: log)] }
    }

    enum FailingWillPlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV4.self] }
        static var stages: [MigrationStage] { [copyingStage(failing: "willMigrate", log: Locked([]))] }
    }

    enum FailingDidPlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV4.self] }
        static var stages: [MigrationStage] { [copyingStage(failing: "didMigrate", log: Locked([]))] }
    }

    /// A custom stage with no closures whose change of tables only an empty table could take.
    enum EmptyStagePlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV4.self] }
        static var stages: [MigrationStage] {
            [.custom(fromVersion: NotesV1.self, toVersion: NotesV4.self, willMigrate: nil, didMigrate: nil)]
        }
    }

    /// A plan that does not know V1.
    enum LaterPlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [NotesV3.self, NotesV2.self] }
        static var stages: [MigrationStage] { [.lightweight(fromVersion: NotesV3.self, toVersion: NotesV2.self)] }
    }

    /// A file store holding two version-1 notes.
    private func versionOneStore(in directory: TemporaryDirectory) throws -> URL {
        let url = directory.file("notes.store")
        try saveVersionOneNotes(at: url)
        // The container is released; it closes (and folds its log into the file) wherever its last
        // reference goes, perhaps a moment later on the thread posting its remoteChange.
        try #require(OpenStoreFiles.waitUntilClosed(url))
        return url
    }

    private func saveVersionOneNotes(at url: URL) throws {
        let container = try ModelContainer(for: NotesV1.Note.self, configuration: .file(url))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(NotesV1.Note(title: "Groceries", color: "green", code: 1))
            context.insert(NotesV1.Note(title: "Ideas", color: "blue", code: 2))
            try context.save()
        }
    }

    /// The version-2 notes' headings, by code.
    private func headings(in container: ModelContainer) throws -> [Int: String] {
        let context = container.newBackgroundContext()
        return try context.performAndWait {
            let notes = try context.fetch(FetchDescriptor<NotesV2.Note>())
            return Dictionary(uniqueKeysWithValues: notes.map { ($0.code, $0.heading) })
        }
    }

    @Test("Without a plan, an inferable change migrates: renamed, removed and added attributes keep every row")
    func inferredMigration() throws {
        let directory = TemporaryDirectory()
        let url = try versionOneStore(in: directory)
        let container = try ModelContainer(for: NotesV2.Note.self, configuration: .file(url))
        #expect(try headings(in: container) == [1: "Groceries", 2: "Ideas"])
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let notes = try context.fetch(FetchDescriptor<NotesV2.Note>())
            #expect(notes.allSatisfy { $0.pinned == nil })
            // The migrated store works: `code` is no longer unique, and the new attribute saves.
            notes[0].pinned = true
            context.insert(NotesV2.Note(heading: "Copy", code: 1))
            try context.save()
        }
        let columns = try SQLiteFixture.rows("SELECT name FROM pragma_table_info('ZNOTE')", in: url).map { $0[0] }
        #expect(Set(columns).isSuperset(of: ["ZHEADING", "ZCODE", "ZPINNED"]))
        #expect(!columns.contains("ZTITLE") && !columns.contains("ZCOLOR"))
    }

    @Test("A plan whose versions include the store's migrates it to the current version")
    func plannedMigration() throws {
        let directory = TemporaryDirectory()
        let url = try versionOneStore(in: directory)
        let container = try ModelContainer(for: Schema(versionedSchema: NotesV2.self), migrationPlan: NotesPlan.self,
                                           configurations: ModelConfiguration(url: url))
        #expect(try headings(in: container) == [1: "Groceries", 2: "Ideas"])
        #expect(Schema(versionedSchema: NotesV2.self).version == Schema.Version(2, 0, 0))
        // Opened again, the store is version 2 already: nothing left to migrate.
        let reopened = try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                                          configurations: ModelConfiguration(url: url))
        #expect(try headings(in: reopened).count == 2)
    }

    /// The lab's reason for `error`: itself, or what a SwiftDataError that SwiftData's
    /// initializers throw says went wrong.
    private static func reason(_ error: (any Error)?) -> ModelError? {
        (error as? ModelError) ?? (error as? SwiftDataError)?.underlying
    }

    /// Opens a version-1 store with `open`, which must throw; returns the error, having checked
    /// that the file is byte for byte as it was.
    private func refusal(_ open: (URL) throws -> ModelContainer) throws -> ModelError? {
        let directory = TemporaryDirectory()
        let url = try versionOneStore(in: directory)
        let before = contents(of: url)
        let error = #expect(throws: (any Error).self) { _ = try open(url) }
        #expect(contents(of: url) == before)
        return Self.reason(error)
    }

    @Test("A store that matches none of the plan's versions is refused, untouched")
    func unknownVersion() throws {
        let error = try refusal { url in
            try ModelContainer(for: Schema(versionedSchema: NotesV2.self), migrationPlan: LaterPlan.self,
                               configurations: ModelConfiguration(url: url))
        }
        guard case .schemaMismatch(let message)? = error else {
            Issue.record("expected schemaMismatch, got \(String(describing: error))")
            return
        }
        #expect(message.contains("none of the migration plan's versions (3.0.0, 2.0.0)"))
    }

    @Test("A custom stage runs willMigrate on the old models, then the tables' change, then didMigrate on the new ones")
    func customStage() throws {
        let directory = TemporaryDirectory()
        let url = try versionOneStore(in: directory)
        let container = try ModelContainer(for: Schema(versionedSchema: NotesV4.self), migrationPlan: CopyingPlan.self,
                                           configurations: ModelConfiguration(url: url))
        #expect(CopyingPlan.log.withLock { $0 } == ["will: 2 V1 notes; V4 fetch throws", "did: 0 V4 notes before, 2 inserted"])
        let context = container.newBackgroundContext()
        let notes = try context.performAndWait {
            try context.fetch(FetchDescriptor<NotesV4.Note>(sortBy: [SortDescriptor(\.code)])).map { "\($0.code) \($0.heading) \($0.words)" }
        }
        #expect(notes == ["1 Groceries 1", "2 Ideas 1"])
        let columns = try SQLiteFixture.rows("SELECT name FROM pragma_table_info('ZNOTE')", in: url).map { $0[0] }
        #expect(Set(columns).isSuperset(of: ["ZHEADING", "ZWORDS", "ZCODE"]) && !columns.contains("ZTITLE"))
    }

    /// Opens a version-1 store with `plan`, which must fail in a closure; checks that the store
    /// still holds version 1 and both notes, and returns the error.
    private func failedStage(_ plan: any SchemaMigrationPlan.Type) throws -> String? {
        let directory = TemporaryDirectory()
        let url = try versionOneStore(in: directory)
        let thrown = #expect(throws: SwiftDataError.loadIssueModelContainer) {
            _ = try ModelContainer(for: Schema(versionedSchema: NotesV4.self), migrationPlan: plan,
                                   configurations: ModelConfiguration(url: url))
        }
        let error = Self.reason(thrown)
        let reopened = try ModelContainer(for: NotesV1.Note.self, configuration: .file(url)).newBackgroundContext()
        let titles = try reopened.performAndWait {
            try reopened.fetch(FetchDescriptor<NotesV1.Note>(sortBy: [SortDescriptor(\.code)])).map(\.title)
        }
        #expect(titles == ["Groceries", "Ideas"])
        guard case .migrationFailed(let message)? = error else {
            Issue.record("expected migrationFailed, got \(String(describing: error))")
            return nil
        }
        return message
    }

    @Test("An error in willMigrate, after it deleted and saved, leaves the store as it was")
    func willMigrateFails() throws {
        let message = try failedStage(FailingWillPlan.self)
        #expect(message?.contains("the stage from 1.0.0 to 4.0.0 failed in willMigrate: StageFailure()") == true)
        #expect(message?.contains("put back as it was") == true)
    }

    @Test("An error in didMigrate, after the tables changed and the new notes were saved, leaves the store as it was")
    func didMigrateFails() throws {
        let message = try failedStage(FailingDidPlan.self)
        #expect(message?.contains("failed in didMigrate") == true)
    }

    @Test("A custom stage whose change of tables needs the rows gone, and finds them there, fails and changes nothing")
    func customStageThatCannotChangeTheTables() throws {
        let message = try failedStage(EmptyStagePlan.self)
        #expect(message?.contains("could not open the store at version 4.0.0") == true)
        #expect(message?.contains("Note.heading is new and not optional") == true)
    }

    @Test("A fetch with another version's class of the same entity throws, naming both classes, and reads nothing")
    func anotherVersionsClass() throws {
        let container = try ModelContainer(for: NotesV1.Note.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        let error = context.performAndWait {
            #expect(throws: ModelError.self) { try context.fetch(FetchDescriptor<NotesV2.Note>()) }
        }
        guard case .modelClassMismatch(let entity, let stored, let given)? = error else {
            Issue.record("expected modelClassMismatch, got \(String(describing: error))")
            return
        }
        #expect(entity == "Note" && stored.hasSuffix("NotesV1.Note") && given.hasSuffix("NotesV2.Note"))
    }

    @Test("A container that may not save does not migrate")
    func readOnlyContainer() throws {
        let error = try refusal { url in
            try ModelContainer(for: NotesV2.Note.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        }
        guard case .migrationFailed(let message)? = error else {
            Issue.record("expected migrationFailed, got \(String(describing: error))")
            return
        }
        #expect(message.contains("allowsSave: false"))
    }

    @Test("A migration that fails halfway (a new unique index over duplicate values) changes nothing")
    func failedMigrationRollsBack() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("notes.store")
        do {
            let container = try ModelContainer(for: NotesV3.Note.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            try context.performAndWait {
                context.insert(NotesV3.Note(title: "A", color: "red", code: 7))
                context.insert(NotesV3.Note(title: "B", color: "red", code: 7))  // not unique in V3
                try context.save()
            }
        }
        // V1 makes `code` unique again, which the two rows refuse; and drops `slug`.
        #expect(throws: ModelError.self) { try ModelContainer(for: NotesV1.Note.self, configuration: .file(url)) }
        let reopened = try ModelContainer(for: NotesV3.Note.self, configuration: .file(url)).newBackgroundContext()
        #expect(try reopened.performAndWait { try reopened.fetchCount(FetchDescriptor<NotesV3.Note>()) } == 2)
    }
}
