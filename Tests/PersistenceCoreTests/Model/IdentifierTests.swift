import Foundation
import PersistenceCore
import Testing

@Suite("Identifiers")
struct IdentifierTests {
    let store = UUID()

    @Test("A permanent identifier round-trips through its URI")
    func permanentRoundTrip() throws {
        let id = PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .permanent(primaryKey: 42))
        #expect(id.uriRepresentation.absoluteString == "x-lab://\(store.uuidString)/Item/p42")
        #expect(PersistentIdentifier(uriRepresentation: id.uriRepresentation) == id)
        #expect(!id.isTemporary)
        #expect(id.primaryKey == 42)
    }

    @Test("A temporary identifier says so and round-trips too")
    func temporaryRoundTrip() throws {
        let token = UUID()
        let id = PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .temporary(token))
        #expect(id.isTemporary)
        #expect(id.primaryKey == nil)
        #expect(id.uriRepresentation.absoluteString.hasSuffix("/Item/t\(token.uuidString)"))
        #expect(PersistentIdentifier(uriRepresentation: id.uriRepresentation) == id)
    }

    @Test("Malformed URIs are rejected", arguments: [
        "x-lab://not-a-uuid/Item/p1",
        "https://\(UUID().uuidString)/Item/p1",
        "x-lab://\(UUID().uuidString)/Item/p0",
        "x-lab://\(UUID().uuidString)/Item/p-3",
        "x-lab://\(UUID().uuidString)/Item/p12x",
        "x-lab://\(UUID().uuidString)/Item/q12",
        "x-lab://\(UUID().uuidString)/Item/tnot-a-uuid",
        "x-lab://\(UUID().uuidString)/Item",
        "x-lab://\(UUID().uuidString)//p1",
        "x-lab://\(UUID().uuidString)/Item/p1/extra",
        "x-lab://\(UUID().uuidString)/It em/p1",
    ])
    func malformed(_ text: String) {
        let uri = URL(string: text)
        #expect(uri.flatMap(PersistentIdentifier.init(uriRepresentation:)) == nil)
    }

    @Test("Identifiers are equal only when store, entity and storage all are")
    func equalityComparesEveryPart() {
        let id = PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .permanent(primaryKey: 7))
        #expect(id == PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .permanent(primaryKey: 7)))
        #expect(id != PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .permanent(primaryKey: 8)))
        #expect(id != PersistentIdentifier(storeIdentifier: store, entityName: "Person", storage: .permanent(primaryKey: 7)))
        #expect(id != PersistentIdentifier(storeIdentifier: UUID(), entityName: "Item", storage: .permanent(primaryKey: 7)))
        // Same primary key, so `hash(into:)` feeds the same word: a set must still keep all three apart.
        let set: Set = [id, PersistentIdentifier(storeIdentifier: store, entityName: "Person", storage: .permanent(primaryKey: 7)),
                        PersistentIdentifier(storeIdentifier: UUID(), entityName: "Item", storage: .permanent(primaryKey: 7))]
        #expect(set.count == 3)
    }

    @Test("A table placing identifiers by groups of consecutive keys finds each of two entities' same keys and of new objects")
    func placingByGroupsKeepsEveryIdentifier() {
        // Entities' primary keys all start at 1, and a fetch registers them in runs: the placing
        // (FastPaths/PersistentIdentifier+Hashing.swift) must keep each one findable.
        let items = (1...5_000).map { PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .permanent(primaryKey: Int64($0))) }
        let people = (1...5_000).map { PersistentIdentifier(storeIdentifier: store, entityName: "Person", storage: .permanent(primaryKey: Int64($0))) }
        let new = (0..<1_000).map { _ in PersistentIdentifier(storeIdentifier: store, entityName: "Item", storage: .temporary(UUID())) }
        let all = items + people + new
        var table: [PersistentIdentifier: Int] = [:]
        for (index, id) in all.enumerated() { table[id] = index }
        #expect(table.count == 11_000)
        #expect(all.enumerated().allSatisfy { table[$1] == $0 })
        // An equal identifier made apart finds the same entry and hashes alike.
        let again = PersistentIdentifier(storeIdentifier: store, entityName: "Person", storage: .permanent(primaryKey: 42))
        #expect(table[again] == 5_000 + 41)
        #expect(again.hashValue == people[41].hashValue)
        #expect(Set(all).count == 11_000)
    }

    @Test("Identifiers are Codable values")
    func codable() throws {
        let id = PersistentIdentifier(storeIdentifier: store, entityName: "Person", storage: .permanent(primaryKey: 7))
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(id))
        #expect(decoded == id)
        #expect(decoded.hashValue == id.hashValue)
        // The archived form names its three parts, whatever the identifier keeps in memory.
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(id)) as? [String: Any]
        #expect(object?["storeIdentifier"] as? String == store.uuidString)
        #expect(object?["entityName"] as? String == "Person")
        #expect(object?["storage"] != nil)
    }
}
