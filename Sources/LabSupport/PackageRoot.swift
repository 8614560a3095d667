import Foundation

/// The checkout this package was compiled from, found from this file's own path: the lessons'
/// snippets, the workshop's exercises and the tests' fixtures are files in it, wherever the
/// process runs from.
package enum PackageRoot {
    /// `<root>/Sources/LabSupport/PackageRoot.swift` → `<root>`.
    package static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LabSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// The file or folder at `path`, relative to the package root.
    package static func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }

    /// The files under the folder at `path` whose names end with `suffix`, recursively, sorted by
    /// path: what the tests that read the tree itself walk.
    package static func files(under path: String, endingWith suffix: String) -> [URL] {
        let walker = FileManager.default.enumerator(at: file(path), includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.path < $1.path }
    }
}
