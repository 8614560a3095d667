import PersistenceCore
import SampleModels

extension MergeConflicts {
    /// Article 003's example again, on a main context that merges other contexts' saves
    /// automatically, under the default `.error` policy; with or without merging the batch's
    /// result by hand right after it.
    ///
    ///     main context (auto-merging)              batch update (no context)
    ///     fetch Ada, 36, f (version 1)
    ///                                              age = 30, sex = x (version 2): no didSave
    ///     [by hand: mergeChanges(fromRemoteContextSave:into:) with the batch's identifiers]
    ///     perform(schedule: .enqueued) {}          ← after any merge that was enqueued
    ///     look at Ada; name = "Ada L.", age = 40; save
    func runOnMainContext(mergingByHand: Bool, in environment: LessonEnvironment) async throws -> MainContextLane {
        let name = "merge-conflicts-main-\(mergingByHand ? "merged" : "automatic")"
        let container = try environment.makeContainer(for: [Person.self], name: name)
        let original = Self.original, edit = Self.contextEdit, batch = Self.batchEdit
        try await container.performBackgroundTask { seed in
            seed.name = "seed"
            seed.insert(Person(name: original.name, age: original.age, sex: original.sex))
            try seed.save()
        }

        // Given Ada registered in a main context that merges every save automatically
        let main = container.viewContext
        main.name = "view context, \(mergingByHand ? "batch merged by hand" : "automatic merging")"
        main.automaticallyMergesChangesFromParent = true
        let id = try await main.perform {
            guard let person = try main.fetch(FetchDescriptor<Person>()).first else {
                throw LessonError.unexpected("the seeded person is missing")
            }
            return person.persistentModelID
        }

        // When a batch update changes age and sex in the store…
        let result = try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": batch.age, "sex": batch.sex],
                                                                   resultType: .identifiers))
        if mergingByHand {
            // …and (the fix) its result is merged by hand, as Apple's batch documentation shows
            let changes = ModelContext.Changes(updated: Set(result.identifiers ?? []))
            ModelContext.mergeChanges(fromRemoteContextSave: changes, into: [main])
        }

        // Then, once any merge enqueued on the main queue has run, the main context edits and saves
        return try await main.perform(schedule: .enqueued) {
            guard let person = main.registeredModel(for: id) as Person? else {
                throw LessonError.unexpected("Ada is not registered in the main context")
            }
            let shownAfterBatch = PersonValues(person)
            person.name = edit.name
            person.age = edit.age
            var conflict = false
            do {
                try main.save()
            } catch ModelError.mergeConflict {
                conflict = true
            }
            return MainContextLane(
                mergedByHand: mergingByHand, shownAfterBatch: shownAfterBatch, saved: !conflict,
                threwConflict: conflict, store: try PersonValues.stored(id, in: container))
        }
    }
}
