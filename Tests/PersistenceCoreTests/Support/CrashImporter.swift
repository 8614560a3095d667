import Foundation

/// Finds the `crash-importer` helper that `swift test` builds next to the test bundle.
///
/// SwiftPM puts every product of the package in one folder (`.build/debug`, or
/// `<scratch-path>/debug`), the test bundle included; so the helper is looked for beside the test
/// bundle, wherever the build went. `LAB_CRASH_IMPORTER` may name it explicitly.
enum CrashImporter {
    static let name = "crash-importer"

    /// The helper's path, or an error saying how to build it.
    static func executable() throws -> URL {
        if let explicit = ProcessInfo.processInfo.environment["LAB_CRASH_IMPORTER"] {
            return URL(fileURLWithPath: explicit)
        }
        var folders: [URL] = [Bundle.main.bundleURL]
        folders += Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map { $0.bundleURL.deletingLastPathComponent() }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw NotFound(searched: folders.map(\.path))
    }

    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]

        var description: String {
            "the \(CrashImporter.name) helper is not in \(searched.joined(separator: ", ")); `swift test` builds it, or run `swift build --product \(CrashImporter.name)` with the same --scratch-path"
        }
    }
}
