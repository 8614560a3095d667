/// The operating system's limit on the size of a file this process writes (`RLIMIT_FSIZE`): a
/// write past it fails with `EFBIG` (or `SIGXFSZ`, when not ignored). Each system spells the
/// resource its own way (`FileSizeLimit+Linux.swift`, `FileSizeLimit+Darwin.swift`).
enum FileSizeLimit {}
