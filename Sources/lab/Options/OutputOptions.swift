import ArgumentParser

/// `--json`, shared by every command.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the result as JSON, for scripts.")
    var json = false
}
