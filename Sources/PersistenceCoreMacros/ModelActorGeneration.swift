import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@ModelActor`, `@BackgroundModelActor` and `@MainModelActor` have in common: the
/// `disableGenerateInit:` argument, the check of what they are attached to, and the conformance.
enum ModelActorGeneration {
    /// False when the attribute says `disableGenerateInit: true`; a value that is not a Boolean
    /// literal is diagnosed (a macro can only read literals).
    static func generatesInit(_ node: AttributeSyntax, in context: some MacroExpansionContext) -> Bool {
        guard case .argumentList(let arguments) = node.arguments,
              let argument = arguments.first(where: { $0.label?.text == "disableGenerateInit" })
        else { return true }
        guard let literal = argument.expression.as(BooleanLiteralExprSyntax.self) else {
            context.diagnose(Diagnostic(node: argument.expression, message: MacroDiagnostic(
                "disableGenerateInitLiteral", "disableGenerateInit: takes the literal true or false")))
            return true
        }
        return literal.literal.tokenKind != .keyword(.true)
    }

    /// True when `declaration` is an `actor`; otherwise diagnoses it for `macro` and returns false.
    static func requireActor(_ declaration: some DeclGroupSyntax, macro: String,
                             in context: some MacroExpansionContext) -> Bool {
        if declaration.is(ActorDeclSyntax.self) { return true }
        context.diagnose(Diagnostic(node: declaration.introducerKeyword, message: MacroDiagnostic(
            "notAnActor", "@\(macro) applies to an actor; \(subject(declaration))")))
        return false
    }

    /// True when `declaration` is a `final class`; otherwise diagnoses it for `macro` and returns false.
    static func requireFinalClass(_ declaration: some DeclGroupSyntax, macro: String,
                                  in context: some MacroExpansionContext) -> Bool {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: declaration.introducerKeyword, message: MacroDiagnostic(
                "notAFinalClass", "@\(macro) applies to a final class; \(subject(declaration))")))
            return false
        }
        guard classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) else {
            context.diagnose(Diagnostic(node: classDecl.classKeyword, message: MacroDiagnostic(
                "notAFinalClass", "@\(macro) applies to a final class; mark '\(classDecl.name.text)' final")))
            return false
        }
        return true
    }

    /// The members of a model actor whose context is `contextExpression` (in terms of `modelContainer`).
    static func actorMembers(of declaration: some DeclGroupSyntax, generateInit: Bool,
                             contextExpression: String) -> [DeclSyntax] {
        let access = declaration.generatedMemberAccess
        var members: [DeclSyntax] = [
            """
            /// The executor that runs the actor's code on its context's queue.
            \(raw: access)nonisolated let modelExecutor: PersistenceCore.ModelContextExecutor
            """,
            """
            /// The container the actor's context belongs to.
            \(raw: access)nonisolated let modelContainer: PersistenceCore.ModelContainer
            """,
        ]
        if generateInit {
            members.append("""
                /// An actor with a context of its own in `modelContainer`.
                \(raw: access)init(modelContainer: PersistenceCore.ModelContainer) {
                    let modelContext = \(raw: contextExpression)
                    self.modelExecutor = PersistenceCore.ModelContextExecutor(context: modelContext, actorName: \(literal: actorName(of: declaration)))
                    self.modelContainer = modelContainer
                }
                """)
        }
        return members
    }

    /// The actor's name, which its executor gives its context's lane in a trace.
    private static func actorName(of declaration: some DeclGroupSyntax) -> String {
        declaration.as(ActorDeclSyntax.self)?.name.text ?? declaration.as(ClassDeclSyntax.self)?.name.text ?? "model actor"
    }

    /// `extension Type: <module>.<protocolName> {}`, unless the compiler says the type already conforms.
    static func conformance(of type: some TypeSyntaxProtocol, to protocolName: String,
                            requested protocols: [TypeSyntax], module: String? = "PersistenceCore") throws -> [ExtensionDeclSyntax] {
        let requested = protocols.contains { $0.trimmedDescription.split(separator: ".").last.map(String.init) == protocolName }
        guard requested else { return [] }
        let qualified = module.map { "\($0).\(protocolName)" } ?? protocolName
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: qualified) {}")]
    }

    /// For a macro that may add `Sendable` but was misapplied to an actor: the actor's own
    /// `Sendable` conformance. The compiler leaves an actor's implicit conformance to such a macro,
    /// so without it a second, confusing error ("does not conform to protocol 'Sendable'")
    /// would follow the macro's own diagnostic.
    static func actorSendableConformance(of declaration: some DeclGroupSyntax, type: some TypeSyntaxProtocol,
                                         requested protocols: [TypeSyntax]) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self) else { return [] }
        return try conformance(of: type, to: "Sendable", requested: protocols, module: nil)
    }

    private static func subject(_ declaration: some DeclGroupSyntax) -> String {
        declaration.declaredName.map { "'\($0)' is \(declaration.kindDescription)" } ?? "not \(declaration.kindDescription)"
    }
}
