import Dispatch
import PersistenceCore
import SampleModels
import Scenarios

/// The write, on the context's queue: `performAndWait` runs the closure there and waits.
func modifyOnTheContextsQueue(_ item: Item, in context: ModelContext) {
    context.performAndWait {
        item.count += 1
    }
}

/// SwiftData's second line of defense: every attribute get and set hops onto the context's
/// queue by itself. Each access is safe; `+=` is still a get and a set that others can
/// interleave with, so keep whole read-modify-writes in `perform`.
func autoDispatch(_ container: ModelContainer) {
    container.accessPolicy = .autoDispatch
}
