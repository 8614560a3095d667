import Foundation
import LabSupport
import PersistenceCore
import TraceViews
import SampleModels
import Testing
import TestSupport

/// The trace recorder: lanes per context, saves and their commits, merges flowing from them,
/// observers' deliveries flowing from merges, the exports, and "why didn't it update?".
///
/// The recorder is process-wide and other suites run beside this one, so each test names its
/// contexts and looks only at their lanes.
@Suite("Trace recorder")
struct TraceTests {
    static func item(_ number: Int) -> Item {
        Item(timestamp: Date(timeIntervalSince1970: Double(number)), title: "item \(number)", count: number)
    }

    /// A list on a main context named `list` (merging automatically or not), a writer context
    /// named `writer` that inserts one item and renames another, and a batch request that renames
    /// a third; returns the items' identifiers, the list and the trace.
    @MainActor
    func traceList(merging: Bool, predicate: Predicate<Item>? = nil, tag: String) async throws
        -> (ids: [PersistentIdentifier], list: ResultsObserver<Item, Never>, trace: Trace) {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let main = container.viewContext
        main.name = "list \(tag)"
        let writer = container.newBackgroundContext()
        writer.name = "writer \(tag)"
        let seeded = try writer.performAndWait {
            let items = (0..<3).map(Self.item)
            for item in items { writer.insert(item) }
            try writer.save()
            return items.map(\.persistentModelID)
        }
        let list = try ResultsObserver<Item, Never>(fetchDescriptor: FetchDescriptor<Item>(predicate: predicate, sortBy: [SortDescriptor(\.count)]),
                                       modelContext: main)
        let (inserted, trace) = try await TraceRecorder.record { () async throws -> PersistentIdentifier in
            main.automaticallyMergesChangesFromParent = merging
            let inserted = try await writer.perform { () throws -> PersistentIdentifier in
                let new = Self.item(3)
                writer.insert(new)
                try writer.existingModel(for: seeded[0], as: Item.self).title = "renamed"
                try writer.save()
                return new.persistentModelID
            }
            try container.execute(BatchUpdateRequest<Item>(predicate: #Predicate { $0.count == 2 }, propertiesToUpdate: ["title": "batch"]))
            await main.perform(schedule: .enqueued) {}  // the merge, if any, is queued before this
            return inserted
        }
        return (seeded + [inserted], list, trace)
    }

    @Test("Off in a process that never asked for a recording, even while it saves")
    func offByDefault() async {
        await #expect(processExitsWith: .success) {
            let context = try! ModelContainer(for: Item.self, configuration: .inMemory).newBackgroundContext()
            try! context.performAndWait {
                context.insert(TraceTests.item(1))
                try context.save()
            }
            precondition(!TraceRecorder.isRecording)
        }
    }

    @Test("A recording has a lane per context, commits, merges flowing from them, and deliveries flowing from merges")
    @MainActor
    func lanesAndFlows() async throws {
        let (ids, list, trace) = try await traceList(merging: true, tag: "flows")
        #expect(list.results.count == 4)
        let listLane = try #require(trace.lane(named: "list flows"))
        let writerLane = try #require(trace.lane(named: "writer flows"))
        let commit = try #require(trace.events(on: writerLane.id).first { if case .commit = $0.kind { true } else { false } })
        if case .commit(let inserted, let updated, _) = commit.kind {
            #expect(inserted == [ids[3]] && updated == [ids[0]])
        }
        // The commit is inside the save's span, which is inside the perform job's span.
        let save = try #require(trace.events(on: writerLane.id).first { $0.kind == .save })
        #expect(save.start <= commit.start && commit.start <= (save.end ?? .zero))
        #expect(trace.events(on: writerLane.id).contains { $0.kind == .job("perform") })
        let merge = try #require(trace.events(on: listLane.id).first { $0.flowsFrom.contains(commit.id) })
        #expect(merge.start >= commit.start)
        let delivery = try #require(trace.events(on: listLane.id).first { $0.flowsFrom.contains(merge.id) })
        if case .delivery(_, let inserted, let updated, _) = delivery.kind {
            #expect(inserted == [ids[3]] && updated == [ids[0]])
        } else {
            Issue.record("expected a delivery, got \(delivery.kind)")
        }
        #expect(trace.events(on: listLane.id).contains { $0.kind == .automaticMerging(true) })
    }

    @Test("A recording lists a commit's and a merge's identifiers by primary key, ordered once it ends rather than on the queues it records")
    @MainActor
    func identifiersInStableOrder() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let main = container.viewContext
        main.name = "list order"
        main.automaticallyMergesChangesFromParent = true
        let writer = container.newBackgroundContext()
        writer.name = "writer order"
        let (inserted, trace) = try await TraceRecorder.record { () async throws -> [PersistentIdentifier] in
            let inserted = try await writer.perform { () throws -> [PersistentIdentifier] in
                let items = (0..<64).map(Self.item)
                for item in items { writer.insert(item) }
                try writer.save()
                return items.map(\.persistentModelID)
            }
            await main.perform(schedule: .enqueued) {}  // the merge is queued before this
            return inserted
        }
        let inKeyOrder = inserted.sorted { ($0.primaryKey ?? .max) < ($1.primaryKey ?? .max) }
        let writerLane = try #require(trace.lane(named: "writer order"))
        let listLane = try #require(trace.lane(named: "list order"))
        let commit = try #require(trace.events(on: writerLane.id).first { if case .commit = $0.kind { true } else { false } })
        let merge = try #require(trace.events(on: listLane.id).first { $0.flowsFrom.contains(commit.id) })
        guard case .commit(let committed, _, _) = commit.kind, case .merge(_, _, let merged) = merge.kind else {
            Issue.record("expected a commit and its merge, got \(commit.kind) and \(merge.kind)")
            return
        }
        // A set of 64 lists them in hash order: only the recording's ordering puts them in key order.
        #expect(committed == inKeyOrder)
        #expect(merged == inKeyOrder)
    }

