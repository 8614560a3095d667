import Foundation

/// What every `lab timeline` drawing shares: the document's opening, a time axis, and numbers
/// and text written the way SVG wants them.
protocol SVGDrawing {}

extension SVGDrawing {
    /// The opening of a `width` × `height` document: white background, a bold heading and a
    /// grey legend under it, both starting at `x`.
    func opening(width: Double, height: Double, title: String, heading: String, legend: String, x: Double) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <title>\(escape(title))</title>
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(r(x))" y="24" font-size="16" font-weight="bold">\(escape(heading))</text>
        <text x="\(r(x))" y="42" fill="#555">\(escape(legend))</text>

        """
    }

    /// Six labels, from 0 to `span` seconds, along the line `y`; `x` places a time.
    func timeAxis(span: Double, y: Double, x: (Double) -> Double) -> String {
        (0...5).map { step in
            let seconds = span * Double(step) / 5
            return "<text x=\"\(r(x(seconds)))\" y=\"\(r(y))\" text-anchor=\"middle\" fill=\"#555\">\(format(seconds * 1000)) ms</text>\n"
        }.joined()
    }

    /// A coordinate, to a tenth of a unit.
    func r(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A measured value: whole from 100 up, else with `decimals` decimals.
    func format(_ value: Double, decimals: Int = 1) -> String {
        String(format: value >= 100 ? "%.0f" : "%.\(decimals)f", value)
    }

    /// `text` with the characters XML reserves escaped.
    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
