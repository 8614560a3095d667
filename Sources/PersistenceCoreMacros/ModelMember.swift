import SwiftDiagnostics
import SwiftSyntax

/// One persisted property of a `@Model` class, as read from the source.
struct ModelProperty {
    /// The property's name, also the attribute's name.
    let name: String
    /// Its type.
    let type: AttributeTypeSyntax
    /// Whether it carries `@Attribute(.unique)`.
    let isUnique: Bool
    /// `@Attribute(originalName:)`, the name an older model gave it, as a string literal.
    let originalName: String?
    /// Whether it carries `@Attribute(.preserveValueOnDeletion)`.
    let preservesValueOnDeletion: Bool
    /// The declaration's initial value, as written (`false` in `var pinned: Bool = false`): the
    /// schema keeps it, so that a migration can give it to the rows already stored.
    var initialValue: String? = nil

    /// The arguments after the type in the schema's initializer: `, isUnique: true`, ….
    var schemaOptions: String {
        Self.schemaOptions(isUnique: isUnique, originalName: originalName, preservesValueOnDeletion: preservesValueOnDeletion)
            + (initialValue.map { ", defaultValue: \($0)" } ?? "")
    }

    /// The `@Attribute` options as the schema initializers' trailing arguments, for attributes
    /// and resolved properties alike.
    static func schemaOptions(isUnique: Bool, originalName: String?, preservesValueOnDeletion: Bool) -> String {
        var arguments = ""
        if isUnique { arguments += ", isUnique: true" }
        if let originalName { arguments += ", originalName: \"\(originalName)\"" }
        if preservesValueOnDeletion { arguments += ", preservesValueOnDeletion: true" }
        return arguments
    }
}

/// A persisted property whose type the macro cannot classify from the text (`Status?` may be an
/// optional enum or a to-one relationship): the compiler does, through `ResolvedProperty`'s and
/// `BackingData.getResolved`'s overloads.
struct ModelResolvedProperty {
    /// The property's name.
    let name: String
    /// The type's metatype as an expression, e.g. `Optional<Status>.self`.
    let metatypeExpression: String
    /// Whether it carries `@Attribute(.unique)`.
    let isUnique: Bool
    /// `@Attribute(originalName:)`, as a string literal.
    let originalName: String?
    /// Whether it carries `@Attribute(.preserveValueOnDeletion)`.
    let preservesValueOnDeletion: Bool

    /// The `ResolvedProperty` expression `@Model` puts in the entity schema.
    var schemaExpression: String {
        let options = ModelProperty.schemaOptions(isUnique: isUnique, originalName: originalName,
                                                  preservesValueOnDeletion: preservesValueOnDeletion)
        return "PersistenceCore.ResolvedProperty(\"\(name)\", \(metatypeExpression)\(options))"
    }
}

/// What `@Model` makes of one member of the class.
enum ModelMember {
    /// A stored `var` of one of the primitive types: it becomes an attribute.
    case persisted(ModelProperty)
    /// A stored `var` marked `@Relationship`: a relationship.
    case relationship(ModelRelationship)
    /// A stored `var` of any other type: an enum, a `Codable` value, a `URL`, or a model or an
    /// array of models (a relationship); the compiler decides which.
    case resolved(ModelResolvedProperty)
    /// Anything `@Model` leaves alone: methods, computed, `static`, `lazy` and `@Transient` properties.
    case ignored
    /// A property `@Model` cannot persist; the diagnostics say why. It is left as written.
    case invalid([Diagnostic])

    /// The names `@Model` generates; a member with one of them is the macro's own.
    static let generatedNames: Set<String> = ["backingData", "entitySchema", "attributeKeyPaths", "relatedModelTypes"]

    /// Classifies `member`.
    init(_ member: DeclSyntax) {
        guard let variable = member.as(VariableDeclSyntax.self) else {
            self = .ignored
            return
        }
        self = Self.classify(variable)
    }

