/// The zero-size stored property `@Model` puts beside each persisted property.
///
/// A persisted property keeps its value in ``BackingData``, not in the object, so to the compiler
/// it is computed. Its generated init accessor says it `initializes` this placeholder: that is
/// what lets the class's own `init` assign the property (and makes forgetting to assign it an
/// error, as for any stored property), and what lets `init(backingData:)` skip every value.
public struct PersistedPropertyPlaceholder: Sendable {
    /// The one value there is; it takes no memory.
    public init() {}
}
