import Foundation
import PersistenceCore
import SampleModels
import Lessons

enum IDPassing03 {  // tutorial:hide
    /// The three lookups by identifier, in a context that has not seen the item yet.
    func lookups(_ id: PersistentIdentifier, in context: ModelContext) throws {
        // Only objects this context already holds; nil here, though the row exists.
        let registered: Item? = context.registeredModel(for: id)

        // Always an object: a fault that loads on first access, and traps if the row is gone.
        let fault = context.model(for: id)

        // From the context or the store, never a fault; throws if the row is gone.
        // The lab's own; Core Data: existingObject(with:); SwiftData: model(for:) plus a check.
        let existing = try context.existingModel(for: id, as: Item.self)

        print(registered == nil, fault.isFault, existing.timestamp)
    }
}  // tutorial:hide
