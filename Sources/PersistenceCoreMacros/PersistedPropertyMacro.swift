import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@PersistedProperty(index:of:)`, which `@Model` puts on each persisted property: accessors
/// that read and write attribute `index` of the backing data, and the placeholder the init
/// accessor initializes.
///
/// The init accessor is what lets the class's own initializers assign the property; naming the
/// placeholder in `initializes:` makes the compiler treat the property as stored storage that
/// every initializer must set (see `PersistedPropertyPlaceholder`).
public struct PersistedPropertyMacro: AccessorMacro, PeerMacro {
    /// The init accessor, `get` and `set`, all through the backing data at the property's index.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let name = propertyName(declaration), let (index, kind) = index(in: node, context: context),
              let owner = ownerClass(in: node, context: context)
        else { return [] }
        // The index counts from where the owner's superclass's properties end (from zero in a
        // root model), and the init accessor writes the owner's own backing data: in a subclass,
        // the only one initialized before the superclass is.
        let storage = "_\(owner)_backingData"
        let base = switch kind {
        case "relationship": "relationships"
        case "resolved": "resolved"
        default: "attributes"
        }
        let position = "\(owner)._\(owner)_indexBase.\(base) + \(index)"
        // A relationship goes through the relationship path: same rule, plus faults and inverses;
        // a resolved property through the overloads its type picks (`ResolvedProperty`).
        let (get, set) = switch kind {
        case "relationship": ("getRelationship", "setRelationship")
        case "resolved": ("getResolved", "setResolved")
        default: ("getValue", "setValue")
        }
        return [
            """
            @storageRestrictions(accesses: \(raw: storage), initializes: _\(raw: name))
            init(initialValue) {
                \(raw: storage).\(raw: set)(initialValue, at: \(raw: position))
                _\(raw: name) = PersistenceCore.PersistedPropertyPlaceholder()
            }
            """,
            // The model holds its backing data for life (it is only ever set while the model is
            // initialized), so the accessors borrow it for the call: reading the property as
            // such retained and released it around every access, two atomic operations.
            """
            get {
                Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef { $0.\(raw: get)(at: \(raw: position)) }
            }
            """,
            """
            set {
                Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef { $0.\(raw: set)(newValue, at: \(raw: position)) }
            }
            """,
        ]
    }

    /// The placeholder `_name` that the init accessor initializes.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let name = propertyName(declaration) else { return [] }
        return ["private var _\(raw: name): PersistenceCore.PersistedPropertyPlaceholder"]
    }

    /// The name of the single property `declaration` declares.
    private static func propertyName(_ declaration: some DeclSyntaxProtocol) -> String? {
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1 else { return nil }
        return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// The class named by `of: Car.self`, the model that declares the property; diagnosed when
    /// it is anything else.
    private static func ownerClass(in node: AttributeSyntax, context: some MacroExpansionContext) -> String? {
        if case .argumentList(let arguments) = node.arguments,
           let argument = arguments.first(where: { $0.label?.text == "of" }),
           let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
           let base = member.base {
            return base.trimmedDescription
        }
        context.diagnose(Diagnostic(node: node, message: MacroDiagnostic(
            "persistedPropertyOwner", "@PersistedProperty needs the model class that declares the property, as 'of: Item.self'; @Model writes it for you")))
        return nil
    }

    /// The integer literal given as `index:` (an attribute), `relationship:` or `resolved:`, with
    /// its label; diagnosed when it is anything else.
    private static func index(in node: AttributeSyntax, context: some MacroExpansionContext) -> (Int, kind: String)? {
        if case .argumentList(let arguments) = node.arguments,
           let argument = arguments.first(where: { ["index", "relationship", "resolved"].contains($0.label?.text) }),
           let label = argument.label?.text,
           let literal = argument.expression.as(IntegerLiteralExprSyntax.self),
           let index = Int(literal.literal.text) {
            return (index, label)
        }
        context.diagnose(Diagnostic(node: node, message: MacroDiagnostic(
            "persistedPropertyIndex", "@PersistedProperty needs an integer literal index; @Model writes it for you")))
        return nil
    }
}
