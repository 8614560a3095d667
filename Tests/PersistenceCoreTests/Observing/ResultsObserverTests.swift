import Foundation
import Observation
@testable import PersistenceCore
import SampleModels
import Testing
import TestSupport

/// `ResultsObserver`: what reaches the list, and what does not.
///
/// The observed contexts are private ones, used inside `performAndWait`: an automatic merge is
/// queued on the context's queue by the other context's save, so the next `performAndWait` runs
/// after it, and every step is in a known order.
@Suite("Results observers")
struct ResultsObserverTests {
    func item(_ number: Int) -> Item {
        Item(timestamp: Date(timeIntervalSince1970: Double(number)), title: "item \(number)", count: number)
    }

    /// A container holding items 0..<count, and a context with an observer of every item by
    /// `count`; `body` runs on that context's queue.
    func withObserver(items count: Int = 3, merging: Bool = false,
                      _ body: (ModelContainer, ModelContext, ResultsObserver<Item, Never>) throws -> Void) throws {
        let (container, context, observer) = try observed(items: count, merging: merging)
        try context.runAndWait { try body(container, context, observer) }
    }

    /// A container holding items 0..<count, and a context with an observer of every item by
    /// `count`, for tests that go on and off the context's queue.
    func observed(items count: Int, merging: Bool) throws -> (ModelContainer, ModelContext, ResultsObserver<Item, Never>) {
        let container = try makeContainer([Item.self, Person.self])
        if count > 0 {
            let seed = container.newBackgroundContext()
            try seed.performAndWait {
                for number in 0..<count { seed.insert(item(number)) }
                try seed.save()
            }
        }
        let context = container.newBackgroundContext()
        context.automaticallyMergesChangesFromParent = merging
        let observer = try context.runAndWait {
            try ResultsObserver<Item, Never>(fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.count)]), modelContext: context)
        }
        return (container, context, observer)
    }

    /// Saves `change` on a new background context of `container` and returns what it saved.
    @discardableResult
    func save(in container: ModelContainer, _ change: (ModelContext) throws -> Void) throws -> ModelContext.Changes {
        let other = container.newBackgroundContext()
        let saved = Locked<ModelContext.Changes?>(nil)
        let token = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: other, queue: nil) { note in
            saved.withLock { $0 = ModelContext.Changes(notification: note) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        try other.runAndWait {
            try change(other)
            try other.save()
        }
        return try #require(saved.withLock { $0 })
    }

    func counts(_ observer: ResultsObserver<Item, Never>) -> [Int] { observer.results.map(\.count) }

    @Test("The first fetch happens at once, in the descriptor's order")
    func initialResults() throws {
        try withObserver { _, _, observer in
            #expect(counts(observer) == [0, 1, 2])
            #expect(observer.lastChange.isEmpty)
            #expect(observer.fetchCount == 1)
        }
    }

    @Test("The context's own save updates it once: inserted, deleted, updated")
    func localSave() throws {
        try withObserver { _, context, observer in
            context.insert(item(3))
            #expect(counts(observer) == [0, 1, 2], "an unsaved insert shows at the next save")
            try context.save()
            #expect(counts(observer) == [0, 1, 2, 3])
            #expect(observer.lastChange.inserted == [observer.results[3].persistentModelID])
            #expect(observer.fetchCount == 1, "one changed row is placed in memory, not fetched again")

            let first = observer.results[0]
            first.title = "renamed"
            context.delete(observer.results[1])
            try context.save()
            #expect(counts(observer) == [0, 2, 3])
            #expect(observer.lastChange.updated == [first.persistentModelID])
            #expect(observer.lastChange.deleted.count == 1 && observer.lastChange.inserted.isEmpty)
        }
    }

    @Test("A merged save is delivered after the merge runs, once, on the context's queue")
    func mergedSaveDelivered() throws {
        let (container, context, observer) = try observed(items: 0, merging: true)
        let label = Locked<String?>(nil)
        context.runAndWait {
            withObservationTracking { _ = observer.results } onChange: { label.withLock { $0 = DispatchQueue.currentLabel } }
        }
        try save(in: container) { $0.insert(item(7)) }
        context.runAndWait {
            #expect(counts(observer) == [7])
            #expect(observer.fetchCount == 1, "the merged row is placed in memory: no second fetch")
        }
        #expect(label.withLock { $0 } == context.queueLabel, "the results changed on the context's queue")
    }

    @Test("A merged edit that keeps the same models still notifies Observation (models are equal by identity)")
    func mergedEditNotifiesObservation() throws {
        let (container, context, observer) = try observed(items: 2, merging: true)
        let notified = Locked(false)
        context.runAndWait {
            withObservationTracking { _ = observer.results } onChange: { notified.withLock { $0 = true } }
        }
        let first = try context.runAndWait { try #require(observer.results.first?.persistentModelID) }
        try save(in: container) { other in
            try #require(other.model(for: first) as? Item).title = "renamed"
        }
        context.runAndWait {
            #expect(observer.results.first?.title == "renamed")
            #expect(observer.lastChange.updated == [first])
        }
        #expect(notified.withLock { $0 }, "the same array of the same objects, with new values, is a change")
    }

    @Test("A save the context does not merge never reaches it")
    func unmergedSave() throws {
        let (container, context, observer) = try observed(items: 0, merging: false)
        try save(in: container) { $0.insert(item(7)) }
        context.runAndWait {
            #expect(counts(observer).isEmpty)
            #expect(observer.fetchCount == 1)
        }
    }

    @Test("A batch request reaches it only when merged by hand, and then as updates")
    func batchMergedByHand() throws {
        let (container, context, observer) = try observed(items: 3, merging: true)
        let result = try container.execute(BatchUpdateRequest<Item>(propertiesToUpdate: ["title": "done"], resultType: .identifiers))
        context.runAndWait {
            #expect(observer.lastChange.isEmpty, "a batch bypasses every context, even an auto-merging one")
            #expect(observer.results.allSatisfy { $0.title != "done" })
        }
        ModelContext.mergeChanges(fromRemoteContextSave: .init(updated: Set(result.identifiers ?? [])), into: [context])
        context.runAndWait {
            #expect(observer.fetchCount == 1)
            #expect(observer.results.allSatisfy { $0.title == "done" })
            #expect(observer.lastChange.updated == Set(observer.results.map(\.persistentModelID)))
        }
    }

    @Test("A merged deletion leaves the results at once, with no invalid model left in them")
    func mergedDelete() throws {
        let (container, context, observer) = try observed(items: 3, merging: true)
        try save(in: container) { other in
            for item in try other.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.count == 1 })) { other.delete(item) }
        }
        context.runAndWait {
            #expect(counts(observer) == [0, 2])
            #expect(observer.lastChange.deleted.count == 1)
        }
    }

    @Test("reset() fetches again: the results are the context's new models")
    func reset() throws {
        try withObserver { _, context, observer in
            let before = observer.results[0]
            context.reset()
            #expect(counts(observer) == [0, 1, 2])
            #expect(observer.results[0] !== before)
            #expect(observer.results[0].title == "item 0", "the new models are usable")
            #expect(observer.fetchCount == 2)
        }
    }

    @Test("A change of order is a move")
    func moved() throws {
        try withObserver { _, context, observer in
            let first = observer.results[0]
            first.count = 10
            try context.save()
            #expect(counts(observer) == [1, 2, 10])
            #expect(observer.lastChange.moved.contains(first.persistentModelID) || observer.lastChange.moved.count == 2)
            #expect(observer.lastChange.inserted.isEmpty && observer.lastChange.deleted.isEmpty)
            #expect(observer.lastChange.updated == [first.persistentModelID])
        }
    }

    @Test("Many changed rows at once are fetched again, once")
    func manyChangesFetchOnce() throws {
        try withObserver(merging: true) { container, context, observer in
            let limit = ResultsObserver<Item, Never>.incrementalLimit
            for number in 3..<(3 + limit + 1) { context.insert(item(number)) }
            try context.save()
            #expect(observer.results.count == 3 + limit + 1)
            #expect(observer.fetchCount == 2)
        }
    }

    @Test("Placing changed rows in memory gives what a fetch gives, after every step of 300 random changes",
          arguments: ["count", "title", "timestamp, reverse", "count > 40", "none", "limit 5"])
    func incrementalMatchesFetch(_ shape: String) throws {
        let container = try makeContainer([Item.self, Person.self])
        let context = container.newBackgroundContext(), other = container.newBackgroundContext()
        context.automaticallyMergesChangesFromParent = true
        other.automaticallyMergesChangesFromParent = true
        var descriptor = FetchDescriptor<Item>()
        switch shape {
        case "count": descriptor.sortBy = [SortDescriptor(\.count)]
        case "title": descriptor.sortBy = [SortDescriptor(\.title, comparator: .lexical)]
        case "timestamp, reverse": descriptor.sortBy = [SortDescriptor(\.timestamp, order: .reverse)]
        case "count > 40": descriptor.predicate = #Predicate { $0.count > 40 }; descriptor.sortBy = [SortDescriptor(\.count)]
        case "limit 5": descriptor.sortBy = [SortDescriptor(\.count)]; descriptor.fetchLimit = 5
        default: break
        }
        let observer = try context.runAndWait { try ResultsObserver<Item, Never>(fetchDescriptor: descriptor, modelContext: context) }
        var seed = UInt64(shape.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        func random(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for step in 0..<300 {
            let before = context.runAndWait { Set(observer.results.map(\.persistentModelID)) }
            let writer = random(3) == 0 ? context : other
            try writer.runAndWait {
                let all = try writer.fetch(FetchDescriptor<Item>())
                switch random(4) {
                case 0, 1:
                    let number = random(80)
                    writer.insert(Item(timestamp: Date(timeIntervalSince1970: Double(random(50))),
                                       title: random(4) == 0 ? nil : "t\(random(30))", count: number))
                case 2 where !all.isEmpty:
                    let item = all[random(all.count)]
                    item.count = random(80)
                    if random(2) == 0 { item.title = "t\(random(30))" }
                    if random(3) == 0 { item.timestamp = Date(timeIntervalSince1970: Double(random(50))) }
                default:
                    if !all.isEmpty { writer.delete(all[random(all.count)]) }
                }
                try writer.save()
            }
            try context.runAndWait {
                let fetched = try context.fetch(descriptor).map(\.persistentModelID)
                #expect(observer.results.map(\.persistentModelID) == fetched, "step \(step)")
                let after = Set(fetched)
                if before != after {
                    #expect(observer.lastChange.inserted == after.subtracting(before), "step \(step)")
                    #expect(observer.lastChange.deleted == before.subtracting(after), "step \(step)")
                }
            }
        }
    }

    @Test("A save of another entity costs it nothing: no fetch")
    func otherEntity() throws {
        try withObserver(merging: true) { container, context, observer in
            context.insert(Person(name: "Ada", age: 36, sex: "f"))
            try context.save()
            #expect(observer.fetchCount == 1)
        }
    }

    @Test("updates yields the results now, then after each update")
    func updatesSequence() async throws {
        let (_, context, observer) = try observed(items: 0, merging: false)
        var iterator = context.runAndWait { observer.updates.makeAsyncIterator() }
        let first = await iterator.next()
        #expect(first?.count == 0)
        try context.performAndWait {
            context.insert(item(1))
            try context.save()
        }
        let second = await iterator.next()
        #expect(second?.count == 1)
    }
}

extension ResultsObserverTests {
    @Test("What changed between two lists is what a diff of them infers: the same inserted, deleted and number of moved rows, and the rows not moved keep their order")
    func changeMatchesADiff() {
        var random = SystemRandomNumberGenerator()
        let scope = PersistentIdentifier.Scope.interned(UUID(), "Item")
        func id(_ key: Int) -> PersistentIdentifier { PersistentIdentifier(scope: scope, storage: .permanent(primaryKey: Int64(key))) }
        for _ in 0..<300 {
            let old = (1..<Int.random(in: 1...41, using: &random)).shuffled(using: &random).map(id)
            var new = old.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
            new += (100..<Int.random(in: 100...110, using: &random)).map(id)
            if new.count > 1 {
                for _ in 0..<Int.random(in: 0...3, using: &random) { new.swapAt(Int.random(in: 0..<new.count, using: &random), Int.random(in: 0..<new.count, using: &random)) }
            }
            let change = ResultsObserver<Item, Never>.change(from: old, to: new, updated: [])
            var diffMoved = 0
            for step in new.difference(from: old).inferringMoves() {
                if case .insert(_, _, let movedFrom) = step, movedFrom != nil { diffMoved += 1 }
            }
            #expect(change.inserted == Set(new).subtracting(old))
            #expect(change.deleted == Set(old).subtracting(new))
            #expect(change.moved.count == diffMoved, "old \(old.map(\.primaryKey)), new \(new.map(\.primaryKey))")
            let stayed = { (list: [PersistentIdentifier]) in list.filter { Set(old).contains($0) && Set(new).contains($0) && !change.moved.contains($0) } }
            #expect(stayed(old) == stayed(new))
        }
    }
}
