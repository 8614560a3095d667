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

    /// Runs `makeModel` (which calls `init(backingData:)`) so that the new model adopts `self`
    /// as its backing data instead of building one to throw away.
    ///
    /// Only for a backing data just made, which no other thread can reach yet: the adopting flag
    /// is set and cleared with plain stores, not the atomic read-modify-writes of
    /// ``set(_:_:)`` (a locked instruction each, twice per fetched row).
    func adopted<T>(by makeModel: () -> T) -> T {
        setUnshared(Flag.adopting, true)
        Adoption.offer(self)
        defer {
            Adoption.withdraw()
            setUnshared(Flag.adopting, false)
        }
        return makeModel()
    }
}

/// The backing data offered to the next `@Model` initializer on this thread (see
/// ``BackingData/forNewModel(of:)``); a thread-specific slot, taken at most once.
private enum Adoption {
    static func offer(_ data: BackingData?) {
        pthread_setspecific(key, data.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
    }

    /// Empties the slot if the offer was not taken (a model whose initializer did not ask).
    static func withdraw() {
        if pthread_getspecific(key) != nil { pthread_setspecific(key, nil) }
    }

    /// The offered backing data if it is for `entity`; the slot is empty afterwards.
    static func take(_ entity: EntitySchema) -> BackingData? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let data = Unmanaged<BackingData>.fromOpaque(pointer).takeUnretainedValue()
        // The same shared schema storage (the usual case) is the same entity, without comparing names.
        guard data.entity.hasSameStorage(as: entity) || data.entity.name == entity.name else { return nil }
        pthread_setspecific(key, nil)
        return data
    }

    // The offer is unretained: `adopted(by:)` keeps the backing data alive while it is offered.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
