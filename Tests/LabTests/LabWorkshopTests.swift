import Foundation
import PersistenceCore
import SampleModels
import Scenarios
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
        let hints: [String]
        let hintCount: Int
        let untouched: Bool?
    }

    @Test("The workshop has one exercise per lesson, with the lesson's id, in the catalog's order")
    func oneOrder() {
        #expect(WorkshopCatalog.all.map(\.id) == ScenarioCatalog.infos.map(\.id))
    }

    @Test("The widget the lesson and widget-change's checker drive: a real lab widget-write commits and answers with its token")
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
}