    private static func classify(_ variable: VariableDeclSyntax) -> ModelMember {
        let modifiers = Set(variable.modifiers.map(\.name.text))
        if !modifiers.isDisjoint(with: ["static", "class", "lazy"]) { return .ignored }
        let isTransient = variable.attributes.contains(named: "Transient")

        guard variable.bindings.count == 1, let binding = variable.bindings.first,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
        else {
            if isTransient { return .ignored }
            let names = variable.bindings.map { "'\($0.pattern.trimmedDescription)'" }.joined(separator: " and ")
            return .invalid([Diagnostic(node: variable.bindings, message: MacroDiagnostic(
                "onePropertyPerLine",
                "@Model needs one property per line: declare \(names) separately"))])
        }
        let name = identifier.identifier.text
        if generatedNames.contains(name) { return .ignored }

        if let accessors = binding.accessorBlock?.accessors {
            guard case .accessors(let list) = accessors else { return .ignored }  // `{ … }`: computed
            let observers = list.filter { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
            guard observers.count == list.count else { return .ignored }  // get/set: computed
            if !isTransient, let observer = observers.first {
                // Reported at the name: the compiler hands macros the class without its accessor
                // bodies' locations, so a diagnostic on the observer itself lands at `<unknown>:0`.
                let kind = observer.accessorSpecifier.text
                return .invalid([Diagnostic(node: binding.pattern, message: MacroDiagnostic(
                    "observerNotSupported",
                    "@Model does not support '\(kind)' on '\(name)': the property's generated accessors would drop it silently; move the code into a method, or mark '\(name)' @Transient"))])
            }
        }

        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        if isTransient {
            let isImplicitlyNil = !isLet && binding.typeAnnotation.map { isOptional($0.type) } == true
            guard binding.initializer != nil || isImplicitlyNil else {
                return .invalid([Diagnostic(node: binding.pattern, message: MacroDiagnostic(
                    "transientNeedsDefault",
                    "@Transient property '\(name)' needs a default value: a model loaded from the store is made by init(backingData:), which cannot set it"))])
            }
            return .ignored
        }

        // A stored 'let' is persisted like a 'var', as SwiftData's @Model does: it gets the same
        // accessors, and the compiler decides. Swift 6 refuses accessors on a 'let' ("cannot expand
        // accessor macro on variable declared with 'let'", swiftlang/swift#73878); the Swift 5
        // language mode warns with those words, and the property is stored like any other.
        guard let annotation = binding.typeAnnotation else {
            // `var name = ""`, `var sights = [Sight]()`: the type is the initial value's, which the
            // compiler infers for the schema as for the property (the closure is never called).
            guard let initializer = binding.initializer?.value else {
                return .invalid([Diagnostic(node: binding.pattern, message: MacroDiagnostic(
                    "explicitTypeRequired",
                    "@Model needs a type or an initial value on '\(name)' (write 'var \(name): Type')"))])
            }
            if let relationship = variable.attributes.attribute(named: "Relationship") {
                guard let shape = ModelRelationship.shape(ofInitialValue: initializer) else {
                    return .invalid([Diagnostic(node: binding.pattern, message: MacroDiagnostic(
                        "explicitTypeRequired",
                        "@Model reads a relationship's destination from its type: write 'var \(name): [Model] = …' or 'var \(name): Model?'"))])
                }
                return ModelRelationship.read(relationship, name: name, shape: shape)
            }
            if let refused = refusedOption(variable, name: name) { return .invalid([refused]) }
            return .resolved(ModelResolvedProperty(
                name: name, metatypeExpression: "PersistenceCore.ResolvedProperty.typeOfInitialValue { \(initializer.trimmedDescription) }",
                isUnique: isUnique(variable), originalName: originalName(variable),
                preservesValueOnDeletion: preservesValueOnDeletion(variable)))
        }
        if let relationship = variable.attributes.attribute(named: "Relationship") {
            if AttributeTypeSyntax(annotation.type) == nil, let shape = ModelRelationship.shape(of: annotation.type) {
                return ModelRelationship.read(relationship, name: name, shape: shape)
            }
            // SwiftData's other two shapes: an optional array of models (to-many, as CloudKit asks)
            // and a model that is not optional (to-one); the accessors' overloads hand them out so.
            if let destination = ModelRelationship.optionalArrayElement(annotation.type) {
                return ModelRelationship.read(relationship, name: name, shape: (destination, true))
            }
            if let destination = ModelRelationship.modelName(annotation.type) {
                return ModelRelationship.read(relationship, name: name, shape: (destination, false))
            }
            let written = annotation.type.trimmedDescription
            return .invalid([Diagnostic(node: annotation.type, message: MacroDiagnostic(
                "relationshipShape",
                "@Relationship applies to a model or an array of models: type '\(name)' as 'Model?' or 'Model' for a to-one relationship, '[Model]' or '[Model]?' for a to-many one; '\(written)' is neither"))])
        }
        if let refused = refusedOption(variable, name: name) { return .invalid([refused]) }
        if let type = AttributeTypeSyntax(annotation.type) {
            return .persisted(ModelProperty(name: name, type: type, isUnique: isUnique(variable),
                                            originalName: originalName(variable),
                                            preservesValueOnDeletion: preservesValueOnDeletion(variable),
                                            initialValue: binding.initializer.map(\.value.trimmedDescription).flatMap { $0 == "nil" ? nil : $0 }))
        }
        guard let metatype = resolvableMetatype(annotation.type) else {
            return .invalid([Diagnostic(node: annotation.type, message: MacroDiagnostic(
                "unsupportedType",
                "@Model does not support '\(name): \(annotation.type.trimmedDescription)'; use a Codable type (an enum with a raw value, a struct, an array), one of \(AttributeTypeSyntax.supportedNames.joined(separator: ", ")), URL, or their optionals; a relationship is an optional model ('Trip?') or an array of models ('[Stop]')"))])
        }
        return .resolved(ModelResolvedProperty(name: name, metatypeExpression: metatype, isUnique: isUnique(variable),
                                               originalName: originalName(variable),
                                               preservesValueOnDeletion: preservesValueOnDeletion(variable)))
    }

    /// `Optional<Status>.self` for `Status?`, `[Stop].self` for `[Stop]`: the metatype of a type
    /// that names something (a plain, qualified, generic, array, dictionary or optional type);
    /// nil for tuples, functions, `any`/`some` types and implicitly unwrapped optionals.
    private static func resolvableMetatype(_ type: TypeSyntax) -> String? {
        func names(_ type: TypeSyntax) -> Bool {
            if let optional = type.as(OptionalTypeSyntax.self) { return names(optional.wrappedType) }
            if let array = type.as(ArrayTypeSyntax.self) { return names(array.element) }
            if let dictionary = type.as(DictionaryTypeSyntax.self) { return names(dictionary.key) && names(dictionary.value) }
            return type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self)
        }
        guard names(type) else { return nil }
        if let optional = type.as(OptionalTypeSyntax.self) { return "Optional<\(optional.wrappedType.trimmedDescription)>.self" }
        return "\(type.trimmedDescription).self"
    }

