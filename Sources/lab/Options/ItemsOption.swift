import ArgumentParser

/// `--items N`: how many items an import inserts, for the commands that time or draw imports.
struct ItemsOption: ParsableArguments {
    /// The most an import may insert: a bound that keeps a typo from filling the disk.
    static let allowed = 1...5_000_000

    @Option(name: .long, help: "How many items each import inserts.")
    var items = 20_000

    func validate() throws {
        guard Self.allowed.contains(items) else {
            throw ValidationError("--items must be between \(Self.allowed.lowerBound) and \(Self.allowed.upperBound).")
        }
    }
}
