import MacroTesting
import PersistenceCoreMacros
import SwiftSyntaxMacroExpansion
import XCTest

final class ModelActorMacroTests: XCTestCase {
    /// The specs the compiler would pass: extension macros need their conformances listed.
    let specs: [String: MacroSpec] = [
        "ModelActor": MacroSpec(type: ModelActorMacro.self, conformances: ["ModelActor"]),
        "BackgroundModelActor": MacroSpec(type: BackgroundModelActorMacro.self, conformances: ["ModelActor"]),
        "MainModelActor": MacroSpec(type: MainModelActorMacro.self, conformances: ["MainModelActor", "Sendable"]),
    ]

    override func invokeTest() {
        withMacroTesting(macros: specs) {
            super.invokeTest()
        }
    }

    // MARK: @ModelActor and @BackgroundModelActor

    func testModelActor_generatesExecutorContainerAndInit_overAContextMadeBySwiftDatasRule() {
        assertMacro {
            """
            @ModelActor actor DataHandler {
                func work() {}
            }
            """
        } expansion: {
            """
            actor DataHandler {
                func work() {}

                /// The executor that runs the actor's code on its context's queue.
                nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor

                /// The container the actor's context belongs to.
                nonisolated let modelContainer: PersistenceCore.ModelContainer

                /// An actor with a context of its own in `modelContainer`.
                init(modelContainer: PersistenceCore.ModelContainer) {
                    let modelContext = PersistenceCore.ModelContext(modelContainer)
                    self.modelExecutor = PersistenceCore.ModelContextExecutor(context: modelContext, actorName: "DataHandler")
                    self.modelContainer = modelContainer
                }
            }

            extension DataHandler: PersistenceCore.ModelActor {
            }
            """
        }
    }

    func testBackgroundModelActor_usesANewBackgroundContext_andPublicMembers_whenTheActorIsPublic() {
        assertMacro {
            """
            @BackgroundModelActor public actor Importer {
            }
            """
        } expansion: {
            """
            public actor Importer {

                /// The executor that runs the actor's code on its context's queue.
                public nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor

                /// The container the actor's context belongs to.
                public nonisolated let modelContainer: PersistenceCore.ModelContainer

                /// An actor with a context of its own in `modelContainer`.
                public init(modelContainer: PersistenceCore.ModelContainer) {
                    let modelContext = modelContainer.newBackgroundContext()
                    self.modelExecutor = PersistenceCore.ModelContextExecutor(context: modelContext, actorName: "Importer")
                    self.modelContainer = modelContainer
                }
            }

            extension Importer: PersistenceCore.ModelActor {
            }
            """
        }
    }

    func testModelActor_generatesNoInit_whenDisabled_andFileprivateMembers_whenTheActorIsPrivate() {
        assertMacro {
            """
            @ModelActor(disableGenerateInit: true) private actor Custom {
            }
            """
        } expansion: {
            """
            private actor Custom {

                /// The executor that runs the actor's code on its context's queue.
                fileprivate nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor

                /// The container the actor's context belongs to.
                fileprivate nonisolated let modelContainer: PersistenceCore.ModelContainer
            }

            extension Custom: PersistenceCore.ModelActor {
            }
            """
        }
    }

    func testModelActor_generatesAnInit_whenDisableGenerateInitIsFalse() {
        assertMacro {
            """
            @BackgroundModelActor(disableGenerateInit: false) actor A {
            }
            """
        } expansion: {
            """
            actor A {

                /// The executor that runs the actor's code on its context's queue.
                nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor

                /// The container the actor's context belongs to.
                nonisolated let modelContainer: PersistenceCore.ModelContainer

                /// An actor with a context of its own in `modelContainer`.
                init(modelContainer: PersistenceCore.ModelContainer) {
                    let modelContext = modelContainer.newBackgroundContext()
                    self.modelExecutor = PersistenceCore.ModelContextExecutor(context: modelContext, actorName: "A")
                    self.modelContainer = modelContainer
                }
            }

            extension A: PersistenceCore.ModelActor {
            }
            """
        }
    }

    // MARK: @MainModelActor

