import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: what the trips list shows, loaded for it as values.
protocol TripListLoading: Sendable {
    init()
    /// Every trip, by name, each with its stops' titles: one ``TripRow`` per trip. Called from
    /// the MainActor, as a list's `.task` would call it; the rows it returns go to the list.
    func loadTrips(from container: ModelContainer) async throws -> [TripRow]
}

/// A row of the trips list, as a value: what the list shows, safe on any queue (the role the
/// lesson's `TripSummary` plays).
///
/// `init(_:)` is the only way to make one. It reads the trip and its stops, so call it on the
/// trip's context's queue; it also notes, for the checker, where it ran.
struct TripRow: Sendable, CustomStringConvertible {
    let name: String
    /// The stops' titles, by position.
    let stopTitles: [String]
    /// Where the row was made, for the checker.
    let origin: Origin

    /// Reads `trip` and its stops; call it on the trip's context's queue.
    init(_ trip: Trip) {
        name = trip.name
        stopTitles = trip.stops.sorted { $0.position < $1.position }.map(\.title)
        origin = Origin(contextType: trip.modelContext?.concurrencyType, onMainQueue: MainQueue.isCurrent,
                        queueLabel: DispatchQueue.currentLabel)
    }

    /// Where a row was made: the trip's context and the queue that ran `init`.
    struct Origin: Sendable, Hashable {
        /// The concurrency type of the context the trip was read in (nil: in no context).
        let contextType: ConcurrencyType?
        /// True when `init` ran on the main queue, the one that draws the UI.
        let onMainQueue: Bool
        /// The queue's label, for findings.
        let queueLabel: String

        /// A private-queue context's model, read off the main queue.
        var isBackground: Bool { contextType == .privateQueue && !onMainQueue }
    }

    var description: String { "\"\(name)\" \(stopTitles)" }
}

