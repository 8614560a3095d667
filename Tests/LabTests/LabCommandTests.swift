import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PersistenceCore
import Lessons
import Testing
import TestSupport

/// Each command run as a real process: its output and its exit code.
@Suite("The lab command")
struct LabCommandTests {
    @Test("lab list prints every lesson in course order")
    func list() async throws {
        let result = try await LabProcess.run(["list"])
        #expect(result.status == 0)
        let ids = LessonCatalog.infos.map(\.id)
        let positions = ids.compactMap { result.standardOutput.range(of: $0)?.lowerBound }
        #expect(positions.count == ids.count)
        #expect(positions == positions.sorted())
    }

    @Test("lab list --json decodes to the catalog")
    func listJSON() async throws {
        let result = try await LabProcess.run(["list", "--json"])
        #expect(result.status == 0)
        let infos = try JSONDecoder().decode([LessonInfo].self, from: Data(result.standardOutput.utf8))
        #expect(infos == LessonCatalog.infos)
    }

    @Test("lab explain prints the rule, the why and where to look")
    func explain() async throws {
        let result = try await LabProcess.run(["explain", "id-passing"])
        #expect(result.status == 0)
        let info = try #require(LessonCatalog.lesson(id: "id-passing")).info
        #expect(result.standardOutput.contains("The rule"))
        #expect(result.standardOutput.contains(info.whereToLook[0]))
    }

    @Test("lab explore prints each race's table, saves the first schedule that lost an update, and replays it to the same loss")
    func exploreSaveAndReplay() async throws {
        let directory = TemporaryDirectory()
        let saved = directory.file("schedule.json")
        let explored = try await LabProcess.run(["explore", "merge-conflicts", "--save", saved.path])
        #expect(explored.status == 0, "\(explored.standardError)")
        #expect(explored.standardOutput.contains("lost one in"))
        #expect(explored.standardOutput.contains("first schedule that lost one"))
        let replayed = try await LabProcess.run(["explore", "--replay", saved.path])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        #expect(replayed.standardOutput.contains("replayed: lost one (saved: lost one)"))

        try Data("{}".utf8).write(to: saved)
        let malformed = try await LabProcess.run(["explore", "--replay", saved.path])
        #expect(malformed.status == 1)
        #expect(malformed.standardError.contains("is not a schedule saved by `lab explore --save`"))
        let noRace = try await LabProcess.run(["explore", "id-passing"])
        #expect(noRace.status == 1)
        #expect(noRace.standardError.contains("has no race to explore"))
    }

