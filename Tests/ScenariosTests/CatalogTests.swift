import Foundation
import LabSupport
import Scenarios
import Testing

@Suite("The scenario catalog")
struct CatalogTests {
    @Test("Every scenario has a unique id, a title, a why, a rule and articles")
    func complete() {
        let infos = ScenarioCatalog.infos
        #expect(infos.count == 20)
        #expect(Set(infos.map(\.id)).count == infos.count)
        for info in infos {
            #expect(!info.title.isEmpty && !info.why.isEmpty && !info.rule.isEmpty && !info.articles.isEmpty, "\(info.id)")
            #expect(!info.whereToLook.isEmpty, "\(info.id)")
        }
    }

    @Test("Every lesson says, for its wrong way and its right way, which framework's behaviour it shows", arguments: ScenarioCatalog.infos.map(\.id))
    func frameworksNamed(_ id: String) throws {
        let frameworks = try #require(ScenarioCatalog.scenario(id: id)?.info.frameworks)
        let names = ["Core Data", "SwiftData", "Swift 6", "Swift actors"]
        #expect(names.contains { frameworks.wrongWay.contains($0) }, "\(id)'s wrong way names no framework: \(frameworks.wrongWay)")
        #expect(names.contains { frameworks.rightWay.contains($0) }, "\(id)'s right way names no framework: \(frameworks.rightWay)")
    }

    @Test("The catalog is in course order")
    func order() {
        #expect(ScenarioCatalog.infos.map(\.id) == [
            "wrong-queue-mutation", "task-vs-detached", "nonisolated-async", "id-passing", "model-actor-executor", "actor-reentrancy",
            "wrong-context-queue", "starved-pool", "merge-conflicts", "change-merging", "list-that-does-not-update", "widget-change", "deleted-model", "relationship-faults", "edit-scratchpad", "private-parent-stack", "nested-deadlock", "background-storage", "reads-during-import", "compiler-lessons",
        ])
    }

    @Test("Every lesson's description points at files that exist", arguments: ScenarioCatalog.infos.map(\.id))
    func whereToLookExists(_ id: String) throws {
        let info = try #require(ScenarioCatalog.scenario(id: id)?.info)
        #expect(info.whereToLook.filter { !FileManager.default.fileExists(atPath: PackageRoot.file($0).path) } == [])
    }

    @Test("An unknown id suggests the nearest ones")
    func suggestions() {
        #expect(ScenarioCatalog.suggestions(for: "merge-conflict").first == "merge-conflicts")
        #expect(ScenarioCatalog.suggestions(for: "id-pasing").first == "id-passing")
        #expect(ScenarioCatalog.scenario(id: "nope") == nil)
    }
}
