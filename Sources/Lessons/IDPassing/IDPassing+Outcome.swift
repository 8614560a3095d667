import PersistenceCore

extension IDPassing {
    /// The wrong way: a model read on another context's queue.
    public struct PassedModel: Sendable, Codable, Hashable {
        /// The label of the queue of the context that owns the model.
        public var ownerQueue: String
        /// The label of the queue the model was read on.
        public var readerQueue: String
        /// Whether the read returned the saved value anyway (it usually does).
        public var readTheValue: Bool
        /// What `ConcurrencyDebug` recorded against the owner.
        public var violations: [ConcurrencyViolation]
    }

    /// The right way: article 000's `updateItem(identifier:timestamp:)` on a model actor.
    public struct PassedIdentifier: Sendable, Codable, Hashable {
        /// The label of the actor's context's queue.
        public var actorQueue: String
        /// Whether the store holds the new timestamp afterwards.
        public var storeHasTheUpdate: Bool
        /// What `ConcurrencyDebug` recorded against the actor's context.
        public var violations: [ConcurrencyViolation]
    }

    /// The three lookups in a context that has never seen the saved item.
    public struct Lookups: Sendable, Codable, Hashable {
        /// `registeredModel(for:)` found it.
        public var registeredModelFound: Bool
        /// `model(for:)` returned a fault.
        public var modelForWasFault: Bool
        /// Reading the fault's timestamp returned the saved value.
        public var faultFulfilledWithSavedValue: Bool
        /// It is no longer a fault after the read.
        public var faultAfterRead: Bool
        /// `existingModel(for:)` returned a fault.
        public var existingModelWasFault: Bool
        /// `existingModel(for:)` returned the saved value.
        public var existingModelHadSavedValue: Bool
    }

    /// The same lookups in a fresh context after the row was deleted and the deletion saved.
    public struct AfterDeletion: Sendable, Codable, Hashable {
        /// `registeredModel(for:)` found it.
        public var registeredModelFound: Bool
        /// `existingModel(for:)` threw `ModelError.modelNotFound`.
        public var existingModelThrewModelNotFound: Bool
        /// The error's message.
        public var existingModelError: String?
        /// `model(for:)` still handed out a fault, without asking the store.
        public var modelForWasFault: Bool
        /// What touching that fault stops the process with.
        public var faultTrapMessage: String
    }

    /// Temporary and permanent identifiers.
    public struct IdentifierLifecycle: Sendable, Codable, Hashable {
        /// A newly inserted item's identifier is temporary.
        public var temporaryAfterInsert: Bool
        /// Its URI, e.g. `x-lab://…/Item/t<UUID>`.
        public var temporaryURI: String
        /// Another context finds nothing for a temporary identifier handed to it before the save.
        public var temporaryFoundByAnotherContextBeforeSave: Bool
        /// Another context cannot find a temporary identifier, not even after the save.
        public var temporaryFoundByAnotherContext: Bool
        /// After the save, even the context that saved finds nothing for the old temporary
        /// identifier: SwiftData's temporary identifiers "are only valid until an object is persisted".
        public var temporaryFoundBySavingContextAfterSave: Bool
        /// After `obtainPermanentIdentifiers`, before any save, it is permanent.
        public var permanentAfterObtaining: Bool
        /// Its URI, e.g. `x-lab://…/Item/p2`.
        public var permanentURI: String
        /// The save kept the obtained identifier.
        public var unchangedBySave: Bool
        /// A second item, saved without obtaining: temporary before the save…
        public var temporaryBeforeSave: Bool
        /// …and permanent after it.
        public var permanentAfterSave: Bool
    }

    /// A permanent identifier archived as a URI string and resolved later.
    public struct ArchivedURI: Sendable, Codable, Hashable {
        /// The string written to the archive.
        public var archived: String
        /// `identifier(forURIRepresentation:)` gave back the same identifier.
        public var resolvedToTheSameIdentifier: Bool
        /// A fresh context found the item through it, with its saved count.
        public var resolvedItemCount: Int?
        /// A malformed URI tried.
        public var malformedURI: String
        /// Whether the malformed URI resolved (it must not).
        public var malformedResolved: Bool
        /// A well-formed URI of another store.
        public var otherStoreURI: String
        /// Whether it resolved in this container (it must not).
        public var otherStoreResolved: Bool
    }

    /// A model held by a context (as a view holds it) while another context deletes its row.
    public struct HeldAcrossDeletion: Sendable, Codable, Hashable {
        /// Still registered in the holding context once the deletion was merged.
        public var registeredAfterMerge: Bool
        /// Its `modelContext` is still the holding context.
        public var hasContextAfterMerge: Bool
        /// Its `isDeleted` (false: no deletion is pending, it is done).
        public var isDeletedAfterMerge: Bool
        /// It became a fault that can never be fulfilled: touching it stops the process.
        public var isFaultAfterMerge: Bool
        /// The fix, holding the identifier and fetching again: `existingModel` threw `modelNotFound`.
        public var refetchThrewModelNotFound: Bool
    }

    /// The item deleted the two ways articles 000 and 003 show, as Swift 6 accepts them.
    public struct Deletions: Sendable, Codable, Hashable {
        /// `delItem(id:)`: the main context (merging automatically) still had the item registered
        /// after the background deletion's merge.
        public var byIdentifierStillShown: Bool
        /// Rows left in the store after `delItem(id:)`.
        public var byIdentifierRowsLeft: Int
        /// `delItem(item:)` with `performAndWait` on the model's own context, called off its queue:
        /// rows left in the store.
        public var throughItsContextRowsLeft: Int
        /// What `.record` caught during `delItem(item:)` (nothing: the work ran on the queue).
        public var throughItsContextViolations: Int
    }

