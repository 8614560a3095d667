#if os(Linux)
import Foundation

extension ExecutableLocation {
    /// Linux names the running executable in `/proc/self/exe`, a symbolic link to it.
    static func platformRunningExecutable() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// On Linux a test bundle is an executable, so this code's image is the running executable.
    static func platformImageOfThisCode() -> URL? {
        platformRunningExecutable()
    }
}
#endif
