import Foundation
import LabSupport
import Lessons
import Workshop

/// The course as a learner sees it: the chapters, each lesson's state, and what to do next.
/// `lab` opens with it, `lab list` prints it whole.
struct CourseMap {
    let progress: Progress
    let terminal = Terminal.standardOutput

    /// The first lesson not yet seen, in course order; nil once every one is.
    var nextLesson: (any Lesson.Type)? {
        LessonCatalog.all.first { !progress.lessonsSeen.contains($0.info.id) }
    }

    /// The position of lesson `id` in the course, from 1.
    static func position(of id: String) -> Int {
        (LessonCatalog.all.firstIndex { $0.info.id == id } ?? 0) + 1
    }

    /// The first screen: the course in two lines, the chapters with progress, the next step.
    /// At most 40 lines at 100 columns (``CourseMapTests``).
    func firstScreen() -> [String] {
        let total = LessonCatalog.all.count
        let exercises = WorkshopCatalog.all.count
        var lines = [
            terminal.bold("ConcurrencyLab") + ": Core Data and SwiftData concurrency, each classic pitfall run for real, then fixed.",
            "\(total) lessons in \(LessonCatalog.chapters.count) chapters: the wrong way, the right way, the numbers; then an exercise.",
            "",
        ]
        lines += chapterLines()
        lines.append("")
        let seen = progress.lessonsSeen.filter { LessonCatalog.lesson(id: $0) != nil }.count
        let done = progress.exercisesDone.filter { WorkshopCatalog.exercise(id: $0) != nil }.count
        lines.append("Progress: \(seen) of \(total) lessons seen, \(done) of \(exercises) exercises done.")
        if let next = nextLesson {
            lines.append(terminal.bold("Next: lesson \(Self.position(of: next.info.id))/\(total), \(next.info.id)") + " (\(next.info.title)). It runs now.")
        } else {
            lines.append(terminal.bold("Every lesson seen.") + " `lab workshop` shows the exercises left; `lab run <id>` runs a lesson again.")
        }
        return lines
    }

    /// Each chapter: its article, and its lessons seen and exercises done.
    func chapterLines() -> [String] {
        LessonCatalog.chapters.enumerated().map { offset, chapter in
            let ids = chapter.lessons.map { $0.info.id }
            let seen = ids.filter(progress.lessonsSeen.contains).count
            let done = ids.filter(progress.exercisesDone.contains).count
            let title = Terminal.clip("\(chapter.article.rawValue) \(chapter.article.title)", to: 58)
            let counts = "lessons \(seen)/\(ids.count)  exercises \(done)/\(ids.count)"
            let mark = seen == ids.count ? terminal.paint("✓", .green) : " "
            return " \(mark) \(offset + 1). " + title.padding(toLength: 60, withPad: " ", startingAt: 0) + terminal.paint(counts, .gray)
        }
    }

    /// The whole map: each chapter, then each of its lessons with its state.
    func map() -> [String] {
        var lines: [String] = []
        let width = LessonCatalog.infos.map(\.id.count).max() ?? 0
        var number = 0
        for (offset, chapter) in LessonCatalog.chapters.enumerated() {
            lines.append(terminal.bold(Terminal.clip("\(offset + 1). \(chapter.article.citation)", to: 100)))
            for lesson in chapter.lessons {
                number += 1
                let info = lesson.info
                let seen = progress.lessonsSeen.contains(info.id) ? terminal.paint("seen", .green) : terminal.paint("    ", .gray)
                let exercise = progress.exercisesDone.contains(info.id) ? terminal.paint("exercise done ", .green) : terminal.paint("exercise to do", .gray)
                let id = info.id.padding(toLength: width, withPad: " ", startingAt: 0)
                let title = Terminal.clip(info.title, to: 100 - 6 - width - 2 - 4 - 2 - 14 - 2)
                lines.append(String(format: "  %2d. ", number) + terminal.paint(id, .cyan) + "  " + seen + "  " + exercise + "  " + title)
            }
        }
        return lines
    }

    /// What to do after lesson `id`: read its tutorial, do its exercise, run its tests alone.
    static func nextSteps(after id: String, terminal: Terminal = .standardOutput) -> [String] {
        var lines = [terminal.bold("Next steps")]
        lines.append("  Read:     the tutorial " + terminal.paint("\(id).tutorial", .cyan) + ", in")
        lines.append("            Tutorials/ConcurrencyLabTutorials/ConcurrencyLab.docc/Tutorials/")
        if let exercise = WorkshopCatalog.exercise(id: id) {
            lines.append("  Practise: " + terminal.paint("swift run lab workshop \(id)", .cyan) + ", after editing")
            lines.append("            " + exercise.file)
        }
        lines.append("  Test:     " + terminal.paint("LAB_LESSON=\(id) swift test --filter LessonChecks", .cyan))
        lines.append("  Go on:    " + terminal.paint("swift run lab", .cyan) + " runs the next lesson; " + terminal.paint("swift run lab list", .cyan) + " shows the map")
        lines.append(terminal.paint("  (all of this lesson: lab run \(id) --verbose; the course in a browser:", .gray))
        lines.append(terminal.paint("  swift package --disable-sandbox preview-documentation --target ConcurrencyLabTutorials)", .gray))
        return lines
    }
}
