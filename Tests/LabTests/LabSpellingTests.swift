import Foundation
import LabSupport
import Testing

/// The lab's own spellings (`LabSpelling.all`) are never shown as Core Data's or SwiftData's:
/// wherever a learner reads one, its paragraph says it is the lab's, or gives the framework's real
/// name beside it.
@Suite("The lab's spellings are marked wherever a learner meets them")
struct LabSpellingTests {
    /// The texts a learner reads: README, the tutorials and rules and the code their steps show,
    /// the workshop's exercises (with their hints) and solutions, what each lesson prints, and
    /// `lab`'s own commands.
    static func learnerTexts() throws -> [URL] {
        let root = PackageRoot.url
        var files = [root.appendingPathComponent("README.md")]
        for folder in ["Tutorials", "Sources/Lessons", "Sources/lab"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                let path = url.path
                let prose = path.hasSuffix(".md") || path.hasSuffix(".tutorial")
                let printed = path.hasSuffix(".swift") && (url.lastPathComponent.contains("Report")
                    || (path.contains("/Tutorials/Workshop/") && !path.hasSuffix("Checker.swift") && !path.contains("/Support/"))
                    || path.contains(".docc/Resources/code/")
                    || path.contains("/Sources/lab/"))
                if prose || printed { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test("No paragraph a learner reads shows a lab spelling unmarked")
    func everyMentionIsMarked() throws {
        var unmarked: [String] = []
        for file in try Self.learnerTexts() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = String(file.path.dropFirst(PackageRoot.url.path.count + 1))
            unmarked += LabSpelling.unmarkedMentions(in: text).map { "\(relative):\($0.line): \($0.mention)" }
        }
        #expect(unmarked.isEmpty, "mark each as the lab's, or give Core Data's or SwiftData's real line beside it (LabSpelling.all):\n\(unmarked.joined(separator: "\n"))")
    }

    @Test("A paragraph with a lab spelling and neither marker is found; either marker clears it")
    func theCheckCanFail() {
        let text = """
            Make a background context with `ModelContext(container, concurrencyType: .privateQueue)`.

            Make one with `ModelContext(container, concurrencyType: .privateQueue)` (the lab's spelling).

            Call `obtainPermanentIdentifiers(for:)`, Core Data's `obtainPermanentIDs(for:)`.

            Load it with `existingModel(for: id, as: Item.self)`.
            """
        let found = LabSpelling.unmarkedMentions(in: text)
        #expect(found.map(\.line) == [1, 7])
        #expect(found.map(\.mention) == ["ModelContext(container, concurrencyType", "existingModel(for:"])
    }

    @Test("Every spelling names what Core Data and SwiftData write instead")
    func everySpellingHasItsFrameworksLines() {
        for spelling in LabSpelling.all {
            #expect(!spelling.mentions.isEmpty && !spelling.realNames.isEmpty && !spelling.coreData.isEmpty && !spelling.swiftData.isEmpty,
                    "\(spelling.lab)")
        }
    }
}
