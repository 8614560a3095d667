import Foundation
import LabSupport
import Testing

/// `LabSupport` is what the lessons, the workshop, `lab` and the tests share that is not
/// persistence: it takes the core's one lock type, `Locked`, for its child processes, and nothing
/// else of the core (a lesson's persistence helpers live in the lesson or in the core).
@Suite("LabSupport holds no persistence")
struct LabSupportBoundaryTests {
    @Test("Its files import nothing of PersistenceCore but `import class PersistenceCore.Locked`")
    func onlyTheLock() throws {
        let files = PackageRoot.files(under: "Sources/LabSupport", endingWith: ".swift")
        #expect(files.count >= 5)
        var found: [String] = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            where line.contains("import") && line.contains("PersistenceCore") && line != "import class PersistenceCore.Locked" {
                found.append("\(file.lastPathComponent): \(line)")
            }
        }
        #expect(found.isEmpty, "LabSupport imports the core: \(found)")
    }
}
