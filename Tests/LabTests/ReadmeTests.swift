import Foundation
import LabSupport
import Lessons
import Testing
import Workshop

/// README.md says how many lessons, exercises and model layers there are, and lists every target,
/// every folder of PersistenceCore and every article of its documentation: each of these is
/// checked against the tree, so the page cannot drift from what it describes.
@Suite("README.md agrees with the tree")
struct ReadmeTests {
    static let readme = (try? String(contentsOf: PackageRoot.file("README.md"), encoding: .utf8)) ?? ""

    @Test("The excerpt of lab's output counts every lesson of the catalog")
    func lessonCount() throws {
        let counted = try #require(Self.numbers(after: "━━ 1/", in: Self.readme).first)
        #expect(counted == LessonCatalog.all.count)
    }

    @Test("The workshop's exercises are counted as the workshop's catalog has them")
    func exerciseCount() throws {
        let counted = try #require(Self.numbers(before: " workshop exercises", in: Self.readme).first)
        #expect(counted == WorkshopCatalog.all.count)
    }

    @Test("The compatibility layers are counted as Tests/CompatibilityTests has them")
    func compatibilityLayerCount() throws {
        let layers = try Self.folders(in: "Tests/CompatibilityTests").filter { $0 != "Support" && $0 != "Snippets" }
        let counts = Self.numbers(before: " SwiftData model layers", in: Self.readme)
            + Self.numbers(before: " such layers", in: Self.readme)
        #expect(counts.count == 2)
        for count in counts { #expect(count == layers.count, "README counts \(count); the folder has \(layers.sorted())") }
    }

    @Test("The layout table lists every target of Package.swift, and no other")
    func everyTarget() throws {
        let manifest = try String(contentsOf: PackageRoot.file("Package.swift"), encoding: .utf8)
        let declared = Set(manifest.matches(of: /\.(?:target|testTarget|executableTarget|macro|systemLibrary)\(\s*name:\s*"([^"]+)"/)
            .map { String($0.1) })
        let listed = Set(Self.table(after: "| Folder | Target | What is there |").flatMap { row in
            row[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        })
        #expect(declared.subtracting(listed).sorted() == [], "targets the README does not list")
        #expect(listed.subtracting(declared).sorted() == [], "targets the README lists that Package.swift does not declare")
    }

    @Test("The PersistenceCore table lists every folder of the module, and no other")
    func everyCoreFolder() throws {
        let entries = Set(try Self.folders(in: "Sources/PersistenceCore", includingFiles: true))
        let listed = Set(Self.table(after: "| Folder of PersistenceCore | What is there |").map { $0[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")) })
        #expect(entries.subtracting(listed).sorted() == [], "folders the README does not list")
        #expect(listed.subtracting(entries).sorted() == [], "folders the README lists that do not exist")
    }

    @Test("The documentation's row names every article of PersistenceCore.docc by its title")
    func everyArticle() throws {
        let folder = "Sources/PersistenceCore/PersistenceCore.docc"
        let row = try #require(Self.table(after: "| Folder of PersistenceCore | What is there |").first { $0[0] == "`PersistenceCore.docc`" })
        for file in try Self.folders(in: folder, includingFiles: true) where file.hasSuffix(".md") && file != "PersistenceCore.md" {
            let text = try String(contentsOf: PackageRoot.file("\(folder)/\(file)"), encoding: .utf8)
            let title = try #require(text.split(separator: "\n").first?.dropFirst(2))
            #expect(row[1].localizedCaseInsensitiveContains(title), "the row does not name \(file) (“\(title)”)")
        }
    }

    @Test("Benchmarks/README.md holds how to run, the goals and the latest table, and its history lives beside it")
    func benchmarksReadme() throws {
        let page = try String(contentsOf: PackageRoot.file("Benchmarks/README.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        #expect(lines.count < 400, "a reader finds the current numbers in a page, not a log: \(lines.count) lines")
        for section in ["## Running", "## Goals", "## Latest results"] {
            #expect(lines.contains(section), "no section \(section)")
        }
        #expect(page.contains("(HISTORY.md)"), "the README links the log of past rounds")
        #expect(FileManager.default.fileExists(atPath: PackageRoot.file("Benchmarks/HISTORY.md").path))
    }

    // MARK: Reading the page

    /// The numbers written right after `prefix`, in the order they appear.
    static func numbers(after prefix: String, in text: String) -> [Int] {
        text.components(separatedBy: prefix).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    /// The numbers written right before `suffix`.
    static func numbers(before suffix: String, in text: String) -> [Int] {
        text.components(separatedBy: suffix).dropLast().compactMap { part in
            Int(String(part.reversed().prefix { $0.isNumber }.reversed()))
        }
    }

    /// The rows of the Markdown table whose header line is `header`, each as its cells.
    static func table(after header: String) -> [[String]] {
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: header) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The names in a folder of the package: its folders, and its files too when asked.
    static func folders(in path: String, includingFiles: Bool = false) throws -> [String] {
        let url = PackageRoot.file(path)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
            return !name.hasPrefix(".") && (includingFiles || isFolder.boolValue)
        }
    }
}