/// Saves 40 trips of 5 stops, then asks for the list once, from the MainActor, with
/// `ConcurrencyDebug` recording, and counts the store's reads meanwhile.
///
/// ```
/// // main queue (the list)                       background
/// //                                             save 40 trips × 5 stops
/// // readCount
/// // loadTrips(from:) (ConcurrencyDebug recording) ...
/// // readCount: how many reads? where were the rows made? are they right?
/// ```
///
/// Nothing is timed. Reads: `container.readCount` counts every read of the store (a fetch, a
/// fault, a prefetch query); faulting makes 1 + 40 + 200, prefetching 2, whatever the machine.
/// Where: each ``TripRow`` notes the kind of context its trip came from and whether it ran on
/// the main queue (a key set on `DispatchQueue.main`, see ``MainQueue/isCurrent``).
///
/// What it cannot see: MainActor code that waits in `performAndWait` for a private context.
/// The rows are then made on the private queue, by the main queue's thread, and the main
/// queue is held all along; no queue-specific key tells that wait apart. The hints ask for
/// `await perform`, which lets the main queue go.
enum TripListLoaderChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "relationship-faults",
        title: "Load the trips list with its stops prefetched, in the background",
        goal: "The trips list shows every trip with its stops' titles, one `TripRow` per trip. `loadTrips` makes the rows on the main context: it fetches the trips, and `TripRow(trip)` reads each trip's stops. A relationship is a fault until touched, so that is one read of the store for the trips, one per trip for its stops and one per stop (N+1), all on the main queue, the one that draws the UI. Read every trip's stops with the fetch, in a background context, and hand the list the rows: values, not models.",
        file: "Tutorials/Workshop/relationship-faults/TripListLoader.swift",
        exerciseCheck: "TripListLoaderChecker.check(TripListLoader.self)",
        checkSolution: { await TripListLoaderChecker.check(Solution.TripListLoader.self) }
    )

    static let trips = 40, stopsPerTrip = 5
    /// A list that prefetches reads the store twice here (the trips, then every trip's stops);
    /// a few more are fine, as long as they do not grow with the trips.
    static let allowedReads = 4

    static func check<Loader: TripListLoading>(_ loader: Loader.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Trip.self, configuration: .inMemory)
            try await saveTrips(in: container)

            let readsBefore = container.readCount
            let (rows, violations) = try await ConcurrencyDebug.withMode(.record) {
                try await loadFromTheList(Loader.self, container: container)
            }
            let reads = container.readCount - readsBefore

            var findings: [String] = []
            let nPlusOne = 1 + trips + trips * stopsPerTrip
            if reads == nPlusOne {
                findings.append("The list took \(reads) reads of the store for \(trips) trips of \(stopsPerTrip) stops: "
                    + "one for the trips, one per trip for its stops and one per stop (N+1), so the more trips, the "
                    + "more reads. Prefetch the stops with the fetch (`relationshipKeyPathsForPrefetching`): the trips, "
                    + "then their stops in one more read per 500 trips at most, however many stops (2 reads here).")
            } else if reads > allowedReads {
                findings.append("The list took \(reads) reads of the store for \(trips) trips of \(stopsPerTrip) stops; "
                    + "with the stops prefetched it takes 2 (the trips, then their stops in one more read per 500 trips at most, "
                    + "however many stops; the checker allows \(allowedReads)). "
                    + "Read the trips and their stops with one fetch (`relationshipKeyPathsForPrefetching`), and nothing per trip.")
            }
            let notInBackground = rows.filter { !$0.origin.isBackground }
            if let first = notInBackground.first {
                let count = notInBackground.count == rows.count ? "All \(rows.count) rows" : "\(notInBackground.count) of \(rows.count) rows"
                let context = switch first.origin.contextType {
                case .mainQueue: "the main context"
                case .privateQueue: "a private-queue context"
                case nil: "no context"
                }
                let queue = first.origin.onMainQueue ? "on the main queue ('\(first.origin.queueLabel)'), the one that draws the UI"
                    : "on '\(first.origin.queueLabel)'"
                findings.append("\(count) were made from trips of \(context), \(queue). Fetch the trips and make the rows "
                    + "in a private-queue context (`container.newBackgroundContext()` and `await perform`, or "
                    + "`performBackgroundTask`), and return them: a `TripRow` is `Sendable`.")
            }
            if !violations.isEmpty {
                findings.append("The loader used a context or a model off its queue: \(violations.summary). Fetch the "
                    + "trips and make each `TripRow` inside the context's `perform`, where its models may be read.")
            }
            if let wrong = wrongRows(rows) {
                findings.append(wrong)
            }
            return findings
        } catch {
            return [finding(for: error, in: "Loading the trips list")]
        }
    }

    /// The list's request, from the MainActor: where a view's `.task` runs.
    @MainActor
    private static func loadFromTheList<Loader: TripListLoading>(_: Loader.Type, container: ModelContainer) async throws -> [TripRow] {
        try await Loader().loadTrips(from: container)
    }

    /// Saves the trips from a background context, newest name first and each trip's stops last
    /// position first, so that neither order comes from the order of insertion.
    private static func saveTrips(in container: ModelContainer) async throws {
        try await container.performBackgroundTask { context in
            for number in (0..<trips).reversed() {
                let trip = Trip(name: name(number))
                context.insert(trip)
                trip.stops = (0..<stopsPerTrip).reversed().map { Stop(title: title(number, $0), position: $0) }
            }
            try context.save()
        }
    }

    private static func name(_ number: Int) -> String { String(format: "trip %02d", number) }
    private static func title(_ number: Int, _ position: Int) -> String { "stop \(number).\(position)" }

    /// What is wrong with the rows' content, if anything: every trip once, by name, each with
    /// its stops' titles by position.
    private static func wrongRows(_ rows: [TripRow]) -> String? {
        let names = (0..<trips).map(name)
        if rows.map(\.name) != names {
            let got = rows.isEmpty ? "no rows" : "\(rows.count) rows, \(listed(rows.map(\.name)))"
            return "The list got \(got); expected \(trips) rows, "
                + "\(listed(names)): every trip once, by name (`SortDescriptor(\\.name)`)."
        }
        for (number, row) in rows.enumerated() {
            let titles = (0..<stopsPerTrip).map { title(number, $0) }
            if row.stopTitles != titles {
                return "The row of \"\(row.name)\" showed the stops \(row.stopTitles); expected \(titles): each trip's "
                    + "stops, by position."
            }
        }
        return nil
    }

    /// `"trip 39", "trip 38", "trip 37", … "trip 00"`: the first three names and the last.
    private static func listed(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 4, let last = quoted.last else { return quoted.joined(separator: ", ") }
        return quoted.prefix(3).joined(separator: ", ") + ", … " + last
    }
}
