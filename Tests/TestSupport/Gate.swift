import PersistenceCore

/// A one-shot signal between tasks: `wait()` suspends until `signal()` was called (before or
/// after). Tests force an interleaving with gates, never with sleeps. The lessons' own
/// `AsyncSignal`, under the name the tests use.
package typealias Gate = AsyncSignal
