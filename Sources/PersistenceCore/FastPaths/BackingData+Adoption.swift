#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    static func adopted<T>(_ data: Unmanaged<BackingData>, by makeModel: (BackingData) -> T) -> T {
        data._withUnsafeGuaranteedRef { data in
            data.setUnshared(Flag.adopting, true)
            Adoption.offer(data)
            defer {
                // Not taken (a model whose initializer did not ask): the reference goes with the offer.
                if Adoption.withdraw() { Unmanaged.passUnretained(data).release() }
                data.setUnshared(Flag.adopting, false)
            }
            return makeModel(data)
        }
    }
}

/// The backing data offered to the next `@Model` initializer on this thread (see
/// ``BackingData/forNewModel(of:)``); a thread-specific slot, taken at most once.
private enum Adoption {
    /// Offers `data` together with one reference to it, which `adopted(_:by:)` was given.
    static func offer(_ data: BackingData) {
        pthread_setspecific(key, UnsafeRawPointer(Unmanaged.passUnretained(data).toOpaque()))
    }

    /// Empties the slot; true if the offer was still there (not taken).
    static func withdraw() -> Bool {
        guard pthread_getspecific(key) != nil else { return false }
        pthread_setspecific(key, nil)
        return true
    }

    /// The offered backing data, with the reference the offer holds, if it is for `entity`; the
    /// slot is empty afterwards.
    static func take(_ entity: EntitySchema) -> BackingData? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let data = Unmanaged<BackingData>.fromOpaque(pointer)
        // The same shared schema storage (the usual case) is the same entity, without comparing names.
        guard data._withUnsafeGuaranteedRef({ $0.entity.hasSameStorage(as: entity) || $0.entity.name == entity.name }) else { return nil }
        pthread_setspecific(key, nil)
        return data.takeRetainedValue()
    }

    // The slot holds no reference of its own: the one it stands for is `adopted(_:by:)`'s, handed
    // over by `take` or released by `adopted(_:by:)` when not taken.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
