import Foundation
import LabSupport
import TestSupport
import Testing

/// Tests run the package's executables as processes, never import them: CI's clean build once
/// refused `@testable import lab` ("module 'lab' is the main module of an executable, and cannot
/// be imported by tests and other targets") where a warm build had accepted it. What a test needs
/// from an executable lives in a library the executable imports.
@Suite("Tests and executables")
struct ExecutableImportTests {
    @Test("No test file imports an executable target of Package.swift")
    func noTestImportsAnExecutable() throws {
        let manifest = try String(contentsOf: PackageRoot.file("Package.swift"), encoding: .utf8)
        let executables = manifest.matches(of: /\.executableTarget\(\s*name:\s*"([^"]+)"/).map {
            String($0.1).replacingOccurrences(of: "-", with: "_")
        }
        #expect(executables.contains("lab"), "Package.swift declares lab as an executable target")
        let files = PackageRoot.files(under: "Tests", endingWith: ".swift")
        #expect(files.count > 50, "the tests are found: \(files.count) files")
        var offenders: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for line in source.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let module = line.split(separator: " ").last.map(String.init) ?? ""
                if executables.contains(module) { offenders.append("\(file.lastPathComponent): \(line)") }
            }
        }
        #expect(offenders.isEmpty, "tests import executables: \(offenders)")
    }
}
