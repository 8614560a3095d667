import Foundation
import Testing
@testable import PersistenceCore
import TestSupport

/// The attribute types beyond the eight primitives, as SwiftData model layers use them: enums
/// with raw values (stored as the raw value), `URL` (as text), and any other `Codable` value
/// (as JSON), each optional or not.
@Suite("Attribute value types")
struct AttributeValueTypeTests {
    enum Status: String, Codable, CaseIterable { case open, done }
    enum Priority: Int, Codable { case low = 1, high = 9 }
    struct Address: Codable, Hashable { var street: String; var city: String }

    @Model final class Errand {
        var title: String
        var status: Status
        var priority: Priority?
        var address: Address?
        var tags: [String] = []
        var link: URL?
        var cost: Decimal = 0

        init(title: String, status: Status) { self.title = title; self.status = status }
    }

    @Test("Each type gets the column SwiftData's would hold: raw values in their own type, URLs as text, the rest as JSON")
    func schemaTypes() {
        let types = Dictionary(uniqueKeysWithValues: Errand.entitySchema.attributes.map { ($0.name, $0.summary) })
        #expect(types == [
            "title": "title: String", "status": "status: String", "priority": "priority: Int?",
            "address": "address: Codable?", "tags": "tags: Codable", "link": "link: URL?", "cost": "cost: Codable",
        ])
        #expect(Errand.relatedModelTypes.isEmpty)
    }

    @Test("Text comes back byte for byte: an empty string is text, not NULL; NUL characters and non-ASCII survive")
    func textEdgeCases() throws {
        let titles = ["", "a\u{0}b", "\u{0}", "café ☕️ 東京", String(repeating: "long ", count: 40)]
        let container = try ModelContainer(for: Errand.self, configuration: .inMemory)
        let writer = container.newBackgroundContext()
        try writer.performAndWait {
            for title in titles { writer.insert(Errand(title: title, status: .open)) }
            try writer.save()
        }
        let reader = container.newBackgroundContext()
        let read = try reader.performAndWait { try reader.fetch(FetchDescriptor<Errand>()).map(\.title) }
        #expect(read.sorted() == titles.sorted())
        let empties = try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Errand>(predicate: #Predicate { $0.title == "" })) }
        #expect(empties == 1)
    }

    @Test("Every value comes back from the store as it was set, and nil as nil")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("errands.store")
        let container = try ModelContainer(for: Errand.self, configuration: .file(url))
        let writer = container.newBackgroundContext()
        try writer.performAndWait {
            let full = Errand(title: "full", status: .done)
            full.priority = .high
            full.address = Address(street: "Rua Augusta 1", city: "Lisbon")
            full.tags = ["a", "b"]
            full.link = URL(string: "https://example.com/a?b=c")
            full.cost = Decimal(string: "12.34")!
            writer.insert(full)
            writer.insert(Errand(title: "empty", status: .open))
            try writer.save()
        }
        let reader = try ModelContainer(for: Errand.self, configuration: .file(url)).newBackgroundContext()
        try reader.performAndWait {
            let errands = try reader.fetch(FetchDescriptor<Errand>(sortBy: [SortDescriptor(\.title)]))
            let (empty, full) = (errands[0], errands[1])
            #expect(full.status == .done && full.priority == .high)
            #expect(full.address == Address(street: "Rua Augusta 1", city: "Lisbon"))
            #expect(full.tags == ["a", "b"] && full.link?.absoluteString == "https://example.com/a?b=c")
            #expect(full.cost == Decimal(string: "12.34")!)
            #expect(empty.status == .open && empty.priority == nil && empty.address == nil && empty.link == nil)
            #expect(empty.tags.isEmpty && empty.cost == 0)
        }
        let stored = try SQLiteFixture.rows("SELECT ZSTATUS, ZPRIORITY, ZLINK, ZTAGS FROM ZERRAND WHERE ZTITLE = 'full'", in: url)
        #expect(stored.first == ["done", "9", "https://example.com/a?b=c", #"["a","b"]"#])
    }

    @Test("Setting an equal value is no change; setting another is one")
    func changeTracking() throws {
        let container = try ModelContainer(for: Errand.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let errand = Errand(title: "t", status: .open)
            errand.address = Address(street: "s", city: "c")
            context.insert(errand)
            try context.save()
            errand.address = Address(street: "s", city: "c")
            errand.status = .open
            #expect(!context.hasChanges)
            errand.address = nil
            #expect(errand.hasChanges)
            try context.save()
            #expect(errand.address == nil)
        }
    }

    @Test("A predicate on a raw-value enum is SQL on the raw value; one on a Codable struct runs in memory")
    func predicates() throws {
        let done = Status.done
        let high: Priority? = .high
        let onEnum = PredicateTranslator.translate(#Predicate<Errand> { $0.status == done })
        #expect(onEnum.sql == SQLFragment(sql: "(ZSTATUS COLLATE SWIFT = ?)", bindings: [.text("done")]))
        #expect(onEnum.isComplete)
        let onOptional = PredicateTranslator.translate(#Predicate<Errand> { $0.priority == high })
        #expect(onOptional.sql == SQLFragment(sql: "(ZPRIORITY IS ?)", bindings: [.integer(9)]))
        let onNil = PredicateTranslator.translate(#Predicate<Errand> { $0.priority == nil })
        #expect(onNil.sql == SQLFragment(sql: "(ZPRIORITY IS NULL)", bindings: []))
        let lisbon = Address(street: "s", city: "Lisbon")
        #expect(!PredicateTranslator.translate(#Predicate<Errand> { $0.address == lisbon }).isComplete)

        let container = try ModelContainer(for: Errand.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for (index, status) in [Status.open, .done, .done].enumerated() {
                let errand = Errand(title: "\(index)", status: status)
                errand.address = index == 2 ? lisbon : nil
                context.insert(errand)
            }
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<Errand>(predicate: #Predicate { $0.status == done })) == 2)
            #expect(try context.fetch(FetchDescriptor<Errand>(predicate: #Predicate { $0.address == lisbon })).map(\.title) == ["2"])
        }
    }
}
