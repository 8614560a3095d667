import PersistenceCore
import TraceViews
import Lessons
import Testing

/// "Why didn't it update?" asked of a traced run of each lesson whose lists miss changes: the
/// trace must name, in each lane, exactly the missing links the lesson's own checks describe.
@Suite("Why didn't it update: each lesson's lists, explained from a trace of a real run")
struct LessonWhyTests {
    @Test("list-that-does-not-update: never merged without merging, the batch without a merge by hand, nothing missed when merged by hand")
    func listThatDoesNotUpdate() async throws {
        let (outcome, trace) = try await TraceRecorder.record { try await ListThatDoesNotUpdate().run(in: .test) }
        let lanes: [(ListThatDoesNotUpdate.Merging, ListThatDoesNotUpdate.Lane)] =
            [(.none, outcome.noMerging), (.automatic, outcome.automaticMerging), (.automaticAndBatchByHand, outcome.batchMergedByHand)]
        for (merging, lane) in lanes {
            let journeys = trace.undelivered(in: ListThatDoesNotUpdate.listLane(merging))
            let missed = lane.steps.filter { !$0.delivered }
            // A missed batch is a batch nobody merged; a missed save, a save never merged.
            let expected = Set(missed.map { $0.name.contains("batch") ? Trace.Journey.Outcome.batchNotMerged : .notMerged })
            #expect(Set(journeys.map(\.outcome)) == expected, "\(merging): \(journeys)")
            #expect(journeys.allSatisfy { $0.lane == ListThatDoesNotUpdate.listLane(merging) })
        }
        #expect(outcome.noMerging.steps.contains { !$0.delivered }, "the lesson's wrong way must miss something")
    }

    @Test("widget-change: each of the widget's changes never fetched from history with automatic merging only; none missed through history")
    func widgetChange() async throws {
        let (outcome, trace) = try await TraceRecorder.record { try await WidgetChange().run(in: .test) }
        let automatic = trace.undelivered(in: WidgetChange.automaticMergingListLane)
        // The widget adds one item, renames one and deletes one: three models, none reached the list.
        #expect(outcome.automaticMerging.steps.allSatisfy { $0.listChanged != true })
        #expect(automatic.count == outcome.automaticMerging.steps.count, "\(automatic)")
        #expect(automatic.allSatisfy { $0.outcome == .notFetchedFromHistory })
        #expect(automatic.allSatisfy { $0.description.contains("changed by another process") })
        #expect(outcome.history.steps.allSatisfy { $0.listChanged == true })
        #expect(trace.undelivered(in: WidgetChange.historyListLane).isEmpty)
        // The widget's commands are drawn on their own lane.
        let widget = try #require(trace.lane(named: "widget process"))
        #expect(trace.events(on: widget.id).count >= outcome.history.steps.count)
    }
}
