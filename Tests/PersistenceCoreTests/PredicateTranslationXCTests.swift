import Foundation
import XCTest
@testable import PersistenceCore

/// The same checks as the "Predicate translation" suite, in XCTest's style.
final class PredicateTranslationXCTests: XCTestCase {
    func testConjunction_TranslatesToWhereClauseWithBindings() {
        let minimum = 3
        let translation = PredicateTranslator.translate(#Predicate<Record> { $0.age > minimum && $0.name == "a" })

        XCTAssertEqual(translation.sql, SQLFragment(sql: "((ZAGE > ?) AND (ZNAME COLLATE SWIFT = ?))", bindings: [.integer(3), .text("a")]))
        XCTAssertTrue(translation.isComplete)
    }

    func testNegation_FallsBackToMemory_WhenItsOperandIsOnlyASuperset() {
        let translation = PredicateTranslator.translate(#Predicate<Record> { !($0.nameLength > 3 && $0.age > 0) })

        XCTAssertNil(translation.sql)
        XCTAssertFalse(translation.isComplete)
    }

    func testFetch_ReturnsWhatInMemoryEvaluationKeeps_ForSQLPartialAndMemoryPredicates() throws {
        // Given a store holding the fixture
        let container = try RecordFixture.makeContainer()
        let context = ModelContext(container, concurrencyType: .privateQueue)
        let predicates: [Predicate<Record>] = [
            #Predicate { $0.title != "Manager" && $0.age > 0 },
            #Predicate { $0.name.contains("li") || $0.isDone },
            #Predicate { $0.nameLength > 4 && !$0.isDone },
            #Predicate { $0.title?.contains("a") != true },
        ]
        try context.performAndWait {
            let everything = try context.fetch(FetchDescriptor<Record>())
            for predicate in predicates {
                // When the store filters
                let fetched = try context.fetch(FetchDescriptor(predicate: predicate))

                // Then it keeps the rows Swift keeps, in the same order
                let expected = try everything.filter { try predicate.evaluate($0) }
                XCTAssertEqual(fetched.map(\.persistentModelID), expected.map(\.persistentModelID), "\(predicate)")
            }
        }
    }

    func testSortedFetch_MatchesSortedUsing_WithLimitAndOffset() throws {
        // Given a store holding the fixture
        let container = try RecordFixture.makeContainer()
        let context = ModelContext(container, concurrencyType: .privateQueue)
        let sortBy = [SortDescriptor(\Record.title, order: .reverse), SortDescriptor(\Record.age)]
        try context.performAndWait {
            // When SQL sorts, skips 2 and keeps 5
            let fetched = try context.fetch(FetchDescriptor(sortBy: sortBy, fetchLimit: 5, fetchOffset: 2))

            // Then the page is the one Swift's sort gives
            let expected = try context.fetch(FetchDescriptor<Record>()).sorted(using: sortBy)[2..<7]
            XCTAssertEqual(SortTranslator.orderBy(sortBy), "ZTITLE COLLATE SWIFT DESC, ZAGE ASC")
            XCTAssertEqual(fetched.map(\.persistentModelID), expected.map(\.persistentModelID))
        }
    }
}
