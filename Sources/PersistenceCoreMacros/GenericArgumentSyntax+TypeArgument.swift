import SwiftSyntax

extension GenericArgumentSyntax {
    /// The argument when it is a type (`Trip` in `[Trip]`, `Optional<Trip>`), whichever
    /// swift-syntax the package is built with: 601 made `argument` a choice of a type or an
    /// expression (integer generic parameters); 600's is the type itself. The package accepts
    /// 600 to 603, so that it resolves beside other macro packages.
    var typeArgument: TypeSyntax? {
        #if canImport(SwiftSyntax601)
        if case .type(let type) = argument { return type }
        return nil
        #else
        return argument
        #endif
    }
}
