/// A key path received as a parameter, as one a `Sendable` API takes.
///
/// A key path written as a literal to a stored or generated property captures nothing, and is
/// `Sendable` (SE-0418 infers it for such literals); once passed as a plain `KeyPath` parameter
/// it has lost the marker, which a cast cannot restore (`Sendable` is a marker protocol). This
/// reinterprets the reference, which has the same layout. Use it only for key paths that name
/// properties (no subscripts with captured arguments): SwiftData's own signatures take plain key
/// paths where Foundation's `SortDescriptor` now asks for `Sendable` ones.
func assumingSendable<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> any KeyPath<Root, Value> & Sendable {
    unsafeBitCast(keyPath, to: (any KeyPath<Root, Value> & Sendable).self)
}

/// The `PartialKeyPath` form of ``assumingSendable(_:)-(KeyPath<Root,Value>)``, for a key path
/// read from a model's `attributeKeyPaths`.
func assumingSendable<Root>(_ keyPath: PartialKeyPath<Root>) -> any PartialKeyPath<Root> & Sendable {
    unsafeBitCast(keyPath, to: (any PartialKeyPath<Root> & Sendable).self)
}
