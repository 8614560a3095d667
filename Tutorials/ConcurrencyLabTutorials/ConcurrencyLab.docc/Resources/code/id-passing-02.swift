import Foundation
import PersistenceCore
import SampleModels
import Lessons

enum MyError: Error { case objectNotExist }

/// Article 000's `DataHandler`: it takes an identifier, never a model.
@ModelActor
actor DataHandler {
    func updateItem(identifier: PersistentIdentifier, timestamp: Date) throws {
        guard let item = self[identifier, as: Item.self] else {
            throw MyError.objectNotExist
        }
        item.timestamp = timestamp
        try modelContext.save()
    }
}

func updateInBackground(_ id: PersistentIdentifier, container: ModelContainer) async throws {
    let handler = DataHandler(modelContainer: container)
    try await handler.updateItem(identifier: id, timestamp: .now)
}
