import Foundation

/// Writes to standard output or error, with colour only on a terminal and never when `NO_COLOR`
/// is set (no-color.org).
public struct Terminal: Sendable {
    public enum Color: String, Sendable {
        case red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36", gray = "90"
    }

    public let descriptor: Int32
    public let usesColor: Bool

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        self.usesColor = isatty(descriptor) == 1 && !noColor
    }

    public static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    public static let standardError = Terminal(descriptor: STDERR_FILENO)

    public func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String {
        usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    public func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` whole; an output that is gone (a closed pipe) ends the writing quietly.
    public func write(_ text: String) {
        try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
    }

    /// Folds `text` into lines of at most `width` characters, each starting with `indent`.
    /// `text`'s first line wrapped, then each line after a newline as it is (a schedule's
    /// timeline, whose columns must line up), all indented.
    public static func wrapFirstLine(_ text: String, width: Int = 88, indent: String = "") -> [String] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        return wrap(String(paragraphs[0]), width: width, indent: indent) + paragraphs.dropFirst().map { indent + $0 }
    }

    public static func wrap(_ text: String, width: Int = 88, indent: String = "") -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty, indent.count + current.count + 1 + word.count > width {
                lines.append(indent + current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty { lines.append(indent + current) }
        return lines
    }

    /// `text`, cut to `count` characters with "…": one rule for every screen of the course.
    public static func clip(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }
}
