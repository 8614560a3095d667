import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Asserts that expanding `source` reports exactly `diagnostics`, at the given lines and columns
/// of the original source, without comparing the expanded code (the expansion tests do that).
func assertDiagnostics(
    _ source: String,
    _ diagnostics: [DiagnosticSpec],
    macroSpecs: [String: MacroSpec],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    SwiftSyntaxMacrosGenericTestSupport.assertMacroExpansion(
        source,
        expandedSource: "",
        diagnostics: diagnostics,
        macroSpecs: macroSpecs,
        failureHandler: { failure in
            guard !failure.message.hasPrefix("Macro expansion did not produce the expected expanded source") else { return }
            XCTFail(failure.message, file: file, line: line)
        })
}

/// The source after expanding `macroSpecs` in it, for checks on part of an expansion.
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
    ).description
}
