import Foundation
import Synchronization

/// Makes the UUIDs of temporary identifiers: unique within the process, and cheap.
///
/// Every new model gets a temporary identifier, and so does the throwaway backing data that
/// `@Model`'s `init(backingData:)` starts from for every fetched row. `UUID()` reads
/// `/dev/urandom` on Linux (open, read, close: about 10 µs a call on this machine), which made
/// importing 100k items cost more in system calls than in SQLite. A token is one random UUID,
/// drawn once per process, with a counter in its last six bytes: unique within the process, and
/// as unlikely to meet another process's tokens as two random UUIDs are to meet (the first ten
/// bytes are random). Temporary identifiers never outlive the process in a store, so that is enough.
enum TemporaryToken {
    private static let base = UUID().uuid
    private static let counter = Atomic<UInt64>(0)

    /// A UUID no other call in this process returns.
    static func next() -> UUID {
        let count = counter.add(1, ordering: .relaxed).newValue
        var bytes = base
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<6 {
                raw[15 - index] = UInt8(truncatingIfNeeded: count >> (8 * UInt64(index)))
            }
        }
        return UUID(uuid: bytes)
    }
}
