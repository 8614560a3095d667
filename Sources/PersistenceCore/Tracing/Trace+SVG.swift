import Foundation

extension Trace {
    /// The trace as an SVG picture a browser opens: a lane per row, named at the left, each span
    /// a bar (nested work drawn under the work that encloses it), each instant a mark, and an
    /// arrow per flow (a commit to its merges, a merge or save to the deliveries it caused);
    /// a time axis above and a legend below.
    public func svg(title: String) -> String {
        SVGPicture(trace: self, title: title).render()
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

/// Draws a ``Trace``: the layout of ``Trace/svg(title:)``.
private struct SVGPicture {
    let trace: Trace
    let title: String

    static let width = 1200.0
    static let labelWidth = 300.0
    static let laneHeight = 34.0
    static let top = 70.0
    static let right = 24.0

    func render() -> String {
        let height = Self.top + Double(trace.lanes.count) * Self.laneHeight + 70
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(height))" viewBox="0 0 \(Int(Self.width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <title>\(Self.escape(title))</title>
            <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#444"/></marker></defs>
            <rect width="100%" height="100%" fill="white"/>
            <text x="16" y="26" font-size="16" font-weight="bold">\(Self.escape(title))</text>

            """
        svg += axis()
        for lane in trace.lanes { svg += laneRow(lane) }
        let depths = nestingDepths()
        for event in trace.events { svg += mark(event, depth: depths[event.id] ?? 0) }
        for event in trace.events { svg += arrows(into: event) }
        svg += legend(y: height - 30)
        return svg + "</svg>\n"
    }

    // MARK: Geometry

    /// The time the picture spans, at least a millisecond.
    private var span: Double { max(Trace.milliseconds(trace.duration), 1) }

    private func x(_ time: Duration) -> Double {
        Self.labelWidth + (Self.width - Self.labelWidth - Self.right) * Trace.milliseconds(time) / span
    }

    private func y(_ lane: TraceLane.ID) -> Double {
        Self.top + Double(lane) * Self.laneHeight
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

    private func axis() -> String {
        (0...5).map { step -> String in
            let milliseconds = span * Double(step) / 5
            let position = Self.labelWidth + (Self.width - Self.labelWidth - Self.right) * Double(step) / 5
            return "<line x1=\"\(r(position))\" y1=\"\(r(Self.top - 8))\" x2=\"\(r(position))\" y2=\"\(r(Self.top + Double(trace.lanes.count) * Self.laneHeight))\" stroke=\"#eee\"/>\n"
                + "<text x=\"\(r(position))\" y=\"\(r(Self.top - 14))\" text-anchor=\"middle\" fill=\"#555\">\(String(format: "%.1f", milliseconds)) ms</text>\n"
        }.joined()
    }

    private func laneRow(_ lane: TraceLane) -> String {
        let top = y(lane.id)
        let shade = lane.id.isMultiple(of: 2) ? "#fafafa" : "#f2f2f2"
        let name = lane.name.count > 44 ? String(lane.name.prefix(43)) + "…" : lane.name
        return "<rect x=\"0\" y=\"\(r(top))\" width=\"\(Int(Self.width))\" height=\"\(r(Self.laneHeight))\" fill=\"\(shade)\"/>\n"
            + "<text x=\"12\" y=\"\(r(top + Self.laneHeight / 2 + 4))\" fill=\"#222\">\(Self.escape(name))</text>\n"
    }

    private func mark(_ event: TraceEvent, depth: Int) -> String {
        let color = Self.color(of: event.kind)
        let tip = "<title>\(Self.escape(event.name)) at \(String(format: "%.2f", Trace.milliseconds(event.start))) ms</title>"
        let middle = y(event.lane) + Self.laneHeight / 2
        guard let end = event.end else {
            let cx = x(event.start)
            return "<g><circle cx=\"\(r(cx))\" cy=\"\(r(middle))\" r=\"5\" fill=\"\(color)\" stroke=\"white\" stroke-width=\"1\"/>\(tip)</g>\n"
        }
        let inset = 5.0 + Double(min(depth, 3)) * 5
        let left = x(event.start), width = max(x(end) - left, 3)
        return "<g><rect x=\"\(r(left))\" y=\"\(r(y(event.lane) + inset))\" width=\"\(r(width))\" height=\"\(r(max(Self.laneHeight - 2 * inset, 4)))\" rx=\"2\" fill=\"\(color)\" fill-opacity=\"0.85\"/>\(tip)</g>\n"
    }

    private func arrows(into event: TraceEvent) -> String {
        event.flowsFrom.compactMap { trace.event($0) }.map { source in
            let x1 = x(source.end ?? source.start), y1 = y(source.lane) + Self.laneHeight / 2
            let x2 = x(event.start), y2 = y(event.lane) + Self.laneHeight / 2
            // Control points stay inside the drawing, so an arrow never leaves the picture.
            let bend = min(max(abs(y2 - y1) / 2, 12), 60)
            let edge = Self.width - Self.right
            return "<path d=\"M \(r(x1)) \(r(y1)) C \(r(min(x1 + bend, edge))) \(r(y1)), \(r(max(x2 - bend, Self.labelWidth))) \(r(y2)), \(r(x2)) \(r(y2))\" fill=\"none\" stroke=\"#444\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\"/>\n"
        }.joined()
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
        case .fetch, .fault: "#4a90d9"
        case .save, .commit: "#e8912d"
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
