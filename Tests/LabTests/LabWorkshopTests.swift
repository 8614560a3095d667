import Foundation
import LabSupport
import PersistenceCore
import SampleModels
import Lessons
import TestSupport
import Testing
import Workshop

/// `lab workshop`, run as a real process against the exercise files of this checkout.
@Suite("The lab workshop command")
struct LabWorkshopTests {
    struct DecodedStatus: Decodable {
        let id: String
        let status: String
        let findings: [String]
        let compileErrors: [String]
        let hints: [String]
        let hintCount: Int
        let untouched: Bool?
    }

    @Test("The workshop has one exercise per lesson, with the lesson's id, in the catalog's order")
    func oneOrder() {
        #expect(WorkshopCatalog.all.map(\.id) == LessonCatalog.infos.map(\.id))
    }

    @Test("The widget the lesson and widget-change's checker drive: a real lesson-helper widget-change commits and answers with its token")
    func widgetProcess() async throws {
        let directory = TemporaryDirectory()
        let store = directory.file("Widget.sqlite")
        let container = try ModelContainer(for: Item.self, configuration: .file(store))
        let widget = try await WidgetProcess(store: store)
        let token = try await widget.run("add cheese").token
        try await widget.finish()
        let context = container.newBackgroundContext()
        let transactions = try context.performAndWait { try context.fetchHistory(HistoryDescriptor()) }
        #expect(transactions.map(\.token) == [token])
        #expect(transactions.map(\.author) == [WidgetWriter.author])
    }

