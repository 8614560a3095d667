import Foundation
import PersistenceCore
import SampleModels
import Lessons

enum IDPassing01 {  // tutorial:hide
    /// A model of the main context, handed to a background context: the compiler refuses, so
    /// someone forces it through.
    func updateInBackground(_ item: Item, container: ModelContainer) async throws {
        nonisolated(unsafe) let item = item  // silences "sending 'item' risks causing data races"
        let backgroundContext = container.newBackgroundContext()
        try await backgroundContext.perform {
            item.timestamp = .now  // the item belongs to the main context, not this one
            try backgroundContext.save()  // and this context has nothing to save
        }
    }
}  // tutorial:hide
