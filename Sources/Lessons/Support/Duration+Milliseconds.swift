extension Duration {
    /// The duration in milliseconds, as a `Double`: how the lessons report times.
    var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}
