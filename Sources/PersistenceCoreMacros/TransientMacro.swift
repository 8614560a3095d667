import SwiftSyntax
import SwiftSyntaxMacros

/// `@Transient`: a marker `@Model` reads to leave a stored property out of the store. It
/// generates nothing itself.
public struct TransientMacro: PeerMacro {
    /// Nothing: `@Model` reads the attribute.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
