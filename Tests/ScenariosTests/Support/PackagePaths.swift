import Foundation
import Scenarios

/// Files of the package itself, found from this file's path: the tests may run from any folder.
enum PackagePaths {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ScenariosTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The `whereToLook` paths of `info` that do not exist.
    static func missing(in info: ScenarioInfo) -> [String] {
        info.whereToLook.filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }
}
