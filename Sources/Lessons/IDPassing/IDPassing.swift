import Foundation
import PersistenceCore
import SampleModels

/// Articles 000, 003 and 004: pass the identifier, not the model.
///
/// The wrong way hands a model to another context's queue; the right way hands its
/// `PersistentIdentifier` to a model actor that looks it up in its own context. Then the three
/// lookups side by side (`registeredModel`, `model(for:)`, `existingModel`), before and after the
/// row is deleted; temporary and permanent identifiers; and a URI archived as a string and
/// resolved later.
public struct IDPassing: Lesson {
    public static let info = LessonInfo(
        id: "id-passing",
        title: "Pass the identifier, not the model",
        articles: [.swiftDataConcurrency, .coreDataTips, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Both frameworks: a model belongs to its context (Core Data's NSManagedObject, SwiftData's @Model); read in another context's block it is a data race in each, and Swift 6 refuses to send it.",
            rightWay: "Both: pass the identifier (Core Data's NSManagedObjectID, SwiftData's PersistentIdentifier) and look it up on the other side: model(for:) and registeredModel(for:) in SwiftData (iOS 17 and later), object(with:) and existingObject(with:) in Core Data; existingModel(for:as:) is the lab's own."),
        why: """
            A model belongs to the context that registered it, and to that context's queue; another \
            context, on another queue, must not touch it (Swift 6 refuses to send it: models are not \
            Sendable). What may cross is its PersistentIdentifier, a Sendable value, which the other \
            side turns back into its own model: registeredModel(for:) only finds what that context \
            already registered, model(for:) hands out a fault that traps if the row is gone, and \
            existingModel(for:) loads the row or throws. An identifier is temporary until its object \
            is saved or given a permanent identifier, and means nothing to another context until \
            then; a permanent one can be archived as a URI string and resolved later.
            """,
        rule: "Send PersistentIdentifiers (permanent ones) across queues and look them up with existingModel; never send the model.",
        whereToLook: [
            "Sources/Lessons/IDPassing/IDPassing.swift",
            "Sources/Lessons/IDPassing/IDPassing+Outcome.swift",
            "Sources/Lessons/IDPassing/IDPassing+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
            "Sources/Lessons/IDPassing/IDPassing+Steps.swift",
            "Sources/Lessons/IDPassing/IDPassing+DataHandler.swift",
            "Sources/Lessons/IDPassing/IdentifierArchive.swift",
            "Tests/LessonsTests/IDPassingTests.swift",
            "Sources/PersistenceCore/Context/ModelContext+Lookup.swift",
            "Sources/PersistenceCore/Model/PersistentIdentifier.swift",
        ])

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let passingTheModel = try await passModel(in: environment)
        let passingTheIdentifier = try await passIdentifier(in: environment)

        let container = try environment.makeContainer(for: [Item.self], name: "id-passing-lookups")
        let id = try await Self.saveItem(in: container)
        let lookups = await lookUp(id, in: container)
        try await Self.deleteItem(id, in: container)
        let afterDeletion = await lookUpDeleted(id, in: container)
        let heldAcrossDeletion = try await holdAcrossDeletion(in: environment)
        let deletions = try await deleteBothWays(in: environment)

