import Foundation

/// Lines for the parent process, flushed at once: the parent acts on each as it arrives.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// A failure the helper reports on standard error before exiting with status 1.
struct HelperError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
