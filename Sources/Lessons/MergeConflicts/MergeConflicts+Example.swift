import PersistenceCore
import SampleModels

extension MergeConflicts {
    /// Article 003's example, once, under `policy`, in a container of its own.
    ///
    ///     context (private queue)                  store
    ///     fetch Ada, 36, f (version 1)
    ///                                              batch update age = 30, sex = x (version 2)
    ///     name = "Ada L.", age = 40
    ///     save: the row is at version 2, not 1 → conflict → the merge policy decides
    func runExample(under policy: MergePolicy, in environment: LessonEnvironment) async throws -> PolicyResult {
        let container = try environment.makeContainer(for: [Person.self], name: "merge-conflicts-\(policy.name.dropFirst())")
        let original = Self.original, edit = Self.contextEdit, batch = Self.batchEdit

        // Given Ada in the store (version 1)
        try await container.performBackgroundTask { seed in
            seed.name = "seed"
            seed.insert(Person(name: original.name, age: original.age, sex: original.sex))
            try seed.save()
        }

        let context = container.newBackgroundContext()
        context.name = "editor, \(policy.name)"
        context.mergePolicy = policy
        return try await context.perform {
            guard let person = try context.fetch(FetchDescriptor<Person>()).first else {
                throw LessonError.unexpected("the seeded person is missing")
            }
            // When a batch update changes age and sex behind the context's back (version 2)…
            try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": batch.age, "sex": batch.sex]))
            // …and the context, still at version 1, changes name and age and saves
            person.name = edit.name
            person.age = edit.age
            var conflict: ConflictVersions?
            do {
                try context.save()
            } catch ModelError.mergeConflict(let conflicts) {
                conflict = conflicts.first.map { first in
                    ConflictVersions(
                        oldVersionNumber: first.oldVersionNumber, newVersionNumber: first.newVersionNumber,
                        object: PersonValues(snapshot: first.objectSnapshot),
                        cached: PersonValues(snapshot: first.cachedSnapshot),
                        persisted: PersonValues(snapshot: first.persistedSnapshot))
                }
                if conflict == nil { throw LessonError.unexpected("a merge conflict without a conflict") }
            }
            // Then the policy decided what memory and the store hold
            return PolicyResult(
                policy: policy.name, saved: conflict == nil, memory: PersonValues(person),
                store: try PersonValues.stored(person.persistentModelID, in: container), conflict: conflict)
        }
    }

    /// Ada as first saved.
    static let original = PersonValues(name: "Ada", age: 36, sex: "f")
    /// The context's edit: name and age.
    static let contextEdit = PersonValues(name: "Ada L.", age: 40, sex: original.sex)
    /// The batch update's edit: age and sex.
    static let batchEdit = PersonValues(name: original.name, age: 30, sex: "x")
}
