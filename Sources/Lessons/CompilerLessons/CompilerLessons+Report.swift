extension CompilerLessons {
    /// Each mistake with what the compiler said, and each fix.
    public func report(_ outcome: Outcome) -> LessonReport {
        let compiled = outcome.notCompiledBecause == nil
        var wrongWay = outcome.lessons.map { lesson in
            let errors = outcome.compilations[lesson.wrongSnippet]?.errors ?? []
            return "\(lesson.wrongSnippet): \(lesson.mistake) → "
                + (compiled ? (errors.isEmpty ? "compiled without an error" : "error: \(errors[0])") : "error expected: \(lesson.expectedDiagnostic)")
        }
        var rightWay = outcome.lessons.map { lesson in
            let fixed = outcome.compilations[lesson.fixedSnippet]
            return "\(lesson.fixedSnippet): \(lesson.fix)"
                + (fixed.map { $0.exitCode == 0 ? " (compiles)" : " (does NOT compile: \($0.errors.first ?? "exit \($0.exitCode)"))" } ?? "")
        }
        for (setting, compilations) in outcome.underSwift62.sorted(by: { $0.key.rawValue > $1.key.rawValue }) {
            let different = outcome.lessons.compactMap { lesson -> String? in
                guard let wrong = compilations[lesson.wrongSnippet] else { return nil }
                let now = wrong.errors.first
                let before = outcome.compilations[lesson.wrongSnippet]?.errors.first
                guard now != before else { return nil }
                return "\(lesson.id) " + (now.map { "now says \"\($0)\"" } ?? "compiles")
                    + (lesson.underDefaultMainActor.map { " (\($0.why))" } ?? "")
            }
            wrongWay.append("Under \(setting.title) (what a new Xcode project turns on): "
                + (different.isEmpty ? "every mistake gets the same error." : different.joined(separator: "; ") + "; the others get the same error."))
        }
        if let reason = outcome.notCompiledBecause {
            wrongWay.append("The snippets were NOT compiled here (\(reason)); run the tests, or `swift run lab` from the package, to compile them.")
        } else {
            rightWay.append("Each of the \(outcome.compilations.count) snippets was compiled with swiftc -swift-version 6 against the built PersistenceCore.")
        }
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay,
                              measurements: [Measurement("lessons", Double(outcome.lessons.count), unit: "snippet pairs"),
                                             Measurement("snippets compiled", Double(outcome.compilations.count), unit: "files")])
    }
}
