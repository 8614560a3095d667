import PersistenceCore
import SampleModels
import Lessons

/// The main context shows an item; a background context changes it and saves.
func backgroundSave(of id: PersistentIdentifier, _ container: ModelContainer) async throws {
    let background = container.newBackgroundContext()
    try await background.perform {
        // The lab's existingModel(for:as:); Core Data: existingObject(with:).
        let item = try background.existingModel(for: id, as: Item.self)
        item.count += 1
        try background.save()
    }
    // The main context's item still shows the old count: nothing told it.
}