    @Test("The Perfetto export parses: thread names for the lanes, complete events for spans, and a flow from each merged commit to its merge")
    @MainActor
    func chromeTraceExport() async throws {
        let (_, _, trace) = try await traceList(merging: true, tag: "export")
        let json = try #require(try JSONSerialization.jsonObject(with: trace.chromeTraceJSON()) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        let threadNames = events.filter { $0["name"] as? String == "thread_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(threadNames.contains("list export") && threadNames.contains("writer export"))
        #expect(events.contains { $0["ph"] as? String == "X" && $0["name"] as? String == "save" && ($0["dur"] as? Double ?? 0) > 0 })
        let starts = events.filter { $0["ph"] as? String == "s" }.compactMap { $0["id"] as? Int }
        let finishes = events.filter { $0["ph"] as? String == "f" }
        #expect(!starts.isEmpty && Set(starts) == Set(finishes.compactMap { $0["id"] as? Int }))
        // Each merge of a commit in this trace has its arrow, ending at the merge.
        let arrows = Set(finishes.compactMap { entry -> [Int]? in
            guard let args = entry["args"] as? [String: Any], let from = args["from"] as? Int, let to = args["to"] as? Int else { return nil }
            return [from, to]
        })
        let listLane = try #require(trace.lane(named: "list export"))
        let merges = trace.events(on: listLane.id).filter { if case .merge = $0.kind { true } else { false } }
        #expect(merges.count >= 1)
        for merge in merges {
            for source in merge.flowsFrom where trace.event(source) != nil { #expect(arrows.contains([Int(source), Int(merge.id)])) }
        }
        let text = trace.text(columnWidth: 24)
        #expect(text.contains("list export") && text.contains("commit +1 ~1 -0"))
    }

    @Test("Why didn't it update: never merged (automatic merging off), a batch request nobody merged, and a change delivered")
    @MainActor
    func whyNotMerged() async throws {
        let off = try await traceList(merging: false, tag: "off")
        let renamed = off.trace.explain(off.ids[0], in: "list off")
        #expect(renamed.map(\.outcome) == [.notMerged])
        #expect(renamed.first?.description.contains("list off never merged it: its automaticallyMergesChangesFromParent is false and no one called mergeChanges") == true)
        #expect(renamed.first?.description.hasPrefix("Item p1 was saved by writer off at ") == true)
        let batched = off.trace.explain(off.ids[2], in: "list off")
        #expect(batched.map(\.outcome) == [.batchNotMerged])
        #expect(batched.first?.description.contains("batch requests post no did-save") == true)

        let on = try await traceList(merging: true, tag: "on")
        #expect(on.trace.explain(on.ids[3], in: "list on").map(\.outcome) == [.delivered])
        #expect(on.trace.explain(on.ids[2], in: "list on").map(\.outcome) == [.batchNotMerged])
        #expect(on.trace.explain(on.ids[1], in: "list on").map(\.outcome) == [.noChangeSeen])
    }

    @Test("Why didn't it update: merged, but the observer's predicate excludes the model")
    @MainActor
    func whyPredicateExcludes() async throws {
        let traced = try await traceList(merging: true, predicate: #Predicate<Item> { $0.count < 3 }, tag: "filtered")
        let journeys = traced.trace.explain(traced.ids[3], in: "list filtered")
        #expect(journeys.map(\.outcome) == [.mergedNotShown])
        #expect(journeys.first?.description.contains("but no observer showed it: its predicate excludes it") == true)
        #expect(traced.trace.explain(traced.ids[0], in: "list filtered").map(\.outcome) == [.delivered])
    }

    @Test("A violation is drawn on the lane of the queue it should have run on")
    func violationOnItsLane() async throws {
        let context = try ModelContainer(for: Item.self, configuration: .inMemory).newBackgroundContext()
        context.name = "violated"
        let (_, trace) = await TraceRecorder.record {
            _ = context.performAndWait { context.hasChanges }  // the lane exists
            _ = await ConcurrencyDebug.withMode(.record) { _ = context.hasChanges }  // wrong queue
        }
        let lane = try #require(trace.lane(named: "violated"))
        #expect(trace.events(on: lane.id).contains { if case .violation(let violation) = $0.kind { violation.operation == "ModelContext.hasChanges" } else { false } })
    }

    @Test("A model actor's lane is named after the actor, and a named context keeps its own name")
    func modelActorLane() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let counter = TraceCountingActor(modelContainer: container)
        let named = TraceCountingActor(modelContainer: container)
        named.modelExecutor.context.name = "named counter"
        let (_, trace) = try await TraceRecorder.record {
            try await counter.add()
            try await named.add()
        }
        let lane = try #require(trace.lane(named: "TraceCountingActor (model actor)"))
        #expect(trace.events(on: lane.id).contains { if case .save = $0.kind { true } else { false } })
        #expect(trace.lane(named: "named counter") != nil)
        #expect(trace.lanes.filter { $0.name == "TraceCountingActor (model actor)" }.count == 1)
    }

    @Test("A remote-change notification of this process's own commit names no change from elsewhere; a history fetch flows from it")
    func ownCommitIsNotAnotherProcess() async throws {
        let directory = TemporaryDirectory()
        let url = directory.file("store.sqlite")
        let app = try ModelContainer(for: Item.self, configuration: .file(url))
        let writer = try ModelContainer(for: Item.self, configuration: .file(url))
        try #require(app.postsRemoteChanges, "this system announces no commits (inotify on Linux, notify(3) on Apple platforms): nothing would be posted")
        let reader = app.newBackgroundContext()
        reader.name = "history reader"
        let (_, trace) = try await TraceRecorder.record {
            var changes = remoteChanges(of: app).makeAsyncIterator()
            let context = writer.newBackgroundContext()
            try context.performAndWait {
                context.insert(Self.item(1))
                try context.save()
            }
            _ = await changes.next()
            _ = try reader.performAndWait { try reader.fetchHistory(HistoryDescriptor()) }
        }
        let notifications = trace.events.filter {
            if case .remoteChange(_, let store, _) = $0.kind { store == app.storeIdentifier } else { false }
        }
        #expect(!notifications.isEmpty)
        #expect(notifications.allSatisfy { if case .remoteChange(_, _, let elsewhere) = $0.kind { elsewhere.isEmpty } else { false } })
        let lane = try #require(trace.lane(named: "history reader"))
        let fetch = try #require(trace.events(on: lane.id).first { if case .historyFetch = $0.kind { true } else { false } })
        #expect(fetch.flowsFrom.count == 1 && notifications.contains { $0.id == fetch.flowsFrom[0] })
        #expect(trace.undelivered(in: "history reader").isEmpty)
    }
}

/// A model actor whose lane the trace names after it.
@BackgroundModelActor
actor TraceCountingActor {
    func add() throws {
        modelContext.insert(Item(timestamp: .now, count: 1))
        try modelContext.save()
    }
}
