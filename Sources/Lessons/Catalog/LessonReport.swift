/// What one run of a lesson showed, in the form every front end prints: the CLI's text and
/// JSON, and the tutorials' "what happens" steps.
public struct LessonReport: Sendable, Codable, Hashable {
    /// What happened the wrong way, one observation per line.
    public var wrongWay: [String]
    /// What happened the right way, one observation per line.
    public var rightWay: [String]
    /// Numbers measured on this run (timings, counts), if any.
    public var measurements: [Measurement]
    /// The lesson's claims, each decided by this run (see ``Check``).
    public var checks: [Check]

    /// Whether the run showed what the lesson teaches, the pitfall and then its fix: every
    /// check held. False means the demonstration itself went wrong (the CLI exits with 1).
    public var demonstrated: Bool { checks.allHold }

    public init(wrongWay: [String], rightWay: [String], measurements: [Measurement] = [], checks: [Check] = []) {
        self.wrongWay = wrongWay
        self.rightWay = rightWay
        self.measurements = measurements
        self.checks = checks
    }

    private enum CodingKeys: String, CodingKey {
        case wrongWay, rightWay, measurements, checks, demonstrated
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(wrongWay: try container.decode([String].self, forKey: .wrongWay),
                  rightWay: try container.decode([String].self, forKey: .rightWay),
                  measurements: try container.decode([Measurement].self, forKey: .measurements),
                  checks: try container.decode([Check].self, forKey: .checks))
    }

    /// Encodes `demonstrated` too, for readers of `lab run --json`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(wrongWay, forKey: .wrongWay)
        try container.encode(rightWay, forKey: .rightWay)
        try container.encode(measurements, forKey: .measurements)
        try container.encode(checks, forKey: .checks)
        try container.encode(demonstrated, forKey: .demonstrated)
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
