import ConcurrencyDebugTesting
import Testing

/// Seven model layers written as SwiftData apps and libraries write them, each with `import
/// SwiftData` as written (on Linux, the package's `SwiftData` module): a recipes app (a paginated
/// repository actor), a finance tracker (a background data actor), a notes app (a versioned
/// schema and its migration plan), a library (non-final models with `#Unique` and `#Index`, a
/// generic database actor, a synchronizer), a trips app using model inheritance (a `Trip`
/// superclass, two `@Model` subclasses) and a todo list (a hand-written `ModelActor` with names
/// qualified as `SwiftData.ModelContainer`, models adopting the app's own protocols, a custom
/// migration stage), and `Everyday/`: what nearly every app relies on, each test citing its
/// source (`CompatibilityTests+Everyday.swift`). `Snippets/` keeps a trip planner written as
/// Apple's documentation and sessions write theirs compiling and running.
///
/// Every test runs under `.concurrencyDebug(.record)`, as an app's own tests would: a test whose
/// layer breaks the queue rule fails, naming each violation. The "wrong way" tests show a
/// violation on purpose, inside `ConcurrencyDebug.withMode(.record)`, where the process-wide mode
/// decides and the violations come back to be checked; the mode is process-wide there, so those
/// tests take turns through `withMode` and never set it themselves.
@Suite("Compatibility: SwiftData model layers", .concurrencyDebug(.record))
struct CompatibilityTests {}
