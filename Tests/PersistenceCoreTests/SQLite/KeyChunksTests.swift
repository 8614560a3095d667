@testable import PersistenceCore
import Testing

@Suite("Key chunks: the condition a chunk of keys is read with")
struct KeyChunksTests {
    @Test("Consecutive ascending keys are a range: two values bound, not one per key")
    func consecutiveKeysAreARange() {
        let condition = KeyChunks.condition("ZTRIP", matching: [4, 5, 6, 7][...])
        #expect(condition.sql == "ZTRIP BETWEEN ?1 AND ?2")
        #expect(condition.arguments == [.integer(4), .integer(7)])
    }

    @Test("Keys with a gap, a repeat, or out of order are listed one by one", arguments: [[1, 2, 4], [1, 1, 3], [2, 1, 3], [5]] as [[Int64]])
    func otherKeysAreListed(keys: [Int64]) {
        let condition = KeyChunks.condition("ZTRIP", matching: keys[...])
        #expect(condition.sql == "ZTRIP IN (\(KeyChunks.placeholders(keys.count)))")
        #expect(condition.arguments == keys.map { .integer($0) })
    }
}
