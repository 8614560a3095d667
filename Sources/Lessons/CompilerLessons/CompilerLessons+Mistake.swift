extension CompilerLessons {
    /// One mistake the Swift 6 compiler refuses, and its fix: a pair of snippet files,
    /// `<id>.wrong.swift` and `<id>.fixed.swift`, in `Sources/Lessons/CompilerLessons/Snippets/`.
    public struct Mistake: Sendable, Codable, Hashable, Identifiable {
        /// The snippets' common name, e.g. `model-in-perform`.
        public var id: String
        /// The articles the mistake comes from.
        public var articles: [Article]
        /// What the wrong snippet does.
        public var mistake: String
        /// The text of the error the compiler reports for the wrong snippet (Swift 6.3).
        public var expectedDiagnostic: String
        /// What the fixed snippet does instead.
        public var fix: String
        /// What differs under Swift 6.2's default MainActor isolation; nil when the mistake gets
        /// the same error there. (Under `NonisolatedNonsendingByDefault` every mistake gets the
        /// same error: none of them calls a `nonisolated async` function.)
        public var underDefaultMainActor: DefaultMainActorDifference? = nil

        /// How a mistake fares under default MainActor isolation, where it differs.
        public struct DefaultMainActorDifference: Sendable, Codable, Hashable {
            /// The error there; nil when the mistake compiles there.
            public var diagnostic: String?
            /// Why, for a learner on a new project.
            public var why: String
        }

        /// The error the wrong snippet must get under `setting`; nil when it compiles there.
        public func expectedDiagnostic(under setting: SnippetCompiler.Setting) -> String? {
            setting == .defaultMainActorIsolation ? (underDefaultMainActor.map(\.diagnostic) ?? expectedDiagnostic) : expectedDiagnostic
        }

        /// The file that must not compile.
        public var wrongSnippet: String { "\(id).wrong.swift" }
        /// The file that must compile cleanly.
        public var fixedSnippet: String { "\(id).fixed.swift" }
    }

    /// Where the snippets live, from the package root (excluded from the `Lessons` target).
    public static let snippetFolder = "Sources/Lessons/CompilerLessons/Snippets"

    /// Every lesson, in the order a learner meets the mistakes. `CompilerLessonsTests` compiles
    /// each pair and checks the diagnostics against this table.
    public static let lessons: [Mistake] = [
        Mistake(
            id: "model-in-perform", articles: [.coreDataTips],
            mistake: "A main-context model is captured by a background context's perform block.",
            expectedDiagnostic: "capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure",
            fix: "Capture item.persistentModelID and look the model up in the block's own context with model(for:) (Core Data's object(with:))."),
        Mistake(
            id: "model-from-its-context", articles: [.swiftDataConcurrency, .coreDataTips],
            mistake: "Articles 000 and 003: guard let context = item.modelContext, then context.perform { context.delete(item) }.",
            expectedDiagnostic: "capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure",
            fix: "Pass item.persistentModelID: performAndWait on the model's own context deletes context.model(for: id) (its block is @Sendable too, as Core Data's current SDK declares it), or a background context looks the model up and deletes it (delItem(id:))."),
        Mistake(
            id: "model-in-perform-and-wait", articles: [.swiftDataConcurrency, .coreDataTips],
            mistake: "The articles' Swift 5 fix: context.performAndWait { item.count = value } on the model's own context.",
            expectedDiagnostic: "capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure",
            fix: "Pass item.persistentModelID into the block and look the model up there with model(for:): performAndWait's block is @Sendable in Core Data's current SDK."),
        Mistake(
            id: "main-context-off-the-main-actor", articles: [.coreDataTips, .swiftDataConcurrency],
            mistake: "Article 003's first mistake in SwiftData's names: container.mainContext.reset() inside Task.detached.",
            expectedDiagnostic: "main actor-isolated property 'mainContext' cannot be accessed from outside of the actor",
            fix: "Hop to the MainActor, where SwiftData's mainContext lives: await MainActor.run { container.mainContext.reset() }. Core Data's viewContext compiles in the detached task, and is the run-time mistake of wrong-context-queue."),
        Mistake(
            id: "model-in-global-queue", articles: [.swiftDataConcurrency],
            mistake: "Article 000's \"Modify in Wrong Thread\": a model changed inside DispatchQueue.global().async.",
            expectedDiagnostic: "capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure",
            fix: "Send the identifier; on that queue, change the row through a background context's performAndWait."),
        Mistake(
            id: "model-to-actor", articles: [.swiftDataConcurrency],
            mistake: "A MainActor model is passed to a model actor's updateItem(_ item: Item, timestamp:).",
            expectedDiagnostic: "sending 'item' risks causing data races",
            fix: "Pass the PersistentIdentifier: updateItem(identifier:timestamp:) finds its copy with self[identifier, as: Item.self]."),
        Mistake(
            id: "model-from-actor", articles: [.swiftDataConcurrency, .backgroundModelActor],
            mistake: "A model actor's newItem(timestamp:) returns the Item it inserted.",
            expectedDiagnostic: "non-Sendable 'Item'-typed result can not be returned from actor-isolated instance method 'newItem(timestamp:)' to nonisolated context",
            fix: "Return the PersistentIdentifier (or a Sendable value) and read the model in the caller's own context (here SwiftData's mainContext, with model(for:)).",
            underDefaultMainActor: .init(
                diagnostic: "non-Sendable 'Item'-typed result can not be returned from actor-isolated instance method 'newItem(timestamp:)' to main actor-isolated context",
                why: "the same error, naming the caller's new isolation: its code is MainActor-isolated by default")),
        Mistake(
            id: "model-in-detached-task", articles: [.swiftDataConcurrency],
            mistake: "A main-context model is captured by Task.detached.",
            expectedDiagnostic: "passing closure as a 'sending' parameter risks causing data races",
            fix: "Capture the identifier and the container; in the detached task, a background context's perform looks the model up (Core Data's form; SwiftData's is a model actor's method that takes the identifier)."),
        Mistake(
            id: "model-in-sendable-value", articles: [.backgroundModelActor],
            mistake: "A model is wrapped in a Sendable struct to hand it to the UI.",
            expectedDiagnostic: "stored property 'item' of 'Sendable'-conforming struct 'ItemPayload' has non-Sendable type 'Item'",
            fix: "Article 004's DomainItem: copy the fields the UI needs (id, timestamp) into a Sendable struct.",
            underDefaultMainActor: .init(
                diagnostic: nil,
                why: "the snippet's @Model class is MainActor-isolated by default there, and a MainActor-isolated class counts as Sendable, so the compiler now assumes every Item is used on the main actor, which only a main-context model is; DomainItem is still the way to hand models' data across")),
        Mistake(
            id: "model-from-task-group", articles: [.backgroundModelActor],
            mistake: "Child tasks of a task group return the models they fetched.",
            expectedDiagnostic: "conformance of 'Item' to 'Sendable' is unavailable",
            fix: "Child tasks return Sendable values read on their own context's queue, inside perform."),
    ]
}
