import Foundation
import LabSupport

/// The DocC catalog and the step sources, read from this checkout.
enum Catalog {
    static let target = PackageRoot.file("Tutorials/ConcurrencyLabTutorials")
    static let docc = target.appendingPathComponent("ConcurrencyLab.docc")
    static let steps = target.appendingPathComponent("Steps")
    static let resources = docc.appendingPathComponent("Resources")

    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// Files under `folder` whose names end with `suffix`, recursively, sorted by path.
    static func files(in folder: URL, endingWith suffix: String) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.path < $1.path }
    }

    /// Every quoted value of `argument` in `text`: `file: "x.swift"` → `x.swift`.
    static func values(of argument: String, in text: String) -> [String] {
        text.components(separatedBy: argument + ": \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }
}

/// The text a tutorial shows for a step source: `Scripts/tutorials/sync-steps.py`'s rule, again.
enum StepText {
    static let mark = "// tutorial:hide"

    static func shown(_ source: String) -> String {
        var lines: [String] = []
        var depth = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let stripped = line.replacing(/\s+$/, with: "")
            if stripped.hasSuffix(mark) {
                let code = stripped.dropLast(mark.count).replacing(/\s+$/, with: "")
                if code.hasSuffix("{") { depth += 1 } else if code.hasPrefix("}") { depth -= 1 }
                continue
            }
            let indent = String(repeating: " ", count: 4 * depth)
            lines.append(line.hasPrefix(indent) ? String(line.dropFirst(indent.count)) : line)
        }
        return lines.joined(separator: "\n")
    }

    /// Where a step's code comes from: a whole file, or one region of it.
    struct Source {
        let url: URL
        /// The name after `// tutorial:begin`, for a step that shows one part of a file (the
        /// targets a lesson is about, not the whole manifest).
        let region: String?

        var path: String { url.path + (region.map { "#" + $0 } ?? "") }

        /// What the tutorial shows: the region's lines, or the whole file, hidden lines taken out.
        func shownText() throws -> String {
            let text = try Catalog.text(url)
            guard let region else { return StepText.shown(text) }
            return StepText.shown(try StepText.region(region, of: text, in: url))
        }
    }

    /// Resource file name → source, as `sync-steps.py` pairs them.
    static func sources() throws -> [String: Source] {
        var found: [String: Source] = [:]
        for url in Catalog.files(in: Catalog.steps, endingWith: ".swift") {
            found[url.lastPathComponent] = Source(url: url, region: nil)
        }
        let listing = try Catalog.text(Catalog.steps.appendingPathComponent("snippets.txt"))
        for line in listing.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2 || parts.count == 3 {
                found[String(parts[0])] = Source(url: PackageRoot.file(String(parts[1])),
                                                 region: parts.count == 3 ? String(parts[2]) : nil)
            }
        }
        return found
    }

    /// The lines between `// tutorial:begin <name>` and `// tutorial:end <name>`, without the
    /// indentation they share.
    static func region(_ name: String, of text: String, in url: URL) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// tutorial:begin \(name)" }),
              let end = lines[begin...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// tutorial:end \(name)" })
        else { throw MissingRegion(name: name, file: url.path) }
        let body = lines[(begin + 1)..<end]
        let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return body.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }.joined(separator: "\n")
    }

    struct MissingRegion: Error, CustomStringConvertible {
        let name: String
        let file: String
        var description: String { "\(file) has no region '\(name)' (// tutorial:begin \(name) … // tutorial:end \(name))" }
    }
}
