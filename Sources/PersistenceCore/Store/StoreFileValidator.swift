import CSQLite
import Foundation

/// Decides whether a file can be a store before SQLite writes a single byte to it.
///
/// A corrupt, truncated or unreadable file must give a typed error and stay byte-for-byte as it
/// was: opening it for real would switch it to WAL mode, or add our tables to it.
enum StoreFileValidator {
    /// The 16 bytes every SQLite database file starts with.
    static let header = Array("SQLite format 3\0".utf8)

    /// Checks what can be checked from outside SQLite: kind of file, permissions, header, size,
    /// and that this process may write the file and its folder.
    static func validate(_ url: URL) throws(ModelError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let parent = url.deletingLastPathComponent().path
            var parentIsDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: parent, isDirectory: &parentIsDirectory) {
                // A missing folder is made, as SwiftData's container opens a store there (Core
                // Data's SQLite store creates the folders on its way in).
                do {
                    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                    parentIsDirectory = true
                } catch {
                    throw .storeUnreadable(url, underlying: "the folder \(parent) does not exist and cannot be made (\(error.localizedDescription))")
                }
            }
            guard parentIsDirectory.boolValue else {
                throw .storeUnreadable(url, underlying: "\(parent) is a file, not a folder")
            }
            try checkWritable(folder: parent, url: url)
            return  // a new store: SQLite creates it
        }
        if isDirectory.boolValue { throw .storeUnreadable(url, underlying: "it is a directory, not a file") }
        // A file a store of this process has open was checked when it opened, and a handle of
        // ours closed on it would drop SQLite's locks (`OpenStoreFiles`): check only what needs no descriptor.
        if OpenStoreFiles.contains(url) {
            try checkWritable(file: path, url: url)
            try checkWritable(folder: url.deletingLastPathComponent().path, url: url)
            return
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .storeUnreadable(url, underlying: "the file cannot be read (check its permissions)")
        }
        defer { try? handle.close() }
        let prefix = (try? handle.read(upToCount: 100)) ?? Data()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? prefix.count
        if size == 0 { return }  // an empty file is an empty database to SQLite
        guard prefix.count == 100 else {
            throw .storeCorrupted(url, underlying: "the file is \(size) bytes, shorter than a SQLite header")
        }
        guard Array(prefix.prefix(16)) == header else {
            throw .storeCorrupted(url, underlying: "the file does not start with the SQLite header")
        }
        let bytes = [UInt8](prefix)
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize.nonzeroBitCount == 1 else {
            throw .storeCorrupted(url, underlying: "the header gives an impossible page size \(rawPageSize)")
        }
        func bigEndian(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageCount = bigEndian(28)
        let headerCountIsValid = bigEndian(92) == bigEndian(24) && pageCount > 0
        // A checkpoint cut short (a killed process) writes page 1, with the new size, before the
        // pages after it: while the write-ahead log beside the file still holds them, SQLite
        // finishes the checkpoint when it opens the file, and `checkIntegrity` judges the result.
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        let logMayHoldTheRest = walSize > 0
        if size % pageSize != 0 || (headerCountIsValid && !logMayHoldTheRest && size < pageCount * pageSize) {
            let expected = headerCountIsValid ? "\(pageCount * pageSize) bytes" : "a multiple of \(pageSize) bytes"
            throw .storeCorrupted(url, underlying: "the file is truncated: \(size) bytes where the header implies \(expected)")
        }
        try checkWritable(file: path, url: url)
        try checkWritable(folder: url.deletingLastPathComponent().path, url: url)
    }

    /// Refuses a file this process may not write. SQLite would open it read-only without a word,
    /// and the first save would fail far from the cause.
    ///
    /// `access(2)` asks the kernel, so it sees what `stat` alone misses: an immutable file
    /// (`chattr +i`) is read-only even for root, a read-only mount for everyone.
    private static func checkWritable(file path: String, url: URL) throws(ModelError) {
        guard access(path, W_OK) != 0 else { return }
        throw .storeReadOnly(url, underlying: "the file is not writable (\(String(cString: strerror(errno))))")
    }

    /// Refuses a folder this process may not write: SQLite keeps the store's write-ahead log
    /// (`-wal`) and its index (`-shm`) beside the file, and creates a new store there.
    private static func checkWritable(folder path: String, url: URL) throws(ModelError) {
        guard access(path, W_OK) != 0 else { return }
        throw .storeReadOnly(url, underlying: "the folder \(path) is not writable (\(String(cString: strerror(errno)))); SQLite creates the store's -wal and -shm files there")
    }

    /// Asks SQLite itself whether the file is sound, reading only.
    static func checkIntegrity(_ connection: SQLiteConnection, url: URL) throws(ModelError) {
        let rows = try connection.rows("PRAGMA quick_check(1)")
        guard case .text(let verdict)? = rows.first?.first, verdict == "ok" else {
            let detail = rows.first?.first.map { "\($0)" } ?? "no answer"
            throw .storeCorrupted(url, underlying: "SQLite's integrity check failed: \(detail)")
        }
    }
}
