import ArgumentParser
import Foundation
import Scenarios

/// `lab widget-write <store>`: the widget-change lesson's other process (hidden from help). It
/// writes the store on each command it reads (see ``WidgetWriter``).
struct WidgetWrite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget-write",
        abstract: "Write a store from another process, one command per line (the widget-change lesson's widget).",
        shouldDisplay: false)

    @Argument(help: "the store file")
    var store: String

    func run() throws {
        try WidgetWriter.run(store: URL(fileURLWithPath: store), input: { readLine() }) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}
