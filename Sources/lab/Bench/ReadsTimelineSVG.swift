import Foundation
import Scenarios

/// Draws the reads-during-import lanes on one time axis: each save as a blue bar, each frame's
/// reads as a green bar (orange when the frame was torn), and the main queue's busy spans in red.
///
/// With one shared connection, the frame that starts during the save stretches across it; with
/// readers, frames keep coming as short bars above the save.
struct ReadsTimelineSVG: SVGDrawing {
    let outcome: ReadsDuringImport.Outcome

    private let width = 960.0
    private let left = 200.0
    private let right = 20.0
    private let laneHeight = 110.0
    private let top = 70.0

    private var lanes: [(id: String, title: String, lane: ReadsDuringImport.Lane)] {
        [("shared-connection", "one shared connection", outcome.sharedConnection),
         ("reader-pool", "readers beside the writer", outcome.readerPool),
         ("batched-pinned", "batches, pinned frames", outcome.batchedAndPinned)]
    }

    func render() -> String {
        let ends = lanes.flatMap { entry in
            entry.lane.saves.map(\.end.seconds) + entry.lane.frames.map { ($0.started + $0.readTime).seconds }
        }
        let span = max(ends.max() ?? 0, 0.001)
        let plotWidth = width - left - right
        let height = top + Double(lanes.count) * laneHeight + 50
        func x(_ seconds: Double) -> Double { left + seconds / span * plotWidth }

        var svg = opening(width: width, height: height,
                          title: "Reads during an import: the main context's frames while a background context saves",
                          heading: "The list's frames while \(outcome.itemCount) items are imported",
                          legend: "blue: a save; green: a frame's reads (orange: torn); red: the main queue busy (a heartbeat tick overdue)",
                          x: left)
        for (index, entry) in lanes.enumerated() {
            let axis = top + Double(index) * laneHeight + laneHeight - 30
            let lane = entry.lane
            svg += "<g id=\"reads-\(entry.id)\" class=\"timeline\">\n"
            svg += "<text x=\"10\" y=\"\(r(axis - 52))\" font-weight=\"bold\">\(entry.title)</text>\n"
            svg += "<text x=\"10\" y=\"\(r(axis - 36))\" fill=\"#555\">readers: \(lane.readers), \(lane.saves.count) save\(lane.saves.count == 1 ? "" : "s")</text>\n"
            svg += "<text x=\"10\" y=\"\(r(axis - 20))\" fill=\"#555\">longest frame \(format(lane.longestReadMilliseconds)) ms</text>\n"
            for save in lane.saves {
                let start = x(save.start.seconds), end = x(save.end.seconds)
                svg += "<rect class=\"save\" x=\"\(r(start))\" y=\"\(r(axis - 16))\" width=\"\(r(max(end - start, 1)))\" height=\"12\" fill=\"#36c\"/>\n"
            }
            for frame in lane.frames {
                let start = x(frame.started.seconds), end = x((frame.started + frame.readTime).seconds)
                svg += "<rect class=\"frame\" x=\"\(r(start))\" y=\"\(r(axis - 34))\" width=\"\(r(max(end - start, 1)))\" height=\"12\" fill=\"\(frame.isTorn ? "#e80" : "#3a3")\"/>\n"
            }
            for busy in lane.mainQueueBusy {
                let start = x(busy.start.seconds), end = x(busy.end.seconds)
                svg += "<rect class=\"busy\" x=\"\(r(start))\" y=\"\(r(axis - 52))\" width=\"\(r(max(end - start, 1)))\" height=\"12\" fill=\"#d33\"/>\n"
            }
            svg += "<line x1=\"\(left)\" y1=\"\(r(axis))\" x2=\"\(width - right)\" y2=\"\(r(axis))\" stroke=\"#000\"/>\n"
            svg += "</g>\n"
        }
        svg += timeAxis(span: span, y: top + Double(lanes.count) * laneHeight, x: x)
        svg += "</svg>\n"
        return svg
    }
}
