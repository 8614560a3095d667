// One file, compiled three times. `Swift6/`, `NonisolatedNonsending/` and `DefaultMainActor/` each
// hold a link to it, and Package.swift compiles each folder as its own module with its own language
// setting:
//
// - ImportHelperSwift6: `-swift-version 6`, nothing more;
// - ImportHelperNonisolatedNonsending: Swift 6.2's `NonisolatedNonsendingByDefault` (SE-0461), on
//   in new Xcode projects: a nonisolated async function runs on its caller's actor;
// - ImportHelperDefaultMainActor: Swift 6.2's `.defaultIsolation(MainActor.self)` (SE-0466), on
//   in new Xcode app targets: every declaration without an isolation of its own is MainActor-isolated.
//
// Not one character differs between the three; where `importItems(_:)` runs does. The lesson
// nonisolated-async calls each module's copy from the MainActor and watches where its context lands.
import Foundation
import PersistenceCore
import SampleModels

/// An import helper as a learner writes one: a value holding the container, and an async method
/// that makes a context of its own "to work in the background".
public struct ItemImporter: Sendable {
    public let container: ModelContainer

    public init(container: ModelContainer) {
        self.container = container
    }

    /// The pitfall: no isolation written, so the module's setting decides. Swift 6 runs a
    /// nonisolated async function on the global pool (SE-0338); with NonisolatedNonsendingByDefault
    /// it runs on its caller's actor, so called from the MainActor its context is a main-queue
    /// context; under default MainActor isolation the method is MainActor-isolated outright.
    public func importItems(_ count: Int) async throws -> ImportPlacement {
        try Self.importing(count, into: container)
    }

    /// Fix 1: `@concurrent` always leaves the caller's actor and runs on the global pool, under
    /// every setting.
    @concurrent
    public func importItemsConcurrently(_ count: Int) async throws -> ImportPlacement {
        try Self.importing(count, into: container)
    }

    /// Fix 2, article 000's: `Task.detached` inherits no actor, so its context gets a private queue.
    public func importItemsInDetachedTask(_ count: Int) async throws -> ImportPlacement {
        let container = self.container
        return try await Task.detached { try Self.importing(count, into: container) }.value
    }

    /// The work: a new context, `count` items, one save.
    ///
    /// `nonisolated`, so it runs wherever it is called. Under default MainActor isolation an
    /// unmarked function would be MainActor-isolated too, and the detached task above would hop
    /// back to the main queue to run it: the fix would quietly undo itself.
    nonisolated static func importing(_ count: Int, into container: ModelContainer) throws -> ImportPlacement {
        let ranOn = DispatchQueue.currentLabel
        let context = ModelContext(container)  // its queue: the main queue if created there, else its own
        for number in 0..<count {
            context.insert(Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), count: number))
        }
        try context.save()
        return ImportPlacement(ranOn: ranOn, contextQueue: context.queueLabel, itemsSaved: count)
    }
}

/// Fix 3: a model actor whose context always takes a private queue, whoever creates it and
/// whatever the module's default isolation (an actor's isolation is its own).
@BackgroundModelActor  // the lab's own; a SwiftData @ModelActor must be made off-main
public actor ItemImportActor {
    public func importItems(_ count: Int) throws -> ImportPlacement {
        let ranOn = DispatchQueue.currentLabel
        for number in 0..<count {
            modelContext.insert(Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), count: number))
        }
        try modelContext.save()
        return ImportPlacement(ranOn: ranOn, contextQueue: modelContext.queueLabel, itemsSaved: count)
    }
}
