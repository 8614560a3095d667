import Foundation
import PersistenceCore

/// A fixed set of ``Record``s on which SQL and in-memory evaluation must agree.
///
/// It holds the values where SQL and Swift are easy to get out of step: nils, empty strings,
/// `LIKE`'s wildcards `%` and `_`, backslashes, mixed case, negative numbers and -0.0, dates with
/// whole and fractional seconds (SQLite stores the former as integers), UUIDs, and characters
/// made of several code points (CR-LF, a flag, a Devanagari syllable).
enum RecordFixture {
    /// 2023-03-07 20:26:40 UTC, a whole number of seconds since 2001.
    static let reference = Date(timeIntervalSinceReferenceDate: 700_000_000)

    /// The token of the record at `index`: distinct, and fixed so tests can name one.
    static func token(_ index: Int) -> UUID {
        let byte = UInt8(index)
        return UUID(uuid: (byte, 0x5A, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0xFF - byte, byte))
    }

    /// New, unsaved records, in primary-key order once saved.
    static func records() -> [Record] {
        let rows: [(name: String, title: String?, age: Int, score: Double, isDone: Bool, due: Date?)] = [
            ("Alice", "Manager", 30, 4.5, true, reference),
            ("bob", nil, -5, -1.25, false, nil),
            ("", "", 0, 0, false, reference.addingTimeInterval(-86_400.5)),
            ("100%", "50_50", 100, 99.9, true, Date(timeIntervalSinceReferenceDate: -1_000)),
            ("a_b", "back\\slash", 7, 0.5, false, reference.addingTimeInterval(3_600)),
            ("ALICE", "manager", 30, 4.5, false, reference),
            ("alice smith", "%", 65, -0.5, true, nil),
            ("a%b", "_", -1_000, 1e300, false, reference.addingTimeInterval(0.25)),
            ("x\\y", "\\", 18, 18, true, nil),
            ("Bob", "Mgr", 42, -0.0, false, reference.addingTimeInterval(-0.75)),
            ("Zoë", "Ünïcode", 19, 2.5, false, reference.addingTimeInterval(86_400)),
            ("line\r\nbreak", nil, 1, 3, true, nil),
            ("café", "caf", 25, 7.75, false, reference),
            ("🇫🇷 flag", "🇫", 8, -3, true, reference.addingTimeInterval(-3_600)),
            ("किताब", "क", 12, 12, false, nil),
            ("Alice", nil, 30, 1, false, reference.addingTimeInterval(60)),
            ("carol", "Manager", 30, 4.5, true, nil),
        ]
        return rows.enumerated().map { index, row in
            Record(name: row.name, title: row.title, age: row.age, score: row.score, isDone: row.isDone,
                   due: row.due, token: token(index))
        }
    }

    /// A new in-memory store holding ``records()``, saved by a context that is then dropped, so
    /// that fetches read what the store holds.
    static func makeContainer() throws -> ModelContainer {
        let container = try ModelContainer(for: Record.self, configuration: .inMemory)
        let writer = ModelContext(container, concurrencyType: .privateQueue)
        try writer.performAndWait {
            for record in records() {
                writer.insert(record)
            }
            try writer.save()
        }
        return container
    }
}
