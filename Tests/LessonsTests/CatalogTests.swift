import Foundation
import LabSupport
import Lessons
import Testing

@Suite("The lesson catalog")
struct CatalogTests {
    @Test("Every lesson has a unique id, a title, a why, a rule and articles")
    func complete() {
        let infos = LessonCatalog.infos
        #expect(!infos.isEmpty)
        #expect(Set(infos.map(\.id)).count == infos.count)
        for info in infos {
            #expect(!info.title.isEmpty && !info.why.isEmpty && !info.rule.isEmpty && !info.articles.isEmpty, "\(info.id)")
            #expect(!info.whereToLook.isEmpty, "\(info.id)")
        }
    }

    @Test("Every lesson says, for its wrong way and its right way, which framework's behaviour it shows", arguments: LessonCatalog.infos.map(\.id))
    func frameworksNamed(_ id: String) throws {
        let frameworks = try #require(LessonCatalog.lesson(id: id)?.info.frameworks)
        let names = ["Core Data", "SwiftData", "Swift 6", "Swift actors"]
        #expect(names.contains { frameworks.wrongWay.contains($0) }, "\(id)'s wrong way names no framework: \(frameworks.wrongWay)")
        #expect(names.contains { frameworks.rightWay.contains($0) }, "\(id)'s right way names no framework: \(frameworks.rightWay)")
    }

    @Test("The chapters follow the articles' order, and each lesson sits in a chapter of one of its articles")
    func order() {
        let articles = LessonCatalog.chapters.map(\.article)
        #expect(articles == articles.sorted() && Set(articles).count == articles.count)
        for chapter in LessonCatalog.chapters {
            #expect(!chapter.lessons.isEmpty, "article \(chapter.article.rawValue)'s chapter has no lesson")
            for lesson in chapter.lessons {
                #expect(lesson.info.articles.contains(chapter.article), "\(lesson.info.id) is in the chapter of article \(chapter.article.rawValue)")
            }
        }
    }

    @Test("Every lesson's description points at files that exist", arguments: LessonCatalog.infos.map(\.id))
    func whereToLookExists(_ id: String) throws {
        let info = try #require(LessonCatalog.lesson(id: id)?.info)
        #expect(info.whereToLook.filter { !FileManager.default.fileExists(atPath: PackageRoot.file($0).path) } == [])
    }

    @Test("An unknown id suggests the nearest ones")
    func suggestions() {
        #expect(LessonCatalog.suggestions(for: "merge-conflict").first == "merge-conflicts")
        #expect(LessonCatalog.suggestions(for: "id-pasing").first == "id-passing")
        #expect(LessonCatalog.lesson(id: "nope") == nil)
    }
}
