import SwiftSyntax

/// A property type `@Model` can persist, read from the source text: one of the eight attribute
/// types, or an optional of one (`T?` or `Optional<T>`).
struct AttributeTypeSyntax {
    /// The supported names, in the order the diagnostics list them.
    static let supportedNames = ["Bool", "Int", "Int64", "Double", "String", "Date", "UUID", "Data"]

    /// The wrapped type as written, e.g. `Date` or `Foundation.Date`.
    let base: String
    /// Whether the property is an optional.
    let isOptional: Bool

    /// The type to hand `AttributeSchema.init(_:_:isUnique:)`, e.g. `Optional<Date>.self`.
    var metatypeExpression: String {
        isOptional ? "Optional<\(base)>.self" : "\(base).self"
    }

    /// Reads `type`; nil when it is not one @Model supports.
    init?(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            guard let base = Self.supportedBase(optional.wrappedType) else { return nil }
            self.base = base
            self.isOptional = true
        } else if let wrapped = Self.optionalGenericArgument(type) {
            guard let base = Self.supportedBase(wrapped) else { return nil }
            self.base = base
            self.isOptional = true
        } else {
            guard let base = Self.supportedBase(type) else { return nil }
            self.base = base
            self.isOptional = false
        }
    }

    /// `T` in `Optional<T>` or `Swift.Optional<T>`.
    private static func optionalGenericArgument(_ type: TypeSyntax) -> TypeSyntax? {
        let name: String
        let arguments: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            name = identifier.name.text
            arguments = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Swift" {
            name = member.name.text
            arguments = member.genericArgumentClause
        } else {
            return nil
        }
        guard name == "Optional", let arguments, arguments.arguments.count == 1,
              let wrapped = arguments.arguments.first!.typeArgument
        else { return nil }
        return wrapped
    }

    /// The type as written, when it names one of the eight supported types (optionally qualified
    /// by `Swift.` or `Foundation.`).
    private static func supportedBase(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil,
           supportedNames.contains(identifier.name.text) {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
           ["Swift", "Foundation"].contains(member.baseType.trimmedDescription),
           supportedNames.contains(member.name.text) {
            return member.trimmedDescription
        }
        return nil
    }
}
