import SwiftDiagnostics
import SwiftSyntax

/// The `#Unique` and `#Index` lists written in a `@Model` class, as property names: what the
/// entity schema's `uniquenessConstraints` and `indices` hold.
struct ModelConstraints {
    /// Each `#Unique` list, in the order written.
    var unique: [[String]] = []
    /// Each `#Index` list, in the order written.
    var indices: [[String]] = []
    /// What is wrong with them: a key path that is not one property of the model itself.
    var diagnostics: [Diagnostic] = []

    /// Reads every `#Unique<Model>([\.a], [\.b, \.c])` and `#Index<Model>(…)` among `members`,
    /// checking each name against `persistedNames`; in a subclass (`inherits`), a name that is not
    /// one of them may be an inherited property, which the container checks when it opens.
    init(_ members: MemberBlockItemListSyntax, persistedNames: Set<String>, inherits: Bool = false) {
        for item in members {
            guard let expansion = item.decl.as(MacroExpansionDeclSyntax.self) else { continue }
            let macro = expansion.macroName.text
            guard macro == "Unique" || macro == "Index" else { continue }
            var lists: [[String]] = []
            for argument in expansion.arguments {
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    diagnostics.append(Diagnostic(node: argument.expression, message: MacroDiagnostic(
                        "constraintNotALiteral", "@Model reads #\(macro) from the source: write each list as an array of key paths, '[\\.name]'")))
                    continue
                }
                var names: [String] = []
                for element in array.elements {
                    guard let name = Self.propertyName(element.expression) else {
                        diagnostics.append(Diagnostic(node: element.expression, message: MacroDiagnostic(
                            "constraintKeyPath", "#\(macro) takes key paths to properties of the model itself, such as '\\.name'")))
                        continue
                    }
                    guard persistedNames.contains(name) || inherits else {
                        diagnostics.append(Diagnostic(node: element.expression, message: MacroDiagnostic(
                            "constraintNotPersisted", "#\(macro) names '\(name)', which is not a stored property of this model (a @Transient or computed property has no column)")))
                        continue
                    }
                    names.append(name)
                }
                if !names.isEmpty { lists.append(names) }
            }
            if macro == "Unique" { unique += lists } else { indices += lists }
        }
    }

    /// `name` for `\.name` or `\Person.name`; nil for a longer path or anything else.
    private static func propertyName(_ expression: ExprSyntax) -> String? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
              let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)
        else { return nil }
        return property.declName.baseName.text
    }

    /// The entity schema's trailing arguments: `,\n    uniquenessConstraints: [["a"]]`, …; a to-one
    /// relationship marked `@Relationship(.unique)` is a constraint of its own.
    func schemaArguments(uniqueRelationships: [String]) -> String {
        let unique = unique + uniqueRelationships.map { [$0] }
        func literal(_ lists: [[String]]) -> String {
            "[" + lists.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
        }
        var arguments = ""
        if !unique.isEmpty { arguments += ",\n    uniquenessConstraints: \(literal(unique))" }
        if !indices.isEmpty { arguments += ",\n    indices: \(literal(indices))" }
        return arguments
    }
}
