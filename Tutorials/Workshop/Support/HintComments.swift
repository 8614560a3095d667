/// The hints an exercise file's opening comment gives, gentlest first: a line `// Hint 1: …`,
/// continued on the comment lines indented under it.
///
/// The hints are written once, in the file the learner edits, beside the code they are about;
/// `lab workshop --hints N` prints the same lines from the same file, so no copy can drift.
enum HintComments {
    /// The hints in `text`'s opening comment, each as one line of words.
    static func hints(in text: String) -> [String] {
        var hints: [String] = []
        // The hint being read, while its continuation lines come.
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("//") else { break }
            let comment = line.dropFirst(2)
            if let start = comment.wholeMatch(of: /\s*Hint \d+:\s+(.*)/) {
                if let hint = current { hints.append(hint) }
                current = words(start.output.1)
            } else if let hint = current, comment.hasPrefix("  "), !comment.allSatisfy(\.isWhitespace) {
                current = hint + " " + words(comment)
            } else {
                if let hint = current { hints.append(hint) }
                current = nil
            }
        }
        if let hint = current { hints.append(hint) }
        return hints
    }

    /// `text`'s words, one space apart.
    private static func words(_ text: Substring) -> String {
        text.split(separator: " ").joined(separator: " ")
    }
}