    func testMainModelActor_isolatesUnisolatedMembersToTheMainActor_andConforms() {
        assertMacro {
            """
            @MainModelActor final class ViewModel {
                var count = 0
                nonisolated let id = 1
                @MainActor func reload() {}
                @DatabaseActor func index() {}
                struct Row {}
                subscript(row: Int) -> Int { row }
                func refresh() {}
                deinit {}
            }
            """
        } expansion: {
            """
            final class ViewModel {
                @MainActor
                var count = 0
                nonisolated let id = 1
                @MainActor func reload() {}
                @DatabaseActor func index() {}
                struct Row {}
                @MainActor
                subscript(row: Int) -> Int { row }
                @MainActor
                func refresh() {}
                deinit {}

                /// The container whose main context this object uses.
                @MainActor let modelContainer: PersistenceCore.ModelContainer

                /// An object over `modelContainer`'s main context.
                @MainActor init(modelContainer: PersistenceCore.ModelContainer) {
                    self.modelContainer = modelContainer
                }
            }

            extension ViewModel: PersistenceCore.MainModelActor {
            }

            extension ViewModel: Sendable {
            }
            """
        }
    }

    func testMainModelActor_generatesNoInit_whenDisabled_andPublicMembers_whenTheClassIsPublic() {
        assertMacro {
            """
            @MainModelActor(disableGenerateInit: true) public final class ViewModel {
                public init(container: ModelContainer) { modelContainer = container }
            }
            """
        } expansion: {
            """
            public final class ViewModel {
                @MainActor
                public init(container: ModelContainer) { modelContainer = container }

                /// The container whose main context this object uses.
                @MainActor public let modelContainer: PersistenceCore.ModelContainer
            }

            extension ViewModel: PersistenceCore.MainModelActor {
            }

            extension ViewModel: Sendable {
            }
            """
        }
    }

    // MARK: Diagnostics

    func testModelActorMacros_applyOnlyToAnActor() {
        // The diagnostic points at the keyword that says what the declaration is.
        assertMacro {
            "@ModelActor class Handler {}"
        } diagnostics: {
            """
            @ModelActor class Handler {}
                        ┬────
                        ╰─ 🛑 @ModelActor applies to an actor; 'Handler' is a class
            """
        }
        assertMacro {
            "@ModelActor struct Handler {}"
        } diagnostics: {
            """
            @ModelActor struct Handler {}
                        ┬─────
                        ╰─ 🛑 @ModelActor applies to an actor; 'Handler' is a struct
            """
        }
        assertMacro {
            "@BackgroundModelActor final class Importer {}"
        } diagnostics: {
            """
            @BackgroundModelActor final class Importer {}
                                        ┬────
                                        ╰─ 🛑 @BackgroundModelActor applies to an actor; 'Importer' is a class
            """
        }
        assertMacro {
            "@BackgroundModelActor enum Importer {}"
        } diagnostics: {
            """
            @BackgroundModelActor enum Importer {}
                                  ┬───
                                  ╰─ 🛑 @BackgroundModelActor applies to an actor; 'Importer' is an enum
            """
        }
    }

    func testMainModelActor_appliesOnlyToAFinalClass() {
        assertMacro {
            "@MainModelActor actor ViewModel {}"
        } diagnostics: {
            """
            @MainModelActor actor ViewModel {}
                            ┬────
                            ╰─ 🛑 @MainModelActor applies to a final class; 'ViewModel' is an actor
            """
        }
        // assertMacro records no expansion after an error: what is left is compared here.
        XCTAssertEqual(
            expandedSource("@MainModelActor actor ViewModel {}", macroSpecs: specs),
            """
            actor ViewModel {}

            extension ViewModel: Sendable {
            }
            """)
        assertMacro {
            "@MainModelActor struct ViewModel {}"
        } diagnostics: {
            """
            @MainModelActor struct ViewModel {}
                            ┬─────
                            ╰─ 🛑 @MainModelActor applies to a final class; 'ViewModel' is a struct
            """
        }
        assertMacro {
            "@MainModelActor class ViewModel {}"
        } diagnostics: {
            """
            @MainModelActor class ViewModel {}
                            ┬────
                            ╰─ 🛑 @MainModelActor applies to a final class; mark 'ViewModel' final
            """
        }
    }

    func testModelActor_asksForALiteral_forDisableGenerateInit() {
        assertMacro {
            "@ModelActor(disableGenerateInit: flag) actor Handler {}"
        } diagnostics: {
            """
            @ModelActor(disableGenerateInit: flag) actor Handler {}
                                             ┬───
                                             ╰─ 🛑 disableGenerateInit: takes the literal true or false
            """
        }
    }
}