    @Test("An unknown lesson id exits 1 and suggests the nearest ones")
    func unknownID() async throws {
        let result = try await LabProcess.run(["explain", "merge-conflict"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("did you mean merge-conflicts?"))
        #expect(result.standardError.split(separator: "\n").count == 1, "one line, no trace")
    }

    @Test("A usage error exits 2")
    func usageError() async throws {
        #expect(try await LabProcess.run(["--no-such-flag"]).status == 2)
        #expect(try await LabProcess.run(["run", "--no-such-flag"]).status == 2)
        #expect(try await LabProcess.run(["--store", "/tmp", "--in-memory"]).status == 2)
    }

    @Test("lab run --json runs the named lesson and reports it demonstrated")
    func runJSON() async throws {
        let result = try await LabProcess.run(["run", "merge-conflicts", "--in-memory", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let runs = try JSONDecoder().decode([DecodedRun].self, from: Data(result.standardOutput.utf8))
        #expect(runs.map(\.info.id) == ["merge-conflicts"])
        #expect(runs.first?.report?.demonstrated == true)
    }

    @Test("Output to a pipe has no colour codes")
    func noColourOnPipes() async throws {
        let result = try await LabProcess.run(["explain", "merge-conflicts"])
        #expect(!result.standardOutput.contains("\u{1B}["))
    }

    @Test("lab inspect shows a store's Core Data layout, and --json decodes")
    func inspect() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-inspect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await LabProcess.run(["run", "merge-conflicts", "--store", folder.path])
        #expect(run.status == 0, "\(run.standardError)")
        let store = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".sqlite") })
        let path = folder.appendingPathComponent(store).path
        let text = try await LabProcess.run(["inspect", path])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("Z_PRIMARYKEY"))
        #expect(text.standardOutput.contains("Z_METADATA"))
        let json = try await LabProcess.run(["inspect", path, "--json"])
        let inspection = try JSONDecoder().decode(StoreInspection.self, from: Data(json.standardOutput.utf8))
        #expect(inspection.tables.contains { $0.name == "ZPERSON" })
    }

    @Test("lab inspect shows where relationships live: the Z<NAME> column and the join table")
    func inspectRelationships() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-inspect-trips-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await LabProcess.run(["run", "deleted-model", "--store", folder.path])
        #expect(run.status == 0, "\(run.standardError)")
        let store = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".sqlite") })
        let text = try await LabProcess.run(["inspect", folder.appendingPathComponent(store).path])
        #expect(text.status == 0, "\(text.standardError)")
        let words = text.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // unwrapped
        #expect(words.contains("Stop.trip: Trip?, nullify, inverse stops (column ZTRIP)"))
        #expect(words.contains("Z_1TAGS"))
        #expect(words.contains("ZPOSITION INTEGER, ZTRIP"))
    }

    @Test("lab inspect of a corrupt file exits 1 with one line")
    func inspectCorrupt() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-corrupt-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = Data(repeating: 0x42, count: 4096)
        try bytes.write(to: file)
        let result = try await LabProcess.run(["inspect", file.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("not a valid SQLite database"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(FileManager.default.contents(atPath: file.path) == bytes)
    }

    @Test("--store naming a file is bad input: exit 1 with advice")
    func storeIsAFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-file-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("x".utf8).write(to: file)
        let result = try await LabProcess.run(["run", "merge-conflicts", "--store", file.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("wants a folder"))
    }
}

/// A run as `--json` prints it.
struct DecodedRun: Decodable {
    let info: LessonInfo
    let report: LessonReport?
    let error: String?
    let seconds: Double
}

extension LabCommandTests {
    @Test("lab bench --json compares the three places an import can run, and the background import into a list on the main context")
    func bench() async throws {
        let result = try await LabProcess.run(["bench", "--items", "500", "--in-memory", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = try JSONDecoder().decode([BenchRow].self, from: Data(result.standardOutput.utf8))
        #expect(rows.map(\.place) == ["main-context", "background-context", "model-actor",
                                       "background-context-list-of-all", "background-context-list-of-100"])
        #expect(rows.allSatisfy { $0.items == 500 && $0.seconds > 0 })
    }

    @Test("lab bench rejects a nonsensical item count as a usage error")
    func benchBadItems() async throws {
        #expect(try await LabProcess.run(["bench", "--items", "0"]).status == 2)
        #expect(try await LabProcess.run(["bench", "--items", "many"]).status == 2)
    }

    @Test("lab timeline --svg draws the traced imports: the main queue busy during the main-context import, the background import on its own lane")
    func timeline() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-timeline-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await LabProcess.run(["timeline", "--svg", file.path, "--items", "2000", "--in-memory"])
        #expect(result.status == 0, "\(result.standardError)")
        let document = try XMLDocument(contentsOf: file)
        #expect(document.rootElement()?.name == "svg")
        func marks(_ lane: String) throws -> [String] {
            try document.nodes(forXPath: "//*[@data-lane='\(lane)']/*[local-name()='title']").compactMap(\.stringValue)
        }
        #expect(try marks("main queue").contains { $0.contains("busy") })
        #expect(try marks("main context (main queue)").contains { $0.hasPrefix("save") })
        #expect(try marks("background import").contains { $0.hasPrefix("perform") })
        #expect(try marks("background import").contains { $0.contains("save") })
    }

    @Test("lab trace change-merging --format perfetto: JSON that parses, a lane per context the lesson made, a flow from each merged save to its merge")
    func traceChangeMerging() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-trace-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await LabProcess.run(["trace", "change-merging", "--format", "perfetto", "-o", file.path, "--in-memory"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        let threads = Dictionary(events.filter { $0["name"] as? String == "thread_name" }.compactMap { entry -> (String, Int)? in
            guard let name = (entry["args"] as? [String: Any])?["name"] as? String, let tid = entry["tid"] as? Int else { return nil }
            return (name, tid)
        }, uniquingKeysWith: { first, _ in first })
        for way in ["no merging", "merged by hand", "automatic merging"] {
            #expect(threads["view context, \(way)"] != nil && threads["background context, \(way)"] != nil, "\(way): \(threads.keys.sorted())")
        }
        // Each merge into a main context ends a flow that starts at the background context's commit.
        let flowEnds = events.filter { $0["ph"] as? String == "f" }.compactMap { ($0["tid"] as? Int, $0["args"] as? [String: Any]) }
        for way in ["merged by hand", "automatic merging"] {
            let main = try #require(threads["view context, \(way)"]), background = try #require(threads["background context, \(way)"])
            let merges = events.filter { $0["tid"] as? Int == main && ($0["name"] as? String ?? "").hasPrefix("merge ") }
            #expect(!merges.isEmpty, "\(way)")
            #expect(flowEnds.contains { $0.0 == main }, "\(way)")
            let starts = events.filter { $0["ph"] as? String == "s" && $0["tid"] as? Int == background }
            #expect(!starts.isEmpty, "\(way): a flow leaves the background commit")
        }
        let neverMerged = try #require(threads["view context, no merging"])
        #expect(!events.contains { $0["tid"] as? Int == neverMerged && ($0["name"] as? String ?? "").hasPrefix("merge ") })
    }

    @Test("lab trace --format card draws only the lanes named; an unknown lane is an error that lists the lesson's lanes")
    func traceCard() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-card-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await LabProcess.run(["trace", "change-merging", "--format", "card", "--lane", "view context, automatic merging",
                                               "--title", "Merging", "-o", file.path, "--in-memory"])
        #expect(result.status == 0, "\(result.standardError)")
        let lanes = try Set(XMLDocument(contentsOf: file).nodes(forXPath: "//*[@data-lane]/@data-lane").compactMap(\.stringValue))
        #expect(lanes == ["view context, automatic merging"])
        let unknown = try await LabProcess.run(["trace", "change-merging", "--format", "card", "--lane", "no such lane", "-o", file.path, "--in-memory"])
        #expect(unknown.status != 0 && unknown.standardError.contains("no lane named 'no such lane'") && unknown.standardError.contains("view context, no merging"))
        #expect(try await LabProcess.run(["trace", "change-merging", "--format", "card", "-o", file.path]).status == 2)
    }

    @Test("lab timeline --lesson draws a timeline lesson's traced lanes (reads-during-import, list-that-does-not-update), and names them for any other")
    func lessonTimelines() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-reads-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let reads = try await LabProcess.run(["timeline", "--lesson", "reads-during-import", "--svg", file.path, "--items", "2000", "--in-memory"])
        #expect(reads.status == 0, "\(reads.standardError)")
        var document = try XMLDocument(contentsOf: file)
        #expect(try !document.nodes(forXPath: "//*[@data-lane='importer']").isEmpty)
        #expect(try !document.nodes(forXPath: "//*[@data-lane='item list (main context)']").isEmpty)

        let list = try await LabProcess.run(["timeline", "--lesson", "list-that-does-not-update", "--svg", file.path, "--in-memory"])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains("2 of 5 without merging, 2 of 3 with automatic merging, 3 of 3 with the batch merged by hand"))
        document = try XMLDocument(contentsOf: file)
        // Deliveries only where the list's context merged: none in the lane that never merges.
        func deliveries(_ lane: String) throws -> Int {
            try document.nodes(forXPath: "//*[@data-lane='\(lane)']/*[local-name()='title']").count { ($0.stringValue ?? "").contains("delivery") }
        }
        #expect(try deliveries("list (view context), automatic merging") > 0)
        #expect(try deliveries("list (view context), batch merged by hand") > 0)

        let other = try await LabProcess.run(["timeline", "--lesson", "deleted-model", "--svg", file.path, "--in-memory"])
        #expect(other.status != 0)
        #expect(other.standardError.contains("draws list-that-does-not-update or reads-during-import"), "\(other.standardError)")
        #expect(other.standardError.contains("lab trace deleted-model --format svg"))
    }
}

/// A `lab bench --json` row.
struct BenchRow: Decodable {
    let place: String
    let items: Int
    let seconds: Double
}
