internal import CThreadLocal

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
        if let pending = AdoptionOffer.take(entity) { return pending }
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
    static func adopted<T>(_ data: Unmanaged<BackingData>, by makeModel: (BackingData) -> T) -> T {
        data._withUnsafeGuaranteedRef { data in
            // An offer still pending is put back after (a model made while another's initializer
            // runs, by one of its stored properties' initial values): each is taken by its own model.
            let pending = AdoptionOffer.current
            data.setUnshared(Flag.adopting, true)
            AdoptionOffer.current = Unmanaged.passUnretained(data)
            defer {
                // Not taken (a model whose initializer did not ask): the reference goes with the offer.
                AdoptionOffer.current?.release()
                AdoptionOffer.current = pending
                data.setUnshared(Flag.adopting, false)
            }
            return makeModel(data)
        }
    }
}

/// The backing data offered to the next `@Model` initializer on this thread (see
/// ``BackingData/forNewModel(of:)``), with the reference ``BackingData/adopted(_:by:)`` was
/// given, taken at most once.
///
/// Kept in a C thread-local variable (the `CThreadLocal` module): reading or writing it is one
/// load or store. The plain code is a ``ThreadLocalKey`` holding a box whose field is the offer:
/// a `pthread_getspecific` call, and a check that the key was made (`swift_once`), for every
/// model made; a fetch of 100k items took 3,181 instructions a row that way, against
/// 3,142 here (callgrind, `profile fetch 100000`).
enum AdoptionOffer {
    /// The current thread's offer, or nil.
    static var current: Unmanaged<BackingData>? {
        get { persistence_core_offered().map { Unmanaged.fromOpaque($0) } }
        set { persistence_core_offer(newValue?.toOpaque()) }
    }

    /// The offered backing data, with the reference the offer holds, if it is for `entity`; the
    /// offer is gone afterwards.
    static func take(_ entity: EntitySchema) -> BackingData? {
        guard let data = current else { return nil }
        // The same shared schema storage (the usual case) is the same entity, without comparing names.
        guard data._withUnsafeGuaranteedRef({ $0.entity.hasSameStorage(as: entity) || $0.entity.name == entity.name }) else { return nil }
        current = nil
        return data.takeRetainedValue()
    }
}