        let identifiers = try await followIdentifiers(in: environment)
        let archive = try await archiveAndResolve(in: environment)
        return Outcome(passingTheModel: passingTheModel, passingTheIdentifier: passingTheIdentifier, lookups: lookups,
                       afterDeletion: afterDeletion, heldAcrossDeletion: heldAcrossDeletion, deletions: deletions,
                       identifiers: identifiers,
                       archive: archive)
    }

    // MARK: The wrong way and the right way

    /// The wrong way: a model saved by one context, read inside another context's `perform`.
    ///
    /// ```
    /// // owner's queue                 reader's queue
    /// // insert item, save
    /// //                               item.timestamp   ← the owner's model, on the reader's queue
    /// ```
    private func passModel(in environment: LessonEnvironment) async throws -> PassedModel {
        let container = try environment.makeContainer(for: [Item.self], name: "id-passing-model")
        let owner = container.newBackgroundContext()
        owner.name = "owner"
        let item = try await owner.perform {
            let item = Item(timestamp: Self.savedTimestamp)
            owner.insert(item)
            try owner.save()
            return Smuggled(item)  // the compiler would refuse to send the model: smuggle it
        }
        let reader = container.newBackgroundContext()
        reader.name = "reader"
        let (read, violations) = await ConcurrencyDebug.withMode(.record) {
            await reader.perform { item.value.timestamp == Self.savedTimestamp }
        }
        return PassedModel(ownerQueue: owner.queueLabel, readerQueue: reader.queueLabel, readTheValue: read,
                           violations: violations.recorded(against: owner.queueLabel))
    }

    /// The right way: the identifier goes to a model actor, which looks the item up itself.
    private func passIdentifier(in environment: LessonEnvironment) async throws -> PassedIdentifier {
        let container = try environment.makeContainer(for: [Item.self], name: "id-passing-identifier")
        let id = try await Self.saveItem(in: container)
        let handler = DataHandler(modelContainer: container)
        let newTimestamp = Self.savedTimestamp.addingTimeInterval(60)
        let (_, violations) = try await ConcurrencyDebug.withMode(.record) {
            try await handler.updateItem(identifier: id, timestamp: newTimestamp)
        }
        let stored = try await container.performBackgroundTask { context in
            context.name = "checker"
            return try context.existingModel(for: id, as: Item.self).timestamp
        }
        let actorQueue = handler.modelExecutor.context.queueLabel
        return PassedIdentifier(actorQueue: actorQueue, storeHasTheUpdate: stored == newTimestamp,
                                violations: violations.recorded(against: actorQueue))
    }

    // MARK: Lookups

    /// The three lookups, each in a context that has never seen the item.
    private func lookUp(_ id: PersistentIdentifier, in container: ModelContainer) async -> Lookups {
        let fresh = container.newBackgroundContext()
        fresh.name = "fresh context"
        let (registered, wasFault, fulfilled, faultAfter) = await fresh.perform {
            let registered = (fresh.registeredModel(for: id) as Item?) != nil
            let model = fresh.model(for: id)
            let wasFault = model.isFault
            let fulfilled = (model as? Item)?.timestamp == Self.savedTimestamp
            return (registered, wasFault, fulfilled, model.isFault)
        }
        let another = container.newBackgroundContext()
        another.name = "another fresh context"
        let (existingWasFault, existingValue) = await another.perform {
            let item = try? another.existingModel(for: id, as: Item.self)
            return (item?.isFault ?? true, item?.timestamp == Self.savedTimestamp)
        }
        return Lookups(registeredModelFound: registered, modelForWasFault: wasFault,
                       faultFulfilledWithSavedValue: fulfilled, faultAfterRead: faultAfter,
                       existingModelWasFault: existingWasFault, existingModelHadSavedValue: existingValue)
    }

    /// The lookups again after the row is gone; the fault is handed out but never touched.
    private func lookUpDeleted(_ id: PersistentIdentifier, in container: ModelContainer) async -> AfterDeletion {
        let fresh = container.newBackgroundContext()
        fresh.name = "fresh context"
        return await fresh.perform {
            let registered = (fresh.registeredModel(for: id) as Item?) != nil
            var notFound = false
            var message: String?
            do {
                _ = try fresh.existingModel(for: id, as: Item.self)
            } catch {
                if case .modelNotFound(let missing) = error as? ModelError, missing == id { notFound = true }
                message = "\(error)"
            }
            let fault = fresh.model(for: id)  // do not touch: it would stop the process
            return AfterDeletion(registeredModelFound: registered, existingModelThrewModelNotFound: notFound,
                                 existingModelError: message, modelForWasFault: fault.isFault,
                                 faultTrapMessage: Self.faultTrapMessage(for: id))
        }
    }

    /// A context holds an item, as a list on screen holds its rows; another context deletes it and
    /// saves; the holding context merges the deletion. The held model is now invalid (touching it
    /// stops the process, see `touchHeldItemAfterDeletion`); the identifier is what to keep.
    ///
    /// ```
    /// // holding context (auto-merging)     deleting context
    /// // item = existingModel(id)
    /// //                                    delete(item), save
    /// // merge: item invalidated
    /// // existingModel(id) → modelNotFound  ← the fix: hold id, fetch again
    /// ```
    private func holdAcrossDeletion(in environment: LessonEnvironment) async throws -> HeldAcrossDeletion {
        let container = try environment.makeContainer(for: [Item.self], name: "id-passing-held")
        let id = try await Self.saveItem(in: container)
        let holder = container.newBackgroundContext()
        holder.name = "holder"
        holder.automaticallyMergesChangesFromParent = true
        let held = try await holder.perform { Smuggled(try holder.existingModel(for: id, as: Item.self)) }
        try await Self.deleteItem(id, in: container)
        return await holder.perform(schedule: .enqueued) {  // after the merge the save enqueued
            let item = held.value  // only its thread-safe properties are read here
            var notFound = false
            do {
                _ = try holder.existingModel(for: id, as: Item.self)
            } catch ModelError.modelNotFound {
                notFound = true
            } catch {}
            return HeldAcrossDeletion(
                registeredAfterMerge: (holder.registeredModel(for: id) as Item?) != nil,
                hasContextAfterMerge: item.modelContext === holder, isDeletedAfterMerge: item.isDeleted,
                isFaultAfterMerge: item.isFault, refetchThrewModelNotFound: notFound)
        }
    }

    /// Article 003's deletions: by identifier from the main context's item, and through the
    /// model's own context with `performAndWait`.
    private func deleteBothWays(in environment: LessonEnvironment) async throws -> Deletions {
        let container = try environment.makeContainer(for: [Item.self], name: "id-passing-del-item")
        let id = try await Self.saveItem(in: container)
        let main = container.viewContext
        main.automaticallyMergesChangesFromParent = true
        _ = try await main.perform { try main.existingModel(for: id, as: Item.self).persistentModelID }
        try await Self.delItem(id: id, in: container)
        let stillShown = await main.perform(schedule: .enqueued) { (main.registeredModel(for: id) as Item?) != nil }
        let rowsLeft = try await container.performBackgroundTask { context in
            context.name = "checker"
            return try context.fetchCount(FetchDescriptor<Item>())
        }

        let other = try environment.makeContainer(for: [Item.self], name: "id-passing-del-item-own-context")
        let otherID = try await Self.saveItem(in: other)
        let holder = other.newBackgroundContext()
        holder.name = "holder"
        let held = try await holder.perform { Smuggled(try holder.existingModel(for: otherID, as: Item.self)) }
        let (_, violations) = try await ConcurrencyDebug.withMode(.record) {
            try await Task.detached { try Self.delItem(item: held.value) }.value  // called off the context's queue
        }
        let ownRowsLeft = try await other.performBackgroundTask { context in
            context.name = "checker"
            return try context.fetchCount(FetchDescriptor<Item>())
        }
        return Deletions(byIdentifierStillShown: stillShown, byIdentifierRowsLeft: rowsLeft,
                         throughItsContextRowsLeft: ownRowsLeft,
                         throughItsContextViolations: violations.recorded(against: holder.queueLabel).count)
    }

    // MARK: Identifiers

    /// One item from temporary to permanent with `obtainPermanentIdentifiers`, another with a save.
    private func followIdentifiers(in environment: LessonEnvironment) async throws -> IdentifierLifecycle {
        let container = try environment.makeContainer(for: [Item.self], name: "id-passing-identifiers")
        let context = container.newBackgroundContext()
        context.name = "inserting context"
        let first = try await context.perform {
            let item = Item(timestamp: Self.savedTimestamp)
            context.insert(item)
            let temporary = item.persistentModelID
            try context.obtainPermanentIdentifiers(for: [item])
            let obtained = item.persistentModelID
            try context.save()
            return (temporary, obtained, item.persistentModelID)
        }
        let temporary = await context.perform {
            let item = Item(timestamp: Self.savedTimestamp)
            context.insert(item)
            return item.persistentModelID
        }
        let foundBeforeSave = await container.performBackgroundTask { other in
            other.name = "another context"
            return (try? other.existingModel(for: temporary, as: Item.self)) != nil
        }
        let second = try await context.perform {
            guard let item = context.registeredModel(for: temporary) as Item? else {
                throw LessonError.unexpected("the inserted item is not registered under its temporary identifier")
            }
            try context.save()
            let stillFound = (context.registeredModel(for: temporary) as Item?) != nil
            return (temporary, item.persistentModelID, stillFound)
        }
        let temporaryFoundElsewhere = await container.performBackgroundTask { other in
            other.name = "another context"
            return (try? other.existingModel(for: second.0, as: Item.self)) != nil
        }
        return IdentifierLifecycle(
            temporaryAfterInsert: first.0.isTemporary, temporaryURI: first.0.uriRepresentation.absoluteString,
            temporaryFoundByAnotherContextBeforeSave: foundBeforeSave,
            temporaryFoundByAnotherContext: temporaryFoundElsewhere,
            temporaryFoundBySavingContextAfterSave: second.2,
            permanentAfterObtaining: !first.1.isTemporary, permanentURI: first.1.uriRepresentation.absoluteString,
            unchangedBySave: first.1 == first.2,
            temporaryBeforeSave: second.0.isTemporary, permanentAfterSave: !second.1.isTemporary)
    }

    /// A permanent identifier's URI written to a JSON archive, read back and resolved; then a
    /// malformed URI and another store's URI, which must not resolve.
    private func archiveAndResolve(in environment: LessonEnvironment) async throws -> ArchivedURI {
        let container = try environment.makeContainer(for: [Item.self], name: "id-passing-archive")
        let id = try await Self.saveItem(in: container, count: 42)

        let (archiveURL, cleanUp) = try Self.archiveLocation(in: environment)
        defer { cleanUp() }
        try IdentifierArchive(url: archiveURL).set(id.uriRepresentation.absoluteString, forKey: "selectedItem")

        // Later: another archive value reads the string back, the container resolves it.
        let archived = try IdentifierArchive(url: archiveURL).string(forKey: "selectedItem") ?? ""
        let resolved = URL(string: archived).flatMap(container.identifier(forURIRepresentation:))
        let count: Int? = if let resolved {
            await container.performBackgroundTask { context in
                context.name = "resolving context"
                return try? context.existingModel(for: resolved, as: Item.self).count
            }
        } else {
            nil
        }

        let malformed = "x-lab://not-a-store/Item/p1"
        let otherContainer = try environment.makeContainer(for: [Item.self], name: "id-passing-archive-other")
        let otherStore = try await Self.saveItem(in: otherContainer).uriRepresentation.absoluteString
        return ArchivedURI(
            archived: archived, resolvedToTheSameIdentifier: resolved == id, resolvedItemCount: count,
            malformedURI: malformed,
            malformedResolved: URL(string: malformed).flatMap(container.identifier(forURIRepresentation:)) != nil,
            otherStoreURI: otherStore,
            otherStoreResolved: URL(string: otherStore).flatMap(container.identifier(forURIRepresentation:)) != nil)
    }

    /// Where the archive lives: next to the stores in a directory environment, else in a
    /// temporary file removed afterwards.
    private static func archiveLocation(in environment: LessonEnvironment) throws -> (URL, () -> Void) {
        switch environment.storage {
        case .directory(let folder):
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent("id-passing-archive.json")
            try? FileManager.default.removeItem(at: url)
            return (url, {})
        case .inMemory:
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("id-passing-\(UUID().uuidString).json")
            return (url, { try? FileManager.default.removeItem(at: url) })
        }
    }
}
