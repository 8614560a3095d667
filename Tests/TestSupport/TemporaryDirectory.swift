import Foundation

/// A fresh directory per test, named after the test, removed when the value goes away: each test
/// makes its own store files, so suites run in parallel.
package final class TemporaryDirectory: Sendable {
    package let url: URL

    package init(_ name: String = #function, fileID: String = #fileID) {
        let safe = (fileID + "-" + name).map { $0.isLetter || $0.isNumber ? $0 : "-" }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ConcurrencyLabTests", isDirectory: true)
            .appendingPathComponent(String(safe) + "-" + UUID().uuidString, isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file URL inside the directory.
    package func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}

/// The bytes of a file, to prove an operation left it untouched.
package func contents(of url: URL) -> Data? {
    FileManager.default.contents(atPath: url.path)
}
