import Foundation

extension BackingData {
    /// Why a model can never be used again: its row is gone, or its context forgot it.
    ///
    /// SwiftData stops the process when such a model is touched ("This model instance was
    /// invalidated because its backing data could no longer be found the store"). Here it is the
    /// same crash, with the reason in the message.
    enum Invalidation: CaseIterable {
        /// Its context deleted it and saved the deletion before its values were ever loaded (a
        /// model whose values were loaded keeps them, readable, as in SwiftData).
        case deletedAndSaved
        /// Its context found the row gone (deleted by another context or a batch request) when it
        /// saved a change to it or refreshed it.
        case foundDeleted
        /// Its context merged another context's save that deleted it.
        case mergedDeletion
        /// Its context was reset, which forgets every model it registered.
        case contextReset

        var flag: UInt16 {
            switch self {
            case .deletedAndSaved: 1 << 7
            case .foundDeleted: 1 << 8
            case .mergedDeletion: 1 << 9
            case .contextReset: 1 << 10
            }
        }
    }

    /// Makes the model unusable for good: every attribute access from now on stops the process;
    /// except a model deleted and saved with its values loaded, which keeps them, detached (as
    /// SwiftData's does).
    ///
    /// The model also becomes a fault that can never be fulfilled, so the accessors' fast path,
    /// which only looks closer at faults, pays nothing for the check. Its deletion, if it was
    /// pending, is no longer pending (``isDeleted`` is false), and it leaves its context
    /// (``modelContext`` is nil), as in Core Data after the save.
    func invalidate(_ reason: Invalidation) {
        // Forgetting the related models also breaks the reference cycles relationships make.
        if !relations.isEmpty { refaultRelationships() }
        set(Flag.deleted | Flag.changed | Flag.registered | Flag.inserted, false)
        // SwiftData keeps what a model it deleted and saved had loaded: it stays readable,
        // detached from its context. Only one never loaded has nothing to give.
        if reason == .deletedAndSaved, !isFault {
            set(Flag.detached, true)
            return
        }
        set(reason.flag | Flag.fault | Flag.detached, true)
    }

    /// Stops the process: attribute `index` of an invalidated model was touched.
    func trapInvalidatedAccess(to index: Int, isWrite: Bool) -> Never {
        trapInvalidatedAccess(to: entity.attributes[index].name, isWrite: isWrite)
    }

    /// Stops the process: property `name` (an attribute or a relationship) of an invalidated
    /// model was touched.
    func trapInvalidatedAccess(to name: String, isWrite: Bool) -> Never {
        fatalError(invalidationMessage(touching: "\(entity.name).\(name) \(isWrite ? "set" : "get")"))
    }

    /// What the trap says: SwiftData's opening words, the class, the identifier's URI, what
    /// happened, and what to do instead.
    func invalidationMessage(touching operation: String) -> String {
        let context = link?.context.map { "'\($0.queueLabel)'" } ?? "its context"
        let model = "\(entity.name) \(persistentModelID.uriRepresentation.absoluteString)"
        let refetch = "Hold its persistentModelID and fetch it again (existingModel(for:) throws when the row is gone)."
        switch Invalidation.allCases.first(where: { has($0.flag) }) {
        case .deletedAndSaved?:
            // Only a model never loaded: one whose values were loaded keeps them (see `invalidate(_:)`).
            return "This backing data was detached from a context without resolving attribute faults (\(operation)): "
                + "\(model) was deleted and the deletion saved in \(context) before its values were ever loaded, so there "
                + "is nothing to read. Read what you need before deleting it: a model whose values were loaded keeps them."
        case .foundDeleted?:
            return invalidated(operation, model, "had its row deleted behind \(context) (by another context or a batch request), found gone when \(context) saved or refreshed it", refetch)
        case .mergedDeletion?:
            return invalidated(operation, model, "was deleted by another context's save, which \(context) merged", refetch)
        case .contextReset?:
            return invalidated(operation, model, "was forgotten when \(context) was reset", refetch)
        case nil:
            return invalidated(operation, model, "is still valid", refetch)
        }
    }

    /// SwiftData's words for a model whose row is gone or whose context forgot it.
    private func invalidated(_ operation: String, _ model: String, _ what: String, _ advice: String) -> String {
        "This model instance was invalidated (\(operation)): \(model) \(what), so its backing data no longer exists. \(advice)"
    }
}
