import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct PersistenceCoreMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = []
}
