import Foundation
import LabSupport
import TestSupport
import Testing

/// `Scripts/tutorials/sync-course.py`, which writes what the course derives from its lessons (the
/// workshop's list and fingerprints, the table of contents, README's counts, the step copies):
/// the tree is current, and a copy whose README miscounts the lessons is named as out of date.
@Suite("The course's derived files")
struct CourseSyncTests {
    static let script = "Scripts/tutorials/sync-course.py"

    static func run(root: URL) async throws -> ChildProcess.Finished {
        try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                   ["python3", root.appendingPathComponent(script).path, "--check", "--root", root.path])
    }

    @Test("The tree is current: sync-course.py --check passes")
    func treeIsCurrent() async throws {
        let run = try await Self.run(root: PackageRoot.url)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    }

    @Test("A copy whose README quotes another lesson count fails, naming README.md; writing fixes it")
    func staleCountFails() async throws {
        let directory = TemporaryDirectory()
        for folder in ["Sources", "Tutorials", "Scripts/tutorials", "README.md", "Package.swift"] {
            let copy = directory.file(folder)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: PackageRoot.file(folder), to: copy)
        }
        let readme = directory.file("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let miscounted = text.replacingOccurrences(of: #"━━ 1/\d+ "#, with: "━━ 1/99 ", options: .regularExpression)
        #expect(miscounted != text, "README quotes the first lesson's header")
        try miscounted.write(to: readme, atomically: true, encoding: .utf8)

        let stale = try await Self.run(root: directory.url)
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("README.md is out of date"), "\(stale.standardOutput)")

        let write = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                               ["python3", directory.file(Self.script).path, "--root", directory.url.path])
        #expect(write.status == 0, "\(write.standardError)")
        #expect(try await Self.run(root: directory.url).status == 0)
        #expect(try String(contentsOf: readme, encoding: .utf8) == text)
    }
}
