import Dispatch
import PersistenceCore
import SampleModels
import Lessons

/// The write, on the context's queue: `performAndWait` runs the closure there and waits. Its
/// closure is `@Sendable`, as in Core Data's current SDK, so the identifier crosses and
/// `model(for:)` hands back the instance the context registered.
func modifyOnTheContextsQueue(_ item: Item, in context: ModelContext) {
    let id = item.persistentModelID
    context.performAndWait {
        (context.model(for: id) as! Item).count += 1
    }
}

/// SwiftData's second line of defense: every attribute get and set hops onto the context's
/// queue by itself. Each access is safe; `+=` is still a get and a set that others can
/// interleave with, so keep whole read-modify-writes in `perform`.
func autoDispatch(_ container: ModelContainer) {
    container.accessPolicy = .autoDispatch
}
