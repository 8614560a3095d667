import Foundation
import Scenarios

/// Draws each import's main-queue timeline: busy spans as red bars, each heartbeat tick's delay
/// as a bar rising from the axis, on one shared time axis.
struct TimelineSVG: SVGDrawing {
    let runs: [ImportBench.Result]

    private let width = 960.0
    private let left = 170.0
    private let right = 20.0
    private let laneHeight = 110.0
    private let top = 60.0

    func render() -> String {
        let span = max(runs.map { $0.recording.duration.seconds }.max() ?? 0, 0.001)
        let plotWidth = width - left - right
        let height = top + Double(runs.count) * laneHeight + 50
        func x(_ seconds: Double) -> Double { left + seconds / span * plotWidth }
        let maxDelay = max(runs.flatMap { $0.recording.samples.map { $0.lateness.seconds } }.max() ?? 0, 0.001)

        var svg = opening(width: width, height: height,
                          title: "The main queue during an import: main context versus background",
                          heading: "The main queue while \(runs.first?.items ?? 0) items are imported",
                          legend: "red: the main queue busy (a heartbeat tick overdue); grey bars: each tick's delay (tallest \(format(maxDelay * 1000)) ms)",
                          x: left)
        for (lane, run) in runs.enumerated() {
            let y = top + Double(lane) * laneHeight
            let axis = y + laneHeight - 30
            svg += "<g id=\"timeline-\(run.place.id)\" class=\"timeline\">\n"
            svg += "<text x=\"10\" y=\"\(axis - 40)\" font-weight=\"bold\">\(escape(run.place.rawValue))</text>\n"
            svg += "<text x=\"10\" y=\"\(axis - 24)\" fill=\"#555\">\(format(run.seconds * 1000)) ms import</text>\n"
            svg += "<text x=\"10\" y=\"\(axis - 8)\" fill=\"#555\">blocked \(format(run.mainQueueBlockedShare * 100))%</text>\n"
            for interval in run.recording.busyIntervals {
                let start = x(interval.start.seconds), end = x(interval.end.seconds)
                svg += "<rect class=\"busy\" x=\"\(r(start))\" y=\"\(r(axis - 70))\" width=\"\(r(max(end - start, 1)))\" height=\"14\" fill=\"#d33\"/>\n"
            }
            for sample in run.recording.samples {
                let delay = sample.lateness.seconds
                let barHeight = max(0.5, delay / maxDelay * 50)
                svg += "<rect class=\"tick\" x=\"\(r(x(sample.actual.seconds)))\" y=\"\(r(axis - barHeight))\" width=\"1\" height=\"\(r(barHeight))\" fill=\"#888\"/>\n"
            }
            svg += "<line x1=\"\(left)\" y1=\"\(axis)\" x2=\"\(width - right)\" y2=\"\(axis)\" stroke=\"#000\"/>\n"
            svg += "</g>\n"
        }
        svg += timeAxis(span: span, y: top + Double(runs.count) * laneHeight, x: x)
        svg += "</svg>\n"
        return svg
    }
}
