import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

@Suite("Inspecting a store file")
struct StoreInspectionTests {
    @Test("Inspection lists Core Data's tables, row counts, versions and the stored model")
    func inspectsLayout() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("inspect.sqlite")
        let storeIdentifier: UUID
        do {
            let container = try ModelContainer(for: Person.self, configuration: .file(url))
            storeIdentifier = container.storeIdentifier
            let context = container.newBackgroundContext()
            try context.performAndWait {
                let ada = Person(name: "Ada", age: 36, sex: "f")
                context.insert(ada)
                context.insert(Person(name: "Bob", age: 40, sex: "m"))
                try context.save()
                ada.age = 37
                try context.save()
            }
        }
        // The container closes its file once its last reference goes, which may be the commit
        // listeners' thread finishing a remote-change post: inspect the file after that close.
        try #require(OpenStoreFiles.waitUntilClosed(url))
        let before = contents(of: url)
        let inspection = try StoreInspection.inspect(url)
        #expect(inspection.storeIdentifier == storeIdentifier)
        #expect(inspection.entities.map(\.name) == ["Person"])
        #expect(inspection.journalMode == "wal")
        let people = try #require(inspection.tables.first { $0.name == "ZPERSON" })
        #expect(people.rowCount == 2)
        #expect(people.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZNAME", "ZAGE", "ZSEX"])
        #expect(people.latestVersions.map(\.version) == [1, 2], "Bob (p2) saved once, Ada (p1) twice")
        #expect(contents(of: url) == before, "inspection never writes")
    }

    @Test("A corrupt or missing file is a typed error")
    func badFiles() throws {
        let directory = TemporaryDirectory()
        let corrupt = directory.file("corrupt.sqlite")
        _ = FileManager.default.createFile(atPath: corrupt.path, contents: Data(repeating: 7, count: 2048))
        #expect(throws: ModelError.self) { try StoreInspection.inspect(corrupt) }
        let missing = directory.file("missing.sqlite")
        let error = #expect(throws: ModelError.self) { try StoreInspection.inspect(missing) }
        #expect(error.map { if case .storeUnreadable = $0 { true } else { false } } == true)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