    /// The options listed in `@Attribute(…)`, by name (`unique`, `transformable`, …), each with
    /// its node; labelled arguments (`originalName:`) are not options.
    private static func attributeOptions(_ variable: VariableDeclSyntax) -> [(name: String, node: ExprSyntax)] {
        guard let attribute = variable.attributes.attribute(named: "Attribute"),
              case .argumentList(let arguments) = attribute.arguments
        else { return [] }
        return arguments.filter { $0.label == nil }.compactMap { argument in
            let expression = argument.expression
            let member = expression.as(MemberAccessExprSyntax.self)
                ?? expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
            return member.map { ($0.declName.baseName.text, expression) }
        }
    }

    /// Whether `@Attribute(…)` lists `.unique`.
    private static func isUnique(_ variable: VariableDeclSyntax) -> Bool {
        attributeOptions(variable).contains { $0.name == "unique" }
    }

    /// Whether `@Attribute(…)` lists `.preserveValueOnDeletion`.
    private static func preservesValueOnDeletion(_ variable: VariableDeclSyntax) -> Bool {
        attributeOptions(variable).contains { $0.name == "preserveValueOnDeletion" }
    }

    /// The string literal given as `@Attribute(originalName:)`, if any.
    private static func originalName(_ variable: VariableDeclSyntax) -> String? {
        guard let attribute = variable.attributes.attribute(named: "Attribute"),
              case .argumentList(let arguments) = attribute.arguments,
              let argument = arguments.first(where: { $0.label?.text == "originalName" }),
              let literal = argument.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return literal.representedLiteralValue
    }

    /// The diagnostic for an option SwiftData has and this library cannot honour, if one is listed.
    private static func refusedOption(_ variable: VariableDeclSyntax, name: String) -> Diagnostic? {
        for option in attributeOptions(variable) {
            switch option.name {
            case "ephemeral":
                return Diagnostic(node: option.node, message: MacroDiagnostic(
                    "ephemeralNotSupported",
                    "@Model does not support '.ephemeral' (tracked but not stored): mark '\(name)' @Transient to keep it out of the store"))
            case "transformable":
                return Diagnostic(node: option.node, message: MacroDiagnostic(
                    "transformableNotSupported",
                    "@Model does not support '.transformable(by:)': make the type of '\(name)' Codable (it is stored as JSON), or store Data you encode yourself"))
            default:
                continue
            }
        }
        return nil
    }

    private static func isOptional(_ type: TypeSyntax) -> Bool {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }
}
