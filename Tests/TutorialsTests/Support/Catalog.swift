import Foundation

/// The DocC catalog and the step sources, read from this checkout.
enum Catalog {
    /// `<root>/Tests/TutorialsTests/Support/Catalog.swift` → `<root>`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let target = packageRoot.appendingPathComponent("Tutorials/ConcurrencyLabTutorials")
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

/// The text a tutorial shows for a step source: `Tutorials/Scripts/sync-steps.py`'s rule, again.
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

    /// Resource file name → source file, as `sync-steps.py` pairs them.
    static func sources() throws -> [String: URL] {
        var found: [String: URL] = [:]
        for url in Catalog.files(in: Catalog.steps, endingWith: ".swift") {
            found[url.lastPathComponent] = url
        }
        let listing = try Catalog.text(Catalog.steps.appendingPathComponent("snippets.txt"))
        for line in listing.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2 {
                found[String(parts[0])] = Catalog.packageRoot.appendingPathComponent(String(parts[1]))
            }
        }
        return found
    }
}
