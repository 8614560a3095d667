import Foundation
import PersistenceCore
import TraceViews
import SampleModels
import Testing

/// The trace's pictures: an SVG with a row per lane and an arrow per flow, and an HTML page
/// holding it with the notes given.
@Suite("Trace pictures")
struct TracePictureTests {
    @Test("The SVG names every lane, draws a bar per span and an arrow per flow; the HTML page holds it and the notes, escaped")
    func svgAndHTML() async throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        let reader = container.newBackgroundContext()
        reader.name = "reader <picture>"
        reader.automaticallyMergesChangesFromParent = true
        let writer = container.newBackgroundContext()
        writer.name = "writer & co"
        let (_, trace) = try await TraceRecorder.record {
            try await writer.perform {
                writer.insert(Item(timestamp: .now, title: "one", count: 1))
                try writer.save()
            }
            await reader.perform(schedule: .enqueued) {}
        }
        // Other suites record beside this one: draw this test's two lanes only.
        let mine = trace.lanes.filter { $0.name == "reader <picture>" || $0.name == "writer & co" }
        let ids = Set(mine.map(\.id))
        let own = Trace(lanes: mine, events: trace.events.filter { ids.contains($0.lane) })
        let svg = own.svg(title: "picture")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">reader &lt;picture&gt;</text>") && svg.contains(">writer &amp; co</text>"))
        let flows = own.events.reduce(0) { $0 + $1.flowsFrom.count { own.event($0) != nil } }
        #expect(flows >= 1)
        #expect(svg.components(separatedBy: "marker-end=\"url(#arrow)\"").count - 1 == flows)
        // Each mark says what it is when hovered; a run of events too close to tell apart is one mark.
        #expect(svg.contains("<title>save at ") && svg.contains("commit +1 ~0 -0"))
        let html = trace.html(title: "A <title>", notes: ["holds: \"yes\""])
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<h1>A &lt;title&gt;</h1>") && html.contains(svg.prefix(60)))
        #expect(html.contains("<li>holds: &quot;yes&quot;</li>"))

        // A card draws only the lanes it names, in that order, and no axis or legend.
        let card = trace.card(title: "A card", lanes: ["writer & co", "reader <picture>", "no such lane"])
        let writerName = try #require(card.range(of: ">writer &amp; co</text>")), readerName = try #require(card.range(of: ">reader &lt;picture&gt;</text>"))
        #expect(writerName.lowerBound < readerName.lowerBound)
        #expect(!card.contains(" ms</text>") && !card.contains("Arrows: from a commit"))
        #expect(card.components(separatedBy: "data-lane=").count - 1 > 0)
        #expect(card.components(separatedBy: "data-lane=\"").dropFirst().allSatisfy { $0.hasPrefix("writer &amp; co\"") || $0.hasPrefix("reader &lt;picture&gt;\"") })
    }
}