    @Test("lab workshop --json lists every exercise in order, each with a status and, if to do, findings and a hint")
    func listJSON() async throws {
        let result = try await LabProcess.run(["workshop", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let statuses = try JSONDecoder().decode([DecodedStatus].self, from: Data(result.standardOutput.utf8))
        #expect(statuses.map(\.id) == WorkshopCatalog.all.map(\.id))
        for status in statuses {
            #expect(["done", "to do"].contains(status.status))
            if status.status == "to do" {
                // The hints are the file's: a learner may have deleted them
                #expect(!status.findings.isEmpty && status.hints.count == min(1, status.hintCount), "\(status.id)")
            }
            if status.untouched == true {
                #expect(status.status == "to do", "\(status.id): an untouched exercise cannot be done")
            }
        }
    }

    @Test("Two lab processes checking the same exercise at once, with nothing compiled yet, both check it (each compiles under a name of its own)")
    func twoChecksAtOnce() async throws {
        let temporary = TemporaryDirectory()
        let environment = ["TMPDIR": temporary.url.path]
        async let first = LabProcess.run(["workshop", "task-vs-detached", "--json"], environment: environment)
        async let second = LabProcess.run(["workshop", "task-vs-detached", "--json"], environment: environment)
        for result in try await [first, second] {
            #expect(result.status == 0, "\(result.standardError)")
            let status = try JSONDecoder().decode(DecodedStatus.self, from: Data(result.standardOutput.utf8))
            #expect(status.status == "to do", "\(result.standardOutput)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.file("ConcurrencyLab-exercises").path)
        #expect(left.filter { $0.hasSuffix(".so") }.count == 1, "one library kept: \(left)")
        #expect(!left.contains { $0.hasSuffix(".swift") }, "no wrapped source left: \(left)")
    }

    @Test("lab workshop prints the list and the next exercise's hint")
    func listText() async throws {
        let result = try await LabProcess.run(["workshop"])
        #expect(result.status == 0)
        for exercise in WorkshopCatalog.all {
            #expect(result.standardOutput.contains(exercise.id))
        }
        if result.standardOutput.contains("to do") {
            #expect(result.standardOutput.contains("Next: "))
            #expect(result.standardOutput.contains("Hint 1: ") || result.standardOutput.contains("No hints left in the file"))
        }
    }

    @Test("lab workshop <id> --hints 3 shows three hints; an unknown id exits 1")
    func oneExercise() async throws {
        let exercise = try #require(WorkshopCatalog.all.first)
        let result = try await LabProcess.run(["workshop", exercise.id, "--hints", "3", "--json"])
        #expect(result.status == 0)
        let status = try JSONDecoder().decode(DecodedStatus.self, from: Data(result.standardOutput.utf8))
        #expect(status.status == "done" || status.hints == Array(exercise.hints.prefix(3)))
        #expect(try await LabProcess.run(["workshop", "no-such-exercise"]).status == 1)
    }

    // MARK: Each exercise on its own

    @Test("The checker fails on each exercise file as shipped, compiled on its own, and says why in plain words",
          arguments: WorkshopCatalog.all)
    func shippedExerciseFails(_ exercise: Exercise) async throws {
        guard exercise.isUntouched == true else { return }  // a learner's edit: theirs to get right
        let result = try await LabProcess.run(["workshop", exercise.id, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let status = try JSONDecoder().decode(DecodedStatus.self, from: Data(result.standardOutput.utf8))
        #expect(status.status == "to do", "\(exercise.id): \(status.status) \(status.compileErrors)")
        #expect(!status.findings.isEmpty)
        for finding in status.findings {
            #expect(finding.hasSuffix(".") && finding.count > 40, "\(exercise.id): a finding in plain words: \(finding)")
        }
    }

    /// A learner's own files, all checked as test failures: `LAB_WORKSHOP=1 swift test --filter LabWorkshopTests`.
    @Test("Your exercises are done (LAB_WORKSHOP=1)", .enabled(if: ProcessInfo.processInfo.environment["LAB_WORKSHOP"] == "1"),
          arguments: WorkshopCatalog.all)
    func yourExerciseIsDone(_ exercise: Exercise) async throws {
        let result = try await LabProcess.run(["workshop", exercise.id, "--json"])
        let status = try JSONDecoder().decode(DecodedStatus.self, from: Data(result.standardOutput.utf8))
        #expect(status.status == "done", "\(exercise.title) (\(exercise.file)) is not done yet: \((status.compileErrors + status.findings).joined(separator: " "))")
    }

    @Test("In a copy of the tree, a broken exercise shows the compiler's error, a half-done one what is left, a solved one done; every other command still runs")
    func brokenHalfDoneAndSolved() async throws {
        let copy = try WorkshopCopy()
        try copy.write("wrong-queue-mutation", replacing: "item.count = value", with: "item.count = valu")
        try copy.write("task-vs-detached", replacing: "", with: "// started, not finished\n")
        let environment = copy.environment

        let broken = try await LabProcess.run(["workshop", "wrong-queue-mutation", "--json"], environment: environment)
        let brokenStatus = try JSONDecoder().decode(DecodedStatus.self, from: Data(broken.standardOutput.utf8))
        #expect(brokenStatus.status == "does not compile yet")
        #expect(brokenStatus.compileErrors.first?.hasPrefix("Tutorials/Workshop/wrong-queue-mutation/CountUpdater.swift:") == true)
        #expect(brokenStatus.compileErrors.first?.contains("error: cannot find 'valu' in scope") == true)

        let halfDone = try await LabProcess.run(["workshop", "task-vs-detached", "--json"], environment: environment)
        let halfStatus = try JSONDecoder().decode(DecodedStatus.self, from: Data(halfDone.standardOutput.utf8))
        #expect(halfStatus.status == "to do" && !halfStatus.findings.isEmpty && halfStatus.untouched == false)

        try copy.solve("wrong-queue-mutation")
        let solved = try await LabProcess.run(["workshop", "wrong-queue-mutation", "--json"], environment: environment)
        #expect(try JSONDecoder().decode(DecodedStatus.self, from: Data(solved.standardOutput.utf8)).status == "done")

        try copy.write("wrong-queue-mutation", replacing: "", with: "this does not compile\n")
        let overview = try await LabProcess.run(["workshop"], environment: environment)
        #expect(overview.status == 0)
        #expect(overview.standardOutput.contains("does not compile yet"))
        let other = try await LabProcess.run(["workshop", "id-passing", "--json"], environment: environment)
        #expect(try JSONDecoder().decode(DecodedStatus.self, from: Data(other.standardOutput.utf8)).status == "to do")
        let lesson = try await LabProcess.run(["run", "merge-conflicts", "--in-memory"], environment: environment)
        #expect(lesson.status == 0)
    }

    /// What keeps a half-typed exercise from breaking `swift test` and `swift run lab`: no
    /// target compiles it.
    @Test("The package leaves every exercise file out of the Workshop target, and compiles its solution and checker")
    func exercisesAreInNoTarget() async throws {
        struct Manifest: Decodable {
            struct Target: Decodable { let name: String; let exclude: [String] }
            let targets: [Target]
        }
        // A scratch path of its own: `swift test`, which runs this, holds the package's own.
        let scratch = TemporaryDirectory()
        let dump = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                              ["swift", "package", "--package-path", PackageRoot.url.path,
                                               "--scratch-path", scratch.url.path, "dump-package"], within: .seconds(120))
        #expect(dump.status == 0, "\(dump.standardError)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(dump.standardOutput.utf8))
        let workshop = try #require(manifest.targets.first { $0.name == "Workshop" })
        for exercise in WorkshopCatalog.all {
            let inTarget = String(exercise.file.dropFirst("Tutorials/Workshop/".count))
            #expect(workshop.exclude.contains(inTarget), "\(exercise.file) is compiled into Workshop")
            #expect(!workshop.exclude.contains { $0.hasSuffix("+Solution.swift") || $0.hasSuffix("Checker.swift") })
        }
    }

    @Test("lab workshop reset restores the shipped file and keeps the learner's version")
    func reset() async throws {
        let copy = try WorkshopCopy()
        try copy.write("id-passing", replacing: "", with: "// my attempt\n")
        let result = try await LabProcess.run(["workshop", "reset", "id-passing"], environment: copy.environment)
        #expect(result.status == 0, "\(result.standardError)")
        let exercise = try #require(WorkshopCatalog.exercise(id: "id-passing"))
        #expect(try Data(contentsOf: copy.root.appendingPathComponent(exercise.file)) == Data(contentsOf: PackageRoot.file(exercise.file)))
        let backups = try FileManager.default.contentsOfDirectory(atPath: copy.root.appendingPathComponent(".lab/backups/id-passing").path)
        #expect(backups.count == 1)
        let kept = try String(contentsOf: copy.root.appendingPathComponent(".lab/backups/id-passing/\(backups[0])"), encoding: .utf8)
        #expect(kept.hasPrefix("// my attempt"))
    }

    @Test("--watch checks the exercise again when its file is saved, and says done once it passes")
    func watch() async throws {
        let copy = try WorkshopCopy()
        let progress = copy.root.appendingPathComponent("progress.json").path
        let child = try ChildProcess(try BuiltProduct.url("lab", override: "LAB_EXECUTABLE"),
                                     ["workshop", "--watch", "wrong-queue-mutation", "--stop-after-checks", "2"],
                                     environment: ["LAB_WORKSHOP_ROOT": copy.root.path, "LAB_PROGRESS": progress, "NO_COLOR": "1"])
        let first = try #require(await child.nextLine(where: { $0.contains("wrong-queue-mutation") && $0.contains("to do") }, within: .seconds(120)))
        #expect(first.contains("to do"))
        try copy.solve("wrong-queue-mutation")
        let second = try #require(await child.nextLine(where: { $0.contains("wrong-queue-mutation") && $0.contains("done") }, within: .seconds(120)))
        #expect(second.contains("after the save"))
        #expect(await child.termination(within: .seconds(60)) != nil)
    }
}

/// A copy of the workshop's files in a temporary folder, committed to a git repository of its own
/// (so that `lab workshop reset` finds the shipped files), which `lab` checks through
/// `LAB_WORKSHOP_ROOT`: the tests break, half-do and solve exercises there, never in this checkout.
struct WorkshopCopy {
    let directory = TemporaryDirectory()
    var root: URL { directory.url }

    init() throws {
        let workshop = root.appendingPathComponent("Tutorials/Workshop")
        try FileManager.default.createDirectory(at: workshop.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PackageRoot.file("Tutorials/Workshop"), to: workshop)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=lab", "-c", "user.email=lab@example.com", "commit", "-qm", "shipped"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", root.path] + arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CopyFailed(step: arguments.joined(separator: " ")) }
        }
    }

    struct CopyFailed: Error { let step: String }

    var environment: [String: String] { ["LAB_WORKSHOP_ROOT": root.path] }

    func file(of id: String) throws -> URL {
        root.appendingPathComponent(try #require(WorkshopCatalog.exercise(id: id)).file)
    }

    /// Replaces the first `text` in the exercise's file with `replacement` (an empty `text`
    /// puts the replacement first).
    func write(_ id: String, replacing text: String, with replacement: String) throws {
        let url = try file(of: id)
        var source = try String(contentsOf: url, encoding: .utf8)
        if text.isEmpty {
            source = replacement + source
        } else {
            let range = try #require(source.range(of: text))
            source.replaceSubrange(range, with: replacement)
        }
        try source.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Writes a solution of wrong-queue-mutation's exercise into its file.
    func solve(_ id: String) throws {
        try """
            import PersistenceCore
            import SampleModels

            struct CountUpdater: CountUpdating {
                func setCount(_ value: Int, of item: Item, in context: ModelContext) {
                    let id = item.persistentModelID
                    context.performAndWait { (context.model(for: id) as? Item)?.count = value }
                }
            }

            """.write(to: try file(of: id), atomically: true, encoding: .utf8)
    }
}
