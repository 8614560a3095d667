import ArgumentParser
import Foundation
import LabSupport

/// `lab`: the command-line course. With no arguments it shows the course and runs the next lesson.
@main
struct Lab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "Core Data and SwiftData concurrency, rebuilt and explained: every pitfall, then its fix.",
        discussion: """
            With no command, shows the course and your progress, then runs the next lesson you have \
            not seen against a SQLite file store: what happened the wrong way, what happened the \
            right way, and why. `lab run --all` runs every lesson.
            """,
        subcommands: [Course.self, Next.self, List.self, ProgressCommand.self, Run.self, Explain.self, Explore.self, Bench.self, Timeline.self, TraceLesson.self, Why.self, Inspect.self, Workshop.self],
        defaultSubcommand: Course.self
    )

    /// Parses, runs, and maps failures to the exit codes the course promises: 0 success, 1 a
    /// failed lesson or bad input (one line, no trace), 2 a usage error.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as LabFailure {
            Terminal.standardError.line(Terminal.standardError.paint("lab: \(failure.message)", .red))
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { Terminal.standardError.line(message) }
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}

/// A failure the user can act on, printed as one line; exit code 1.
struct LabFailure: Error {
    let message: String
}
