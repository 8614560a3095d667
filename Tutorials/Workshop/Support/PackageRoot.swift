import Foundation

/// The checkout this module was compiled from, found from this file's own path.
enum PackageRoot {
    /// `<root>/Tutorials/Workshop/Support/PackageRoot.swift` → `<root>`.
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Workshop
        .deletingLastPathComponent()  // Tutorials
        .deletingLastPathComponent()
}
