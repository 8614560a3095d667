#if canImport(Darwin)
import Darwin

extension FileSizeLimit {
    /// Limits every file this process writes to `bytes`. Darwin imports the resource as an Int32.
    static func set(bytes: Int) {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        setrlimit(RLIMIT_FSIZE, &limit)
    }
}
#endif
