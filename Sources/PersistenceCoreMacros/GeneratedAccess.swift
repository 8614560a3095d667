import SwiftSyntax

extension DeclGroupSyntax {
    /// The access modifier (with its trailing space) for members a macro generates in this type:
    /// they are as visible as the type, so that members satisfying a public protocol's
    /// requirements are `public` in a public type.
    var generatedMemberAccess: String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            case .keyword(.private), .keyword(.fileprivate): return "fileprivate "
            default: continue
            }
        }
        return ""
    }

    /// The name of the declared type, for messages and generated code; nil for an extension.
    var declaredName: String? {
        switch DeclSyntax(self).as(DeclSyntaxEnum.self) {
        case .classDecl(let decl): decl.name.text
        case .structDecl(let decl): decl.name.text
        case .enumDecl(let decl): decl.name.text
        case .actorDecl(let decl): decl.name.text
        case .protocolDecl(let decl): decl.name.text
        default: nil
        }
    }

    /// What kind of declaration this is, as a learner would say it: "a struct", "an actor".
    var kindDescription: String {
        switch DeclSyntax(self).as(DeclSyntaxEnum.self) {
        case .classDecl: "a class"
        case .structDecl: "a struct"
        case .enumDecl: "an enum"
        case .actorDecl: "an actor"
        case .protocolDecl: "a protocol"
        case .extensionDecl: "an extension"
        default: "this declaration"
        }
    }

    /// The keyword that introduces the declaration (`struct`, `class`, …): where a diagnostic
    /// about the kind of declaration points.
    var introducerKeyword: Syntax {
        switch DeclSyntax(self).as(DeclSyntaxEnum.self) {
        case .classDecl(let decl): Syntax(decl.classKeyword)
        case .structDecl(let decl): Syntax(decl.structKeyword)
        case .enumDecl(let decl): Syntax(decl.enumKeyword)
        case .actorDecl(let decl): Syntax(decl.actorKeyword)
        case .protocolDecl(let decl): Syntax(decl.protocolKeyword)
        case .extensionDecl(let decl): Syntax(decl.extensionKeyword)
        default: Syntax(self)
        }
    }
}

extension AttributeListSyntax {
    /// Whether one of the attributes is named `name`, written plainly or qualified
    /// (`Transient` or `PersistenceCore.Transient`).
    func contains(named name: String) -> Bool {
        attribute(named: name) != nil
    }

    /// The first attribute named `name`, written plainly or qualified.
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            guard case .attribute(let attribute) = element else { continue }
            if attribute.simpleName == name { return attribute }
        }
        return nil
    }
}

extension AttributeSyntax {
    /// The attribute's name without module qualification: `Attribute` for `@PersistenceCore.Attribute(.unique)`.
    var simpleName: String {
        if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text }
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return attributeName.trimmedDescription
    }
}
