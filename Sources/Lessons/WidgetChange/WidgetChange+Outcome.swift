import Foundation

extension WidgetChange {
    /// Core Data's two lanes, what pruning did, and SwiftData's lane.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The view context merges automatically, and nothing else.
        public var automaticMerging: Lane
        /// The app follows the widget through history.
        public var history: Lane
        /// History's growth and pruning.
        public var pruning: Pruning
        /// SwiftData's main context, with no history code.
        public var swiftData: Lane
    }

    /// One change of the widget, and what the app did about it.
    public struct Step: Sendable, Codable, Hashable {
        /// What the widget did, in words.
        public var name: String
        /// Whether the app heard of the commit: the remote-change notification (automatic lane),
        /// or a merge of the widget's transaction (history lane).
        public var appWasNotified: Bool
        /// Whether the list's rows changed; nil where the lane did not watch for it.
        public var listChanged: Bool?
        /// From the start of the widget's save, in its process, to the list's update in the app's.
        public var delayMilliseconds: Double?
        /// What the list showed afterwards.
        public var rows: [String]
    }

    /// One lane: the list it started with, each step, and the store at the end.
    public struct Lane: Sendable, Codable, Hashable {
        public var steps: [Step]
        /// The titles the app saved first.
        public var seeded: [String]
        /// What a new fetch on the view context showed after the widget's changes, if one was made.
        public var fetchedAgain: [String]?
        /// Every title in the store at the end, read by a fresh container.
        public var store: [String]

        /// The list at the end.
        public var finalRows: [String] { steps.last?.rows ?? seeded }
    }

    /// How many transactions and changes history held.
    public struct HistoryRows: Sendable, Codable, Hashable, CustomStringConvertible {
        public var transactions: Int
        public var changes: Int
        public var description: String { "\(transactions) transactions, \(changes) changes" }
    }

    /// What history cost, and what pruning it did to a reader that lagged behind.
    public struct Pruning: Sendable, Codable, Hashable {
        /// How many saves the widget's burst made.
        public var burst: Int
        /// History after the three changes, and after the burst.
        public var growth: [HistoryRows]
        /// History after the app pruned what it had processed.
        public var afterPruning: HistoryRows
        /// Whether the reader whose token was older got `historyTokenExpired`.
        public var otherReaderTokenExpired: Bool
        /// How many items that reader fetched to start again.
        public var itemsFetchedToRecover: Int?
        /// How many items the store held.
        public var itemsInStore: Int
    }
}

extension WidgetChange {
    /// The lesson's claims, each decided by what the lists showed and what the store held.
    public func checks(_ outcome: Outcome) -> [Check] {
        let automatic = outcome.automaticMerging, history = outcome.history, pruning = outcome.pruning
        let expected = ["cheese", "eggs", "oat milk"]
        let delays = history.steps.compactMap(\.delayMilliseconds)
        return [
            Check("the widget's commits reached the store: it holds cheese, eggs and oat milk, no bread",
                  holds: automatic.store == expected && history.store == expected,
                  measured: [.init("store", automatic.store.joined(separator: ", "))]),
            Check("with automatic merging only, the app was told of each commit, and its list never changed",
                  holds: automatic.steps.allSatisfy { $0.appWasNotified && $0.rows == automatic.seeded },
                  measured: automatic.steps.map { .init($0.name, $0.rows.joined(separator: ", ")) }),
            Check("fetched again, the list finds the new row and loses the deleted one, but keeps the renamed item's old title",
                  holds: automatic.fetchedAgain == ["cheese", "eggs", "milk"],
                  measured: [.init("fetched again", automatic.fetchedAgain?.joined(separator: ", ") ?? "not fetched")]),
            Check("SwiftData: with no history code, the list on the main context changed after each of the widget's commits and shows what the store holds (SwiftData merges other processes' commits by itself)",
                  holds: outcome.swiftData.steps.allSatisfy { $0.appWasNotified && $0.listChanged == true }
                      && outcome.swiftData.finalRows == outcome.swiftData.store,
                  measured: outcome.swiftData.steps.map { .init($0.name, $0.rows.joined(separator: ", ")) }),
            Check("through history, the list changed after each of the widget's commits",
                  holds: history.steps.allSatisfy { $0.appWasNotified && $0.listChanged == true },
                  measured: history.steps.map { .init($0.name, $0.rows.joined(separator: ", ")) }),
            Check("through history, the list shows exactly the widget's changes: what the store holds",
                  holds: history.finalRows == history.store,
                  measured: [.init("list", history.finalRows.joined(separator: ", "))]),
            Check("history grows by a transaction per save until it is pruned",
                  holds: pruning.growth.count == 2 && pruning.growth[1].transactions - pruning.growth[0].transactions == pruning.burst
                      && pruning.afterPruning.transactions < pruning.growth[1].transactions,
                  measured: [.init("after the three changes", pruning.growth.first?.description ?? "-"),
                             .init("after \(pruning.burst) more saves", pruning.growth.last?.description ?? "-"),
                             .init("after pruning", pruning.afterPruning.description)]),
            Check("pruned past another reader's token, that reader's next fetch throws historyTokenExpired, and it recovers by fetching every item again",
                  holds: pruning.otherReaderTokenExpired && pruning.itemsFetchedToRecover == pruning.itemsInStore,
                  measured: [.init("expired", pruning.otherReaderTokenExpired),
                             .init("items fetched again", pruning.itemsFetchedToRecover.map(String.init) ?? "none")]),
            Check("every delay from the widget's save to the list's update was measured",
                  holds: delays.count == history.steps.count && delays.allSatisfy { $0 >= 0 },
                  measured: zip(history.steps, delays).map { .init($0.name, String(format: "%.1f ms", $1)) }),
        ]
    }
}
