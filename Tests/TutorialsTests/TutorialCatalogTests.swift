import ConcurrencyLabTutorials
import Foundation
import LabSupport
import Lessons
import Testing

/// The course's table of contents, tutorials and resources agree with the lesson catalog.
@Suite("The DocC course")
struct TutorialCatalogTests {
    @Test("Every lesson has exactly one tutorial, in a chapter of one of its articles")
    func everyLessonOnce() throws {
        #expect(TutorialCatalog.lessonIDs == LessonCatalog.infos.map(\.id), "the table of contents follows the catalog's order")
        #expect(Set(TutorialCatalog.lessonIDs).count == TutorialCatalog.lessonIDs.count)
        for chapter in TutorialCatalog.chapters {
            for id in chapter.lessonIDs {
                let info = try #require(LessonCatalog.lesson(id: id)).info
                #expect(info.articles.contains(chapter.article), "\(id) is in the chapter of article \(chapter.article.rawValue)")
            }
        }
    }

    @Test("The table of contents lists the chapters and tutorials of TutorialCatalog, in order, each chapter with its image")
    func tableOfContents() throws {
        let toc = try Catalog.text(Catalog.docc.appendingPathComponent("Tutorials/ConcurrencyLab.tutorial"))
        let chapters = toc.components(separatedBy: "@Chapter(").dropFirst()
        #expect(chapters.count == TutorialCatalog.chapters.count)
        for (text, chapter) in zip(chapters, TutorialCatalog.chapters) {
            let references = Catalog.values(of: "tutorial", in: text).map { $0.replacing("doc:", with: "") }
            #expect(references == chapter.lessonIDs)
            #expect(Catalog.values(of: "@Image(source", in: text) == [chapter.image])
            #expect(FileManager.default.fileExists(atPath: Catalog.resources.appendingPathComponent("images/\(chapter.image)").path))
        }
    }

    @Test("Each tutorial shows code and output that exist, ends with assessments, and points to its exercise",
          arguments: LessonCatalog.infos.map(\.id))
    func tutorial(_ id: String) throws {
        let text = try Catalog.text(Catalog.docc.appendingPathComponent("Tutorials/\(id).tutorial"))
        let files = Catalog.values(of: "file", in: text)
        #expect(files.contains("\(id)-wrong-way.txt") && files.contains("\(id)-right-way.txt"))
        #expect(files.contains { $0.hasSuffix(".swift") })
        for file in files {
            let folder = file.hasSuffix(".txt") ? "output" : "code"
            #expect(FileManager.default.fileExists(atPath: Catalog.resources.appendingPathComponent("\(folder)/\(file)").path), "\(file)")
        }
        #expect(text.contains("@Section(title: \"The wrong way\")") && text.contains("@Section(title: \"The right way\")"))
        #expect(text.components(separatedBy: "@MultipleChoice").count - 1 >= 2, "at least two questions")
        #expect(text.contains("swift run lab workshop "), "the step that sends the learner to the exercise")
    }

    @Test("Each tutorial's intro says which framework each way shows, in the words lab prints", arguments: LessonCatalog.infos.map(\.id))
    func frameworks(_ id: String) throws {
        let info = try #require(LessonCatalog.lesson(id: id)?.info)
        let text = try Catalog.text(Catalog.docc.appendingPathComponent("Tutorials/\(id).tutorial"))
        let intro = String(text[..<(text.range(of: "@Section(")?.lowerBound ?? text.endIndex)])
        let words = intro.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Which framework. The wrong way: \(info.frameworks.wrongWay) The right way: \(info.frameworks.rightWay)"),
                "rewrite \(id).tutorial's 'Which framework.' paragraph from LessonInfo.frameworks")
    }

    @Test("Every measured number a tutorial's prose quotes is one its recorded output shows", arguments: LessonCatalog.infos.map(\.id))
    func quotedNumbers(_ id: String) throws {
        let text = try Catalog.text(Catalog.docc.appendingPathComponent("Tutorials/\(id).tutorial"))
        let output = try ["wrong-way", "right-way"].map { try Catalog.text(Catalog.resources.appendingPathComponent("output/\(id)-\($0).txt")) }
            .joined(separator: "\n")
        // Milliseconds with a decimal point are measurements ("2,000 ms" or "16 ms" are settings).
        let quoted = text.matches(of: /(\d+\.\d+) ms/).map { String($0.output.1) }
        #expect(quoted.filter { !output.contains($0) } == [], "\(id).tutorial quotes numbers its recorded output does not show")
        // "All N checks hold": N is how many checks the run printed.
        let words = ["three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12]
        let checks = output.split(separator: "\n").count { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") } - 2  // less the two headings
        for match in text.matches(of: /[Aa]ll (\w+) checks hold/) {
            #expect(words[String(match.output.1)] == checks, "\(id).tutorial says all \(match.output.1) checks hold; the run printed \(checks)")
        }
    }

    @Test("Each lesson's recorded output is there, as lab printed it", arguments: LessonCatalog.infos.map(\.id))
    func recordedOutput(_ id: String) throws {
        for side in ["wrong-way", "right-way"] {
            let text = try Catalog.text(Catalog.resources.appendingPathComponent("output/\(id)-\(side).txt"))
            #expect(text.hasPrefix("$ swift run lab run \(id)\n"))
            #expect(text.split(separator: "\n").count >= 4, "\(id)-\(side): at least one observation")
        }
    }

    @Test("Every path a rule article points to exists")
    func ruleArticlePaths() throws {
        let articles = Catalog.files(in: Catalog.docc.appendingPathComponent("Rules"), endingWith: ".md")
        #expect(articles.count >= 6)
        for article in articles {
            let text = try Catalog.text(article)
            for heading in ["## Overview", "## Why does this rule exist?", "## Practical advice",
                            "## What if you do not follow this rule?", "## Where to look"] {
                #expect(text.contains(heading), "\(article.lastPathComponent): \(heading)")
            }
            let paths = text.split(separator: "`").map(String.init).filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/") }
            #expect(!paths.isEmpty)
            for path in paths {
                #expect(FileManager.default.fileExists(atPath: PackageRoot.file(path).path),
                        "\(article.lastPathComponent) points to \(path)")
            }
        }
    }
}
