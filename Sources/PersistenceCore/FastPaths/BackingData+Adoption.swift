extension BackingData {
    /// What `@Model`'s `backingData` starts as: new, unregistered backing data for
    /// `entity`, or, while a context makes a model for a stored row, that row's own backing data.
    ///
    /// Swift runs a stored property's initial value in every designated initializer, the
    /// generated `init(backingData:)` too. Without this, every fetched object first built a
    /// fresh backing data (an object, a values array, an identifier) only to replace it at once:
    /// a third of a fetch's work. Default values that the initializer writes meanwhile (`count = 0`)
    /// are ignored: the row's values win.
    public static func forNewModel(of entity: EntitySchema) -> BackingData {
        if let pending = Adoption.take(entity) { return pending }
        return BackingData(entity: entity)
    }

    /// Makes a model that adopts `data`, a backing data just made, as its own: `makeModel`
    /// calls `init(backingData:)`, whose default value takes `data` instead of building one to
    /// throw away.
    ///
    /// `data` arrives with the one reference its initializer gave it, and that reference is
    /// what the model's `backingData` ends up holding: the offer hands it over rather than
    /// retaining the object again, and the caller never holds one of its own to release. The
    /// plain code (`let data = BackingData(…)`, then `T(backingData: data)`) retained the object
    /// for the model and released the caller's reference after: two atomic read-modify-writes
    /// per fetched row, each of which waits for the row's fresh writes to reach the cache.
    ///
    /// Only for a backing data just made, which no other thread can reach yet: the adopting flag
    /// is set and cleared with plain stores, not the atomic read-modify-writes of
    /// ``set(_:_:)`` (a locked instruction each, twice per fetched row).
    ///
    /// `slot` is the current thread's (``AdoptionSlot/ofCurrentThread``): a caller making many
    /// models in a row looks it up once and passes it to each.
    static func adopted<T>(_ data: Unmanaged<BackingData>, through slot: AdoptionSlot = .ofCurrentThread,
                           by makeModel: (BackingData) -> T) -> T {
        data._withUnsafeGuaranteedRef { data in
            slot.box._withUnsafeGuaranteedRef { slot in
                // An offer still pending is put back after (a model made while another's initializer
                // runs, by one of its stored properties' initial values): each is taken by its own model.
                let pending = slot.offered
                data.setUnshared(Flag.adopting, true)
                slot.offered = Unmanaged.passUnretained(data)
                defer {
                    // Not taken (a model whose initializer did not ask): the reference goes with the offer.
                    slot.offered?.release()
                    slot.offered = pending
                    data.setUnshared(Flag.adopting, false)
                }
                return makeModel(data)
            }
        }
    }
}

/// The current thread's adoption slot, where ``BackingData/adopted(_:through:by:)`` offers a
/// backing data to the model it makes: valid on the thread that looked it up, for as long as
/// that thread runs.
///
/// The plain code looks the slot up for every model made (the default argument): a
/// `pthread_getspecific` and a check that the key was made (`swift_once`). A fetch or a prefetch
/// looks it up once for all its rows: under callgrind, fetching 100k items took 3,244 instructions
/// a row, against 3,291 with a lookup per row (`profile fetch 100000`).
///
/// Not `Sendable` (its box is not), so that no work sent to another task or queue can capture
/// it: used on another thread, its offers would not reach the models made there, each of which
/// would make a backing data of its own, registered nowhere. Each loop that takes it looks it up
/// itself, on its own thread, and uses it before it returns.
struct AdoptionSlot {
    fileprivate let box: Unmanaged<Adoption>

    /// The slot of the thread that asks.
    static var ofCurrentThread: AdoptionSlot { AdoptionSlot(box: Adoption.ofCurrentThread()) }
}

/// The backing data offered to the next `@Model` initializer on this thread (see
/// ``BackingData/forNewModel(of:)``), taken at most once: one box per thread, kept under a
/// ``ThreadLocalKey``.
///
/// The box is made once per thread and then only read from the key (`pthread_getspecific`),
/// its field written in place: writing the offer itself under the key, as the first version
/// did, cost a `pthread_setspecific` to offer and another to take, each several times the read.
// Not Sendable, and never shared: each thread reaches only its own box, through its own key value.
fileprivate final class Adoption {
    /// The offered backing data with the reference `adopted(_:through:by:)` was given, until taken.
    var offered: Unmanaged<BackingData>?

    /// The current thread's box, made on first use and freed when the thread exits; unretained,
    /// as the key holds it for the thread's life (a retain and a release per model made, else).
    static func ofCurrentThread() -> Unmanaged<Adoption> { key.current(orMake: Adoption.init) }

    /// The offered backing data, with the reference the offer holds, if it is for `entity`; the
    /// slot is empty afterwards.
    static func take(_ entity: EntitySchema) -> BackingData? {
        key.current?._withUnsafeGuaranteedRef { box -> BackingData? in
            guard let data = box.offered else { return nil }
            // The same shared schema storage (the usual case) is the same entity, without comparing names.
            guard data._withUnsafeGuaranteedRef({ $0.entity.hasSameStorage(as: entity) || $0.entity.name == entity.name }) else { return nil }
            box.offered = nil
            return data.takeRetainedValue()
        }
    }

    private static let key = ThreadLocalKey<Adoption>()
}
