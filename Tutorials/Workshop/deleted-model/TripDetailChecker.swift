import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: the trip's screen, a view model on the MainActor (the main context's
/// queue), as a SwiftUI detail view would have.
@MainActor protocol TripShowing: AnyObject, Sendable {
    /// Opens the screen on `trip`, a model the list just fetched on the main context, as a list
    /// hands its row's model to the detail screen.
    init(trip: Trip)
    /// The trip's name, or nil once the trip is gone.
    var title: String? { get }
    /// The trip's stops' titles, by position; empty once the trip is gone.
    var stopTitles: [String] { get }
    /// Reads the trip again. Called on the main queue, with the main context, after it changed
    /// (here: right after it merged another context's save).
    func reload(on context: ModelContext)
}

/// Opens the screen on a trip with three stops; a background context renames the trip, then
/// deletes it (its stops go with it: `.cascade`); the main context merges each save, and the
/// screen reads the trip again after each merge.
///
/// ```
/// // main queue                                  background
/// //                                             save Lisbon and its 3 stops
/// // fetch Lisbon; open the screen on it
/// // does the screen hold a model?
/// //                                             rename Lisbon to Lisboa; save (ConcurrencyDebug recording)
/// // reload(on: main): does it show Lisboa?
/// //                                             delete the trip; save (ConcurrencyDebug recording)
/// // reload(on: main): does it show the trip gone?
/// ```
///
/// A model the screen holds is invalidated by the merged deletion, and reading it stops the
/// process in every mode, so the checker cannot let the screen read one: it first looks for
/// models among the screen's stored properties (`Mirror`, without touching them), and if it
/// finds any it reports them, with what the merge did to them, instead of calling `reload`.
///
/// Nothing is timed: a save queues its automatic merge on the main queue before it returns,
/// and the checker reads the screen after a block it queued there afterwards has run.
enum TripDetailChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "deleted-model",
        title: "Keep the trip's screen alive when the trip is deleted",
        goal: "The trip's screen is a view model on the MainActor, opened on the model the list fetched on the main context, as a SwiftUI list hands its row's model to the detail view. It keeps that model and reads it again in `reload(on:)`. A background context then deletes the trip and saves; the main context merges the deletion (it merges every save) and invalidates the trip model the screen still holds: the next reload stops the process (\"This model instance was invalidated\"). Make the screen hold what cannot go stale, and read the trip again by its identifier, so that it shows the trip gone instead of crashing.",
        file: "Tutorials/Workshop/deleted-model/TripDetail.swift",
        exerciseCheck: "TripDetailChecker.check(TripDetail.self)",
        checkSolution: { await TripDetailChecker.check(Solution.TripDetail.self) }
    )

    static let tripName = "Lisbon"
    static let renamed = "Lisboa"
    static let stopTitles = ["Belém Tower", "Alfama", "Jerónimos"]

    static func check<Detail: TripShowing>(_ detail: Detail.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
            let main = container.viewContext
            // The main context merges other contexts' saves (the change-merging exercise): the lesson's lane 3.
            main.automaticallyMergesChangesFromParent = true
            let background = container.newBackgroundContext()
            let tripID = try background.performAndWait {
                let trip = Trip(name: tripName)
                background.insert(trip)
                for (position, title) in stopTitles.enumerated() {
                    trip.stops.append(Stop(title: title, position: position))
                }
                try background.save()
                return trip.persistentModelID
            }

            let (screen, first, held) = try await MainQueue.runOnMainActor { () throws -> (Detail, Shown, [HeldModel]) in
                // The list's fetch, then the screen opened on the row's model.
                let trip = try main.existingModel(for: tripID, as: Trip.self)
                let screen = Detail(trip: trip)
                return (screen, Shown(screen), HeldModel.all(in: screen))
            }
            var findings: [String] = []
            let expected = Shown(title: tripName, stopTitles: stopTitles)
            if first != expected {
                findings.append("Opened on \(expected), the screen showed \(first): it must show the trip's name and its "
                    + "stops' titles, by position.")
            }

            if !held.isEmpty {
                // Delete the trip anyway, and see what the merge did to the models held, without reading them.
                try background.performAndWait {
                    background.delete(try background.existingModel(for: tripID, as: Trip.self))
                    try background.save()
                }
                let leftTheContext = try await MainQueue.runOnMainActor { held.count { $0.leftItsContext } }
                let what = held.count > 1 ? "\(leftTheContext) of them left the main context (their modelContext is now nil)"
                    : leftTheContext == 1 ? "the model left the main context (its modelContext is now nil)"
                    : "the model did not leave the main context, this time"
                // The trap is named only when a held model left its context: only such a model traps when read.
                let trap: String = leftTheContext > 0
                    ? " Reading such a model, as a reload that reads the held trip would, stops the process with \"This "
                        + "model instance was invalidated\" (`lab run deleted-model`, lane 2), so the checker did not call reload(on:)."
                    : " The checker did not call reload(on:) all the same: the screen must not keep models at all."
                findings.append("\(Detail.self) holds \(HeldModel.list(held)). A background context then deleted the trip, "
                    + "and the main context merged the deletion: \(what).\(trap) Hold the trip's PersistentIdentifier and "
                    + "the values the screen shows, and read the trip again by identifier in reload(on:).")
                return findings
            }

            let ((afterRename, afterDeletion), violations) = try await ConcurrencyDebug.withMode(.record) {
                try background.performAndWait {
                    let trip = try background.existingModel(for: tripID, as: Trip.self)
                    trip.name = renamed
                    try background.save()
                }
                let afterRename = try await MainQueue.runOnMainActor { screen.reload(on: main); return Shown(screen) }
                try background.performAndWait {
                    background.delete(try background.existingModel(for: tripID, as: Trip.self))
                    try background.save()
                }
                let afterDeletion = try await MainQueue.runOnMainActor { screen.reload(on: main); return Shown(screen) }
                return (afterRename, afterDeletion)
            }
            let renamedTrip = Shown(title: renamed, stopTitles: stopTitles)
            if afterRename != renamedTrip {
                findings.append("After a background context renamed the trip \(renamed) and the main context merged it, "
                    + "reload(on:) showed \(afterRename), not \(renamedTrip): it must read the trip again from the context, "
                    + "by its identifier.")
            }
            if afterDeletion != Shown(title: nil, stopTitles: []) {
                findings.append("After a background context deleted the trip and the main context merged the deletion, "
                    + "reload(on:) showed \(afterDeletion): the trip is gone, so title must be nil and stopTitles empty. "
                    + "Once the main context merged the deletion, existingModel(for:as:) throws (the trip is no longer "
                    + "registered and its row is gone); show nothing then.")
            }
            // Every violation recorded meanwhile is the screen's: code that breaks the rule on
            // purpose (the other checkers, the tests) records inside `withMode` too, one caller at a time.
            if !violations.isEmpty {
                findings.append("The screen used a context or a model off its queue: \(violations.summary). reload(on:) "
                    + "is called on the main queue with the main context: read the trip right there, on that context.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Showing the trip, renaming it and deleting it")]
        }
    }

    /// What the screen shows.
    struct Shown: Sendable, Equatable, CustomStringConvertible {
        var title: String?
        var stopTitles: [String]

        @MainActor init(_ screen: some TripShowing) {
            self.init(title: screen.title, stopTitles: screen.stopTitles)
        }

        init(title: String?, stopTitles: [String]) {
            self.title = title
            self.stopTitles = stopTitles
        }

        var description: String {
            guard let title else { return "the trip gone" + (stopTitles.isEmpty ? "" : " but stops \(stopTitles)") }
            return "\"\(title)\" with stops \(stopTitles)"
        }
    }
}

