import Foundation
import PersistenceCore
import Testing

extension CompatibilityTests {
    /// A layer written the way public SwiftData libraries write theirs: non-final models with
    /// `#Unique` and `#Index`, a generic `@ModelActor` database with query and delete selectors,
    /// and a synchronizer of a server's collection with the store. Its files import SwiftData
    /// where it exists (`#if canImport(SwiftData)`) and this library elsewhere.
    @Suite("Library: a generic database and a synchronizer")
    struct LibraryTests {
        static func container() throws -> ModelContainer {
            try ModelContainer(for: Book.self, Author.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        }

        static let monday = Date(timeIntervalSinceReferenceDate: 800_000_000)
        static let tuesday = monday.addingTimeInterval(86_400)

        static let catalogue = [
            RemoteBook(id: "b1", title: "Dune", pages: 412, author: "Frank Herbert", updatedAt: monday),
            RemoteBook(id: "b2", title: "Emma", pages: 474, author: "Jane Austen", updatedAt: monday),
            RemoteBook(id: "b3", title: "Persuasion", pages: 249, author: "Jane Austen", updatedAt: monday),
        ]

        @Test("The database inserts, queries, counts, updates and deletes by selector; only values and identifiers leave it")
        func databaseSelectors() async throws {
            let outcome = try await { () async throws -> [String] in
                let database = Database(modelContainer: try Self.container())
                let austen = try await database.insert { Author(name: "Jane Austen") }
                for (title, pages) in [("Emma", 474), ("Persuasion", 249), ("Sanditon", 160)] {
                    let book = try await database.insert { Book(remoteID: title, title: title, pages: pages, updatedAt: Self.monday) }
                    try await database.update(Book.self, id: book) { book in
                        book.author = book.modelContext?.model(for: austen) as? Author
                    }
                }
                let short = DatabaseQuery<Book>(#Predicate { $0.pages < 300 }, sortBy: [SortDescriptor(\.title)])
                var outcome = [try await database.fetch(short) { "\($0.title) by \($0.author?.name ?? "?")" }.joined(separator: ", ")]
                let ids = try await database.identifiers(DatabaseQuery<Book>(sortBy: [SortDescriptor(\.pages)]))
                outcome.append("\(ids.count) identifiers, \(Set(ids).count) distinct")
                let emma = try await database.fetch(DatabaseQuery<Book>(#Predicate { $0.title == "Emma" })) { $0.persistentModelID }
                outcome.append("deleted \(try await database.delete(DeleteSelector<Book>.identifiers(emma)))")
                outcome.append("deleted \(try await database.delete(DeleteSelector<Book>.matching(#Predicate { $0.pages < 200 })))")
                outcome.append("\(try await database.count(DatabaseQuery<Book>.all)) left")
                outcome.append("deleted \(try await database.delete(DeleteSelector<Author>.all)) author, \(try await database.count(DatabaseQuery<Book>.all)) books left (cascade)")
                return outcome
            }()
            #expect(outcome == ["Persuasion by Jane Austen, Sanditon by Jane Austen", "3 identifiers, 3 distinct",
                                "deleted 1", "deleted 1", "1 left", "deleted 1 author, 0 books left (cascade)"])
        }

        /// SwiftData's upsert (WWDC23 "Model your schema with SwiftData": "if already exists, then
        /// upsert will happen"): the stored book takes the new values and keeps its identifier.
        @Test("#Unique on remoteID: a second book with the same remoteID updates the first, which keeps its identifier")
        func uniqueRemoteID() async throws {
            let database = Database(modelContainer: try Self.container())
            let first = try await database.insert { Book(remoteID: "b1", title: "Dune", pages: 412, updatedAt: Self.monday) }
            let second = try await database.insert { Book(remoteID: "b1", title: "Dune Messiah", pages: 256, updatedAt: Self.tuesday) }
            #expect(second == first)
            #expect(try await database.fetch(DatabaseQuery<Book>.all) { "\($0.title) \($0.pages)" } == ["Dune Messiah 256"])
        }

        @Test("The synchronizer inserts new books, updates changed ones, deletes gone ones, and shares authors")
        func synchronizes() async throws {
            let (first, second, titles, authors) = try await {
                () async throws -> (SyncReport, SyncReport, [String], [String]) in
                let container = try Self.container()
                let synchronizer = CatalogSynchronizer(modelContainer: container)
                let first = try await synchronizer.synchronize(with: Self.catalogue)
                var next = Self.catalogue.filter { $0.id != "b1" }
                next[0].title = "Emma (annotated)"
                next[0].updatedAt = Self.tuesday
                next.append(RemoteBook(id: "b4", title: "Mansfield Park", pages: 507, author: "Jane Austen", updatedAt: Self.tuesday))
                let second = try await synchronizer.synchronize(with: next)
                let database = Database(modelContainer: container)
                let titles = try await database.fetch(DatabaseQuery<Book>(sortBy: [SortDescriptor(\.remoteID)])) { "\($0.remoteID) \($0.title)" }
                let authors = try await database.fetch(DatabaseQuery<Author>(sortBy: [SortDescriptor(\.name)])) { "\($0.name): \($0.books.count)" }
                return (first, second, titles, authors)
            }()
            #expect(first == SyncReport(inserted: ["b1", "b2", "b3"]))
            #expect(second == SyncReport(inserted: ["b4"], updated: ["b2"], deleted: ["b1"]))
            #expect(titles == ["b2 Emma (annotated)", "b3 Persuasion", "b4 Mansfield Park"])
            #expect(authors == ["Frank Herbert: 0", "Jane Austen: 3"])
        }
    }
}
