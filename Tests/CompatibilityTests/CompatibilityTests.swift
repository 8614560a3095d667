import ConcurrencyDebugTesting
import Testing

/// Five model layers written as SwiftData apps and libraries write them, with their import as
/// their only difference: a recipes app (a paginated repository actor), a finance tracker (a
/// background data actor), a notes app (a versioned schema and its migration plan), a library
/// (non-final models with `#Unique` and `#Index`, a generic database actor, a synchronizer) and a
/// trips app using model inheritance (a `Trip` superclass, two `@Model` subclasses). The last two
/// choose their import themselves: `#if canImport(SwiftData) import SwiftData #else import
/// PersistenceCore #endif`. `Snippets/` keeps a trip planner written as Apple's documentation and
/// sessions write theirs compiling and running.
///
/// Every test runs the layer under `ConcurrencyDebug.withMode(.record)`: correct code records no
/// violation, and each layer's "wrong way" test names the violations its mistake makes. The mode
/// is process-wide, so tests take turns through `withMode` and never set it themselves; outside
/// it they use a context only on its queue (a model actor, `MainActor.run` for the main
/// context, `performAndWait`).
@Suite("Compatibility: SwiftData model layers", .concurrencyDebug(.record))
struct CompatibilityTests {}
