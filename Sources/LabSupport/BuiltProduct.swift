import Foundation

/// Finds an executable this package builds (`lab`, `store-test-helper`), to start as a child.
///
/// SwiftPM puts every product of the package in one folder (`.build/debug`, or
/// `<scratch-path>/debug`), test bundles included; so a product is looked for beside the running
/// executable and beside the image that holds this code (a test bundle, under a test runner such
/// as a Mac's `swiftpm-testing-helper`), wherever the build went (``ExecutableLocation``).
package enum BuiltProduct {
    /// The product `name`: the running executable if it is that product, else one beside it or
    /// beside a test bundle, or the path in the environment variable `override` if it is set.
    package static func url(_ name: String, override: String) throws -> URL {
        if let explicit = ProcessInfo.processInfo.environment[override] {
            return URL(fileURLWithPath: explicit)
        }
        if let executable = ExecutableLocation.runningExecutable, executable.lastPathComponent == name { return executable }
        var folders = ExecutableLocation.candidateFolders()
        folders += Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map { $0.bundleURL.deletingLastPathComponent() }
        folders.append(Bundle.main.bundleURL)
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw NotFound(name: name, override: override, searched: folders.map(\.path))
    }

    /// The product was built nowhere this process looked.
    package struct NotFound: Error, CustomStringConvertible {
        package let name: String
        package let override: String
        package let searched: [String]

        package var description: String {
            "the \(name) executable is not in \(searched.joined(separator: ", ")); build it (`swift build --product \(name)` with the same --scratch-path) or set \(override)"
        }
    }
}
