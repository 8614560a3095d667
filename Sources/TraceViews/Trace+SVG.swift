import Foundation
import PersistenceCore

extension Trace {
    /// The trace as an SVG picture a browser opens: a lane per row, named at the left, each span
    /// a bar (nested work drawn under the work that encloses it), each instant a mark, and an
    /// arrow per flow (a commit to its merges, a merge or save to the deliveries it caused);
    /// a time axis above and a legend below. A lesson's runs (one per store) are drawn in a panel
    /// each, with a time axis of its own.
    public func svg(title: String) -> String {
        SVGPicture(trace: self, title: title, layout: .picture).render()
    }

    /// A small picture of a few lanes, for a thumbnail (a course's chapter image): only the lanes
    /// named in `lanes`, in that order, each name in large type above its bars, over the time
    /// their events span; no axis, no legend. Names with no lane are left out.
    public func card(title: String, lanes: [String]) -> String {
        SVGPicture(trace: keeping(lanes: lanes), title: title, layout: .card).render()
    }

    /// The events of the lanes named in `names`, in that order, timed from the first of them.
    func keeping(lanes names: [String]) -> Trace {
        let kept = names.flatMap { name in lanes.filter { $0.name == name } }
        let newID = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1.id, $0) })
        let events = self.events.filter { newID[$0.lane] != nil }
        let origin = events.map(\.start).min() ?? .zero
        return Trace(
            lanes: kept.enumerated().map { TraceLane(id: $0, name: $1.name, kind: $1.kind, queueLabel: $1.queueLabel, storeIdentifier: $1.storeIdentifier) },
            events: events.map { event in
                TraceEvent(id: event.id, lane: newID[event.lane] ?? 0, start: event.start - origin,
                           end: event.end.map { $0 - origin }, kind: event.kind, flowsFrom: event.flowsFrom)
            })
    }

    /// One self-contained HTML page: `title`, the SVG, and `notes` (a lesson's checks, say) as a list.
    public func html(title: String, notes: [String] = []) -> String {
        let escape = SVGPicture.escape
        let list = notes.isEmpty ? "" : "<h2>Checks</h2>\n<ul>\n" + notes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escape(title))</title>
            <style>
            body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
            h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 24px; }
            li { margin: 4px 0; } .picture { overflow-x: auto; border: 1px solid #ddd; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            <p>Each row is a lane: a context's queue, the main queue, the store file. Bars are work, marks are moments, arrows go from a save to each merge of it, and from a merge to what an observer showed.</p>
            <div class="picture">
            \(svg(title: title))
            </div>
            \(list)</body>
            </html>

            """
    }
}

/// Draws a ``Trace``: the layout of ``Trace/svg(title:)`` and ``Trace/card(title:lanes:)``.
private struct SVGPicture {
    /// Sizes, and which parts are drawn.
    struct Layout {
        var width: Double
        /// The column left of the bars for the lanes' names; zero when names sit above the bars.
        var labelWidth: Double
        var laneHeight: Double
        /// Where the first lane starts: below the title (and the axis).
        var top: Double
        var right: Double
        var fontSize: Double
        var titleSize: Double
        /// The longest title line, in characters: a longer title wraps.
        var titleLine: Int
        var showsAxisAndLegend: Bool

        /// Whether a lane's name is drawn above its bars, not beside them.
        var namesAbove: Bool { labelWidth == 0 }
        /// How far below a lane's top its bars begin.
        var barsTop: Double { namesAbove ? fontSize + 8 : 0 }

        static let picture = Layout(width: 1200, labelWidth: 330, laneHeight: 34, top: 70, right: 24,
                                    fontSize: 12, titleSize: 16, titleLine: 140, showsAxisAndLegend: true)
        static let card = Layout(width: 640, labelWidth: 0, laneHeight: 74, top: 0, right: 16,
                                 fontSize: 24, titleSize: 28, titleLine: 40, showsAxisAndLegend: false)
    }

    let trace: Trace
    let title: String
    let layout: Layout
    /// The title's lines, wrapped at ``Layout/titleLine`` characters.
    let titleLines: [String]
    /// Where the first lane starts.
    let top: Double
    /// The time the picture spans, in milliseconds, at least one.
    let span: Double
    /// Each lane's row: lanes of one name share one.
    let rows: [TraceLane.ID: Int]
    let rowNames: [String]

    /// `top`: where the first lane starts, when the picture is one run's panel of a larger one.
    init(trace: Trace, title: String, layout: Layout, top: Double? = nil) {
        self.trace = trace
        self.title = title
        self.layout = layout
        span = max(Trace.milliseconds(trace.duration), 1)
        rows = trace.rows()
        rowNames = trace.rowNames
        titleLines = Self.wrap(title, at: layout.titleLine)
        self.top = top ?? (layout.showsAxisAndLegend ? layout.top : 16 + Double(titleLines.count) * (layout.titleSize + 8) + 12)
    }

    /// The whole picture; a trace of several runs (``Trace/runs()``) in a panel per run, each
    /// with a heading and a time axis of its own.
    func render() -> String {
        let runs = layout.showsAxisAndLegend ? trace.runs() : []
        guard runs.count > 1 else { return render(body: body(), lanesBottom: lanesBottom) }
        var panels = ""
        var y = 10 + Double(titleLines.count) * (layout.titleSize + 8) + 6
        for (number, run) in runs.enumerated() {
            let heading = "Run \(number + 1) of \(runs.count)" + (run.name.map { ": \($0)" } ?? "")
            panels += "<text x=\"16\" y=\"\(r(y + 14))\" font-weight=\"bold\" fill=\"#333\">\(Self.escape(heading))</text>\n"
            let panel = SVGPicture(trace: run.trace, title: title, layout: layout, top: y + 48)
            panels += panel.body()
            y = panel.lanesBottom + 12
        }
        return render(body: panels, lanesBottom: y)
    }

    /// Below the last lane.
    private var lanesBottom: Double { top + Double(max(rowNames.count, 1)) * layout.laneHeight }

    /// The document: the title, `body`, and (for a picture) the legend below `lanesBottom`.
    private func render(body: String, lanesBottom: Double) -> String {
        let height = lanesBottom + (layout.showsAxisAndLegend ? 70 : 12)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(layout.width))" height="\(Int(height))" viewBox="0 0 \(Int(layout.width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="\(r(layout.fontSize))">
            <title>\(Self.escape(title))</title>
            <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#444"/></marker></defs>
            <rect width="100%" height="100%" fill="white"/>

            """
        for (number, line) in titleLines.enumerated() {
            svg += "<text x=\"16\" y=\"\(r(10 + layout.titleSize + Double(number) * (layout.titleSize + 8)))\" font-size=\"\(r(layout.titleSize))\" font-weight=\"bold\">\(Self.escape(line))</text>\n"
        }
        svg += body
        if layout.showsAxisAndLegend { svg += legend(y: height - 30) }
        return svg + "</svg>\n"
    }

    /// The axis, the lanes, their marks and the arrows between them.
    private func body() -> String {
        var svg = layout.showsAxisAndLegend ? axis() : ""
        for (row, name) in rowNames.enumerated() { svg += laneRow(row, name) }
        if rowNames.isEmpty {
            svg += "<text x=\"16\" y=\"\(r(top + 20))\" fill=\"#555\">No context did any work while this was recorded.</text>\n"
        }
        for mark in marks() { svg += draw(mark) }
        var drawn = Set<String>()
        for event in trace.events where !event.flowsFrom.isEmpty {
            // Arrows that would land on the same pixels are drawn once.
            for arrow in arrows(into: event) where drawn.insert(arrow).inserted { svg += arrow }
        }
        return svg
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrap(_ text: String, at width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }

    // MARK: Geometry

    /// Where the bars start: right of the names, or at the margin when names sit above.
    private var plotLeft: Double { layout.namesAbove ? 16 : layout.labelWidth }

    private func x(_ time: Duration) -> Double {
        plotLeft + (layout.width - plotLeft - layout.right) * Trace.milliseconds(time) / span
    }

    private func y(_ lane: TraceLane.ID) -> Double {
        top + Double(rows[lane] ?? 0) * layout.laneHeight
    }

    /// The middle of a lane's bars: where instants and arrows sit.
    private func middle(_ lane: TraceLane.ID) -> Double {
        y(lane) + layout.barsTop + (layout.laneHeight - layout.barsTop) / 2
    }

    /// How deep each span sits in the spans of its lane that enclose it.
    private func nestingDepths() -> [UInt64: Int] {
        var depths: [UInt64: Int] = [:]
        var open: [TraceLane.ID: [TraceEvent]] = [:]
        for event in trace.events where event.isSpan {
            var stack = open[event.lane] ?? []
            stack.removeAll { ($0.end ?? $0.start) <= event.start }
            depths[event.id] = stack.count
            stack.append(event)
            open[event.lane] = stack
        }
        return depths
    }

    // MARK: Parts

    /// Grid lines at round times (1, 2 or 5 times a power of ten apart), about five of them.
    private func axis() -> String {
        let step = Self.roundStep(span / 5)
        let ticks = (0...Int((span / step).rounded(.down))).map { Double($0) * step }
        return ticks.map { milliseconds -> String in
            let position = plotLeft + (layout.width - plotLeft - layout.right) * milliseconds / span
            let label = step >= 1_000 ? String(format: "%g s", milliseconds / 1_000) : String(format: "%g ms", milliseconds)
            // A label at the right edge ends there, inside the picture.
            let anchor = position > layout.width - layout.right - 30 ? "end" : "middle"
            return "<line x1=\"\(r(position))\" y1=\"\(r(top - 8))\" x2=\"\(r(position))\" y2=\"\(r(top + Double(rowNames.count) * layout.laneHeight))\" stroke=\"#e4e4e4\"/>\n"
                + "<text x=\"\(r(position))\" y=\"\(r(top - 14))\" text-anchor=\"\(anchor)\" fill=\"#555\">\(label)</text>\n"
        }.joined()
    }

    /// The round step (1, 2 or 5 times a power of ten) nearest above `rough`.
    static func roundStep(_ rough: Double) -> Double {
        guard rough > 0 else { return 1 }
        let power = pow(10, (log10(rough)).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
    }

    private func laneRow(_ row: Int, _ fullName: String) -> String {
        let laneTop = top + Double(row) * layout.laneHeight
        let shade = row.isMultiple(of: 2) ? "#fafafa" : "#f2f2f2"
        let longest = layout.namesAbove ? Int(layout.width / (layout.fontSize * 0.55)) : 50
        let name = fullName.count > longest ? String(fullName.prefix(longest - 1)) + "…" : fullName
        let nameY = layout.namesAbove ? laneTop + layout.fontSize + 2 : laneTop + layout.laneHeight / 2 + 4
        return "<rect x=\"0\" y=\"\(r(laneTop))\" width=\"\(Int(layout.width))\" height=\"\(r(layout.laneHeight))\" fill=\"\(shade)\"/>\n"
            + "<text x=\"12\" y=\"\(r(nameY))\" fill=\"#222\">\(Self.escape(name))</text>\n"
    }

    /// What one bar or dot draws: one event, or several of one kind and lane too close together
    /// to tell apart (a lesson of 100,000 jobs draws a bar per run of jobs, not 100,000 bars).
    private struct Mark {
        let lane: TraceLane.ID
        let depth: Int
        let color: String
        let isSpan: Bool
        var left: Double
        var right: Double
        var count: Int
        let name: String
        let start: Duration
        var end: Duration
    }

    /// The events as marks, each run of events of one lane, depth and colour less than two
    /// pixels apart merged into one.
    private func marks() -> [Mark] {
        let depths = nestingDepths()
        var open: [String: Mark] = [:]
        var done: [Mark] = []
        for event in trace.events {
            let depth = event.isSpan ? depths[event.id] ?? 0 : 0
            let color = Self.color(of: event.kind)
            let left = x(event.start), right = event.end.map(x) ?? left
            let key = "\(rows[event.lane] ?? 0) \(depth) \(color) \(event.isSpan)"
            if var current = open[key], left <= current.right + 2 {
                current.right = max(current.right, right)
                current.count += 1
                current.end = max(current.end, event.end ?? event.start)
                open[key] = current
                continue
            }
            if let current = open[key] { done.append(current) }
            open[key] = Mark(lane: event.lane, depth: depth, color: color, isSpan: event.isSpan, left: left, right: right,
                             count: 1, name: event.name, start: event.start, end: event.end ?? event.start)
        }
        return done + open.values.sorted { $0.left < $1.left }
    }

    private func draw(_ mark: Mark) -> String {
        let from = String(format: "%.2f", Trace.milliseconds(mark.start))
        let words = mark.count == 1 ? "\(mark.name) at \(from) ms"
            : "\(mark.count) events, the first \(mark.name), from \(from) to \(String(format: "%.2f", Trace.milliseconds(mark.end))) ms"
        let tip = "<title>\(Self.escape(words))</title>"
        // Each mark names its row, for whoever reads the picture as a document (the tests do).
        let group = "<g class=\"mark\" data-lane=\"\(Self.escape(trace.lane(mark.lane)?.name ?? ""))\">"
        let middle = middle(mark.lane)
        // The card's bigger type gets bigger marks.
        let scale = layout.fontSize / 12
        guard mark.isSpan else {
            let radius = (mark.count == 1 ? 5.0 : 6.0) * scale
            return "\(group)<circle cx=\"\(r(mark.left))\" cy=\"\(r(middle))\" r=\"\(r(radius))\" fill=\"\(mark.color)\" stroke=\"white\" stroke-width=\"1\"/>\(tip)</g>\n"
        }
        let barsTop = y(mark.lane) + layout.barsTop, barsHeight = layout.laneHeight - layout.barsTop
        let inset = (5.0 + Double(min(mark.depth, 3)) * 5) * min(scale, barsHeight / 34)
        let width = max(mark.right - mark.left, 3)
        return "\(group)<rect x=\"\(r(mark.left))\" y=\"\(r(barsTop + inset))\" width=\"\(r(width))\" height=\"\(r(max(barsHeight - 2 * inset, 4)))\" rx=\"2\" fill=\"\(mark.color)\" fill-opacity=\"0.85\"/>\(tip)</g>\n"
    }

    private func arrows(into event: TraceEvent) -> [String] {
        event.flowsFrom.compactMap { trace.event($0) }.map { source in
            // From the source's end, or from the moment the target began if that was earlier (a
            // child's save whose merge into its parent runs inside it): arrows never run backwards.
            let x1 = x(max(source.start, min(source.end ?? source.start, event.start))), y1 = middle(source.lane)
            let x2 = x(event.start), y2 = middle(event.lane)
            // Control points stay inside the drawing, so an arrow never leaves the picture.
            let bend = min(max(abs(y2 - y1) / 2, 12), 60)
            let edge = layout.width - layout.right
            return "<path d=\"M \(r(x1)) \(r(y1)) C \(r(min(x1 + bend, edge))) \(r(y1)), \(r(max(x2 - bend, plotLeft))) \(r(y2)), \(r(x2)) \(r(y2))\" fill=\"none\" stroke=\"#444\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\"/>\n"
        }
    }

    private func legend(y: Double) -> String {
        let keys: [(String, String)] = [("job", Self.color(of: .job(""))), ("fetch or fault", Self.color(of: .fetch(entity: "", count: 0))),
                                        ("save and commit", Self.color(of: .save)), ("merge", Self.color(of: .merge(updated: [], deleted: [], inserted: []))),
                                        ("observer delivery", Self.color(of: .delivery(observer: "", inserted: [], updated: [], deleted: []))),
                                        ("batch request", Self.color(of: .batch(kind: "", entity: "", identifiers: []))),
                                        ("violation", Self.color(of: .violation(ConcurrencyViolation(expectedQueue: "", thread: "", operation: "")))),
                                        ("main queue busy, or marked", Self.color(of: .mark("")))]
        var x = 16.0
        var out = ""
        for (name, color) in keys {
            out += "<rect x=\"\(r(x))\" y=\"\(r(y - 10))\" width=\"12\" height=\"12\" fill=\"\(color)\"/><text x=\"\(r(x + 16))\" y=\"\(r(y))\" fill=\"#333\">\(name)</text>\n"
            x += 24 + Double(name.count) * 6.6
        }
        return out + "<text x=\"16\" y=\"\(r(y + 20))\" fill=\"#555\">Arrows: from a commit to each merge of it, from a merge or save to an observer's delivery.</text>\n"
    }

    static func color(of kind: TraceEvent.Kind) -> String {
        switch kind {
        case .job: "#b8c4d0"
        case .fetch, .fault, .historyFetch: "#4a90d9"
        case .save, .commit, .didSave: "#e8912d"
        case .merge: "#3aa657"
        case .delivery: "#8e5bd6"
        case .batch: "#c0392b"
        case .violation: "#e0245e"
        case .automaticMerging, .remoteChange: "#7f8c8d"
        case .mark: "#d4a017"
        }
    }

    private func r(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `text` with the characters XML and HTML reserve escaped.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
