import Foundation
import LabSupport

/// Ways to make a file or folder read-only that hold even for root, who ignores permission bits.
///
/// The tests run as root in CI, where `chmod 444` stops nothing. An immutable file
/// (`chattr +i`) cannot be written by anyone, root included, on filesystems that support it
/// (ext4, xfs, btrfs); running a child process as `nobody` makes permission bits count again.
enum ReadOnlyFiles {
    /// Whether this process runs as root.
    static var isRoot: Bool { geteuid() == 0 }

    /// Runs `body` while `url` (a file or a folder) is read-only for this process, then makes it
    /// writable again, even when `body` throws: immutable for root, `mode` for anyone else. Nil,
    /// and `body` not run, when root cannot make it immutable here.
    static func whileReadOnly<T>(_ url: URL, mode: Int, _ body: () throws -> T) async throws -> T? {
        let writableMode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
        if isRoot {
            guard await setImmutable(true, url) else { return nil }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        let result = Result { try body() }
        if isRoot {
            await setImmutable(false, url)
        } else if let writableMode {
            try? FileManager.default.setAttributes([.posixPermissions: writableMode], ofItemAtPath: url.path)
        }
        return try result.get()
    }

    /// Sets or clears the immutable attribute with `chattr`; false when that is not possible here
    /// (no `chattr`, no CAP_LINUX_IMMUTABLE, or a filesystem without the attribute).
    @discardableResult
    private static func setImmutable(_ on: Bool, _ url: URL) async -> Bool {
        let chattr = URL(fileURLWithPath: "/usr/bin/chattr")
        guard let finished = try? await ChildProcess.run(chattr, [on ? "+i" : "-i", url.path], within: .seconds(60)) else {
            return false  // it could not start
        }
        return !finished.termination.bySignal && finished.status == 0
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
}
