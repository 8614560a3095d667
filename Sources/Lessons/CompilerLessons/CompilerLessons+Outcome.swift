extension CompilerLessons {
    /// The table of lessons, and what the compiler said of each snippet.
    public struct Outcome: Sendable, Codable, Hashable {
        /// Where the snippets are, from the package root.
        public var snippetFolder: String
        /// Each mistake, the error it should get, and its fix.
        public var lessons: [Mistake]
        /// What compiling each snippet gave, by file name; empty when nothing was compiled.
        public var compilations: [String: Compilation]
        /// Why nothing was compiled (no `swiftc` on `PATH`, no built modules next to this
        /// program); nil when the snippets were compiled.
        public var notCompiledBecause: String?
        /// The same snippets compiled under each Swift 6.2 setting, by setting, then file name.
        public var underSwift62: [SnippetCompiler.Setting: [String: Compilation]] = [:]
    }

    /// What `swiftc` said of one snippet.
    public struct Compilation: Sendable, Codable, Hashable {
        public var exitCode: Int32
        /// The `error:` lines, without file and position.
        public var errors: [String]
        /// The `warning:` lines, without file and position.
        public var warnings: [String]
    }

    /// For each lesson: the wrong snippet fails with exactly its diagnostic, and the fixed twin
    /// compiles cleanly. Nothing holds when the snippets could not be compiled.
    public func checks(_ outcome: Outcome) -> [Check] {
        var checks = [
            Check("the snippets were compiled with swiftc -swift-version 6 against the built PersistenceCore",
                  holds: outcome.notCompiledBecause == nil && !outcome.compilations.isEmpty,
                  measured: [.init("compiled", outcome.compilations.count), .init("not compiled because", outcome.notCompiledBecause ?? "-")]),
        ]
        for lesson in outcome.lessons {
            let wrong = outcome.compilations[lesson.wrongSnippet], fixed = outcome.compilations[lesson.fixedSnippet]
            checks.append(Check("\(lesson.id): the mistake is a compile error, \"\(lesson.expectedDiagnostic)\"",
                holds: wrong.map { $0.exitCode != 0 && !$0.errors.isEmpty && $0.errors.allSatisfy { $0.contains(lesson.expectedDiagnostic) } } ?? false,
                measured: [.init("errors", wrong?.errors.joined(separator: " | ") ?? "not compiled")]))
            checks.append(Check("\(lesson.id): the fix compiles without errors or warnings",
                holds: fixed.map { $0.exitCode == 0 && $0.errors.isEmpty && $0.warnings.isEmpty } ?? false,
                measured: [.init("errors", fixed?.errors.count ?? -1), .init("warnings", fixed?.warnings.count ?? -1)]))
        }
        for setting in [SnippetCompiler.Setting.nonisolatedNonsendingByDefault, .defaultMainActorIsolation] {
            let compilations = outcome.underSwift62[setting] ?? [:]
            let mismatches = outcome.lessons.filter { lesson in
                !Self.matches(compilations[lesson.wrongSnippet], lesson.expectedDiagnostic(under: setting))
                    || !Self.matches(compilations[lesson.fixedSnippet], nil)
            }
            let differing = outcome.lessons.filter { $0.expectedDiagnostic(under: setting) != $0.expectedDiagnostic }
            checks.append(Check(
                "under \(setting.title), every snippet gives what the lesson says (\(differing.isEmpty ? "the same errors" : "\(differing.count) differ: " + differing.map(\.id).joined(separator: ", "))), and every fix compiles",
                holds: !compilations.isEmpty && mismatches.isEmpty,
                measured: [.init("compiled", compilations.count),
                           .init("not as the lesson says", mismatches.isEmpty ? "none" : mismatches.map(\.id).joined(separator: ", "))]))
        }
        return checks
    }

    /// Whether a compilation gave exactly `diagnostic` (every error contains it), or, for nil,
    /// compiled without errors or warnings.
    static func matches(_ compilation: Compilation?, _ diagnostic: String?) -> Bool {
        guard let compilation else { return false }
        guard let diagnostic else {
            return compilation.exitCode == 0 && compilation.errors.isEmpty && compilation.warnings.isEmpty
        }
        return compilation.exitCode != 0 && !compilation.errors.isEmpty && compilation.errors.allSatisfy { $0.contains(diagnostic) }
    }
}