extension TripDetailChecker {
    /// A model found among a screen's stored properties, by `Mirror`: reflection reads the
    /// reference, never the model's properties, so it is safe even once the model is invalidated.
    // @unchecked: the model is only used on the main queue (the main context's), in `leftItsContext`;
    // the checker carries it from one main-queue block to the next.
    struct HeldModel: @unchecked Sendable {
        /// Where the screen holds it: `trip`, `stops[0]`, ….
        let path: String
        let model: any PersistentModel
        /// Whether the model was in a context when the checker found it: one made by the screen
        /// itself and never inserted has none to leave.
        let hadAContext: Bool

        /// Whether the model left the context it was in: the merge removed it (invalidated). Reads no property.
        @MainActor var leftItsContext: Bool { hadAContext && model.modelContext == nil }

        /// Every model `object` holds in its stored properties, looking into values (optionals,
        /// arrays, structs, tuples) but not into other objects (a context holds models of its own).
        static func all(in object: AnyObject) -> [HeldModel] {
            var found: [HeldModel] = []
            func visit(_ mirror: Mirror, path: String, depth: Int) {
                if let parent = mirror.superclassMirror { visit(parent, path: path, depth: depth) }
                for (index, child) in mirror.children.enumerated() {
                    // An optional's one child is its value: it keeps the optional's name.
                    let name = mirror.displayStyle == .optional ? path
                        : child.label.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? "\(path)[\(index)]"
                    if let model = child.value as? any PersistentModel {
                        found.append(HeldModel(path: name, model: model, hadAContext: model.modelContext != nil))
                        continue
                    }
                    let value = Mirror(reflecting: child.value)
                    if value.displayStyle != .class, depth < 4 {
                        visit(value, path: name, depth: depth + 1)
                    }
                }
            }
            visit(Mirror(reflecting: object), path: "", depth: 0)
            return found
        }

        /// "a model: a Trip in `trip`", or "2 models: a Trip in `trip`, a Stop in `stops[0]`".
        static func list(_ held: [HeldModel]) -> String {
            let each = held.map { "a \(type(of: $0.model)) in `\($0.path)`" }
            return held.count == 1 ? "a model: \(each[0])" : "\(held.count) models: \(each.joined(separator: ", "))"
        }
    }
}
