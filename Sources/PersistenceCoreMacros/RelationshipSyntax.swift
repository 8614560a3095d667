import SwiftDiagnostics
import SwiftSyntax

/// A relationship of a `@Model` class as read from the source: `var trip: Trip?` (to-one) or
/// `var stops: [Stop]` (to-many), with what `@Relationship(…)` says.
struct ModelRelationship {
    /// The property's name, also the relationship's name.
    let name: String
    /// The destination model's type as written, e.g. `Stop`.
    let destination: String
    /// Whether the property is an array of models.
    let isToMany: Bool
    /// The delete rule as written (`.cascade`), nil for the default.
    let deleteRule: String?
    /// The inverse key path as written (`\Stop.trip`), nil when the schema is to infer it.
    let inverse: String?
    /// `minimumModelCount:` and `maximumModelCount:` as written (integer literals), nil for the
    /// default (0: no limit).
    var minimumModelCount: String? = nil
    var maximumModelCount: String? = nil
    /// Whether `@Relationship(.unique)` was written (a to-one relationship's unique index).
    var isUnique = false

    /// The delete rules `@Relationship(deleteRule:)` accepts.
    static let deleteRules = ["nullify", "cascade", "deny", "noAction"]

    /// The `Schema.Relationship` expression `@Model` puts in the entity schema.
    var schemaExpression: String {
        var arguments = "\"\(name)\", to: \(destination).self, isToMany: \(isToMany)"
        if let deleteRule { arguments += ", deleteRule: \(deleteRule)" }
        if let inverse { arguments += ", inverse: \(inverse)" }
        if let minimumModelCount { arguments += ", minimumModelCount: \(minimumModelCount)" }
        if let maximumModelCount { arguments += ", maximumModelCount: \(maximumModelCount)" }
        return "PersistenceCore.Schema.Relationship(\(arguments))"
    }

    /// The destination and cardinality a property type gives: `T?` or `Optional<T>` is to-one,
    /// `[T]` or `Array<T>` to-many, where `T` names a type that is not one of the attribute types.
    static func shape(of type: TypeSyntax) -> (destination: String, isToMany: Bool)? {
        if let optional = type.as(OptionalTypeSyntax.self), let name = modelName(optional.wrappedType) {
            return (name, false)
        }
        if let array = type.as(ArrayTypeSyntax.self), let name = modelName(array.element) {
            return (name, true)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), let arguments = identifier.genericArgumentClause,
           arguments.arguments.count == 1, let wrapped = arguments.arguments.first!.typeArgument,
           let name = modelName(wrapped) {
            if identifier.name.text == "Optional" { return (name, false) }
            if identifier.name.text == "Array" { return (name, true) }
        }
        return nil
    }

    /// The destination of a to-many relationship declared by its initial value, `[Sight]()` or
    /// `Array<Sight>()`; nil for any other value.
    static func shape(ofInitialValue value: ExprSyntax) -> (destination: String, isToMany: Bool)? {
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
        if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
           let element = array.elements.first?.expression,
           element.is(DeclReferenceExprSyntax.self) || element.is(MemberAccessExprSyntax.self) {
            return (element.trimmedDescription, true)
        }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
           generic.expression.trimmedDescription == "Array", generic.genericArgumentClause.arguments.count == 1,
           let element = generic.genericArgumentClause.arguments.first!.typeArgument,
           let name = modelName(element) {
            return (name, true)
        }
        return nil
    }

    /// The model of an optional array of models (`[Stop]?`, `Optional<[Stop]>`), SwiftData's
    /// spelling of a to-many relationship that may be nil; nil for any other type.
    static func optionalArrayElement(_ type: TypeSyntax) -> String? {
        var wrapped: TypeSyntax?
        if let optional = type.as(OptionalTypeSyntax.self) {
            wrapped = optional.wrappedType
        } else if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
                  let arguments = identifier.genericArgumentClause, arguments.arguments.count == 1,
                  let argument = arguments.arguments.first!.typeArgument {
            wrapped = argument
        }
        guard let wrapped, let shape = shape(of: wrapped), shape.isToMany else { return nil }
        return shape.destination
    }

