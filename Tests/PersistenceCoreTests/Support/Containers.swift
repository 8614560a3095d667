import Foundation
import PersistenceCore
import SampleModels

/// A fresh in-memory container with every test model, so suites run in parallel.
func makeContainer(_ types: [any PersistentModel.Type] = [Item.self, Person.self, Note.self, AllTypes.self]) throws -> ModelContainer {
    try ModelContainer(for: types, configuration: .inMemory)
}
