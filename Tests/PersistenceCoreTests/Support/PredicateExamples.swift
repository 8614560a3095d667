import Foundation
import Testing
@testable import PersistenceCore

/// A predicate over ``RecordFixture``, and how the translator should split it between SQL and memory.
struct PredicateExample: Sendable, CustomTestStringConvertible {
    /// Where a predicate is evaluated.
    enum Split: Equatable {
        /// SQL alone.
        case sql
        /// SQL selects a superset, memory narrows it.
        case sqlThenMemory
        /// Memory alone, on every row.
        case memory

        init(_ translation: PredicateTranslator.Translation) {
            self = translation.isComplete ? .sql : translation.sql == nil ? .memory : .sqlThenMemory
        }
    }

    let source: String
    let predicate: Predicate<Record>
    let split: Split

    var testDescription: String { source }

    /// More than forty predicates, each chosen for a way SQL and Swift could disagree.
    static let all: [PredicateExample] = {
        let reference = RecordFixture.reference
        let quarterPast = RecordFixture.reference.addingTimeInterval(0.25)
        let distantPast = Date.distantPast
        let token = RecordFixture.token(3)
        let tokens = [RecordFixture.token(0), RecordFixture.token(5), RecordFixture.token(99)]
        let names = ["bob", "Bob", "nobody"]
        let minimum = 1
        return [
            PredicateExample("$0.age > 18", #Predicate { $0.age > 18 }, .sql),
            PredicateExample("$0.age < 0 && $0.name == \"bob\"", #Predicate { $0.age < 0 && $0.name == "bob" }, .sql),
            PredicateExample("$0.age < minimum || $0.isDone", #Predicate { $0.age < minimum || $0.isDone }, .sql),
            PredicateExample("$0.isDone", #Predicate { $0.isDone }, .sql),
            PredicateExample("!$0.isDone", #Predicate { !$0.isDone }, .sql),
            PredicateExample("$0.isDone == false", #Predicate { $0.isDone == false }, .sql),
            PredicateExample("$0.title == nil", #Predicate { $0.title == nil }, .sql),
            PredicateExample("$0.title != nil", #Predicate { $0.title != nil }, .sql),
            PredicateExample("$0.title == \"manager\"", #Predicate { $0.title == "manager" }, .sql),
            PredicateExample("$0.title != \"Manager\" (keeps nil)", #Predicate { $0.title != "Manager" }, .sql),
            PredicateExample("$0.title == \"\" (empty, not nil)", #Predicate { $0.title == "" }, .sql),
            PredicateExample("$0.name.contains(\"%\")", #Predicate { $0.name.contains("%") }, .sql),
            PredicateExample("$0.name.contains(\"_\")", #Predicate { $0.name.contains("_") }, .sql),
            PredicateExample("$0.name.contains(\"\\\\\")", #Predicate { $0.name.contains("\\") }, .sql),
            PredicateExample("$0.name.contains(\"li\") (case)", #Predicate { $0.name.contains("li") }, .sql),
            PredicateExample("$0.name.starts(with: \"a\")", #Predicate { $0.name.starts(with: "a") }, .sql),
            PredicateExample("$0.name.starts(with: \"\")", #Predicate { $0.name.starts(with: "") }, .sql),
            PredicateExample("$0.name.contains(\"\\n\") (CR-LF is one Character)",
                             #Predicate { $0.name.contains("\n") }, .sql),
            PredicateExample("$0.name.contains(\"\\r\\n\")", #Predicate { $0.name.contains("\r\n") }, .sql),
            PredicateExample("$0.name.contains(\"🇫🇷\")", #Predicate { $0.name.contains("🇫🇷") }, .sql),
            PredicateExample("$0.name.contains(\"कि\")", #Predicate { $0.name.contains("कि") }, .sql),
            PredicateExample("$0.name.contains(\"🇫\") (half a flag)", #Predicate { $0.name.contains("🇫") }, .sql),
            PredicateExample("$0.name.contains(\"क\") (part of a syllable)", #Predicate { $0.name.contains("क") }, .sql),
            PredicateExample("$0.name.contains(\"ALICE\") || $0.age == -1000",
                             #Predicate { $0.name.contains("ALICE") || $0.age == -1000 }, .sql),
            PredicateExample("$0.title?.starts(with: \"M\") == true",
                             #Predicate { $0.title?.starts(with: "M") == true }, .sql),
            PredicateExample("$0.title?.contains(\"a\") ?? false", #Predicate { $0.title?.contains("a") ?? false }, .sql),
            PredicateExample("$0.title?.contains(\"a\") != true", #Predicate { $0.title?.contains("a") != true }, .sql),
            PredicateExample("($0.title ?? \"none\") == \"none\"", #Predicate { ($0.title ?? "none") == "none" }, .sql),
            PredicateExample("($0.title ?? \"\") < \"n\"", #Predicate { ($0.title ?? "") < "n" }, .sql),
            PredicateExample("$0.score < 0.5 && $0.score > -2", #Predicate { $0.score < 0.5 && $0.score > -2 }, .sql),
            PredicateExample("$0.score == 0 (and -0.0)", #Predicate { $0.score == 0 }, .sql),
            PredicateExample("$0.score >= 1e300", #Predicate { $0.score >= 1e300 }, .sql),
            PredicateExample("$0.due == nil || $0.due! > reference",
                             #Predicate { $0.due == nil || $0.due! > reference }, .memory),
            PredicateExample("($0.due ?? distantPast) > reference", #Predicate { ($0.due ?? distantPast) > reference }, .sql),
            PredicateExample("$0.due == reference (stored as an integer)", #Predicate { $0.due == reference }, .sql),
            PredicateExample("$0.due == reference + 0.25", #Predicate { $0.due == quarterPast }, .sql),
            PredicateExample("$0.due != reference", #Predicate { $0.due != reference }, .sql),
            PredicateExample("$0.token == token", #Predicate { $0.token == token }, .sql),
            PredicateExample("$0.token != token", #Predicate { $0.token != token }, .sql),
            PredicateExample("tokens.contains($0.token)", #Predicate { tokens.contains($0.token) }, .sql),
            PredicateExample("names.contains($0.name)", #Predicate { names.contains($0.name) }, .sql),
            PredicateExample("$0.age + 1 > 8", #Predicate { $0.age + 1 > 8 }, .sql),
            PredicateExample("-$0.age > 0", #Predicate { -$0.age > 0 }, .sql),
            PredicateExample("$0.age * 2 - 10 <= $0.age", #Predicate { $0.age * 2 - 10 <= $0.age }, .sql),
            PredicateExample("(0...42).contains($0.age)", #Predicate { (0...42).contains($0.age) }, .sql),
            PredicateExample("(-5..<19).contains($0.age)", #Predicate { (-5..<19).contains($0.age) }, .sql),
            PredicateExample("$0.age > 10 ? $0.isDone : !$0.isDone",
                             #Predicate { $0.age > 10 ? $0.isDone : !$0.isDone }, .sql),
            PredicateExample("$0.name > \"b\" (Swift's order, by the SWIFT collation)", #Predicate { $0.name > "b" }, .sql),
            PredicateExample("$0.name == \"Zoë\"", #Predicate { $0.name == "Zoë" }, .sql),
            PredicateExample("$0.name == \"Zoe\\u{308}\" (not NFC)", #Predicate { $0.name == "Zoe\u{308}" }, .sql),
            PredicateExample("$0.nameLength > 3 && $0.age > 0", #Predicate { $0.nameLength > 3 && $0.age > 0 }, .sqlThenMemory),
            PredicateExample("!($0.name.contains(\"a\") && $0.age > 0)",
                             #Predicate { !($0.name.contains("a") && $0.age > 0) }, .sql),
            PredicateExample("$0.score * 2 > 1 (Double arithmetic)", #Predicate { $0.score * 2 > 1 }, .memory),
            PredicateExample("$0.title != \"Manager\" && $0.age > 0", #Predicate { $0.title != "Manager" && $0.age > 0 }, .sql),
            PredicateExample("$0.name.contains(\"li\") || $0.isDone", #Predicate { $0.name.contains("li") || $0.isDone }, .sql),
            PredicateExample("$0.nameLength > 4 && !$0.isDone", #Predicate { $0.nameLength > 4 && !$0.isDone }, .sqlThenMemory),
        ]
    }()

    init(_ source: String, _ predicate: Predicate<Record>, _ split: Split) {
        self.source = source
        self.predicate = predicate
        self.split = split
    }
}

/// A sorted, limited fetch over ``RecordFixture``, and whether SQL should do the sorting.
struct SortExample: Sendable, CustomTestStringConvertible {
    let source: String
    let sortBy: [SortDescriptor<Record>]
    var predicate: Predicate<Record>?
    var limit: Int?
    var offset: Int?
    let sortsInSQL: Bool

    var testDescription: String { source }

    static let all: [SortExample] = [
        SortExample("age ↓, name ↑, limit 5, offset 2", [SortDescriptor(\.age, order: .reverse), SortDescriptor(\.name)],
                    limit: 5, offset: 2, sortsInSQL: true),
        SortExample("name, limit 4", [SortDescriptor(\.name)], limit: 4, sortsInSQL: true),
        SortExample("name lexical ↓, offset 3", [SortDescriptor(\.name, comparator: .lexical, order: .reverse)],
                    offset: 3, sortsInSQL: true),
        SortExample("title (nil first)", [SortDescriptor(\.title)], sortsInSQL: true),
        SortExample("title ↓ (nil last), limit 6", [SortDescriptor(\.title, order: .reverse)], limit: 6, sortsInSQL: true),
        SortExample("title ↓, age ↑, limit 5, offset 2", [SortDescriptor(\.title, order: .reverse), SortDescriptor(\.age)],
                    limit: 5, offset: 2, sortsInSQL: true),
        SortExample("due, score ↓, offset 1, limit 10", [SortDescriptor(\.due), SortDescriptor(\.score, order: .reverse)],
                    limit: 10, offset: 1, sortsInSQL: true),
        SortExample("score ↓ where age > 0, limit 3", [SortDescriptor(\.score, order: .reverse)],
                    predicate: #Predicate { $0.age > 0 }, limit: 3, sortsInSQL: true),
        SortExample("age where name contains \"a\", limit 3, offset 1 (memory filters)", [SortDescriptor(\.age)],
                    predicate: #Predicate { $0.name.contains("a") }, limit: 3, offset: 1, sortsInSQL: true),
        SortExample("token (UUID: memory sorts), limit 5", [SortDescriptor(\.token)], limit: 5, sortsInSQL: false),
        SortExample("age, nameLength (memory sorts), offset 1, limit 4",
                    [SortDescriptor(\.age), SortDescriptor(\.nameLength)], limit: 4, offset: 1, sortsInSQL: false),
        SortExample("no sort, limit 3, offset 2 (primary key)", [], limit: 3, offset: 2, sortsInSQL: true),
        SortExample("offset past the end", [SortDescriptor(\.age)], offset: 100, sortsInSQL: true),
    ]

    init(_ source: String, _ sortBy: [SortDescriptor<Record>], predicate: Predicate<Record>? = nil,
         limit: Int? = nil, offset: Int? = nil, sortsInSQL: Bool) {
        self.source = source
        self.sortBy = sortBy
        self.predicate = predicate
        self.limit = limit
        self.offset = offset
        self.sortsInSQL = sortsInSQL
    }
}
