import Foundation
import PersistenceCore
import InterleavingExplorer
import SampleModels
import Testing

/// The explorer, checked on the races the lessons teach: each claim is counted over every schedule.
@Suite struct InterleavingsTests {
    /// What one run of an increment race ended with.
    enum Race: Hashable, Sendable {
        case keptBoth
        case lostOne
        case refused
    }

    /// A fresh in-memory store holding one item at count 0.
    static func seededContainer() throws -> (ModelContainer, PersistentIdentifier) {
        let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let item = Item(timestamp: Date(timeIntervalSince1970: 0), title: "counter")
            context.insert(item)
            try context.save()
            return item.persistentModelID
        }
        return (container, id)
    }

    static func finalCount(_ container: ModelContainer, _ id: PersistentIdentifier) async throws -> Int {
        let context = container.newBackgroundContext()
        return await context.perform {
            (context.model(for: id) as? Item)?.count ?? -1
        }
    }

    /// Reads the count, then (in one perform, or in a second one) writes count + 1 and saves.
    static func increment(_ id: PersistentIdentifier, on context: ModelContext, split: Bool) async -> Bool {
        do {
            if split {
                let read = await context.perform { (context.model(for: id) as! Item).count }
                try await context.perform {
                    (context.model(for: id) as! Item).count = read + 1
                    try context.save()
                }
            } else {
                try await context.perform {
                    let item = context.model(for: id) as! Item
                    item.count += 1
                    try context.save()
                }
            }
            return true
        } catch {
            context.performAndWait { context.rollback() }
            return false
        }
    }

    /// `perform` without awaiting it (from synchronous code, where the non-async `perform` is the one chosen).
    static func enqueueIncrement(_ id: PersistentIdentifier, on context: ModelContext, countingRefusalsIn refusals: Locked<Int>) {
        context.perform {
            (context.model(for: id) as! Item).count += 1
            do { try context.save() } catch { refusals.withLock { $0 += 1 } }
        }
    }

    static func enqueueRead(_ id: PersistentIdentifier, on context: ModelContext, into seen: Locked<Int>) {
        context.perform {
            let count = (context.model(for: id) as! Item).count
            seen.withLock { $0 = count }
        }
    }

    static func race(contexts: Int, split: Bool, policy: MergePolicy) async throws -> Race {
        let (container, id) = try seededContainer()
        let first = ModelContext(container, concurrencyType: .privateQueue)
        let second = contexts == 1 ? first : ModelContext(container, concurrencyType: .privateQueue)
        first.mergePolicy = policy
        second.mergePolicy = policy
        async let a = increment(id, on: first, split: split)
        async let b = increment(id, on: second, split: split)
        let saved = await [a, b]
        let count = try await finalCount(container, id)
        if saved.contains(false) { return .refused }
        return count == 2 ? .keptBoth : .lostOne
    }

    @Test func wholeIncrementsOnOneContextNeverLose() async throws {
        let exploration = try await Interleavings.explore {
            try await Self.race(contexts: 1, split: false, policy: .error)
        }
        #expect(exploration.isExhaustive)
        #expect(exploration.outcomes.keys.sorted { "\($0)" < "\($1)" } == [.keptBoth])
    }

    @Test func wholeIncrementsOnTwoContextsAreRefusedInSomeScheduleAndNeverLose() async throws {
        let exploration = try await Interleavings.explore {
            try await Self.race(contexts: 2, split: false, policy: .error)
        }
        #expect(exploration.isExhaustive)
        #expect(exploration.outcomes[.refused, default: 0] > 0)
        #expect(exploration.outcomes[.keptBoth, default: 0] > 0)
        #expect(exploration.outcomes[.lostOne] == nil)
    }

    @Test func splitIncrementsUnderObjectTrumpLoseAnUpdateAndTheScheduleReplaysToTheLoss() async throws {
        let body: @Sendable () async throws -> Race = { try await Self.race(contexts: 2, split: true, policy: .mergeByPropertyObjectTrump) }
        let exploration = try await Interleavings.explore(body)
        #expect(exploration.isExhaustive)
        let losing = try #require(exploration.firstSchedule(producing: .lostOne))
        #expect(try await Interleavings.replay(losing, body) == .lostOne)
        let decoded = try JSONDecoder().decode(Schedule.self, from: JSONEncoder().encode(losing))
        #expect(decoded == losing)
        #expect(try await Interleavings.replay(decoded, body) == .lostOne)
    }

    @Test func splitIncrementsUnderErrorNeverLoseSilently() async throws {
        let exploration = try await Interleavings.explore {
            try await Self.race(contexts: 2, split: true, policy: .error)
        }
        #expect(exploration.isExhaustive)
        #expect(exploration.outcomes[.lostOne] == nil)
        #expect(exploration.outcomes[.refused, default: 0] > 0)
    }

    @Test func exploringTwiceGivesTheSameSchedulesInTheSameOrder() async throws {
        let body: @Sendable () async throws -> Race = { try await Self.race(contexts: 2, split: true, policy: .mergeByPropertyObjectTrump) }
        let first = try await Interleavings.explore(body)
        let second = try await Interleavings.explore(body)
        #expect(first.outcomes == second.outcomes)
        #expect(first.scheduleCount == second.scheduleCount)
        #expect(first.firstSchedule(producing: .lostOne) == second.firstSchedule(producing: .lostOne))
    }

    @Test func aLimitStopsEarlyAndSaysSo() async throws {
        let exploration = try await Interleavings.explore(limit: 3) {
            try await Self.race(contexts: 2, split: true, policy: .mergeByPropertyObjectTrump)
        }
        #expect(exploration.scheduleCount == 3)
        #expect(!exploration.isExhaustive)
        await #expect(throws: InterleavingsError.invalidLimit(0)) {
            try await Interleavings.explore(limit: 0) { 1 }
        }
    }

    @Test func pruningRunsFewerSchedulesWithTheSameOutcomesAsRunningEveryOrder() async throws {
        // One context increments while another reads: small enough to run every order.
        let body: @Sendable () async throws -> Int = {
            let (container, id) = try Self.seededContainer()
            let writer = ModelContext(container, concurrencyType: .privateQueue)
            let reader = ModelContext(container, concurrencyType: .privateQueue)
            let seen = Locked(-1)
            Self.enqueueIncrement(id, on: writer, countingRefusalsIn: Locked(0))
            Self.enqueueRead(id, on: reader, into: seen)
            await writer.perform(schedule: .enqueued) {}
            await reader.perform(schedule: .enqueued) {}
            return seen.value
        }
        let pruned = try await Interleavings.explore(body)
        let full = try await Interleavings.explore(pruning: false, body)
        #expect(full.isExhaustive && pruned.isExhaustive)
        #expect(Set(pruned.outcomes.keys) == [0, 1])
        #expect(Set(pruned.outcomes.keys) == Set(full.outcomes.keys))
        #expect(full.prunedCount == 0)
        #expect(pruned.scheduleCount < full.scheduleCount)
    }

    @Test func anActorThatAwaitsBetweenItsReadAndItsWriteLosesAnUpdateInSomeSchedule() async throws {
        for awaits in [true, false] {
            let exploration = try await Interleavings.explore { () async throws -> Race in
                let (container, id) = try Self.seededContainer()
                let counter = CounterActor(modelContainer: container)
                async let a: Void = counter.increment(id, awaitingBetween: awaits)
                async let b: Void = counter.increment(id, awaitingBetween: awaits)
                _ = try await (a, b)
                return try await Self.finalCount(container, id) == 2 ? .keptBoth : .lostOne
            }
            #expect(exploration.isExhaustive)
            #expect((exploration.outcomes[.lostOne] != nil) == awaits)
            #expect(exploration.outcomes[.keptBoth, default: 0] > 0)
        }
    }

    @Test func workOutsideTheExplorerIsReportedNotExplored() async throws {
        for escape in Escape.allCases {
            let error = await #expect(throws: InterleavingsError.self, "\(escape)") {
                try await Interleavings.explore { () async throws -> Int in
                    try await Self.resumed(by: escape)
                }
            }
            #expect(error?.description.contains("does not control") == true, "\(escape)")
        }
    }

    enum Escape: CaseIterable {
        case thread
        case globalQueue
    }

    /// Awaits a continuation that a thread of its own (or `DispatchQueue.global()`) resumes, once
    /// the awaiting task has surely suspended: the thread waits for a gate that a context's job
    /// opens, and the explorer runs that job only after the task's step has ended. (Resumed
    /// before the task suspends, a continuation lets the task go on in place, unseen.)
    static func resumed(by escape: Escape) async throws -> Int {
        let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container, concurrencyType: .privateQueue)
        let suspended = ThreadGate()
        openAfterThisStep(suspended, on: context)
        return await withCheckedContinuation { continuation in
            let resume: @Sendable () -> Void = {
                suspended.wait()
                continuation.resume(returning: 1)
            }
            switch escape {
            case .thread: Thread(block: resume).start()
            case .globalQueue: DispatchQueue.global().async(execute: resume)
            }
        }
    }

    static func openAfterThisStep(_ gate: ThreadGate, on context: ModelContext) {
        context.perform { gate.signal() }
    }

    @Test func theMainContextIsALaneAndTheMainActorIsReportedAsEscapedWork() async throws {
        let exploration = try await Interleavings.explore { () async throws -> Race in
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            let id = try await IncrementRaceSeed.seed(container)
            let background = ModelContext(container, concurrencyType: .privateQueue)
            container.viewContext.mergePolicy = .mergeByPropertyObjectTrump
            background.mergePolicy = .mergeByPropertyObjectTrump
            async let fromMain: Bool = Self.increment(id, on: container.viewContext, split: true)
            async let fromBackground: Bool = Self.increment(id, on: background, split: true)
            let saved = await [fromMain, fromBackground]
            guard !saved.contains(false) else { return .refused }
            return try await Self.finalCount(container, id) == 2 ? .keptBoth : .lostOne
        }
        #expect(exploration.isExhaustive)
        #expect(exploration.outcomes[.lostOne, default: 0] > 0)
        #expect(exploration.firstSchedule(producing: .lostOne)?.lanes.contains("main queue") == true)
        // Swift 6.3 on Linux never calls the main executor's hook: a MainActor hop cannot be held.
        let error = await #expect(throws: InterleavingsError.self) {
            try await Interleavings.explore { () async -> Int in
                await MainActor.run { 1 }
            }
        }
        #expect(error?.description.contains("MainActor") == true)
    }

    @Test func aDeadlockEndsItsScheduleWithATimelineInsteadOfHanging() async throws {
        let exploration = try await Interleavings.explore { () async throws -> Bool in
            let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            let first = ModelContext(container, concurrencyType: .privateQueue)
            let second = ModelContext(container, concurrencyType: .privateQueue)
            async let a: Void = first.perform { second.performAndWait {} }
            async let b: Void = second.perform { first.performAndWait {} }
            _ = await (a, b)
            return true
        }
        #expect(exploration.isExhaustive)
        #expect(exploration.deadlockCount > 0)
        #expect(exploration.outcomes[true, default: 0] > 0)
        let deadlock = try #require(exploration.firstDeadlock)
        #expect(deadlock.endedInDeadlock)
        #expect(deadlock.timeline.contains("deadlock"))
    }
}

/// Seeds one item at count 0.
enum IncrementRaceSeed {
    static func seed(_ container: ModelContainer) async throws -> PersistentIdentifier {
        let context = ModelContext(container, concurrencyType: .privateQueue)
        return try await context.perform {
            let item = Item(timestamp: Date(timeIntervalSince1970: 0), title: "counter")
            context.insert(item)
            try context.save()
            return item.persistentModelID
        }
    }
}

/// A model actor whose increment reads, may await, then writes: the reentrancy the lesson teaches.
@ModelActor actor CounterActor {
    func increment(_ id: PersistentIdentifier, awaitingBetween awaits: Bool) async throws {
        let read = self[id, as: Item.self]!.count
        if awaits { await Task.yield() }
        self[id, as: Item.self]!.count = read + 1
        try modelContext.save()
    }
}
