import Foundation
import PersistenceCore
@testable import TraceViews
import Testing

/// A lesson's runs, one store each, drawn in panels of their own with their own time axes.
@Suite("Trace runs")
struct TraceRunsTests {
    /// Two runs of a lesson, each in a store of its own and named after its way, and a batch
    /// request on no store's lane during the second; the second run starts 100 ms after the first.
    static func twoRuns() -> Trace {
        let (first, second) = (UUID(), UUID())
        let lanes = [
            TraceLane(id: 0, name: "writer, way A", kind: .context, queueLabel: "q0", storeIdentifier: first),
            TraceLane(id: 1, name: "list, way A", kind: .context, queueLabel: "q1", storeIdentifier: first),
            TraceLane(id: 2, name: "other threads", kind: .otherThreads, queueLabel: nil, storeIdentifier: nil),
            TraceLane(id: 3, name: "writer, way B", kind: .context, queueLabel: "q3", storeIdentifier: second),
            TraceLane(id: 4, name: "checker", kind: .context, queueLabel: "q4", storeIdentifier: second),
        ]
        let events = [
            TraceEvent(id: 1, lane: 0, start: .milliseconds(0), end: .milliseconds(2), kind: .save, flowsFrom: []),
            TraceEvent(id: 2, lane: 1, start: .milliseconds(3), end: .milliseconds(4), kind: .merge(updated: [], deleted: [], inserted: []), flowsFrom: [1]),
            TraceEvent(id: 3, lane: 3, start: .milliseconds(100), end: .milliseconds(101), kind: .save, flowsFrom: []),
            TraceEvent(id: 4, lane: 2, start: .milliseconds(102), end: nil, kind: .batch(kind: "update", entity: "Item", identifiers: []), flowsFrom: []),
            TraceEvent(id: 5, lane: 4, start: .milliseconds(103), end: .milliseconds(104), kind: .job("check"), flowsFrom: []),
        ]
        return Trace(lanes: lanes, events: events)
    }

    @Test("A trace of two stores is two runs, each named by what its lanes' names share, each timed from its own start")
    func runs() {
        let runs = Self.twoRuns().runs()
        #expect(runs.map(\.name) == ["way A", "way B"])
        #expect(runs.map { $0.trace.lanes.map(\.name) } == [["writer, way A", "list, way A"], ["other threads", "writer, way B", "checker"]])
        #expect(runs[1].trace.events.map(\.start) == [.zero, .milliseconds(2), .milliseconds(3)], "the batch goes with the run under way")
        #expect(runs[1].trace.duration == .milliseconds(4))
    }

    @Test("One store, or none, is one run: the trace itself")
    func oneRun() {
        let trace = Self.twoRuns()
        let one = Trace(lanes: Array(trace.lanes.prefix(2)), events: trace.events.filter { $0.lane < 2 })
        #expect(one.runs().count == 1 && one.runs()[0].trace == one)
    }

    @Test("The picture draws a panel per run, each with a heading and an axis of its own")
    func panels() {
        let svg = Self.twoRuns().svg(title: "two ways")
        #expect(svg.contains(">Run 1 of 2: way A</text>") && svg.contains(">Run 2 of 2: way B</text>"))
        #expect(svg.components(separatedBy: ">0 ms</text>").count - 1 == 2, "each panel's axis starts at 0 ms")
    }

    @Test("A run's name is the trailing words its lanes' names share", arguments: [
        (["seed, SwiftData, no merging code", "list (main context), SwiftData, no merging code", "reader, SwiftData, no merging code"], "SwiftData, no merging code"),
        (["seed, no merging", "reader", "list, no merging"], "no merging"),
        (["seed, one way", "reader, another"], nil),
        (["checker"], nil),
    ] as [([String], String?)])
    func sharedSuffix(_ names: [String], _ expected: String?) {
        #expect(Trace.sharedSuffix(of: names) == expected)
    }
}
