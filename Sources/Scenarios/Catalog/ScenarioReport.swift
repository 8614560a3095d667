/// What one run of a scenario showed, in the form every front end prints: the CLI's text and
/// JSON, and the tutorials' "what happens" steps.
public struct ScenarioReport: Sendable, Codable, Hashable {
    /// What happened the wrong way, one observation per line.
    public var wrongWay: [String]
    /// What happened the right way, one observation per line.
    public var rightWay: [String]
    /// Numbers measured on this run (timings, counts), if any.
    public var measurements: [Measurement]
    /// Whether the run showed what the scenario teaches: the pitfall, then its fix. False means
    /// the demonstration itself went wrong (the CLI exits with 1).
    public var demonstrated: Bool

    public init(wrongWay: [String], rightWay: [String], measurements: [Measurement] = [], demonstrated: Bool) {
        self.wrongWay = wrongWay
        self.rightWay = rightWay
        self.measurements = measurements
        self.demonstrated = demonstrated
    }
}

/// One measured number, with its unit, e.g. "main queue blocked during the main-context import", 812, "ms".
public struct Measurement: Sendable, Codable, Hashable {
    public var name: String
    public var value: Double
    public var unit: String

    public init(_ name: String, _ value: Double, unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}
