@testable import PersistenceCore
import Testing

@Suite("Prefetching's scan: when one pass over the related table replaces the index's seeks")
struct RelatedScanTests {
    @Test("Keys are a run only when each is the one before it plus one")
    func consecutiveRuns() {
        #expect(KeyChunks.consecutiveRun([4, 5, 6] as [Int64]) == 4...6)
        #expect(KeyChunks.consecutiveRun([9] as [Int64]) == 9...9)
        for keys: [Int64] in [[], [1, 2, 4], [1, 1, 2], [2, 1], [.max, .min]] {
            #expect(KeyChunks.consecutiveRun(keys) == nil, "\(keys)")
        }
    }

    @Test("A run of owners is scanned for when it covers at least half of the values the column holds")
    func coverage() {
        #expect(ModelContext.covers(1...1_000, atLeastHalfOf: 1...1_000))
        #expect(ModelContext.covers(1...3, atLeastHalfOf: 1...4))
        #expect(ModelContext.covers(3...10, atLeastHalfOf: 1...4), "half of them: 3 and 4")
        #expect(!ModelContext.covers(4...10, atLeastHalfOf: 1...4), "a quarter")
        #expect(!ModelContext.covers(1...400, atLeastHalfOf: 1...1_000))
        #expect(!ModelContext.covers(5...6, atLeastHalfOf: 1...4), "none")
        #expect(!ModelContext.covers(1...2, atLeastHalfOf: .min ... .max), "no overflow")
    }

    @Test("A run of one owner's rows says whether every model in it is exactly the destination's class")
    func ownerRunsCheckClasses() throws {
        typealias Vehicle = InheritanceTests.Vehicle
        var run = OwnerRun(expecting: Vehicle.self)
        let none = run.start(1)
        #expect(none == nil, "no run before the first")
        run.append(Vehicle(name: "cart", wheels: 3))
        run.append(Vehicle(name: "van", wheels: 4))
        let first = try #require(run.start(2) as OwnerRun.Finished?)
        #expect(first.owner == 1 && first.models.count == 2 && first.allExpected)
        run.append(Vehicle(name: "tram", wheels: 8))
        run.append(InheritanceTests.Bike(name: "brompton", hasBell: true))
        let second = try #require(run.finish() as OwnerRun.Finished?)
        #expect(second.owner == 2 && second.models.count == 2 && !second.allExpected, "a Bike is a Vehicle, but not exactly one")
        let after = run.finish()
        #expect(after == nil, "the last run was handed out already")
    }
}
