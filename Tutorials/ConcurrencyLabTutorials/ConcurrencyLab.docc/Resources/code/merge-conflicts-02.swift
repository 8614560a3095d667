import PersistenceCore
import SampleModels
import Scenarios

/// Article 003's save conflict, as a timeline:
///
///     context                          batch update (no context)
///     fetch person: Ada, 36, "f"
///                                      age = 30, sex = "x"
///     name = "Ada L.", age = 40; save
func saveConflict(_ container: ModelContainer) throws {
    let context = container.newBackgroundContext()
    context.mergePolicy = .mergeByPropertyObjectTrump
    let person = try context.performAndWait {
        try context.fetch(FetchDescriptor<Person>()).first!
    }
    try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 30, "sex": "x"]))
    try context.performAndWait {
        person.name = "Ada L."
        person.age = 40
        try context.save()  // the store now holds Ada L., 40, "x"
    }
}
