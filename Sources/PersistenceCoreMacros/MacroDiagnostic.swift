import SwiftDiagnostics

/// An error or warning one of the macros reports at a node of the user's code.
struct MacroDiagnostic: DiagnosticMessage {
    let message: String
    let diagnosticID: MessageID
    let severity: DiagnosticSeverity

    /// A diagnostic named `id` (stable, for tests and tools) saying `message`.
    init(_ id: String, _ message: String, severity: DiagnosticSeverity = .error) {
        self.message = message
        self.diagnosticID = MessageID(domain: "PersistenceCoreMacros", id: id)
        self.severity = severity
    }
}
