import PersistenceCore
import SampleModels
import Lessons

/// Article 003's save conflict, as a timeline:
///
///     context                          batch update (no context)
///     fetch person: Ada, 36, "f"
///                                      age = 30, sex = "x"
///     name = "Ada L.", age = 40; save
func saveConflict(_ container: ModelContainer) throws {
    let context = container.newBackgroundContext()
    context.mergePolicy = .mergeByPropertyObjectTrump
    // performAndWait's block is @Sendable (Core Data's current SDK): the identifier crosses
    let id = try context.performAndWait {
        try context.fetch(FetchDescriptor<Person>()).first!.persistentModelID
    }
    try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 30, "sex": "x"]))
    try context.performAndWait {
        let person = context.model(for: id) as! Person
        person.name = "Ada L."
        person.age = 40
        try context.save()  // the store now holds Ada L., 40, "x"
    }
}
