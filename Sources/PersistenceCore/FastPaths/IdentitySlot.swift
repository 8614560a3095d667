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
/// ThreadSanitizer on Linux does not see a `Mutex` taken (see `Concurrency/Locked.swift`), so
/// the CI run under it does not check this lock's ordering. What it guards is one value, read and
/// replaced whole inside the lock; `SaveTests` checks the identifiers a save hands out.
struct IdentitySlot: ~Copyable {
    private let identifier: Mutex<PersistentIdentifier?>

    init(_ identifier: PersistentIdentifier?) {
        self.identifier = Mutex(identifier)
    }

    /// The identifier, if the object has one yet.
    var current: PersistentIdentifier? { identifier.withLock { $0 } }

    /// Replaces the identifier (a save made it permanent).
    func set(_ new: PersistentIdentifier) {
        identifier.withLock { $0 = new }
    }

    /// The identifier, or `make()`'s, stored, if the object had none: one lock, not two.
    func currentOrSet(_ make: () -> PersistentIdentifier) -> PersistentIdentifier {
        identifier.withLock { identifier in
            if let identifier { return identifier }
            let made = make()
            identifier = made
            return made
        }
    }
}