    /// The type's name when it may be a model: a plain or qualified name with no generic
    /// arguments, that is not an attribute type. (Whether it is a `@Model` class, the compiler
    /// checks on the generated code.)
    static func modelName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil,
           !AttributeTypeSyntax.supportedNames.contains(identifier.name.text), identifier.name.text != "Optional" {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
           !["Swift", "Foundation"].contains(member.baseType.trimmedDescription) {
            return member.trimmedDescription
        }
        return nil
    }

    /// Reads `@Relationship(deleteRule:inverse:)`'s arguments for the property `name` of type
    /// `shape`; diagnostics for anything `@Model` cannot read as a literal.
    static func read(_ attribute: AttributeSyntax?, name: String, shape: (destination: String, isToMany: Bool))
        -> ModelMember {
        var deleteRule: String?
        var inverse: String?
        var counts: [String: String] = [:]
        var isUnique = false
        if let attribute, case .argumentList(let arguments) = attribute.arguments {
            for argument in arguments {
                switch argument.label?.text {
                case nil:
                    // An option: `.unique` is the one SwiftData has.
                    guard argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "unique" else {
                        return .invalid([Diagnostic(node: argument.expression, message: MacroDiagnostic(
                            "relationshipOption", "@Relationship's options are read from the source: write '.unique'"))])
                    }
                    guard !shape.isToMany else {
                        return .invalid([Diagnostic(node: argument.expression, message: MacroDiagnostic(
                            "relationshipUniqueToMany", "@Relationship(.unique) applies to a relationship to one model, as in SwiftData; '\(name)' is to-many"))])
                    }
                    isUnique = true
                case "minimumModelCount", "maximumModelCount":
                    let label = argument.label!.text
                    if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                    guard let literal = argument.expression.as(IntegerLiteralExprSyntax.self), let count = Int(literal.literal.text), count >= 0 else {
                        return .invalid([Diagnostic(node: argument.expression, message: MacroDiagnostic(
                            "relationshipCount", "@Relationship(\(label):) takes an integer literal, 0 or more (0: no limit)"))])
                    }
                    if count > 0 { counts[label] = String(count) }
                case "deleteRule":
                    guard let member = argument.expression.as(MemberAccessExprSyntax.self),
                          deleteRules.contains(member.declName.baseName.text)
                    else {
                        return .invalid([Diagnostic(node: argument.expression, message: MacroDiagnostic(
                            "relationshipDeleteRule",
                            "@Relationship(deleteRule:) takes one of \(deleteRules.map { ".\($0)" }.joined(separator: ", ")), written as a literal"))])
                    }
                    deleteRule = "." + member.declName.baseName.text
                case "inverse":
                    guard let keyPath = argument.expression.as(KeyPathExprSyntax.self) else {
                        if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                        return .invalid([Diagnostic(node: argument.expression, message: MacroDiagnostic(
                            "relationshipInverse", "@Relationship(inverse:) takes a key path literal such as \\\(shape.destination).\(name)"))])
                    }
                    // The type before the property, compared by its last name: `\Stop.trip` and
                    // `\Outer.Stop.trip` both fit a destination written `Outer.Stop` or `Stop` (the
                    // compiler checks the generated key path's root for real).
                    let path = keyPath.trimmedDescription.dropFirst().split(separator: ".")
                    if keyPath.root != nil, path.dropLast().last != shape.destination.split(separator: ".").last {
                        return .invalid([Diagnostic(node: keyPath, message: MacroDiagnostic(
                            "relationshipInverseRoot",
                            "the inverse of '\(name)' must be a property of \(shape.destination), its destination; \\\(path.dropLast().joined(separator: "."))… is not"))])
                    }
                    inverse = keyPath.trimmedDescription
                default:
                    continue
                }
            }
        }
        return .relationship(ModelRelationship(name: name, destination: shape.destination, isToMany: shape.isToMany,
                                               deleteRule: deleteRule, inverse: inverse,
                                               minimumModelCount: counts["minimumModelCount"],
                                               maximumModelCount: counts["maximumModelCount"], isUnique: isUnique))
    }
}
