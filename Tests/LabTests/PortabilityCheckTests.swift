import Foundation
import LabSupport
import TestSupport
import Testing

/// `Scripts/tests/portability-check.py`, which CI runs before any build: it passes on the tree,
/// and fails on a copy where a Darwin-only module's import is missing (a Mac would not compile
/// that file, and Linux never compiles it).
@Suite("The portability check")
struct PortabilityCheckTests {
    static let script = PackageRoot.file("Scripts/tests/portability-check.py").path
    static let darwinFile = "Sources/PersistenceCore/Store/CommitAnnouncement+Darwin.swift"

    @Test("The tree passes")
    func treePasses() async throws {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.script])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    }

    @Test("A copy whose notify(3) file lacks `import notify` fails, naming the file, the API and the module")
    func missingNotifyImportFails() async throws {
        let directory = TemporaryDirectory()
        let copy = directory.file(Self.darwinFile)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        let source = try String(contentsOf: PackageRoot.file(Self.darwinFile), encoding: .utf8)
        let broken = source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.trimmingCharacters(in: .whitespaces) != "import notify" }.joined(separator: "\n")
        #expect(broken != source, "the file imports notify")
        try broken.write(to: copy, atomically: true, encoding: .utf8)
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.script, "--root", directory.url.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("\(Self.darwinFile):"))
        #expect(run.standardOutput.contains("notify_post is Darwin-only"))
        #expect(run.standardOutput.contains("import notify"))
    }
}
