extension ModelContext {
    /// A to-many relationship's members as the store lists them, corrected by what the contexts
    /// above a child changed and have not saved: members they deleted go; a model whose own side
    /// of the relationship they changed says whether it belongs (moved to `source`, or away), as
    /// a context corrects the store with its own changes (``withPendingChanges(_:of:inverse:destination:)``).
    func members(_ stored: [PersistentIdentifier], of source: PersistentIdentifier, correctedBy view: ParentView,
                 inverse: Int?, destination: String) -> [PersistentIdentifier] {
        var members = stored.filter { !view.deleted.contains($0) }
        guard let inverse else { return members }
        for identifier in view.order {
            guard let object = view.objects[identifier], let pointing = object.relations[inverse],
                  container.schema.entity(named: identifier.entityName)?.isKind(of: destination) == true
            else { continue }
            let pointsHere = pointing.contains(source)
            let listed = members.contains(identifier)
            if pointsHere && !listed { members.append(identifier) }
            if !pointsHere && listed { members.removeAll { $0 == identifier } }
        }
        return members
    }
}
