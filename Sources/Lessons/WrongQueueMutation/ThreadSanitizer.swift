#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`).
enum ThreadSanitizer {
    /// True when the ThreadSanitizer runtime is loaded: it defines `__tsan_init`.
    static let isActive: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__tsan_init") != nil
    }()
}
