import Foundation

extension ModelContainer {
    /// The models other processes' transactions changed after token value `previous`, up to
    /// `newest`: what a trace's remote-change event says came from elsewhere. Read from history,
    /// and only while recording (the event's kind is worked out only then); a store whose history
    /// cannot be read gives none.
    func changesByOtherProcesses(after previous: Int64, through newest: Int64) -> [PersistentIdentifier] {
        let reader = HistoryReader(store: store, modelTypes: modelTypes)
        let transactions = (try? store.read { (connection) throws(ModelError) in
            try reader.transactions(from: previous + 1, in: connection)
        }) ?? []
        return transactions
            .filter { $0.token.value <= newest && $0.processName != HistoryTables.processName }
            .flatMap { $0.changes.map(\.changedPersistentIdentifier) }
    }
}