    public struct Outcome: Sendable, Codable, Hashable {
        public var passingTheModel: PassedModel
        public var passingTheIdentifier: PassedIdentifier
        public var lookups: Lookups
        public var afterDeletion: AfterDeletion
        public var heldAcrossDeletion: HeldAcrossDeletion
        public var deletions: Deletions
        public var identifiers: IdentifierLifecycle
        public var archive: ArchivedURI
    }

    /// Articles 000's, 003's and 004's claims about identifiers, each decided by what the lookups
    /// returned in this run.
    public func checks(_ outcome: Outcome) -> [Check] {
        let model = outcome.passingTheModel, passed = outcome.passingTheIdentifier
        let l = outcome.lookups, d = outcome.afterDeletion, h = outcome.heldAcrossDeletion
        let i = outcome.identifiers, a = outcome.archive
        let first = model.violations.first
        return [
            Check("a model read inside another context's perform is recorded, naming both queues",
                  holds: model.violations.map(\.operation) == ["Item.timestamp get"] && first?.thread == model.readerQueue
                      && first?.expectedQueue == model.ownerQueue,
                  measured: [.init("recorded", model.violations.map(\.operation).joined(separator: ", "))]),
            Check("the identifier passed to a model actor is looked up there, and the update is saved, with nothing recorded",
                  holds: passed.storeHasTheUpdate && passed.violations.isEmpty,
                  measured: [.init("saved", passed.storeHasTheUpdate), .init("violations", passed.violations.count)]),
            Check("registeredModel finds nothing in a context that never saw the item", holds: !l.registeredModelFound,
                  measured: [.init("found", l.registeredModelFound)]),
            Check("model(for:) hands out a fault that loads the row on first read",
                  holds: l.modelForWasFault && l.faultFulfilledWithSavedValue && !l.faultAfterRead,
                  measured: [.init("fault before", l.modelForWasFault), .init("saved value read", l.faultFulfilledWithSavedValue)]),
            Check("existingModel never returns a fault", holds: !l.existingModelWasFault && l.existingModelHadSavedValue,
                  measured: [.init("fault", l.existingModelWasFault)]),
            Check("after the row is deleted, existingModel throws modelNotFound while model(for:) still hands out a fault",
                  holds: !d.registeredModelFound && d.existingModelThrewModelNotFound && d.modelForWasFault,
                  measured: [.init("threw modelNotFound", d.existingModelThrewModelNotFound), .init("fault handed out", d.modelForWasFault)]),
            Check("a model held across another context's merged deletion leaves its context, invalidated, with no deletion pending",
                  holds: !h.registeredAfterMerge && !h.hasContextAfterMerge && !h.isDeletedAfterMerge && h.isFaultAfterMerge,
                  measured: [.init("registered", h.registeredAfterMerge), .init("has a context", h.hasContextAfterMerge),
                             .init("isDeleted", h.isDeletedAfterMerge)]),
            Check("held by identifier instead, the item is fetched again and the UI learns it is gone (modelNotFound)",
                  holds: h.refetchThrewModelNotFound, measured: [.init("threw modelNotFound", h.refetchThrewModelNotFound)]),
            Check("article 003's delItem(id:) deletes on a background context, and the auto-merging main context drops the item",
                  holds: outcome.deletions.byIdentifierRowsLeft == 0 && !outcome.deletions.byIdentifierStillShown,
                  measured: [.init("rows left", outcome.deletions.byIdentifierRowsLeft),
                             .init("still shown", outcome.deletions.byIdentifierStillShown)]),
            Check("delItem(item:) with performAndWait on the model's own context deletes it, called from another thread, with nothing recorded",
                  holds: outcome.deletions.throughItsContextRowsLeft == 0 && outcome.deletions.throughItsContextViolations == 0,
                  measured: [.init("rows left", outcome.deletions.throughItsContextRowsLeft),
                             .init("violations", outcome.deletions.throughItsContextViolations)]),
            Check("an identifier is temporary until obtainPermanentIdentifiers (the lab's spelling of Core Data's obtainPermanentIDs(for:)) or a save, then permanent and unchanged by the save",
                  holds: i.temporaryAfterInsert && i.permanentAfterObtaining && i.unchangedBySave && i.temporaryBeforeSave && i.permanentAfterSave,
                  measured: [.init("temporary", i.temporaryURI), .init("permanent", i.permanentURI)]),
            Check("a temporary identifier means nothing to another context, before the save or after",
                  holds: !i.temporaryFoundByAnotherContextBeforeSave && !i.temporaryFoundByAnotherContext,
                  measured: [.init("found before", i.temporaryFoundByAnotherContextBeforeSave), .init("found after", i.temporaryFoundByAnotherContext)]),
            Check("once saved, the old temporary identifier finds nothing even in the context that saved it",
                  holds: !i.temporaryFoundBySavingContextAfterSave, measured: [.init("found", i.temporaryFoundBySavingContextAfterSave)]),
            Check("a permanent identifier archived as a URI string resolves to the same identifier and the item",
                  holds: a.resolvedToTheSameIdentifier && a.resolvedItemCount == 42,
                  measured: [.init("archived", a.archived), .init("count read", a.resolvedItemCount.map(String.init) ?? "none")]),
            Check("a malformed URI and another store's URI resolve to nothing",
                  holds: !a.malformedResolved && !a.otherStoreResolved,
                  measured: [.init("malformed resolved", a.malformedResolved), .init("other store resolved", a.otherStoreResolved)]),
        ]
    }
}
