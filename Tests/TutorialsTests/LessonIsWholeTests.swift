import ConcurrencyLabTutorials
import Foundation
import LabSupport
import Lessons
import TestSupport
import Testing
import Workshop

/// Every lesson of the lesson catalog has each piece CONTRIBUTING.md's "Adding a lesson" lists:
/// `swift test --filter LessonIsWholeTests` is the one command that says a lesson is whole, and
/// names the pieces it lacks.
///
/// The lesson's own tests need nothing here: both test runners walk the catalog.
@Suite("Every lesson is whole")
struct LessonIsWholeTests {
    @Test("The lesson's folder has its three files: the code, the outcome and its checks, the report", arguments: LessonCatalog.infos.map(\.id))
    func lessonFolder(_ id: String) throws {
        let type = try #require(LessonCatalog.lesson(id: id))
        let name = String(describing: type)
        for file in ["\(name).swift", "\(name)+Outcome.swift", "\(name)+Report.swift"] {
            let path = "Sources/Lessons/\(name)/\(file)"
            #expect(FileManager.default.fileExists(atPath: PackageRoot.file(path).path), "\(id): no \(path)")
        }
    }

    @Test("The lesson has a tutorial in the table of contents, with its code, images and lab's recorded output", arguments: LessonCatalog.infos.map(\.id))
    func tutorial(_ id: String) throws {
        let tutorial = Catalog.docc.appendingPathComponent("Tutorials/\(id).tutorial")
        try #require(FileManager.default.fileExists(atPath: tutorial.path), "\(id): no Tutorials/\(id).tutorial")
        let toc = try Catalog.text(Catalog.docc.appendingPathComponent("Tutorials/ConcurrencyLab.tutorial"))
        #expect(toc.contains("@TutorialReference(tutorial: \"doc:\(id)\")"), "\(id): not in ConcurrencyLab.tutorial's table of contents")
        let text = try Catalog.text(tutorial)
        let sources = try StepText.sources()
        for file in Catalog.values(of: "file", in: text) where file.hasSuffix(".swift") {
            #expect(sources[file] != nil, "\(id): \(file) has no source in Steps/ or Steps/snippets.txt")
            #expect(FileManager.default.fileExists(atPath: Catalog.resources.appendingPathComponent("code/\(file)").path),
                    "\(id): no Resources/code/\(file) (run python3 Scripts/tutorials/sync-steps.py)")
        }
        for image in Catalog.values(of: "@Image(source", in: text) {
            #expect(FileManager.default.fileExists(atPath: Catalog.resources.appendingPathComponent("images/\(image)").path),
                    "\(id): no Resources/images/\(image)")
        }
        for side in ["wrong-way", "right-way"] {
            #expect(FileManager.default.fileExists(atPath: Catalog.resources.appendingPathComponent("output/\(id)-\(side).txt").path),
                    "\(id): no Resources/output/\(id)-\(side).txt (run Scripts/tutorials/refresh-outputs.sh \(id))")
        }
    }

    @Test("The lesson has a workshop exercise, its solution, its checker, and hints in the exercise file", arguments: LessonCatalog.infos.map(\.id))
    func workshop(_ id: String) async throws {
        let exercise = try #require(WorkshopCatalog.exercise(id: id), "\(id): no exercise: Tutorials/Workshop/\(id)/ with a checker declaring it, then python3 Scripts/tutorials/sync-course.py")
        let name = URL(fileURLWithPath: exercise.file).deletingPathExtension().lastPathComponent
        for path in [exercise.file, "Tutorials/Workshop/\(id)/\(name)+Solution.swift", "Tutorials/Workshop/\(id)/\(name)Checker.swift"] {
            #expect(FileManager.default.fileExists(atPath: PackageRoot.file(path).path), "\(id): no \(path)")
        }
        // The hints are the exercise file's, and a learner may edit it: they are judged on the file
        // as shipped, or as committed, whose fingerprint must then be the catalog's.
        switch await ShippedFileState.of(exercise.file, matchesFingerprint: exercise.isUntouched) {
        case .shipped: break
        case .edited: return  // a learner's edit: WorkshopCheckerTests.fingerprints names it
        case .committedWithStaleFingerprint:
            Issue.record("\(id): \(exercise.file)'s fingerprint is not the catalog's (run python3 Scripts/tutorials/sync-course.py)")
        }
        #expect(exercise.hints.count >= 2, "\(id): \(exercise.file) gives \(exercise.hints.count) hints (`// Hint 1: …`)")
    }
}
