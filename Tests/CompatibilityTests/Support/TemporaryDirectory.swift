import Foundation

/// A fresh directory per test, named after the test, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let url: URL

    init(_ name: String = #function, fileID: String = #fileID) {
        let safe = (fileID + "-" + name).map { $0.isLetter || $0.isNumber ? $0 : "-" }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ConcurrencyLabCompatibilityTests", isDirectory: true)
            .appendingPathComponent(String(safe) + "-" + UUID().uuidString, isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file URL inside the directory.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}
