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
}
