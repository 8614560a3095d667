import Testing

extension ExitTest.Result {
    /// What the child process wrote to standard error, as text: where a trap's message goes.
    var standardErrorText: String {
        String(decoding: standardErrorContent, as: UTF8.self)
    }

    /// What the child process wrote to standard output, as text.
    var standardOutputText: String {
        String(decoding: standardOutputContent, as: UTF8.self)
    }
}

/// The part of a trap message that does not depend on a context's address: everything before
/// the first `'ModelContext 0x`, which differs from process to process.
func addressFreePrefix(of message: String) -> String {
    message.components(separatedBy: "'ModelContext 0x").first ?? message
}
