import Benchmark
import BenchmarkSupport
import Dispatch
import Foundation
import Observation
import PersistenceCore
import SampleModels

/// Target 9: a `ResultsObserver` of 10,000 items on the main context, which merges other
/// contexts' saves automatically. Each sample: a background context changes one item and saves;
/// the time runs from just before the save to the observer's delivery on the main queue (its
/// results about to change, after its fetch). Goal: p99 at most 16.7 ms (one 60 Hz frame). Next
/// to it, a plain fetch of the same 10,000 items in the same, warm main context: what each
/// delivery's fetch costs.
enum ObserverBenchmarks: BenchmarkGroup {
    static var configuration: Benchmark.Configuration { .init(
        metrics: [.wallClock], warmupIterations: 5, maxDuration: .seconds(5), maxIterations: 200) }

    static func register() {
        Benchmark("Observe 10k: save of one changed row to delivery", configuration: configuration) { benchmark in
            let store = ObservedStore.shared
            let delivered = DispatchSemaphore(value: 0)
            DispatchQueue.main.sync {
                withObservationTracking { _ = store.observer.results } onChange: { delivered.signal() }
            }
            try store.changeOneRow()
            benchmark.startMeasurement()
            try store.save()
            delivered.wait()
            benchmark.stopMeasurement()
        }

        Benchmark("Observe 10k: plain fetch of the same rows", configuration: configuration) { benchmark in
            let store = ObservedStore.shared
            benchmark.startMeasurement()
            let count = try DispatchQueue.main.sync { try store.mainContext.fetch(store.observer.fetchDescriptor).count }
            benchmark.stopMeasurement()
            precondition(count == ObservedStore.size)
        }
    }
}

/// 10,000 items, an observer of all of them on the main context, and a background context that
/// changes one at a time; made once, on first use.
// @unchecked: `observer` is used on the main queue only (the main context's); `writer` only inside
// its own `performAndWait`; `next` only by the benchmark running, one at a time.
final class ObservedStore: @unchecked Sendable {
    static let size = 10_000
    let container: ModelContainer
    let mainContext: ModelContext
    let observer: ResultsObserver<Item, Never>
    private let writer: ModelContext
    private var next = 0

    init() throws {
        container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let seed = container.newBackgroundContext()
        try seed.performAndWait {
            for row in ItemRow.hundredThousand.prefix(Self.size) { seed.insert(Item(row)) }
            try seed.save()
        }
        mainContext = container.viewContext
        mainContext.automaticallyMergesChangesFromParent = true
        let context = mainContext
        observer = try DispatchQueue.main.sync {
            try ResultsObserver<Item, Never>(fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.timestamp)]), modelContext: context)
        }
        writer = container.newBackgroundContext()
    }

    /// Adds one to the count of the next item, unsaved.
    func changeOneRow() throws {
        let offset = next % Self.size
        next += 1
        try writer.performAndWait {
            var one = FetchDescriptor<Item>(sortBy: [SortDescriptor(\.timestamp)])
            one.fetchOffset = offset
            one.fetchLimit = 1
            for item in try writer.fetch(one) { item.count += 1 }
        }
    }

    /// Saves the change: the main context merges it, and the observer delivers.
    func save() throws {
        try writer.performAndWait { try writer.save() }
    }

    static let shared = try! ObservedStore()
}
