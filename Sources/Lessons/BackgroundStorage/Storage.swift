import Foundation
import SampleModels

/// Article 004's storage protocol: what the UI needs from persistence, in `Sendable` values only.
///
/// The view model talks to this protocol, not to a `ModelContext`, so it never imports the
/// persistence framework, never holds a model, and cannot tell which queue the work runs on. That
/// is why two implementations can be compared fairly: ``MainContextStorage`` does the work on the
/// main queue, ``ItemsModelActor`` on a private one.
public protocol Storage: Sendable {
    /// Inserts one new item, saves, and returns it.
    func addItem() async throws -> DomainItem
    /// Inserts every item and saves once: an import, e.g. from JSON.
    func importItems(_ items: [DomainItem]) async throws
    /// Deletes the item with `id`, if there is one, and saves.
    func deleteItem(withId id: UUID) async throws
    /// Every item, oldest first.
    func fetchItems() async throws -> [DomainItem]
}
