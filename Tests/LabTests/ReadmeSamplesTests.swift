import Foundation
import LabSupport
import Lessons
import TestSupport
import Testing

/// Every Swift sample in README.md compiles as a reader would paste it: a manifest fragment into a
/// package manifest's `targets:`, any other sample as a program's main file, against the modules
/// this test bundle was built with (the compiler lessons' `SnippetCompiler`).
@Suite("README's code samples")
struct ReadmeSamplesTests {
    /// One ```swift block of README.md, with the line its code starts on.
    struct Sample: CustomTestStringConvertible {
        let line: Int
        let code: String
        var testDescription: String { "README.md:\(line)" }
        /// A fragment of a manifest's target list (`.target(…)`, `.testTarget(…)`).
        var isManifestFragment: Bool { code.hasPrefix(".target(") || code.hasPrefix(".testTarget(") }
    }

    static var samples: [Sample] {
        let lines = ((try? String(contentsOf: PackageRoot.file("README.md"), encoding: .utf8)) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false)
        var samples: [Sample] = [], current: [Substring]?, start = 0
        for (index, line) in lines.enumerated() {
            if current == nil, line.hasPrefix("```swift") {
                current = []
                start = index + 2
            } else if current != nil, line.hasPrefix("```") {
                samples.append(Sample(line: start, code: current!.joined(separator: "\n")))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return samples
    }

    @Test("README has Swift samples to check")
    func samplesExist() {
        #expect(Self.samples.count >= 2)
    }

    @Test("Each Swift sample compiles", arguments: samples)
    func compiles(_ sample: Sample) async throws {
        let compiler = try SnippetCompiler.locate()
        let directory = TemporaryDirectory()
        let result: SnippetCompiler.Result
        if sample.isManifestFragment {
            let manifest = directory.file("Package.swift")
            try """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(
                    name: "ReadersApp",
                    dependencies: [.package(url: "https://github.com/example/ConcurrencyLab", branch: "main")],
                    targets: [
                \(sample.code)
                    ]
                )
                """.write(to: manifest, atomically: true, encoding: .utf8)
            result = try await compiler.checkManifest(at: manifest)
        } else {
            let main = directory.file("main.swift")
            try sample.code.write(to: main, atomically: true, encoding: .utf8)
            result = try await compiler.compile(at: main, topLevelCode: true)
        }
        #expect(result.exitCode == 0, "README.md:\(sample.line) does not compile:\n\(result.output)")
    }
}
