import Foundation
import Testing
@testable import PersistenceCore

@Suite("Predicate translation")
struct PredicateTranslationTests {
    // MARK: - The SQL a reader sees

    @Test("Comparisons joined by && become one WHERE clause with positional bindings")
    func conjunctionOfComparisons() {
        let minimum = 3
        let translation = PredicateTranslator.translate(#Predicate<Record> { $0.age > minimum && $0.name == "a" })
        #expect(translation.sql == SQLFragment(sql: "((ZAGE > ?) AND (ZNAME COLLATE SWIFT = ?))", bindings: [.integer(3), .text("a")]))
        #expect(translation.isComplete)
    }

    @Test("A value may stand on either side of a comparison, a negative literal is bound negative, and || becomes OR")
    func valueOnTheLeftAndDisjunction() {
        let minimum = 3
        let translation = PredicateTranslator.translate(#Predicate<Record> { minimum < $0.age || $0.score <= -1.5 })
        #expect(translation.sql == SQLFragment(sql: "((? < ZAGE) OR (ZSCORE <= ?))", bindings: [.integer(3), .real(-1.5)]))
        #expect(translation.isComplete)
    }

    @Test("nil checks become IS NULL, and comparisons with optionals use IS to keep Swift's meaning of nil")
    func optionalsUseIs() {
        expect(#Predicate<Record> { $0.title == nil }, "(ZTITLE IS NULL)")
        expect(#Predicate<Record> { nil == $0.title }, "(ZTITLE IS NULL)")
        expect(#Predicate<Record> { $0.title != nil }, "(ZTITLE IS NOT NULL)")
        expect(#Predicate<Record> { $0.title == "x" }, "(ZTITLE COLLATE SWIFT IS ?)", [.text("x")])
        // Swift keeps a nil title here; `ZTITLE <> ?` would drop it.
        expect(#Predicate<Record> { $0.title != "x" }, "(ZTITLE COLLATE SWIFT IS NOT ?)", [.text("x")])
        expect(#Predicate<Record> { $0.name != "x" }, "(ZNAME COLLATE SWIFT <> ?)", [.text("x")])
    }

    @Test("A Bool attribute is a condition of its own")
    func boolAttributes() {
        expect(#Predicate<Record> { $0.isDone }, "ZISDONE")
        expect(#Predicate<Record> { !$0.isDone }, "(NOT ZISDONE)")
        expect(#Predicate<Record> { $0.isDone == false }, "(ZISDONE = ?)", [.integer(0)])
    }

    @Test("Dates, UUIDs and Bools are bound in the form the store keeps them")
    func valuesAreBoundAsStored() {
        let due = RecordFixture.reference.addingTimeInterval(0.25)
        expect(#Predicate<Record> { $0.due == due }, "(ZDUE IS ?)", [.real(700_000_000.25)])
        let token = RecordFixture.token(3)
        let translation = PredicateTranslator.translate(#Predicate<Record> { $0.token == token })
        #expect(translation.sql?.sql == "(ZTOKEN = ?)")
        // A UUID is bound as the 16-byte blob Core Data stores: `.uuid` equals the `.blob` of its bytes.
        #expect(translation.sql?.bindings == [.blob(withUnsafeBytes(of: token.uuid) { Data($0) })])
        expect(#Predicate<Record> { $0.isDone == true }, "(ZISDONE = ?)", [.integer(1)])
    }

    @Test("String searches call swift_contains and swift_starts_with: Swift's search by Character, exact in SQL")
    func stringSearches() {
        expect(#Predicate<Record> { $0.name.contains("50%_\\") }, "swift_contains(ZNAME, ?)", [.text("50%_\\")])
        expect(#Predicate<Record> { $0.name.starts(with: "A") }, "swift_starts_with(ZNAME, ?)", [.text("A")])
        expect(#Predicate<Record> { !$0.name.contains("a") }, "(NOT swift_contains(ZNAME, ?))", [.text("a")])
    }

    @Test("localizedStandardContains, which Foundation's #Predicate has only on Apple platforms, compiles here and calls swift_localized_standard_contains")
    func localizedStandardContains() {
        expect(#Predicate<Record> { $0.name.localizedStandardContains("creme") }, "swift_localized_standard_contains(ZNAME, ?)", [.text("creme")])
    }

    @Test("Text compares by Swift's rules in SQL: a decomposed spelling equals the composed one")
    func textComparesAsSwift() {
        expect(#Predicate<Record> { $0.name == "Zoe\u{308}" }, "(ZNAME COLLATE SWIFT = ?)", [.text("Zoe\u{308}")])
        expect(#Predicate<Record> { $0.name < "b" }, "(ZNAME COLLATE SWIFT < ?)", [.text("b")])
    }

    @Test("?? becomes COALESCE and ?. becomes CASE, which yields NULL where Swift yields nil")
    func optionalChaining() {
        expect(#Predicate<Record> { ($0.title ?? "none") == "none" }, "(COALESCE(ZTITLE, ?) COLLATE SWIFT = ?)",
               [.text("none"), .text("none")])
        expect(#Predicate<Record> { $0.title?.starts(with: "M") == true },
               "((CASE WHEN ZTITLE IS NULL THEN NULL ELSE swift_starts_with(ZTITLE, ?) END) IS ?)",
               [.text("M"), .integer(1)])
    }

    @Test("Integer arithmetic, ranges, IN lists and ?: translate too")
    func arithmeticRangesListsAndConditionals() {
        expect(#Predicate<Record> { $0.age + 1 > 8 }, "((ZAGE + ?) > ?)", [.integer(1), .integer(8)])
        expect(#Predicate<Record> { -$0.age > 0 }, "((- ZAGE) > ?)", [.integer(0)])
        expect(#Predicate<Record> { (0...42).contains($0.age) }, "(ZAGE BETWEEN ? AND ?)", [.integer(0), .integer(42)])
        expect(#Predicate<Record> { (0..<42).contains($0.age) }, "((ZAGE >= ?) AND (ZAGE < ?))",
               [.integer(0), .integer(42)])
        let names = ["bob", "Bob"]
        expect(#Predicate<Record> { names.contains($0.name) }, "(ZNAME COLLATE SWIFT IN (?, ?))", [.text("bob"), .text("Bob")])
        expect(#Predicate<Record> { $0.age > 10 ? $0.isDone : !$0.isDone },
               "(CASE WHEN (ZAGE > ?) THEN ZISDONE ELSE (NOT ZISDONE) END)", [.integer(10)])
    }

    @Test("A conjunction with one untranslatable side gives SQL the other side, and memory the whole")
    func partialConjunction() {
        expect(#Predicate<Record> { $0.nameLength > 3 && $0.age > 0 }, "(ZAGE > ?)", [.integer(0)], complete: false)
        expect(#Predicate<Record> { $0.name.contains("a") && $0.name.count > 3 },
               "swift_contains(ZNAME, ?)", [.text("a")], complete: false)
    }

    @Test("Forms SQL cannot compute exactly, nor as a superset, are left entirely to memory")
    func untranslatableForms() {
        let notANumber = Double("nan") ?? 0
        let token = RecordFixture.token(3)
        let predicates: [Predicate<Record>] = [
            #Predicate { $0.nameLength > 3 || $0.age > 0 },             // one side of || is unknown
            #Predicate { !($0.nameLength > 3 && $0.age > 0) },          // ! of a superset
            #Predicate { !($0.name.count > 3 || $0.age > 0) },          // ! of an unknown
            #Predicate { $0.title! == "x" },                            // Swift throws on nil
            #Predicate { $0.name == "a\u{0}b" },                        // binding would stop at NUL
            #Predicate { $0.score < notANumber },                              // SQLite binds NaN as NULL
            #Predicate { $0.token < token },                            // UUID order
            #Predicate { $0.name.count > 3 },                           // Characters, not code points
            #Predicate { $0.score * 2 > 1 },                            // Double arithmetic
            #Predicate { $0.age / 2 > 1 },                              // division
        ]
        for predicate in predicates {
            let translation = PredicateTranslator.translate(predicate)
            #expect(translation.sql == nil, "\(predicate)")
            #expect(!translation.isComplete, "\(predicate)")
        }
    }

    // MARK: - SQL and memory agree

    @Test("Fetching returns exactly the rows in-memory evaluation keeps, in primary-key order",
          arguments: PredicateExample.all)
    func fetchMatchesInMemoryEvaluation(_ example: PredicateExample) throws {
        // Given a store holding the fixture
        let container = try RecordFixture.makeContainer()
        let context = ModelContext(container, concurrencyType: .privateQueue)
        try context.performAndWait {
            let everything = try context.fetch(FetchDescriptor<Record>())
            try #require(everything.count == RecordFixture.records().count)
            let expected = try everything.filter { try example.predicate.evaluate($0) }.map(\.persistentModelID)

            // When the store filters with the translated predicate
            let fetched = try context.fetch(FetchDescriptor(predicate: example.predicate)).map(\.persistentModelID)
            let count = try context.fetchCount(FetchDescriptor(predicate: example.predicate))

            // Then SQL (and memory where it must) keeps the same rows as Swift alone
            #expect(fetched == expected)
            #expect(count == expected.count)
            #expect(PredicateExample.Split(PredicateTranslator.translate(example.predicate)) == example.split)
        }
    }

    // MARK: - Sorting

    @Test("Sort descriptors become ORDER BY only where SQLite orders as Swift does")
    func orderByTranslation() {
        #expect(SortTranslator.orderBy([SortDescriptor<Record>]()) == "")
        #expect(SortTranslator.orderBy([SortDescriptor(\Record.age, order: .reverse), SortDescriptor(\Record.name)])
                == "ZAGE DESC, ZNAME COLLATE SWIFT ASC")
        #expect(SortTranslator.orderBy([SortDescriptor(\Record.name, comparator: .lexical, order: .reverse)]) == "ZNAME COLLATE SWIFT DESC")
        #expect(SortTranslator.orderBy([SortDescriptor(\Record.title)]) == "ZTITLE COLLATE SWIFT ASC")
        #expect(SortTranslator.orderBy([SortDescriptor(\Record.title, order: .reverse), SortDescriptor(\Record.age)])
                == "ZTITLE COLLATE SWIFT DESC, ZAGE ASC")
        #expect(SortTranslator.orderBy([SortDescriptor(\Record.due, order: .reverse)]) == "ZDUE DESC")
        #expect(SortTranslator.orderBy([SortDescriptor(\Record.token)]) == nil)
        #expect(SortTranslator.orderBy([SortDescriptor(\Record.age), SortDescriptor(\Record.nameLength)]) == nil)
    }

    @Test("Sorted fetches with limits and offsets return what sorted(using:) returns", arguments: SortExample.all)
    func sortedFetchMatchesSortedUsing(_ example: SortExample) throws {
        // Given a store holding the fixture
        let container = try RecordFixture.makeContainer()
        let context = ModelContext(container, concurrencyType: .privateQueue)
        try context.performAndWait {
            let everything = try context.fetch(FetchDescriptor<Record>())
            let kept = try everything.filter { try example.predicate?.evaluate($0) ?? true }.sorted(using: example.sortBy)
            let start = min(example.offset ?? 0, kept.count)
            let end = example.limit.map { min(start + $0, kept.count) } ?? kept.count
            let expected = kept[start..<end].map(\.persistentModelID)

            // When the store sorts, skips and limits
            let descriptor = FetchDescriptor(predicate: example.predicate, sortBy: example.sortBy,
                                             fetchLimit: example.limit, fetchOffset: example.offset)
            let fetched = try context.fetch(descriptor).map(\.persistentModelID)

            // Then the order is Swift's, ties broken by primary key as a stable sort does
            #expect(fetched == expected)
            #expect(try context.fetchCount(descriptor) == expected.count)
            #expect((SortTranslator.orderBy(example.sortBy) != nil) == example.sortsInSQL)
        }
    }

    // MARK: - Helpers

    private func expect(_ predicate: Predicate<Record>, _ sql: String, _ bindings: [SQLiteValue] = [],
                        complete: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let translation = PredicateTranslator.translate(predicate)
        #expect(translation.sql == SQLFragment(sql: sql, bindings: bindings), sourceLocation: sourceLocation)
        #expect(translation.isComplete == complete, sourceLocation: sourceLocation)
    }
}
