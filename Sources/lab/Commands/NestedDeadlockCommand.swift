import ArgumentParser
import Foundation
import Scenarios

/// `lab nested-deadlock waiting|handing-over`: the nested-deadlock lesson's child process (hidden
/// from help). Waiting, it stalls for good once both blocks run; the lesson stops it.
struct NestedDeadlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nested-deadlock",
        abstract: "Make a parent context wait for its child while the child reads through it (the nested-deadlock lesson's child).",
        shouldDisplay: false)

    @Argument(help: "waiting (child.performAndWait on the parent's queue) or handing-over (child.perform)")
    var way: String

    func validate() throws {
        guard NestedWaits.Way(rawValue: way) != nil else {
            throw ValidationError("way must be one of \(NestedWaits.Way.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() throws {
        try NestedWaits.run(NestedWaits.Way(rawValue: way) ?? .handingOver) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}
