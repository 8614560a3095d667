import PersistenceCoreMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosTestSupport
import XCTest

final class ModelActorMacroTests: XCTestCase {
    /// The specs the compiler would pass: extension macros need their conformances listed.
    let specs: [String: MacroSpec] = [
        "ModelActor": MacroSpec(type: ModelActorMacro.self, conformances: ["ModelActor"]),
        "BackgroundModelActor": MacroSpec(type: BackgroundModelActorMacro.self, conformances: ["ModelActor"]),
        "MainModelActor": MacroSpec(type: MainModelActorMacro.self, conformances: ["MainModelActor", "Sendable"]),
    ]

    // MARK: @ModelActor and @BackgroundModelActor

    func testModelActor_generatesExecutorContainerAndInit_overAContextMadeBySwiftDatasRule() {
        assertMacroExpansion(
            """
            @ModelActor actor DataHandler {
                func work() {}
            }
            """,
            expandedSource: """
            actor DataHandler {
                func work() {}

                /// The executor that runs the actor's code on its context's queue.
                nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor

                /// The container the actor's context belongs to.
                nonisolated let modelContainer: PersistenceCore.ModelContainer

                /// An actor with a context of its own in `modelContainer`.
                init(modelContainer: PersistenceCore.ModelContainer) {
                    let modelContext = PersistenceCore.ModelContext(modelContainer)
                    self.modelExecutor = PersistenceCore.ModelContextExecutor(context: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension DataHandler: PersistenceCore.ModelActor {
            }
            """,
            macroSpecs: specs)
    }

    func testBackgroundModelActor_usesANewBackgroundContext_andPublicMembers_whenTheActorIsPublic() {
        assertMacroExpansion(
            """
            @BackgroundModelActor public actor Importer {
            }
            """,
            expandedSource: """
            public actor Importer {

                /// The executor that runs the actor's code on its context's queue.
                public nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor

                /// The container the actor's context belongs to.
                public nonisolated let modelContainer: PersistenceCore.ModelContainer

                /// An actor with a context of its own in `modelContainer`.
                public init(modelContainer: PersistenceCore.ModelContainer) {
                    let modelContext = modelContainer.newBackgroundContext()
                    self.modelExecutor = PersistenceCore.ModelContextExecutor(context: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension Importer: PersistenceCore.ModelActor {
            }
            """,
            macroSpecs: specs)
    }

    func testModelActor_generatesNoInit_whenDisabled_andFileprivateMembers_whenTheActorIsPrivate() {
        assertMacroExpansion(
            """
            @ModelActor(disableGenerateInit: true) private actor Custom {
            }
            """,
            expandedSource: """
            private actor Custom {

                /// The executor that runs the actor's code on its context's queue.
                fileprivate nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor

                /// The container the actor's context belongs to.
                fileprivate nonisolated let modelContainer: PersistenceCore.ModelContainer
            }

            extension Custom: PersistenceCore.ModelActor {
            }
            """,
            macroSpecs: specs)
    }

    func testModelActor_generatesAnInit_whenDisableGenerateInitIsFalse() {
        let expanded = expandedSource("@BackgroundModelActor(disableGenerateInit: false) actor A {\n}", macroSpecs: specs)
        XCTAssertTrue(expanded.contains("init(modelContainer: PersistenceCore.ModelContainer)"), expanded)
    }

    // MARK: @MainModelActor

    func testMainModelActor_isolatesUnisolatedMembersToTheMainActor_andConforms() {
        assertMacroExpansion(
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
            """,
            expandedSource: """
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
            """,
            macroSpecs: specs)
    }

    func testMainModelActor_generatesNoInit_whenDisabled_andPublicMembers_whenTheClassIsPublic() {
        assertMacroExpansion(
            """
            @MainModelActor(disableGenerateInit: true) public final class ViewModel {
                public init(container: ModelContainer) { modelContainer = container }
            }
            """,
            expandedSource: """
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
            """,
            macroSpecs: specs)
    }

    // MARK: Diagnostics

    func testModelActorMacros_applyOnlyToAnActor() {
        // The diagnostic points at the keyword that says what the declaration is.
        for (source, message, column) in [
            ("@ModelActor class Handler {}", "@ModelActor applies to an actor; 'Handler' is a class", 13),
            ("@ModelActor struct Handler {}", "@ModelActor applies to an actor; 'Handler' is a struct", 13),
            ("@BackgroundModelActor final class Importer {}", "@BackgroundModelActor applies to an actor; 'Importer' is a class", 29),
            ("@BackgroundModelActor enum Importer {}", "@BackgroundModelActor applies to an actor; 'Importer' is an enum", 23),
        ] {
            assertDiagnostics(source, [DiagnosticSpec(message: message, line: 1, column: column)])
        }
    }

    func testMainModelActor_appliesOnlyToAFinalClass() {
        assertMacroExpansion(
            "@MainModelActor actor ViewModel {}",
            expandedSource: """
            actor ViewModel {}

            extension ViewModel: Sendable {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@MainModelActor applies to a final class; 'ViewModel' is an actor", line: 1, column: 17)],
            macroSpecs: specs)
        assertDiagnostics(
            "@MainModelActor struct ViewModel {}",
            [DiagnosticSpec(message: "@MainModelActor applies to a final class; 'ViewModel' is a struct", line: 1, column: 17)])
        assertDiagnostics(
            "@MainModelActor class ViewModel {}",
            [DiagnosticSpec(message: "@MainModelActor applies to a final class; mark 'ViewModel' final", line: 1, column: 17)])
    }

    func testModelActor_asksForALiteral_forDisableGenerateInit() {
        assertDiagnostics(
            "@ModelActor(disableGenerateInit: flag) actor Handler {}",
            [DiagnosticSpec(message: "disableGenerateInit: takes the literal true or false", line: 1, column: 34)])
    }

    // MARK: Helpers

    private func assertDiagnostics(_ source: String, _ diagnostics: [DiagnosticSpec],
                                   file: StaticString = #filePath, line: UInt = #line) {
        PersistenceCoreMacrosTests.assertDiagnostics(source, diagnostics, macroSpecs: specs, file: file, line: line)
    }
}
