import Foundation

/// Where this process's code lives on disk: the running executable, and the image (an executable
/// or a loaded test bundle) that holds this module's code.
///
/// The two differ under a test runner: Swift Testing on a Mac runs the tests in
/// `swiftpm-testing-helper`, which loads the package's test bundle from the build folder; the
/// build folder is then found from the bundle's image, not from the running executable. How a
/// system names them is its own (`ExecutableLocation+Linux.swift`, `ExecutableLocation+Darwin.swift`).
package enum ExecutableLocation {
    /// The running executable's file, symbolic links resolved; nil if the system does not say.
    package static var runningExecutable: URL? {
        platformRunningExecutable()?.resolvingSymlinksInPath()
    }

    /// The file of the image that holds this module's code: the executable it is linked into, or
    /// the test bundle's binary.
    package static var imageOfThisCode: URL? {
        platformImageOfThisCode()?.resolvingSymlinksInPath()
    }

    /// The folders that may hold this package's built products, nearest first: the running
    /// executable's folder, then the image's folder and its parents up to `levels` above (a Mac's
    /// test bundle keeps its binary in `<build>/X.xctest/Contents/MacOS/`).
    package static func candidateFolders(levels: Int = 4) -> [URL] {
        var folders: [URL] = []
        if let executable = runningExecutable { folders.append(executable.deletingLastPathComponent()) }
        var folder = imageOfThisCode?.deletingLastPathComponent()
        for _ in 0..<levels {
            guard let current = folder, current.path != "/" else { break }
            if !folders.contains(current) { folders.append(current) }
            folder = current.deletingLastPathComponent()
        }
        return folders
    }
}
