import PersistenceCore

extension ModelError {
    /// Whether this is Core Data's constraint conflict over `constraint` of `entity`: what a save
    /// under the merge policy `.error` throws for a new model whose unique values another has.
    func isConstraintConflict(entity: String, constraint: [String], withStoredModel: Bool = true) -> Bool {
        guard case .constraintConflict(let conflicts) = self, let conflict = conflicts.first else { return false }
        return conflict.entity == entity && conflict.constraint == constraint && (conflict.databaseObject != nil) == withStoredModel
    }
}
