import Foundation
import LabSupport
import Lessons
import Testing

/// `lab` reads what it needs from the lesson types (their info, ``ListLesson``,
/// ``TimelineLesson``, ``SecondProcessLesson``): adding, renaming or removing a lesson never
/// touches `Sources/lab`, and no library starts `lab` (lessons start `lesson-helper`).
@Suite("lab names no lesson")
struct LabKnowsNoLessonTests {
    @Test("No lesson id and no lesson type is written in Sources/lab")
    func noLessonInLab() throws {
        let files = PackageRoot.files(under: "Sources/lab", endingWith: ".swift")
        #expect(files.count > 10)
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for lesson in LessonCatalog.all {
                let id = lesson.info.id, type = String(describing: lesson)
                let names = [try Regex("(^|[^-a-z])\(id)($|[^-a-z])"), try Regex("\\b\(type)\\b")]
                for name in names where source.contains(name) {
                    found.append("\(file.lastPathComponent): \(id)")
                }
            }
        }
        #expect(found.isEmpty, "lesson named in Sources/lab: \(found)")
    }

    @Test("No library target starts lab: the lessons' second processes run in lesson-helper")
    func noLibraryStartsLab() throws {
        var found: [String] = []
        for folder in ["Sources/Lessons", "Sources/LabSupport", "Sources/PersistenceCore", "Tutorials/Workshop", "Sources/TraceViews"] {
            for file in PackageRoot.files(under: folder, endingWith: ".swift") {
                let source = try String(contentsOf: file, encoding: .utf8)
                if source.contains("BuiltProduct.url(\"lab\"") { found.append(file.lastPathComponent) }
            }
        }
        #expect(found.isEmpty, "these start lab: \(found)")
    }
}
