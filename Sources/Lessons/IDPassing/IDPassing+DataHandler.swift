import Foundation
import PersistenceCore
import SampleModels

extension IDPassing {
    /// Article 000's `DataHandler.updateItem(identifier:timestamp:)`: the identifier crosses into
    /// the actor, the model is looked up there, in the actor's own context.
    @BackgroundModelActor
    actor DataHandler {
        func updateItem(identifier: PersistentIdentifier, timestamp: Date) throws {
            guard let item = self[identifier, as: Item.self] else {
                throw LessonError.unexpected("no item \(identifier)")
            }
            item.timestamp = timestamp
            try modelContext.save()
        }
    }
}
