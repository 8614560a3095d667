import SwiftSyntax
import SwiftSyntaxMacros

/// `#Unique` and `#Index`: markers `@Model` reads from the class body (``ModelConstraints``). They
/// generate nothing themselves; the compiler has already checked that each key path names a
/// property of the model.
public struct ModelConstraintMacro: DeclarationMacro {
    /// Nothing: `@Model` reads the key paths.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
