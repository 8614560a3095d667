import Foundation

/// Ways to make a file or folder read-only that hold even for root, who ignores permission bits.
///
/// The tests run as root in CI, where `chmod 444` stops nothing. An immutable file
/// (`chattr +i`) cannot be written by anyone, root included, on filesystems that support it
/// (ext4, xfs, btrfs); running a child process as `nobody` makes permission bits count again.
enum ReadOnlyFiles {
    /// Whether this process runs as root.
    static var isRoot: Bool { geteuid() == 0 }

    /// Sets or clears the immutable attribute with `chattr`; false when that is not possible here
    /// (no `chattr`, no CAP_LINUX_IMMUTABLE, or a filesystem without the attribute).
    @discardableResult
    static func setImmutable(_ on: Bool, _ url: URL) -> Bool {
        run("/usr/bin/chattr", [on ? "+i" : "-i", url.path]) == 0
    }

    /// `setpriv`, to run a helper as `nobody` (uid and gid 65534); nil when it is not installed.
    static var setpriv: URL? {
        let url = URL(fileURLWithPath: "/usr/bin/setpriv")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// The arguments that make `setpriv` run `command` as `nobody`.
    static func asNobody(_ command: [String]) -> [String] {
        ["--reuid=65534", "--regid=65534", "--clear-groups"] + command
    }

    /// Runs a tool to completion; its exit status, or nil when it could not start.
    private static func run(_ tool: String, _ arguments: [String]) -> Int32? {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
