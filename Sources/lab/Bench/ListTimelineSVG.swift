import Foundation
import Scenarios

/// Draws the list-that-does-not-update lanes: for each change, a green bar from the start of its
/// save to the list's update on the main queue, or a red cross where the list never updated.
struct ListTimelineSVG: SVGDrawing {
    let outcome: ListThatDoesNotUpdate.Outcome

    private let width = 960.0
    private let left = 240.0
    private let right = 20.0
    private let laneHeight = 40.0
    private let top = 70.0

    private var lanes: [(id: String, title: String, lane: ListThatDoesNotUpdate.Lane)] {
        [("no-merging", "no merging", outcome.noMerging),
         ("automatic-merging", "automatic merging", outcome.automaticMerging),
         ("batch-merged-by-hand", "automatic + batch by hand", outcome.batchMergedByHand)]
    }

    func render() -> String {
        let steps = lanes.flatMap(\.lane.steps)
        let longest = max(steps.compactMap(\.delayMilliseconds).max() ?? 0, 0.001)
        let names = outcome.noMerging.steps.map(\.name)
        let columnWidth = (width - left - right) / Double(max(names.count, 1))
        let height = top + Double(lanes.count) * laneHeight + 40
        var svg = opening(width: width, height: height,
                          title: "The list that does not update: which changes reached the list, and how fast",
                          heading: "Which background changes reached the list on the main context",
                          legend: "green: from the start of the save to the list's update (longest \(format(longest, decimals: 2)) ms); red ✗: the list never updated",
                          x: 10)
        for (column, name) in names.enumerated() {
            svg += "<text x=\"\(r(left + Double(column) * columnWidth + 4))\" y=\"\(r(top - 6))\" fill=\"#555\" font-size=\"10\">\(escape(name))</text>\n"
        }
        for (row, entry) in lanes.enumerated() {
            let y = top + Double(row) * laneHeight
            svg += "<g id=\"list-\(entry.id)\" class=\"lane\">\n"
            svg += "<text x=\"10\" y=\"\(r(y + 20))\" font-weight=\"bold\">\(entry.title)</text>\n"
            for (column, step) in entry.lane.steps.enumerated() {
                let x = left + Double(column) * columnWidth + 4
                if step.delivered {
                    let length = step.delayMilliseconds.map { max(2, $0 / longest * (columnWidth - 60)) } ?? 8
                    svg += "<rect class=\"delivered\" x=\"\(r(x))\" y=\"\(r(y + 8))\" width=\"\(r(length))\" height=\"14\" fill=\"#3a3\"/>\n"
                    let label = step.delayMilliseconds.map { "\(format($0, decimals: 2)) ms" } ?? "fetched anew"
                    svg += "<text x=\"\(r(x + length + 4))\" y=\"\(r(y + 20))\" fill=\"#333\">\(label)</text>\n"
                } else {
                    svg += "<text class=\"missed\" x=\"\(r(x))\" y=\"\(r(y + 21))\" fill=\"#d33\" font-size=\"16\">✗</text>\n"
                }
            }
            svg += "</g>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
