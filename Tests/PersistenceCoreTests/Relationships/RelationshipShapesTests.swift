import Foundation
import PersistenceCore
import Testing

/// SwiftData's two other relationship shapes: a to-one relationship that is not optional and a
/// to-many one that is, stored as the usual shapes and handed out as declared.
@Suite("Relationship shapes: Model and [Model]?")
struct RelationshipShapesTests {
    @Model final class Shelf {
        var label: String
        @Relationship(deleteRule: .cascade, inverse: \Book.shelf) var books: [Book]? = []
        init(label: String) { self.label = label }
    }

    @Model final class Book {
        var title: String
        var shelf: Shelf            // not optional: every book is on a shelf
        var readers: [Reader]?      // unannotated: the type makes it a to-many relationship
        init(title: String, shelf: Shelf) {
            self.title = title
            self.shelf = shelf
        }
    }

    @Model final class Reader {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model final class Label {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \Jar.label) var jars: [Jar] = []
        init(name: String) { self.name = name }
    }

    @Model final class Jar {
        var label: Label
        init(label: Label) { self.label = label }
    }

    @Test("Both shapes store, fetch, keep their inverses and cascade like 'Shelf?' and '[Book]'")
    func storeAndFetch() throws {
        let container = try ModelContainer(for: Shelf.self, configuration: .inMemory)
        #expect(Set(container.schema.entities.map(\.name)) == ["Shelf", "Book", "Reader"], "related models join the schema")
        let writer = container.newBackgroundContext()
        try writer.performAndWait {
            let shelf = Shelf(label: "novels")
            writer.insert(shelf)
            let emma = Book(title: "Emma", shelf: shelf), dune = Book(title: "Dune", shelf: shelf)
            writer.insert(emma)
            writer.insert(dune)
            emma.readers = [Reader(name: "Ana")]
            #expect(shelf.books?.map(\.title).sorted() == ["Dune", "Emma"], "the inverse is kept in step before any save")
            try writer.save()
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let books = try reader.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.title)]))
            #expect(books.map { "\($0.title) on \($0.shelf.label), read by \($0.readers?.map(\.name) ?? [])" }
                    == ["Dune on novels, read by []", "Emma on novels, read by [\"Ana\"]"])
            let shelf = try #require(try reader.fetch(FetchDescriptor<Shelf>()).first)
            shelf.books = nil  // empties it: a to-many relationship reads [] when it holds none
            #expect(shelf.books == [])
            reader.rollback()
            reader.delete(shelf)
            try reader.save()
            #expect(try reader.fetchCount(FetchDescriptor<Book>()) == 0, "the cascade reached the books")
        }
    }

    @Test("Reading a non-optional relationship that holds no model stops the process, naming it")
    func missingRequiredRelationship() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Label.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            try context.performAndWait {
                let label = Label(name: "jam")
                context.insert(label)
                let jar = Jar(label: label)
                context.insert(jar)
                try context.save()
                context.delete(label)  // .nullify: the jar keeps no label
                try context.save()
                _ = jar.label
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Jar.label is a relationship that is not optional, and it holds no Label"), "\(message)")
    }
}
