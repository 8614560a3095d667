import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion

/// The source after expanding `macroSpecs` in it: assertMacro records no expansion once a macro
/// reports an error, so the tests of what is generated despite one compare this.
func expandedSource(_ source: String, macroSpecs: [String: MacroSpec]) -> String {
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(
        sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")])
    return file.expand(
        macroSpecs: macroSpecs,
        contextGenerator: { syntax in
            BasicMacroExpansionContext(sharingWith: context, lexicalContext: syntax.allMacroLexicalContexts())
        },
        indentationWidth: .spaces(4)
    ).description.trimmingCharacters(in: .newlines)
}
