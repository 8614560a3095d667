import ArgumentParser
import Foundation
import Scenarios

/// `lab starve-pool blocking|suspending`: the starved-pool lesson's child process (hidden from
/// help). Blocking, it hangs for good once every pool thread waits; the lesson stops it.
struct StarvePool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "starve-pool",
        abstract: "Fill the cooperative pool with tasks waiting for a busy context (the starved-pool lesson's child).",
        shouldDisplay: false)

    enum Way: String, ExpressibleByArgument, CaseIterable {
        case blocking, suspending
    }

    @Argument(help: "blocking (performAndWait) or suspending (await context.perform)")
    var way: Way

    func run() throws {
        try PoolStarver.run(blocking: way == .blocking) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}
