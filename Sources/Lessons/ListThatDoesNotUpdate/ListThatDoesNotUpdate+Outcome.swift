import Foundation

extension ListThatDoesNotUpdate {
    /// The four lanes: Core Data's view context three ways, then SwiftData's main context.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The view context merges nothing.
        public var noMerging: Lane
        /// The view context merges other contexts' saves automatically.
        public var automaticMerging: Lane
        /// Automatically, and the batch request's result by hand.
        public var batchMergedByHand: Lane
        /// SwiftData's main context, with no merging code.
        public var swiftData: Lane
    }

    /// One row of the list: the item's number and title.
    public struct Row: Sendable, Codable, Hashable, CustomStringConvertible {
        public var number: Int
        public var title: String

        public var description: String { "\(number) \(title)" }
    }

    /// One change, and what the list did about it.
    public struct Step: Sendable, Codable, Hashable {
        /// What changed, in words.
        public var name: String
        /// Whether the observer's results changed after it.
        public var delivered: Bool
        /// From the start of the save (or batch request) to the results' change, if they changed.
        public var delayMilliseconds: Double?
        /// The queues the results changed on.
        public var deliveredOnQueues: [String]
        /// What the list showed afterwards.
        public var rows: [Row]
    }

    /// One lane: its merging, each step, and what the store held in the end.
    public struct Lane: Sendable, Codable, Hashable {
        public var merging: Merging
        public var steps: [Step]
        /// Every item in the store at the end, read by a fresh context.
        public var store: [Row]

        /// The list at the end.
        public var finalRows: [Row] { steps.last?.rows ?? [] }
        /// The step called `prefix…`.
        func step(_ prefix: String) -> Step? { steps.first { $0.name.hasPrefix(prefix) } }
        /// The row numbered `number` at the end.
        func finalRow(_ number: Int) -> Row? { finalRows.first { $0.number == number } }
    }
}

extension ListThatDoesNotUpdate {
    /// The lesson's claims, each decided by what the list showed after each step.
    public func checks(_ outcome: Outcome) -> [Check] {
        let none = outcome.noMerging, automatic = outcome.automaticMerging, byHand = outcome.batchMergedByHand
        let backgroundSteps = ["the model actor adds", "the model actor renames", "a batch request"]
        func delivered(_ lane: Lane, _ prefix: String) -> Bool { lane.step(prefix)?.delivered ?? false }
        func titles(_ lane: Lane) -> String { lane.finalRows.map(\.description).joined(separator: ", ") }
        let swiftData = outcome.swiftData
        let allQueues = Set([none, automatic, byHand, swiftData].flatMap { $0.steps.flatMap(\.deliveredOnQueues) })
        return [
            Check("Core Data: without merging, no background change reaches the list on the view context",
                  holds: backgroundSteps.allSatisfy { !delivered(none, $0) },
                  measured: backgroundSteps.map { .init($0, delivered(none, $0) ? "delivered" : "not delivered") }),
            Check("without merging, the view context's own save shows only its own item",
                  holds: delivered(none, "the view context saves")
                      && none.step("the view context saves")?.rows.map(\.number) == [0, 1, 2, 5],
                  measured: [.init("list", none.step("the view context saves")?.rows.map(\.description).joined(separator: ", ") ?? "-")]),
            Check("without merging, the list made again finds the new rows (a first fetch reads the store) but not the edits to rows the context already holds, nor the batch",
                  holds: none.finalRow(3) != nil && none.finalRow(4) != nil
                      && none.finalRow(0)?.title == "item 0" && none.finalRow(2)?.title == "item 2"
                      && none.store.first { $0.number == 0 }?.title == "renamed",
                  measured: [.init("list", titles(none))]),
            Check("with automatic merging, the new rows and the edits arrive, each right after its save, on the main queue",
                  holds: delivered(automatic, "the model actor adds") && delivered(automatic, "the model actor renames")
                      && automatic.finalRow(3) != nil && automatic.finalRow(0)?.title == "renamed"
                      && automatic.steps.flatMap(\.deliveredOnQueues).allSatisfy { $0 == "com.apple.main-thread" },
                  measured: [.init("list", titles(automatic))]),
            Check("with automatic merging, the batch request still does not arrive: it bypasses every context",
                  holds: !delivered(automatic, "a batch request") && automatic.finalRow(2)?.title == "item 2"
                      && automatic.store.first { $0.number == 2 }?.title == "done",
                  measured: [.init("list shows", automatic.finalRow(2)?.description ?? "nothing"),
                             .init("store holds", automatic.store.first { $0.number == 2 }?.description ?? "nothing")]),
            Check("merged by hand, the batch arrives too: the list matches the store",
                  holds: delivered(byHand, "a batch request") && byHand.finalRows == byHand.store,
                  measured: [.init("list", titles(byHand))]),
            Check("SwiftData: with no merging code, the list on the main context shows the model actor's new rows and edits, each right after its save",
                  holds: delivered(swiftData, "the model actor adds") && delivered(swiftData, "the model actor renames")
                      && swiftData.finalRows == swiftData.store,
                  measured: [.init("list", titles(swiftData))]),
            Check("every change of the lists happened on the main queue, their contexts'",
                  holds: allQueues == ["com.apple.main-thread"],
                  measured: [.init("queues", allQueues.sorted().joined(separator: ", "))]),
        ]
    }
}
