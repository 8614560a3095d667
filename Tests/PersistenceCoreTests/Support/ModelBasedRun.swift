import Foundation
@testable import PersistenceCore
import SampleModels
import TestSupport

/// One random sequence of steps run on a real container with three contexts and on a
/// ``ReferenceModel`` side by side, compared after every step.
///
/// The same seed always gives the same steps, so a failure can be replayed with
/// `LAB_RANDOM_SEED=<seed>`. Everything runs on the calling thread through `performAndWait`, so
/// the sequence is deterministic; concurrency has its own suites.
final class ModelBasedRun {
    /// One step, with every choice already made, so it prints as what it did.
    enum Step: CustomStringConvertible {
        case insert(context: Int, values: [SQLiteValue])
        case reinsert(context: Int, handle: Int)
        case undelete(context: Int, handle: Int)
        case set(context: Int, handle: Int, attribute: Int, value: SQLiteValue)
        case delete(context: Int, handle: Int)
        case save(context: Int)
        case rollback(context: Int)
        case reset(context: Int)
        case fetch(context: Int)
        case fetchWhere(context: Int, attribute: Int, value: SQLiteValue)
        case lookup(context: Int, primaryKey: Int64)
        case existing(context: Int, primaryKey: Int64)
        case obtainPermanentIdentifiers(context: Int)
        case refresh(context: Int, handle: Int, mergeChanges: Bool)
        case merge(context: Int, changes: Int)
        case batchUpdate(attribute: Int, value: SQLiteValue)
        case batchDelete(age: Int)

        var description: String {
            switch self {
            case .insert(let c, let values): "c\(c).insert(\(values))"
            case .reinsert(let c, let h): "c\(c).insert(#\(h)) again"
            case .undelete(let c, let h): "c\(c).insert(#\(h)) (undelete)"
            case .set(let c, let h, let a, let v): "c\(c): #\(h).\(ModelBasedRun.attributes[a]) = \(v)"
            case .delete(let c, let h): "c\(c).delete(#\(h))"
            case .save(let c): "c\(c).save()"
            case .rollback(let c): "c\(c).rollback()"
            case .reset(let c): "c\(c).reset()"
            case .fetch(let c): "c\(c).fetch(all)"
            case .fetchWhere(let c, let a, let v): "c\(c).fetch(where \(ModelBasedRun.attributes[a]) == \(v))"
            case .lookup(let c, let key): "c\(c).model(for: p\(key))"
            case .existing(let c, let key): "c\(c).existingModel(for: p\(key))"
            case .obtainPermanentIdentifiers(let c): "c\(c).obtainPermanentIdentifiers(for: insertedModels)"
            case .refresh(let c, let h, let merge): "c\(c).refresh(#\(h), mergeChanges: \(merge))"
            case .merge(let c, let index): "c\(c).mergeChanges(fromContextDidSave: changes[\(index)])"
            case .batchUpdate(let a, let v): "batch update \(ModelBasedRun.attributes[a]) = \(v)"
            case .batchDelete(let age): "batch delete where age == \(age)"
            }
        }
    }

    static let attributes = ["name", "age", "sex"]
    static let names = ["Ada", "Bob", "Cy"]
    static let sexes = ["f", "m"]
    static let ages = 0..<3

    let seed: UInt64
    private var random: SplitMix64
    private let container: ModelContainer
    private let contexts: [ModelContext]
    private var reference: ReferenceModel
    /// The real instance behind each handle.
    private var instances: [Int: Person] = [:]
    /// Every committed save's and batch request's changes, real and predicted, for merges.
    private var committed: [(real: ModelContext.Changes, predicted: ReferenceModel.Changes)] = []
    /// What each context's `didSave` notifications carried.
    private let notified: [Locked<[ModelContext.Changes]>]
    private var observers: [any NSObjectProtocol] = []
    /// The steps taken so far, for the failure report.
    private(set) var steps: [Step] = []

