import PersistenceCore

extension TaskVsDetached {
    /// Where each button's context landed, in words.
    public func report(_ outcome: Outcome) -> LessonReport {
        func line(_ place: String, _ facts: ContextFacts) -> String {
            "\(place): created on '\(facts.createdOn)', the context is .\(facts.kind.rawValue) on '\(facts.queueLabel)'."
        }
        let two = outcome.twoMainContexts
        var wrongWay = [
            line("Button { Task { ModelContext(container) } }", outcome.inTask),
            line(".task { ModelContext(container) }", outcome.inTaskModifier),
        ]
        if outcome.inTask.kind == .mainQueue && outcome.inTaskModifier.kind == .mainQueue {
            wrongWay.append("Both meant a background context and got the main queue: their work would block the UI.")
        }
        let rightWay = [
            line("Button { Task.detached { ModelContext(container) } }", outcome.inDetachedTask),
            "A second context created on the main queue runs on '\(two.secondContextQueue)', as mainContext does "
                + "('\(two.mainContextQueue)'), but is \(two.secondIsMainContext ? "the same object" : "another object").",
            "An item inserted and saved in mainContext: mainContext.registeredModel → \(two.registeredInMainContext ? "the item" : "nil"), "
                + "the second context's → \(two.registeredInSecondContext ? "the item" : "nil"). The second context "
                + (two.secondContextFindsItInTheStore ? "loads it from the store" : "cannot load it from the store")
                + (two.sameObjectInBoth ? ", as the very same object." : ", as a second object of its own."),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay)
    }
}
