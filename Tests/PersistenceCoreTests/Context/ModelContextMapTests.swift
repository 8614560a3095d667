import Foundation
import LabSupport
import Testing

/// The map at the top of `Context/ModelContext.swift`, which follows a save, a fetch and a merge
/// down to the store and SQLite: every file it names exists, so it cannot point a reader to a
/// file that moved.
@Suite("ModelContext's map of the core")
struct ModelContextMapTests {
    static let core = PackageRoot.file("Sources/PersistenceCore")

    /// The `Folder/File.swift` paths the map's comment names.
    static func pathsInMap() throws -> [String] {
        let source = try String(contentsOf: core.appendingPathComponent("Context/ModelContext.swift"), encoding: .utf8)
        let comment = source.split(separator: "\n").prefix { !$0.hasPrefix("public final class ModelContext") }
            .filter { $0.hasPrefix("//") }.joined(separator: "\n")
        return comment.matches(of: /[A-Z][A-Za-z]+\/[A-Za-z+]+\.swift/).map { String($0.output) }
    }

    @Test("Every file the map names exists")
    func everyPathExists() throws {
        let paths = try Self.pathsInMap()
        #expect(paths.count > 30)
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: Self.core.appendingPathComponent(path).path), "the map names \(path), which is not there")
        }
    }

    @Test("The map goes down to the store and SQLite, and names fast paths")
    func reachesTheBottom() throws {
        let folders = Set(try Self.pathsInMap().map { String($0.split(separator: "/")[0]) })
        #expect(folders.isSuperset(of: ["Context", "Store", "SQLite", "FastPaths", "Fetch", "Merging", "Relationships", "History"]))
    }
}
