import Dispatch
import Foundation
import PersistenceCore
import SampleModels
import Testing

/// ConcurrencyDebug is a process-wide switch, like Core Data's launch argument: in-process tests
/// take turns with `ConcurrencyDebug.withMode`, and `.trap` runs only in exit tests (a child process).
@Suite("Queue confinement")
struct ConfinementTests {
    @Test("The mode is read from LAB_CONCURRENCY_DEBUG")
    func environment() {
        #expect(ConcurrencyDebug.mode(fromEnvironment: "1") == .trap)
        #expect(ConcurrencyDebug.mode(fromEnvironment: "record") == .record)
        #expect(ConcurrencyDebug.mode(fromEnvironment: "0") == .off)
        #expect(ConcurrencyDebug.mode(fromEnvironment: nil) == .off)
    }

    @Test(".record names the operation, the queue it ran on and the queue it belonged to")
    func recordsAttributeSet() async throws {
        let context = try makeContainer().newBackgroundContext()
        let item = context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            return UncheckedBox(item)
        }
        let (_, recorded) = await ConcurrencyDebug.withMode(.record) {
            item.value.timestamp = Date(timeIntervalSinceReferenceDate: 5)  // on the test's thread: wrong queue
        }
        #expect(recorded.count == 1)
        #expect(recorded.first?.operation == "Item.timestamp set")
        #expect(recorded.first?.thread != context.queueLabel)
        #expect(recorded.first?.description.hasPrefix("Concurrency violation: Item.timestamp set on '") == true)
    }

    @Test(".record counts context calls from the wrong queue too")
    func recordsContextCalls() async throws {
        let context = try makeContainer().newBackgroundContext()
        let (_, recorded) = await ConcurrencyDebug.withMode(.record) {
            _ = context.hasChanges
            context.reset()
        }
        #expect(recorded.map(\.operation) == ["ModelContext.hasChanges", "ModelContext.reset()"])
        #expect(recorded.allSatisfy { $0.expectedQueue == context.queueLabel })
    }

    @Test("Nothing is recorded for work done inside perform and performAndWait")
    func rightQueueIsSilent() async throws {
        let context = try makeContainer().newBackgroundContext()
        let (count, recorded) = try await ConcurrencyDebug.withMode(.record) {
            try context.performAndWait {
                let item = Item(timestamp: .now)
                context.insert(item)
                item.timestamp = .now
                try context.save()
            }
            return try await context.perform { try context.fetchCount(FetchDescriptor<Item>()) }
        }
        #expect(count == 1)
        #expect(recorded.isEmpty)
    }

    @Test(".off lets a wrong-queue write through unnoticed")
    func offIsSilent() async throws {
        let context = try makeContainer().newBackgroundContext()
        let item = context.performAndWait {
            let item = Item(timestamp: .now)
            context.insert(item)
            return UncheckedBox(item)
        }
        let (_, recorded) = await ConcurrencyDebug.withMode(.off) { item.value.timestamp = Date(timeIntervalSinceReferenceDate: 7) }
        #expect(recorded.isEmpty)
        #expect(context.performAndWait { item.value.timestamp } == Date(timeIntervalSinceReferenceDate: 7))
    }

    @Test(".autoDispatch hops an off-queue write onto the context's queue: it lands, dirties the context, and records nothing")
    func autoDispatch() async throws {
        let container = try makeContainer()
        container.accessPolicy = .autoDispatch
        let context = container.newBackgroundContext()
        let person = try context.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            context.insert(person)
            try context.save()
            return UncheckedBox(person)
        }
        let (_, recorded) = await ConcurrencyDebug.withMode(.record) {
            person.value.age = 40
            #expect(person.value.age == 40)
        }
        #expect(recorded.isEmpty)
        #expect(context.performAndWait { context.hasChanges })
        #expect(context.performAndWait { context.changedModels.count } == 1)
    }

    @Test(".autoDispatch does not deadlock when the context is waiting for the caller")
    func autoDispatchNested() throws {
        let container = try makeContainer()
        container.accessPolicy = .autoDispatch
        let first = container.newBackgroundContext()
        let second = container.newBackgroundContext()
        // first's queue                        second's queue
        // performAndWait {
        //                                      performAndWait {
        //                                        person.age = 41  (first's model: hopping to
        //                                        first's queue would wait forever, so it runs here)
        let age = first.performAndWait {
            let person = Person(name: "Ada", age: 36, sex: "f")
            first.insert(person)
            second.runAndWait { person.age = 41 }
            return person.age
        }
        #expect(age == 41)
    }

    @Test("A context's own models may be used inside a nested performAndWait of another context")
    func nestedIsNotAViolation() async throws {
        let container = try makeContainer()
        let first = container.newBackgroundContext()
        let second = container.newBackgroundContext()
        let (_, recorded) = await ConcurrencyDebug.withMode(.record) {
            first.performAndWait {
                let item = Item(timestamp: .now)
                first.insert(item)
                second.runAndWait { item.timestamp = .now }
            }
        }
        #expect(recorded.isEmpty)
    }

    @Test("Article 003, mistake 1: mainContext.reset() from a detached task stops the process under .trap")
    func resetOffMainTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ConcurrencyDebug.mode = .trap
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            await Task.detached { container.viewContext.reset() }.value
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Concurrency violation: ModelContext.reset()"))
        #expect(message.contains("com.apple.main-thread"))
    }

    @Test("Article 003, mistake 2: a background context's model assigned from another queue stops the process under .trap")
    func wrongQueueSetTraps() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let background = container.newBackgroundContext()
            let item = Item(timestamp: .now)
            background.runAndWait { background.insert(item) }
            ConcurrencyDebug.mode = .trap
            item.timestamp = .now  // on this thread, not the background context's queue
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Concurrency violation: Item.timestamp set on '"))
        #expect(message.contains("but its context runs on 'ModelContext 0x"))
    }

    @Test("The same two mistakes, fixed with perform, run cleanly under .trap")
    func fixedWithPerform() async throws {
        await #expect(processExitsWith: .success) {
            ConcurrencyDebug.mode = .trap
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            await Task.detached { await container.viewContext.perform { container.viewContext.reset() } }.value
            let background = container.newBackgroundContext()
            await background.perform {
                let item = Item(timestamp: .now)
                background.insert(item)
                item.timestamp = .now
            }
        }
    }
}
