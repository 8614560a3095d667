import Foundation
@testable import PersistenceCore

/// Random ``Record``s from a seed: the fixture's awkward values mixed with random ones, so that
/// random predicates meet data nobody chose either.
///
/// Strings are built from the characters SQL and Swift disagree on (`LIKE`'s `%` and `_`,
/// backslashes, case, accents, multi-code-point characters, CR-LF); numbers include negatives,
/// -0.0, huge and infinite doubles; dates mix whole and fractional seconds; titles and due
/// dates are often nil. The same seed always gives the same records.
///
/// Text is kept in Unicode's composed form (NFC), the translator's stated assumption: decomposed
/// text is the known limitation `RandomPredicateTests.decomposedStoredText` shows.
enum RandomRecords {
    static let pieces = ["a", "A", "b", "B", "li", "ce", "%", "_", "\\", "é", "🇫🇷", "🇫", "क", "ि", " ", "\r\n", "\n", "Man", "x"]
    static let ages = [-1_000, -5, -1, 0, 1, 7, 12, 18, 25, 29, 30, 31, 42, 65, 100]
    static let scores = [-0.0, 0, 0.5, -0.5, -1.25, 1, 4.5, 18, 99.9, 1e300, -1e300, .infinity, -.infinity]

    /// `count` new, unsaved records.
    static func make(seed: UInt64, count: Int) -> [Record] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Record(name: text(&random), title: random.next(below: 4) == 0 ? nil : text(&random),
                   age: random.next(below: 3) == 0 ? random.next(below: 201) - 50 : random.pick(ages),
                   score: random.next(below: 3) == 0 ? Double(random.next(below: 20_001) - 10_000) / 64 : random.pick(scores),
                   isDone: random.next(below: 2) == 0,
                   due: random.next(below: 3) == 0 ? nil : date(&random),
                   token: RecordFixture.token(random.next(below: 20)))
        }
    }

    /// Why a fetch and in-memory evaluation disagree: the SQL, and the records only one kept.
    static func explain(_ predicate: Predicate<Record>, _ fetched: [PersistentIdentifier], _ expected: [PersistentIdentifier],
                        _ records: [Record]) -> String {
        let sql = PredicateTranslator.translate(predicate).sql.map { "\($0.sql) \($0.bindings)" } ?? "all in memory"
        let differing = Set(fetched).symmetricDifference(expected)
        let values = records.filter { differing.contains($0.persistentModelID) }.map { record in
            "(\(record.name.debugDescription), \(record.title?.debugDescription ?? "nil"), \(record.age), \(record.score), \(record.isDone), \(record.due.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "nil"))"
        }
        return "\(predicate) as \(sql); records kept by only one side: \(values.joined(separator: ", "))"
    }

    /// A new in-memory store holding `make(seed:count:)`, saved by a context that is then dropped.
    static func makeContainer(seed: UInt64, count: Int) throws -> ModelContainer {
        let container = try ModelContainer(for: Record.self, configuration: .inMemory)
        let writer = ModelContext(container, concurrencyType: .privateQueue)
        try writer.performAndWait {
            for record in make(seed: seed, count: count) {
                writer.insert(record)
            }
            try writer.save()
        }
        return container
    }

    /// A fixture text, or up to four random pieces.
    private static func text(_ random: inout SplitMix64) -> String {
        if random.next(below: 3) == 0 {
            return random.pick(["", "Alice", "ALICE", "alice smith", "bob", "Bob", "Manager", "manager", "Zoë", "x\\y", "100%", "a_b"])
        }
        return (0..<random.next(below: 5)).map { _ in random.pick(pieces) }.joined()
    }

    /// One of the predicates' dates, or one near them with whole or fractional seconds.
    private static func date(_ random: inout SplitMix64) -> Date {
        let anchors = [RecordFixture.reference, RecordFixture.reference.addingTimeInterval(0.25),
                       RecordFixture.reference.addingTimeInterval(-3_600), Date(timeIntervalSinceReferenceDate: -1_000),
                       Date.distantPast]
        let anchor = random.pick(anchors)
        switch random.next(below: 3) {
        case 0: return anchor
        case 1: return anchor.addingTimeInterval(Double(random.next(below: 7_201) - 3_600))
        default: return anchor.addingTimeInterval(Double(random.next(below: 4_001) - 2_000) / 8)
        }
    }
}
