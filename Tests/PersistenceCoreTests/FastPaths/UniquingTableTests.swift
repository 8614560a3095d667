import Foundation
@testable import PersistenceCore
import SampleModels
import Testing

/// A context's uniquing table (`FastPaths/UniquingTable.swift`): each entity's models in an array
/// by primary key while the keys lie close together, the rest in a dictionary, and a lookup that
/// finds every model wherever it was put.
@Suite("The uniquing table")
struct UniquingTableTests {
    private static let store = UUID()

    private static func identifier(_ key: Int64, of entity: String = "Item") -> PersistentIdentifier {
        PersistentIdentifier(storeIdentifier: store, entityName: entity, storage: .permanent(primaryKey: key))
    }

    private static func model() -> Item { Item(timestamp: .distantPast) }

    @Test("Consecutive keys, one at a time, each find their own model")
    func consecutiveKeys() {
        var table = UniquingTable()
        let models = (1...3_000).map { key in (Self.identifier(Int64(key)), Self.model()) }
        for (identifier, model) in models { table[identifier] = model }
        for (identifier, model) in models { #expect(table[identifier] === model) }
        #expect(table[Self.identifier(3_001)] == nil)
        #expect(table.values.count == 3_000)
    }

    @Test("A key far from the others is kept apart, and taken into the array once the array reaches it")
    func farKeyTakenIn() {
        var table = UniquingTable()
        let far = Self.model()
        table[Self.identifier(1)] = Self.model()
        table[Self.identifier(5_000)] = far  // 5,000 slots for two models: kept in the dictionary
        for key in 2...6_000 where key != 5_000 { table[Self.identifier(Int64(key))] = Self.model() }
        #expect(table[Self.identifier(5_000)] === far)
        #expect(table.values.count == 6_000)
        table[Self.identifier(5_000)] = nil
        #expect(table[Self.identifier(5_000)] == nil)
        #expect(table.values.count == 5_999)
        #expect(!table.values.contains { $0 === far })
    }

    @Test("Keys coming in descending order grow the array downwards")
    func descendingKeys() {
        var table = UniquingTable()
        let models = (1...4_000).reversed().map { key in (Self.identifier(Int64(key)), Self.model()) }
        for (identifier, model) in models { table[identifier] = model }
        for (identifier, model) in models { #expect(table[identifier] === model) }
        #expect(table.values.count == 4_000)
    }

    @Test("Two entities' rows with the same primary key are two entries")
    func entitiesApart() {
        var table = UniquingTable()
        let item = Self.model(), other = Self.model()
        table[Self.identifier(7)] = item
        table[Self.identifier(7, of: "Other")] = other
        #expect(table[Self.identifier(7)] === item)
        #expect(table[Self.identifier(7, of: "Other")] === other)
    }

    @Test("A temporary identifier is found, and removed")
    func temporaryIdentifier() {
        var table = UniquingTable()
        let identifier = PersistentIdentifier(storeIdentifier: Self.store, entityName: "Item", storage: .temporary(UUID()))
        let model = Self.model()
        table[identifier] = model
        #expect(table[identifier] === model)
        table[identifier] = nil
        #expect(table[identifier] == nil)
        #expect(table.values.isEmpty)
    }

    @Test("Room made for a fetch's keys, close together or far apart, holds its models")
    func roomForKeys() {
        var table = UniquingTable()
        let scope = Self.identifier(1).scope
        table.makeRoom(forKeys: 100_001...200_000, count: 100_000, of: scope)
        let dense = Self.model(), sparse = Self.model()
        table[Self.identifier(150_000)] = dense
        table.makeRoom(forKeys: 1...9_000_000, count: 2, of: scope)
        table[Self.identifier(9_000_000)] = sparse
        #expect(table[Self.identifier(150_000)] === dense)
        #expect(table[Self.identifier(9_000_000)] === sparse)
        #expect(table.values.count == 2)
    }

    @Test("Random registrations and removals leave the table holding what a Dictionary holds", arguments: [1, 2, 3] as [UInt64])
    func againstDictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = UniquingTable()
        var expected: [PersistentIdentifier: Item] = [:]
        let temporaries = (0..<50).map { _ in
            PersistentIdentifier(storeIdentifier: Self.store, entityName: "Item", storage: .temporary(UUID()))
        }
        for _ in 0..<20_000 {
            let entity = random.next() % 4 == 0 ? "Other" : "Item"
            let identifier = switch random.next() % 10 {
            case 0: temporaries[Int(random.next() % 50)]
            case 1: Self.identifier(Int64(random.next() % 1_000_000) + 1, of: entity)  // far apart
            case 2: Self.identifier(Int64(random.next() % 3) - 1, of: entity)  // 0 and -1: no row has them
            default: Self.identifier(Int64(random.next() % 3_000) + 1, of: entity)  // close together
            }
            switch random.next() % 4 {
            case 0:
                table[identifier] = nil
                expected[identifier] = nil
            case 1:
                // As a fetch does: read the entry, then fill it if it was empty.
                let model = Self.model()
                let found = table.withEntry(for: identifier) { entry in
                    if let entry { return entry }
                    entry = model
                    return model
                }
                #expect(found === (expected[identifier] ?? model))
                if expected[identifier] == nil { expected[identifier] = model }
            default:
                let model = Self.model()
                table[identifier] = model
                expected[identifier] = model
            }
            #expect(table[identifier] === expected[identifier])
        }
        for (identifier, model) in expected { #expect(table[identifier] === model) }
        #expect(table.values.count == expected.count)
        #expect(Set(table.values.map { ObjectIdentifier($0) }) == Set(expected.values.map { ObjectIdentifier($0) }))
    }
}
