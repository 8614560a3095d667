import Foundation
import PersistenceCore
import SampleModels

extension ChangeMerging {
    /// A batch update under automatic merging: Core Data's batch requests bypass every context,
    /// so the main context sees nothing of it until its result is merged by hand.
    ///
    ///     main context (auto-merging)           batch update (no context)
    ///     insert Ada (36), save
    ///                                           age = 50: no didSave, no automatic merge
    ///     perform(schedule: .enqueued) {}       ← after any merge that was enqueued
    ///     look at Ada
    ///     mergeChanges(fromRemoteContextSave: the batch's identifiers, into: [main])
    ///     look at Ada
    func runBatchExample(in environment: LessonEnvironment) async throws -> BatchView {
        let container = try environment.makeContainer(for: [Person.self], name: "change-merging-batch")
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true
        let ada = try await main.perform {
            let ada = Person(name: "Ada", age: 36, sex: "f")
            main.insert(ada)
            try main.save()
            return ada.persistentModelID
        }

        // When a batch update sets Ada's age in the store, while didSave is observed (any didSave
        // without a context, or naming Ada: other tests' contexts may save meanwhile)
        let posted = Locked(0)
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) { note in
            guard note.object == nil || ModelContext.Changes(notification: note)?.updated.contains(ada) == true else { return }
            posted.withLock { $0 += 1 }
        }
        let result = try container.execute(BatchUpdateRequest<Person>(predicate: #Predicate { $0.name == "Ada" }, propertiesToUpdate: ["age": 50],
                                                                    resultType: .identifiers))
        NotificationCenter.default.removeObserver(observer)
        let storeAge = try PersonValues.stored(ada, in: container).age

        // Then automatic merging did nothing, and a merge by hand brings the batch in
        let shownAge = { @Sendable () throws -> Int in
            guard let registered = main.registeredModel(for: ada) as Person? else {
                throw LessonError.unexpected("Ada is not registered in the main context")
            }
            return registered.age
        }
        let automatic = try await main.perform(schedule: .enqueued) { try shownAge() }
        ModelContext.mergeChanges(fromRemoteContextSave: ModelContext.Changes(updated: Set(result.identifiers ?? [])), into: [main])
        let byHand = try await main.perform { try shownAge() }
        return BatchView(storeAge: storeAge, didSavePosted: posted.withLock { $0 }, identifiersReturned: result.identifiers?.count ?? 0,
                         adaAgeWithAutomaticMerging: automatic, adaAgeAfterMergingByHand: byHand)
    }
}
