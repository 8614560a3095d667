import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin: every macro `PersistenceCore/Macros.swift` declares.
@main
struct PersistenceCoreMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        ModelMacro.self,
        PersistedPropertyMacro.self,
        TransientMacro.self,
        ModelConstraintMacro.self,
        AttributeMacro.self,
        ModelActorMacro.self,
        BackgroundModelActorMacro.self,
        MainModelActorMacro.self,
    ]
}
