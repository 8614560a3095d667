import CSQLite
import Foundation

extension ModelError {
    /// This error as a learner can act on it: SQLite's result codes (and the few messages that
    /// carry no code of their own) become typed errors that name the store.
    ///
    /// Every error that leaves the store goes through here, whether it happened while opening
    /// the file, reading or writing; `opening` tells an I/O error at open (the file cannot be
    /// read) from one later (a write failed). An error of an in-memory store keeps its SQLite
    /// form where the typed one would need a file.
    func explained(for url: URL?, opening: Bool = false) -> ModelError {
        guard case .sqlite(let code, let message, _) = self else {
            if case .storeBusy(nil) = self { return .storeBusy(url) }
            return self
        }
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_FORMAT:
            return url.map { .storeCorrupted($0, underlying: message) } ?? self
        case SQLITE_ERROR where Self.reportsCorruption(message):
            return url.map { .storeCorrupted($0, underlying: message) } ?? self
        case SQLITE_READONLY:
            return url.map { .storeReadOnly($0, underlying: message) } ?? self
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            return url.map { .storeUnreadable($0, underlying: message) } ?? self
        case SQLITE_IOERR where opening:
            return url.map { .storeUnreadable($0, underlying: message) } ?? self
        case SQLITE_IOERR:
            return .storeIOFailure(url, underlying: message)
        case SQLITE_FULL:
            return .storeFull(url)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .storeBusy(url)
        case SQLITE_TOOBIG:
            return .valueTooLarge(message)
        case SQLITE_CONSTRAINT:
            return .constraintFailed(message)
        default:
            return self
        }
    }

    /// Messages SQLite gives a damaged file under the generic code `SQLITE_ERROR`, e.g.
    /// "unsupported file format" from `PRAGMA quick_check` on a valid header over garbage.
    private static func reportsCorruption(_ message: String) -> Bool {
        ["unsupported file format", "malformed", "file is not a database", "corrupt"].contains { message.contains($0) }
    }
}
