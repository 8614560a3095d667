/// One claim a lesson makes, decided by what ran: its sentence, whether it held, and the measured
/// values it was decided on.
///
/// A lesson's `checks(_:)` computes every check from its outcome, so no sentence a lesson prints
/// about the run can be true by construction: `lab run` prints each check with ✓ or ✗, `--json`
/// carries them, and both test runners assert each one by name. A lesson is demonstrated when
/// every check holds.
public struct Check: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The claim, as a sentence: "exactly one update was lost".
    public var name: String
    /// Whether the run bore it out.
    public var holds: Bool
    /// The measured values the verdict used, in the order they read best.
    public var measured: [Value]

    /// One measured value: what it is, and what it was on this run.
    public struct Value: Sendable, Codable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: some CustomStringConvertible) {
            self.name = name
            self.value = value.description
        }
    }

    public init(_ name: String, holds: Bool, measured: [Value] = []) {
        self.name = name
        self.holds = holds
        self.measured = measured
    }

    /// `✓ exactly one update was lost (lost updates: 1)`.
    public var description: String {
        let values = measured.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
        return "\(holds ? "✓" : "✗") \(name)" + (values.isEmpty ? "" : " (\(values))")
    }
}

extension Array where Element == Check {
    /// Whether the run showed what the lesson teaches: at least one check, and every one holds.
    public var allHold: Bool { !isEmpty && allSatisfy(\.holds) }
}
