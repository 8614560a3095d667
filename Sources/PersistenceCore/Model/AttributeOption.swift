/// What `@Attribute(...)` can say about a persisted property.
///
/// `@Model` reads these from the source text, so write them as literals: `@Attribute(.unique)`.
public enum AttributeOption: Sendable, Hashable {
    /// No two models of the entity may hold the same value: the store keeps a unique index on
    /// the column, and a save that would break it throws ``ModelError/uniqueConstraintViolation(entity:attribute:)``.
    case unique
}
