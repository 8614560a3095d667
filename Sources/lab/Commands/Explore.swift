import ArgumentParser
import Foundation
import LabSupport
import PersistenceCore
import InterleavingExplorer
import Lessons

/// `lab explore [<id>]`: every race a lesson has, run in every schedule; `--save` keeps the first
/// schedule that went wrong, `--replay` runs a kept one again.
struct Explore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run each race of a lesson in every schedule: the outcome table and the first schedule that went wrong.",
        discussion: """
            A lesson forces one interleaving to show its race; this runs every order in which the \
            runtime could run the race's jobs (see the article "Exploring every interleaving"). With \
            no id, every lesson that has a race. --save FILE keeps the first schedule that lost an \
            update (or, failing that, had a save refused) as JSON; --replay FILE runs it again.
            """)

    @Argument(help: "A lesson id with races (see `lab explore` with none).")
    var id: String?

    @Option(name: .long, help: "Save the first schedule that went wrong to this file, as JSON.")
    var save: String?

    @Option(name: .long, help: "Replay a schedule saved with --save, and print its outcome.")
    var replay: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if replay != nil, id != nil || save != nil {
            throw ValidationError("--replay takes no lesson id and no --save: the file names its lesson and race.")
        }
    }

    func run() async throws {
        if let replay { return try await replaySaved(at: replay) }
        let lessons = try lessonIDs()
        var explored: [ExploredLesson] = []
        for lesson in lessons {
            explored.append(ExploredLesson(lesson: lesson, races: try await LessonExplorations.explore(lesson)))
        }
        if let save { try saveFirstFailure(of: explored, to: save) }
        if output.json { return try JSONOutput.print(explored) }
        print(explored)
    }

    private func lessonIDs() throws -> [String] {
        guard let id else { return LessonExplorations.lessons }
        _ = try LessonLookup.find(id)
        guard !LessonExplorations.of(id).isEmpty else {
            throw LabFailure(message: "'\(id)' has no race to explore; these do: \(LessonExplorations.lessons.joined(separator: ", "))")
        }
        return [id]
    }

    /// One lesson's races, explored.
    struct ExploredLesson: Codable {
        let lesson: String
        let races: [ExploredRace]
    }

    /// What `--save` writes and `--replay` reads.
    struct SavedSchedule: Codable {
        let lesson: String
        let race: String
        let outcome: RaceOutcome
        let schedule: Schedule
    }

    private func print(_ explored: [ExploredLesson]) {
        let terminal = Terminal.standardOutput
        for lesson in explored {
            terminal.line(terminal.bold(terminal.paint("━━ \(lesson.lesson)", .cyan)))
            for race in lesson.races {
                terminal.line("   " + terminal.bold(race.name))
                Terminal.wrap(race.summary + (race.pruned > 0 ? "; \(race.pruned) reorderings of independent steps skipped" : ""),
                              indent: "     ").forEach { terminal.line($0) }
                // The first schedule of each outcome that went wrong, or of the only one there is.
                let shown = [RaceOutcome.lostOne, .refused].filter { race[$0] > 0 }
                for outcome in shown.isEmpty ? [RaceOutcome.keptBoth] : shown {
                    guard let schedule = race.firstSchedules[outcome] else { continue }
                    terminal.line(terminal.paint("     first schedule that \(outcome == .keptBoth ? "kept both" : outcome == .lostOne ? "lost one" : "was refused"):", .gray))
                    schedule.timeline.split(separator: "\n").forEach { terminal.line("     " + $0) }
                }
            }
            terminal.line()
        }
    }

    private func saveFirstFailure(of explored: [ExploredLesson], to path: String) throws {
        for outcome in [RaceOutcome.lostOne, .refused] {
            for lesson in explored {
                for race in lesson.races {
                    guard let schedule = race.firstSchedules[outcome] else { continue }
                    let saved = SavedSchedule(lesson: lesson.lesson, race: race.name, outcome: outcome, schedule: schedule)
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                    do {
                        try encoder.encode(saved).write(to: URL(fileURLWithPath: path))
                    } catch {
                        throw LabFailure(message: "cannot write \(path): \(error.localizedDescription)")
                    }
                    Terminal.standardError.line("saved the first schedule of '\(race.name)' that \(outcome.rawValue) to \(path)")
                    return
                }
            }
        }
        throw LabFailure(message: "no schedule lost an update or had a save refused: nothing to save")
    }

    private func replaySaved(at path: String) async throws {
        let saved: SavedSchedule
        do {
            saved = try JSONDecoder().decode(SavedSchedule.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as DecodingError {
            throw LabFailure(message: "\(path) is not a schedule saved by `lab explore --save`: \(error)")
        } catch {
            throw LabFailure(message: "cannot read \(path): \(error.localizedDescription)")
        }
        guard let race = LessonExplorations.of(saved.lesson).first(where: { $0.name == saved.race }) else {
            throw LabFailure(message: "\(path) names race '\(saved.race)' of '\(saved.lesson)', which this lab does not have")
        }
        let outcome = try await race.replay(saved.schedule)
        if output.json {
            try JSONOutput.print(["lesson": saved.lesson, "race": saved.race, "saved": saved.outcome.rawValue, "replayed": outcome.rawValue])
        } else {
            let terminal = Terminal.standardOutput
            terminal.line(terminal.bold("\(saved.lesson): \(saved.race)"))
            saved.schedule.timeline.split(separator: "\n").forEach { terminal.line("   " + $0) }
            terminal.line("replayed: \(outcome.rawValue) (saved: \(saved.outcome.rawValue))")
        }
        guard outcome == saved.outcome else {
            throw LabFailure(message: "the replay \(outcome.rawValue), the saved run \(saved.outcome.rawValue): the race's code changed since it was saved")
        }
    }
}
