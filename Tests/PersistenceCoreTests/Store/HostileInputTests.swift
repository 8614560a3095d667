import CSQLite
import Foundation
@testable import PersistenceCore
import SampleModels
import Testing
import TestSupport

/// Input a real app can produce by mistake: the library may refuse it, with a typed error that
/// leaves the store as it was, but never traps on it and never stores something else.
@Suite("Hostile input")
struct HostileInputTests {
    /// Where a fetch is answered: SQL alone, memory because of pending changes, or memory because
    /// the predicate does not translate.
    enum FetchPath: String, CaseIterable, CustomStringConvertible {
        case sql, pendingChanges, untranslatedPredicate
        var description: String { rawValue }
    }

    /// A context over 10 saved items (counts 0…9), with one unsaved insert on the pending path.
    private func context(for path: FetchPath) throws -> (ModelContext, Predicate<Item>?) {
        let context = try makeContainer().newBackgroundContext()
        try context.runAndWait {
            for count in 0..<10 { context.insert(Item(timestamp: .now, count: count)) }
            try context.save()
            if path == .pendingChanges { context.insert(Item(timestamp: .now, count: 10)) }
        }
        let predicate: Predicate<Item>? = path == .untranslatedPredicate ? #Predicate { ($0.title?.count ?? 0) < 5 } : nil
        return (context, predicate)
    }

    @Test("A negative limit or offset is a typed error from fetch and fetchCount, on every path",
          arguments: FetchPath.allCases, [(-3, nil), (nil, -5), (nil, Int.min), (Int.min, 0)] as [(Int?, Int?)])
    func negativeLimitOrOffset(path: FetchPath, limits: (limit: Int?, offset: Int?)) throws {
        let (context, predicate) = try context(for: path)
        let descriptor = FetchDescriptor<Item>(predicate: predicate, fetchLimit: limits.limit, fetchOffset: limits.offset)
        context.runAndWait {
            for error in [#expect(throws: ModelError.self) { try context.fetch(descriptor) },
                          #expect(throws: ModelError.self) { try context.fetchCount(descriptor) }] {
                guard case .invalidFetchDescriptor(let entity, let reason)? = error else {
                    Issue.record("expected invalidFetchDescriptor, got \(String(describing: error))")
                    continue
                }
                #expect(entity == "Item" && reason.contains("must be 0 or more"))
            }
        }
    }

    @Test("Limits and offsets up to Int.max never overflow, and count what fetch returns", arguments: FetchPath.allCases)
    func hugeLimitsAndOffsets(path: FetchPath) throws {
        let (context, predicate) = try context(for: path)
        let rows = path == .pendingChanges ? 11 : 10
        try context.runAndWait { () throws in
            for (limit, offset, expected) in [(Int.max, 1, rows - 1), (Int.max, Int.max, 0), (0, 0, 0), (3, Int.max - 1, 0), (nil, 4, rows - 4)] {
                let descriptor = FetchDescriptor<Item>(predicate: predicate, fetchLimit: limit, fetchOffset: offset)
                #expect(try context.fetch(descriptor).count == expected, "limit \(String(describing: limit)) offset \(offset)")
                #expect(try context.fetchCount(descriptor) == expected, "limit \(String(describing: limit)) offset \(offset)")
            }
        }
    }

