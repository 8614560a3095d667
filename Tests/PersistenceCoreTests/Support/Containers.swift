import Foundation
import PersistenceCore
import SampleModels

/// A fresh in-memory container with every test model, so suites run in parallel.
func makeContainer(_ types: [any PersistentModel.Type] = [Item.self, Person.self, Note.self, AllTypes.self]) throws -> ModelContainer {
    try ModelContainer(for: types, configuration: .inMemory)
}

/// Saves a new item on a background context of `container` and returns its identifier.
func saveItem(in container: ModelContainer) throws -> PersistentIdentifier {
    let context = container.newBackgroundContext()
    return try context.performAndWait {
        let item = Item(timestamp: .now)
        context.insert(item)
        try context.save()
        return item.persistentModelID
    }
}
