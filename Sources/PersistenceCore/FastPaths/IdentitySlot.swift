import Foundation
import Synchronization

/// Where a model's backing data keeps its identifier: read from any thread, set when a context
/// places the object and again when a save makes its identifier permanent.
///
/// The plain code is the package's one lock type, `Locked<PersistentIdentifier?>`: but a
/// `Locked` is an object of its own, with a pthread mutex and condition variable, and a fetch
/// makes one backing data per row. This keeps a `Synchronization.Mutex` inline in the backing
/// data instead: making 100k objects and reading each identifier once took 10.2 ms against 71.1 ms
/// with a `Locked` each (a `swiftc -O` micro-benchmark of the two layouts, AMD EPYC, 2 cores).
///
/// A new object no context has placed yet holds the token of its temporary identifier here too,
/// in place of the identifier: a field of its own beside the lock made every backing data 16
/// bytes larger, a fetched row's as well (see `BackingDataEdits.swift` for why size counts).
///
/// ThreadSanitizer on Linux does not see a `Mutex` taken (see `Concurrency/Locked.swift`), so
/// the CI run under it does not check this lock's ordering. What it guards is one value, read and
/// replaced whole inside the lock; `SaveTests` checks the identifiers a save hands out.
struct IdentitySlot: ~Copyable {
    /// What the slot holds: the identifier, or, for a new object not placed yet, the token its
    /// temporary identifier will carry, so that the identifier is the same before and after it
    /// is inserted. Internal rather than private: held in a `Mutex`, a private type broke the
    /// debug build's linking (Swift 6.3.1: "Global is external, but doesn't have external or
    /// weak linkage").
    enum Identity {
        case unplaced(token: UUID)
        case placed(PersistentIdentifier)
    }

    private let identity: Mutex<Identity>

    /// The slot of an object made from a stored row, or placed already.
    init(_ identifier: PersistentIdentifier) {
        identity = Mutex(.placed(identifier))
    }

    /// The slot of a new object, whose temporary identifiers carry `token`.
    init(unplacedWith token: UUID) {
        identity = Mutex(.unplaced(token: token))
    }

    /// The identifier, or `unplaced(token)` for a new object no context has placed yet.
    func current(unplaced: (UUID) -> PersistentIdentifier) -> PersistentIdentifier {
        switch identity.withLock({ $0 }) {
        case .placed(let identifier): identifier
        case .unplaced(let token): unplaced(token)
        }
    }

    /// Replaces the identifier (a save made it permanent).
    func set(_ new: PersistentIdentifier) {
        identity.withLock { $0 = .placed(new) }
    }

    /// The identifier, placing `place(token)` first if the object had none: one lock, not two.
    func currentOrPlace(_ place: (UUID) -> PersistentIdentifier) -> PersistentIdentifier {
        identity.withLock { identity in
            switch identity {
            case .placed(let identifier):
                return identifier
            case .unplaced(let token):
                let placed = place(token)
                identity = .placed(placed)
                return placed
            }
        }
    }
}
