#if canImport(Darwin)
import Darwin
import Foundation

extension ExecutableLocation {
    /// Darwin names the running executable through `_NSGetExecutablePath` (dyld's), which may
    /// give a path with symbolic links or `..` in it; `runningExecutable` resolves them.
    static func platformRunningExecutable() -> URL? {
        var size = UInt32(PATH_MAX)
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) != 0 {
            buffer = [CChar](repeating: 0, count: Int(size))  // the size it needs
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        }
        return URL(fileURLWithPath: String(cString: buffer))
    }

    /// The image (executable or loaded bundle) that holds this code, as dyld names it (`dladdr`
    /// on an address in it): under `swiftpm-testing-helper`, the test bundle's binary.
    static func platformImageOfThisCode() -> URL? {
        var info = Dl_info()
        guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
        return URL(fileURLWithPath: String(cString: name))
    }
}
#endif
