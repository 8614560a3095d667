import SwiftSyntax
import SwiftSyntaxMacros

/// `@Attribute(...)`: options `@Model` reads from the source (`.unique`). It generates nothing
/// itself.
public struct AttributeMacro: PeerMacro {
    /// Nothing: `@Model` reads the attribute.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