    init(seed: UInt64) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        let container = try ModelContainer(for: Person.self, configuration: .inMemory)
        self.container = container
        // Core Data's two, merging only when a step says so, and SwiftData's one, made off the
        // main queue with SwiftData's initializer: it merges every other context's save by itself.
        contexts = [container.newBackgroundContext(), container.newBackgroundContext(),
                    DispatchQueue.global().sync { ModelContext(container) }]
        var policies: [ReferenceModel.Policy] = []
        for context in contexts {
            let policy = random.pick(ReferenceModel.Policy.allCases)
            context.mergePolicy = policy.mergePolicy
            policies.append(policy)
        }
        reference = ReferenceModel(policies: policies)
        notified = contexts.map { _ in Locked<[ModelContext.Changes]>([]) }
        for (context, received) in zip(contexts, notified) {
            observers.append(NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
                if let changes = ModelContext.Changes(notification: note) { received.withLock { $0.append(changes) } }
            })
        }
    }

    deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }

    /// How often the run reached each situation worth reaching.
    var events: [ReferenceModel.Event: Int] { reference.events }

    /// The policies the contexts got, for the failure report (c2 is SwiftData's, merging by itself).
    var policies: String { reference.contexts.map(\.policy.description).joined(separator: ", ") + " (c2 SwiftData's)" }

    /// The opening every sequence shares, so contexts hold the same rows from the start and
    /// conflicts are common: two saved people, registered in all three contexts.
    private func prelude() -> [Step] {
        [.insert(context: 0, values: (0..<3).map(randomValue)), .insert(context: 0, values: (0..<3).map(randomValue)),
         .save(context: 0), .fetch(context: 1), .fetch(context: 2)]
    }

    /// Runs the prelude and `count` random steps; returns the first disagreement, or nil.
    func run(steps count: Int) -> String? {
        let opening = prelude()
        for index in 0..<opening.count + count {
            let step = index < opening.count ? opening[index] : nextStep()
            steps.append(step)
            if let problem = perform(step) ?? compare() {
                return problem
            }
        }
        return nil
    }

    // MARK: Choosing steps

    private func randomValue(for attribute: Int) -> SQLiteValue {
        switch attribute {
        case 0: .text(random.pick(Self.names))
        case 1: .integer(Int64(random.pick(Array(Self.ages))))
        default: .text(random.pick(Self.sexes))
        }
    }

    private func nextStep() -> Step {
        let c = random.next(below: 3)
        let context = reference.contexts[c]
        let registered = context.objects.keys.sorted()
        let touchable = registered.filter { reference.canTouch($0, in: c) }
        switch random.next(below: 100) {
        case 0..<7:
            return .insert(context: c, values: (0..<3).map(randomValue))
        case 7..<10 where !context.reinsertable.isEmpty:
            return .reinsert(context: c, handle: random.pick(context.reinsertable.keys.sorted()))
        case 10..<13 where registered.contains { context.objects[$0]!.isDeleted }:
            return .undelete(context: c, handle: random.pick(registered.filter { context.objects[$0]!.isDeleted }))
        case 13..<40 where !touchable.isEmpty:
            let attribute = random.next(below: 3)
            return .set(context: c, handle: random.pick(touchable), attribute: attribute, value: randomValue(for: attribute))
        case 40..<47 where !registered.isEmpty:
            return .delete(context: c, handle: random.pick(registered))
        case 47..<67:
            return .save(context: c)
        case 67..<70:
            return .rollback(context: c)
        case 70..<71 where !context.insertionOrder.isEmpty:
            return .obtainPermanentIdentifiers(context: c)
        case 71..<73:
            return .reset(context: c)
        case 73..<77:
            return .fetch(context: c)
        case 77..<81:
            let attribute = random.next(below: 3)
            return .fetchWhere(context: c, attribute: attribute, value: randomValue(for: attribute))
        case 81..<83 where !reference.everStored.isEmpty:
            let key = random.pick(reference.everStored.sorted())
            return random.next(below: 2) == 0 ? .lookup(context: c, primaryKey: key) : .existing(context: c, primaryKey: key)
        case 83..<89 where !registered.isEmpty:
            return .refresh(context: c, handle: random.pick(registered), mergeChanges: random.next(below: 2) == 0)
        case 89..<97 where !committed.isEmpty:
            // Mostly a recent change, as a notification observer would merge it.
            let recent = max(0, committed.count - 3)
            return .merge(context: c, changes: random.next(below: 4) == 0 ? random.next(below: committed.count)
                                                                            : recent + random.next(below: committed.count - recent))
        case 97..<99:
            let attribute = random.next(below: 3)
            return .batchUpdate(attribute: attribute, value: randomValue(for: attribute))
        case 99:
            return .batchDelete(age: random.pick(Array(Self.ages)))
        default:
            return .fetch(context: c)
        }
    }

    // MARK: Running a step on both sides

    /// Runs the step on the real stack and on the reference; returns a disagreement in what the
    /// step itself returned (save results, fetch results, batch results).
    private func perform(_ step: Step) -> String? {
        switch step {
        case .insert(let c, let values):
            let handle = reference.insert(values, in: c)
            let context = contexts[c]
            instances[handle] = context.performAndWait {
                let person = Person(name: values[0].text, age: Int(values[1].integer), sex: values[2].text)
                context.insert(person)
                return person
            }
        case .reinsert(let c, let handle), .undelete(let c, let handle):
            if case .reinsert = step { reference.reinsert(handle, in: c) } else { reference.undelete(handle, in: c) }
            let context = contexts[c], person = instances[handle]!
            context.runAndWait { context.insert(person) }
        case .set(let c, let handle, let attribute, let value):
            reference.set(attribute, to: value, of: handle, in: c)
            let person = instances[handle]!
            contexts[c].runAndWait {
                switch attribute {
                case 0: person.name = value.text
                case 1: person.age = Int(value.integer)
                default: person.sex = value.text
                }
            }
        case .delete(let c, let handle):
            reference.delete(handle, in: c)
            let context = contexts[c], person = instances[handle]!
            context.runAndWait { context.delete(person) }
        case .save(let c):
            return save(in: c)
        case .rollback(let c):
            reference.rollback(in: c)
            let context = contexts[c]
            context.performAndWait { context.rollback() }
        case .reset(let c):
            reference.reset(in: c)
            let context = contexts[c]
            context.performAndWait { context.reset() }
        case .fetch(let c):
            return fetch(nil, in: c)
        case .fetchWhere(let c, let attribute, let value):
            return fetch((attribute, value), in: c)
        case .lookup(let c, let primaryKey):
            let handle = reference.model(forPrimaryKey: primaryKey, in: c)
            let context = contexts[c], id = identifier(primaryKey)
            let found = context.performAndWait { context.model(for: id) }
            return adopt(found as? Person, as: handle, "model(for:)")
        case .existing(let c, let primaryKey):
            let handle = reference.existingModel(forPrimaryKey: primaryKey, in: c)
            let context = contexts[c], id = identifier(primaryKey)
            let found: Result<Person, any Error> = context.performAndWait { Result { try context.existingModel(for: id, as: Person.self) } }
            switch (handle, found) {
            case (let handle?, .success(let person)): return adopt(person, as: handle, "existingModel")
            case (nil, .failure(ModelError.modelNotFound)): return nil
            case (nil, _): return "existingModel gave \(found); the reference expects modelNotFound"
            case (_?, .failure(let error)): return "existingModel threw \(error)"
            }
        case .obtainPermanentIdentifiers(let c):
            reference.obtainPermanentIdentifiers(in: c)
            let context = contexts[c]
            let outcome: Result<Void, any Error> = context.performAndWait { Result { try context.obtainPermanentIdentifiers(for: context.insertedModels) } }
            if case .failure(let error) = outcome { return "obtainPermanentIdentifiers threw \(error)" }
        case .refresh(let c, let handle, let mergeChanges):
            reference.refresh(handle, mergeChanges: mergeChanges, in: c)
            let context = contexts[c], person = instances[handle]!
            context.runAndWait { context.refresh(person, mergeChanges: mergeChanges) }
        case .merge(let c, let index):
            reference.merge(committed[index].predicted, into: c)
            let context = contexts[c], changes = committed[index].real
            context.performAndWait { context.mergeChanges(fromContextDidSave: changes) }
        case .batchUpdate(let attribute, let value):
            let predicted = reference.batchUpdate(attribute, to: value)
            let property: any Sendable = attribute == 1 ? Int(value.integer) : value.text
            return batch(predicted) {
                try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: [Self.attributes[attribute]: property],
                                                                resultType: .identifiers))
            }
        case .batchDelete(let age):
            let predicted = reference.batchDelete(where: 1, is: .integer(Int64(age)))
            return batch(predicted) {
                try container.execute(BatchDeleteRequest<Person>(predicate: #Predicate { $0.age == age }, resultType: .identifiers))
            }
        }
        return nil
    }

    private func save(in c: Int) -> String? {
        let before = notified[c].value.count
        let predicted = reference.save(in: c)
        let context = contexts[c]
        let outcome: Result<Void, any Error> = context.performAndWait { Result { try context.save() } }
        let posted = Array(notified[c].value.dropFirst(before))
        switch (predicted, outcome) {
        case (.saved(let changes), .success):
            if changes.isEmpty {
                guard posted.isEmpty else { return "save posted \(posted) though nothing was committed" }
                return nil
            }
            guard posted.count == 1, let real = posted.first else { return "save posted \(posted.count) didSave notifications, not 1" }
            guard keys(real) == changes else { return "didSave carried \(keys(real)); the reference expects \(changes)" }
            committed.append((real, changes))
            // SwiftData's context merges the save by itself: the merge is queued on its queue now,
            // ahead of anything a later step asks of it.
            for d in contexts.indices where d != c && contexts[d].automaticallyMergesChangesFromParent {
                reference.merge(changes, into: d)
            }
            return nil
        case (.conflicts(let expected), .failure(let error)):
            guard case ModelError.mergeConflict(let conflicts) = error else { return "save threw \(error); the reference expects conflicts \(expected)" }
            let real = Set(conflicts.map {
                ReferenceModel.Conflict(primaryKey: $0.identifier.primaryKey ?? -1, oldVersion: $0.oldVersionNumber, newVersion: $0.newVersionNumber)
            })
            guard real == expected, conflicts.count == expected.count else { return "save reported conflicts \(real); the reference expects \(expected)" }
            guard posted.isEmpty else { return "a failed save posted didSave" }
            return nil
        case (.saved(let changes), .failure(let error)):
            return "save threw \(error); the reference expects it to commit \(changes)"
        case (.conflicts(let expected), .success):
            return "save succeeded; the reference expects conflicts \(expected)"
        }
    }

    /// The instance a lookup returned must be the one the reference names (or becomes it).
    private func adopt(_ person: Person?, as handle: Int, _ lookup: String) -> String? {
        guard let person else { return "\(lookup) returned no Person" }
        if let known = instances[handle] {
            return known === person ? nil : "\(lookup) returned another instance where the reference expects #\(handle)"
        }
        instances[handle] = person
        return nil
    }

    private func fetch(_ filter: (attribute: Int, value: SQLiteValue)?, in c: Int) -> String? {
        let expected = reference.fetch(where: filter, in: c)
        let context = contexts[c]
        let descriptor: FetchDescriptor<Person>
        switch (filter?.attribute, filter?.value) {
        case (0, .text(let name)?):
            descriptor = FetchDescriptor(predicate: #Predicate { $0.name == name })
        case (1, .integer(let stored)?):
            let age = Int(stored)
            descriptor = FetchDescriptor(predicate: #Predicate { $0.age == age })
        case (2, .text(let sex)?):
            descriptor = FetchDescriptor(predicate: #Predicate { $0.sex == sex })
        default:
            descriptor = FetchDescriptor()
        }
        let fetched: Result<[Person], any Error> = context.performAndWait {
            Result { try context.fetch(descriptor) }
        }
        guard case .success(let people) = fetched else { return "fetch threw \(fetched)" }
        guard people.count == expected.count else {
            return "fetch returned \(people.count) objects; the reference expects \(expected.count) (\(expected.map { "#\($0)" }))"
        }
        for (person, handle) in zip(people, expected) {
            if let known = instances[handle] {
                guard known === person else { return "fetch returned another instance where the reference expects #\(handle)" }
            } else {
                instances[handle] = person
            }
        }
        return nil
    }

    private func batch(_ predicted: ReferenceModel.Changes, _ execute: () throws -> BatchResult) -> String? {
        do {
            let result = try execute()
            let keys = Set((result.identifiers ?? []).compactMap(\.primaryKey))
            guard keys == predicted.updated.union(predicted.deleted) else {
                return "the batch request touched \(keys.sorted()); the reference expects \(predicted)"
            }
            if !predicted.isEmpty {
                let real = ModelContext.Changes(updated: Set(identifiers(predicted.updated)), deleted: Set(identifiers(predicted.deleted)))
                committed.append((real, predicted))
            }
            return nil
        } catch {
            return "the batch request threw \(error)"
        }
    }

    private func keys(_ changes: ModelContext.Changes) -> ReferenceModel.Changes {
        ReferenceModel.Changes(inserted: Set(changes.inserted.compactMap(\.primaryKey)),
                               updated: Set(changes.updated.compactMap(\.primaryKey)),
                               deleted: Set(changes.deleted.compactMap(\.primaryKey)))
    }

    private func identifiers(_ keys: Set<Int64>) -> [PersistentIdentifier] {
        keys.map(identifier)
    }

    private func identifier(_ primaryKey: Int64) -> PersistentIdentifier {
        PersistentIdentifier(storeIdentifier: container.storeIdentifier, entityName: "Person", storage: .permanent(primaryKey: primaryKey))
    }

    // MARK: Comparing everything

    /// The first disagreement between the real stack and the reference, or nil.
    private func compare() -> String? {
        if let problem = compareStore() { return problem }
        for c in contexts.indices {
            if let problem = compareContext(c) { return "c\(c): \(problem)" }
        }
        return compareDeparted()
    }

    private func compareStore() -> String? {
        let store: (rows: [[SQLiteValue]], max: [[SQLiteValue]])
        do {
            store = try container.store.read { (connection) throws(ModelError) in
                (try connection.rows("SELECT Z_PK, Z_OPT, ZNAME, ZAGE, ZSEX FROM ZPERSON ORDER BY Z_PK"),
                 try connection.rows("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'Person'"))
            }
        } catch {
            return "the store could not be read: \(error)"
        }
        let expected = reference.rows.keys.sorted().map { key in
            [SQLiteValue.integer(key), .integer(reference.rows[key]!.version)] + reference.rows[key]!.values
        }
        guard store.rows == expected else { return "the store holds \(store.rows); the reference expects \(expected)" }
        guard store.max == [[.integer(reference.maxPrimaryKey)]] else {
            return "Z_MAX is \(store.max); the reference expects \(reference.maxPrimaryKey)"
        }
        return nil
    }

    private func compareContext(_ c: Int) -> String? {
        let context = contexts[c]
        let expected = reference.contexts[c]
        return context.runAndWait { () -> String? in
            guard context.allRegisteredModels.count == expected.objects.count else {
                return "\(context.allRegisteredModels.count) registered objects; the reference expects \(expected.objects.count)"
            }
            for handle in expected.objects.keys.sorted() {
                if let problem = compareObject(handle, expected.objects[handle]!, in: context) { return "#\(handle): \(problem)" }
            }
            guard context.hasChanges == expected.hasChanges else { return "hasChanges is \(context.hasChanges)" }
            let inserted = context.insertedModels.map { ObjectIdentifier($0) }
            guard inserted == expected.insertionOrder.map({ ObjectIdentifier(instances[$0]!) }) else {
                return "insertedModels differ from \(expected.insertionOrder.map { "#\($0)" })"
            }
            let changed = Set(context.changedModels.map { ObjectIdentifier($0) })
            let expectedChanged = expected.objects.values.filter { $0.isUpdated && !$0.isDeleted }.map { ObjectIdentifier(instances[$0.handle]!) }
            guard changed == Set(expectedChanged) else { return "changedModels differ" }
            let deleted = Set(context.deletedModels.map { ObjectIdentifier($0) })
            let expectedDeleted = expected.objects.values.filter(\.isDeleted).map { ObjectIdentifier(instances[$0.handle]!) }
            guard deleted == Set(expectedDeleted) else { return "deletedModels differ" }
            return nil
        }
    }

    private func compareObject(_ handle: Int, _ expected: ReferenceModel.Object, in context: ModelContext) -> String? {
        let person = instances[handle]!
        let data = person.backingData
        let id = person.persistentModelID
        guard let registered = context.registeredModel(identifiedBy: id), registered === person else { return "not registered under \(id)" }
        guard person.modelContext === context else { return "modelContext is not its context" }
        guard id.primaryKey == expected.primaryKey else { return "identifier \(id); the reference expects primary key \(String(describing: expected.primaryKey))" }
        guard person.isFault == expected.isFault else { return "isFault is \(person.isFault)" }
        guard person.isDeleted == expected.isDeleted else { return "isDeleted is \(person.isDeleted)" }
        guard person.hasChanges == expected.hasChanges else { return "hasChanges is \(person.hasChanges)" }
        guard data.version == expected.version else { return "version \(data.version); the reference expects \(expected.version)" }
        guard Set(data.changedAttributes) == expected.changed else {
            return "changed attributes \(Array(data.changedAttributes)); the reference expects \(expected.changed.sorted())"
        }
        guard data.cachedValues.map(Array.init) == expected.cached else {
            return "last-read values \(String(describing: data.cachedValues)); the reference expects \(String(describing: expected.cached))"
        }
        guard !expected.isFault else { return nil }
        let values: [SQLiteValue] = [.text(person.name), .integer(Int64(person.age)), .text(person.sex)]
        guard values == expected.values else { return "values \(values); the reference expects \(expected.values)" }
        return nil
    }

    private func compareDeparted() -> String? {
        for (handle, departure) in reference.departed.sorted(by: { $0.key < $1.key }) {
            let person = instances[handle]!
            guard person.modelContext == nil else { return "#\(handle) left its context but still names one" }
            switch departure {
            case .deleted: guard person.isDeleted else { return "#\(handle) was deleted but isDeleted is false" }
            case .detached: guard !person.isDeleted else { return "#\(handle) was let go but isDeleted is true" }
            case .invalidated:
                guard !person.isDeleted, person.isFault else { return "#\(handle) was invalidated but isDeleted is \(person.isDeleted), isFault \(person.isFault)" }
            }
        }
        return nil
    }
}

private extension SQLiteValue {
    var text: String {
        if case .text(let text) = self { return text }
        preconditionFailure("\(self) is not text")
    }

    var integer: Int64 {
        if case .integer(let integer) = self { return integer }
        preconditionFailure("\(self) is not an integer")
    }
}