    /// Property: for every descriptor, `fetchCount(d) == fetch(d).count`, or both refuse it with
    /// the same error, whatever the path (SQL, pending inserts, updates and deletes, predicates
    /// SQL cannot translate, sorts, includePendingChanges).
    @Test("fetchCount(d) equals fetch(d).count for 1,200 random descriptors over random pending changes")
    func countAgreesWithFetch() throws {
        var random = SplitMix64(seed: 0x5EED_F37C)
        let limits: [Int?] = [nil, nil, 0, 1, 2, 5, 40, Int.max, -1, Int.min]
        let offsets: [Int?] = [nil, nil, 0, 1, 3, 7, 100, Int.max, -2, Int.min]
        var compared = 0
        for _ in 0..<40 {
            let context = try makeContainer().newBackgroundContext()
            try context.runAndWait {
                var saved: [Item] = []
                for count in 0..<Int.random(in: 5...25, using: &random) {
                    let item = Item(timestamp: .now, title: Bool.random(using: &random) ? "t\(count % 4)" : nil, count: count % 7)
                    context.insert(item)
                    saved.append(item)
                }
                try context.save()
                // Pending changes: deletes, updates and inserts, some of each.
                for item in saved where Int.random(in: 0..<6, using: &random) == 0 { context.delete(item) }
                for item in saved where !item.isDeleted && Int.random(in: 0..<5, using: &random) == 0 { item.count += 3 }
                for count in 0..<Int.random(in: 0...4, using: &random) { context.insert(Item(timestamp: .now, count: count)) }

                for _ in 0..<30 {
                    let bound = Int.random(in: 0..<8, using: &random)
                    let predicates: [Predicate<Item>?] = [
                        nil,
                        #Predicate { $0.count > bound },
                        #Predicate { $0.title == "t1" || $0.count < bound },
                        #Predicate { ($0.title?.count ?? 0) > 1 },                 // memory only
                        #Predicate { $0.count >= bound && ($0.title ?? "").count < 3 }, // part SQL
                    ]
                    var descriptor = FetchDescriptor<Item>(
                        predicate: predicates[Int.random(in: 0..<predicates.count, using: &random)],
                        fetchLimit: limits[Int.random(in: 0..<limits.count, using: &random)],
                        fetchOffset: offsets[Int.random(in: 0..<offsets.count, using: &random)],
                        includePendingChanges: Int.random(in: 0..<4, using: &random) != 0)
                    if Bool.random(using: &random) { descriptor.sortBy = [SortDescriptor(\.count, order: .reverse)] }

                    let fetched = Result { try context.fetch(descriptor).count }
                    let counted = Result { try context.fetchCount(descriptor) }
                    switch (fetched, counted) {
                    case (.success(let fetched), .success(let counted)):
                        #expect(fetched == counted, "\(descriptor.fetchLimit as Any) \(descriptor.fetchOffset as Any)")
                    case (.failure(let fetched), .failure(let counted)):
                        #expect("\(fetched)" == "\(counted)")
                        let negative = (descriptor.fetchLimit ?? 0) < 0 || (descriptor.fetchOffset ?? 0) < 0
                        #expect(negative, "only a negative limit or offset is refused: \(fetched)")
                    default:
                        Issue.record("fetch gave \(fetched), fetchCount \(counted)")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == 1_200)
    }

    // MARK: Values

    @Test("NaN is refused with a typed error naming the attribute, before anything is written", arguments: [false, true])
    func notANumberIsRefused(optional: Bool) throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(AllTypes.sample())
            try context.save()
            let model = AllTypes.sample()
            if optional { model.optionalDouble = .nan } else { model.double = .nan }
            context.insert(model)
            context.insert(Item(timestamp: .now))  // another row of the same save: must not land either
            let error = #expect(throws: ModelError.self) { try context.save() }
            #expect(error == .invalidProperty(entity: "AllTypes", property: optional ? "optionalDouble" : "double",
                                              reason: SQLiteValue.nanRefusal))
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<AllTypes>()) } == 1)
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Item>()) } == 0)
    }

    @Test("A batch update refuses NaN, and an Int a Double cannot hold exactly")
    func batchRefusesChangedValues() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(AllTypes.sample())
            try context.save()
        }
        for value in [Double.nan as any Sendable, (1 << 53) + 1 as any Sendable] {
            let error = #expect(throws: ModelError.self) {
                try container.execute(BatchUpdateRequest<AllTypes>(propertiesToUpdate: ["double": value]))
            }
            guard case .invalidProperty(_, "double", _)? = error else {
                Issue.record("expected invalidProperty for double, got \(String(describing: error))")
                continue
            }
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetch(FetchDescriptor<AllTypes>()).first?.double } == -0.125)
    }

    @Test("A predicate comparing with NaN gives the rows Swift gives")
    func notANumberInPredicates() throws {
        let context = try makeContainer().newBackgroundContext()
        try context.performAndWait {
            context.insert(AllTypes.sample())
            try context.save()
            let notANumber = Double("nan") ?? 0
            let unequal = try context.fetch(FetchDescriptor(predicate: #Predicate<AllTypes> { $0.double != notANumber }))
            let equal = try context.fetch(FetchDescriptor(predicate: #Predicate<AllTypes> { $0.double == notANumber }))
            #expect(unequal.count == 1 && equal.isEmpty)
        }
    }

    // MARK: Files and SQLite's errors

    @Test("A valid SQLite header over garbage is storeCorrupted, and the file is left untouched")
    func headerOverGarbage() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("header-over-garbage.sqlite")
        var bytes = Data(StoreFileValidator.header)
        bytes.append(contentsOf: [0x10, 0x00, 0x01, 0x01, 0x00, 0x40, 0x20, 0x20])  // a 4096-byte page
        bytes.append(contentsOf: (bytes.count..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        _ = FileManager.default.createFile(atPath: url.path, contents: bytes)
        let error = #expect(throws: ModelError.self) { try ModelContainer(for: Item.self, configuration: .file(url)) }
        guard case .storeCorrupted(url, _)? = error else {
            Issue.record("expected storeCorrupted, got \(String(describing: error))")
            return
        }
        #expect(contents(of: url) == bytes)
    }

    @Test("A store at its maximumSize refuses the save with storeFull, and keeps what it had")
    func storeFull() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("small.sqlite")
        let container = try ModelContainer(for: Note.self, configuration: ModelConfiguration(location: .file(url), maximumSize: 64 * 1024))
        let context = container.newBackgroundContext()
        var saved = 0
        let error = #expect(throws: ModelError.self) {
            try context.runAndWait {
                for _ in 0..<100 {
                    context.insert(Note(title: nil, body: String(repeating: "x", count: 8_000)))
                    try context.save()
                    saved += 1
                }
            }
        }
        #expect(error == .storeFull(url))
        #expect(saved > 0 && saved < 100)
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Note>()) } == saved)
        #expect(try container.store.read { (connection) throws(ModelError) in try connection.rows("PRAGMA integrity_check").first?.first } == .text("ok"))
    }

    @Test("A value longer than SQLite's length limit is valueTooLarge, and nothing is written")
    func valueTooLarge() throws {
        let container = try makeContainer()
        try container.store.read { (connection) throws(ModelError) in
            _ = sqlite3_limit(connection.handle, SQLITE_LIMIT_LENGTH, 10_000)
        }
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(Note(title: "small", body: "fits"))
            try context.save()
            context.insert(Note(title: "large", body: String(repeating: "y", count: 20_000)))
            let error = #expect(throws: ModelError.self) { try context.save() }
            guard case .valueTooLarge? = error else {
                Issue.record("expected valueTooLarge, got \(String(describing: error))")
                return
            }
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetch(FetchDescriptor<Note>()).map(\.body) } == ["fits"])
    }

    @Test("A batch update that repeats a unique value names the attribute, and writes nothing")
    func batchUniqueViolation() throws {
        let container = try makeContainer()
        let context = container.newBackgroundContext()
        let ids = try context.runAndWait {
            let items = [Item(timestamp: .now, count: 1), Item(timestamp: .now, count: 2)]
            items.forEach(context.insert)
            try context.save()
            return items.map(\.id)
        }
        let error = #expect(throws: ModelError.self) {
            try container.execute(BatchUpdateRequest<Item>(propertiesToUpdate: ["id": ids[0]]))
        }
        #expect(error == .uniqueConstraintViolation(entity: "Item", attribute: "id"))
        let reader = container.newBackgroundContext()
        #expect(try reader.runAndWait { Set(try reader.fetch(FetchDescriptor<Item>()).map(\.id)) } == Set(ids))
    }

    @Test("A write the operating system refuses (a file size limit) is storeIOFailure, and the store keeps its whole saves")
    func ioFailure() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
            signal(SIGXFSZ, SIG_IGN)  // the write fails with EFBIG instead of killing the process
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("io-failure-\(UUID().uuidString).sqlite")
            let container = try ModelContainer(for: Note.self, configuration: .file(url))
            FileSizeLimit.set(bytes: 256 * 1024)
            let context = container.newBackgroundContext()
            var saved = 0
            var failure = "none"
            context.runAndWait {
                do {
                    for _ in 0..<200 {
                        context.insert(Note(title: nil, body: String(repeating: "z", count: 8_000)))
                        try context.save()
                        saved += 1
                    }
                } catch {
                    failure = "\(error)"
                    if case .storeIOFailure = error as? ModelError { failure = "storeIOFailure: " + failure }
                }
            }
            print("\(url.path)\n\(saved)\n\(failure)")
        }
        let lines = String(decoding: result.standardOutputContent, as: UTF8.self).split(separator: "\n").map(String.init)
        try #require(lines.count >= 3)
        let url = URL(fileURLWithPath: lines[0])
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        #expect(lines[2].hasPrefix("storeIOFailure: "), "\(lines[2])")

        // Reopened without the limit, the store is sound and holds exactly the saves that returned
        let container = try ModelContainer(for: Note.self, configuration: .file(url))
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Note>()) } == Int(lines[1]))
        #expect(try container.store.read { (connection) throws(ModelError) in try connection.rows("PRAGMA integrity_check").first?.first } == .text("ok"))
    }

    // MARK: Identifiers from outside

    @Test("Only an identifier's exact URI resolves; decorated forms do not", arguments: [
        "/", "?query", "#fragment",
    ])
    func decoratedURIs(suffix: String) throws {
        let container = try makeContainer()
        let id = try saveItem(in: container)
        let exact = id.uriRepresentation.absoluteString
        #expect(URL(string: exact).flatMap(container.identifier(forURIRepresentation:)) == id)
        #expect(URL(string: exact + suffix).flatMap(container.identifier(forURIRepresentation:)) == nil)
    }

    @Test("User info, a port, a percent-encoded path or a lowercase store do not resolve")
    func otherDecorations() throws {
        let container = try makeContainer()
        let store = container.storeIdentifier.uuidString
        let exact = "x-lab://\(store)/Item/p1"
        #expect(URL(string: exact).flatMap(container.identifier(forURIRepresentation:)) != nil)
        for decorated in ["x-lab://user@\(store)/Item/p1", "x-lab://\(store):80/Item/p1", "x-lab://\(store)/%49tem/p1",
                          "x-lab://\(store.lowercased())/Item/p1", "X-LAB://\(store)/Item/p1", "x-lab://\(store)/Item/p01"] {
            #expect(URL(string: decorated).flatMap(container.identifier(forURIRepresentation:)) == nil, "\(decorated)")
        }
    }
}
