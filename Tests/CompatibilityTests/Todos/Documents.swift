import Foundation
import SwiftData

/// What every stored document of the todo app has, whatever its version: an identifier that
/// stays the same across contexts and launches, and when it last changed. A protocol of the
/// app's own, named like a class: `@Model` must not take it for a superclass.
protocol CollectionDocument {
    var uid: UUID { get }
    var dateUpdated: Date { get set }
}

/// A document that can leave its actor as a value.
protocol SendableDocument {
    associatedtype Snapshot: Sendable & Equatable
    var snapshot: Snapshot { get }
}

/// A model that knows when it changed: a protocol that refines `PersistentModel`.
protocol Stamped: PersistentModel {
    var dateUpdated: Date { get set }
}
