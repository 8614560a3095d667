#if os(Linux)
import Glibc

extension FileSizeLimit {
    /// Limits every file this process writes to `bytes`. Glibc imports the resource as an enum.
    static func set(bytes: Int) {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
    }
}
#endif
