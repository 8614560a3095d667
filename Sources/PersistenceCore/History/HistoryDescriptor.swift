import Foundation

/// Which history transactions to fetch or delete: SwiftData's `HistoryDescriptor`.
///
/// ```swift
/// let descriptor = HistoryDescriptor<DefaultHistoryTransaction>(
///     predicate: #Predicate { $0.token > lastToken && $0.author != "app" })
/// ```
///
/// Transactions come oldest first unless `sortBy` says otherwise; `fetchLimit` keeps the first
/// ones. The predicate may read any property of a transaction (its token, author, timestamp,
/// store identifier, changes); it runs in memory on the transactions after the token it names
/// (`$0.token > t` or `>= t`, alone or in a conjunction), or on every kept transaction.
public struct HistoryDescriptor<Transaction: HistoryTransaction>: Sendable {
    /// Which transactions; nil for all of them.
    public var predicate: Predicate<Transaction>?
    /// The order; empty for commit order, oldest first.
    public var sortBy: [SortDescriptor<Transaction>]
    /// At most this many transactions; nil for no limit.
    public var fetchLimit: Int?

    public init(predicate: Predicate<Transaction>? = nil, sortBy: [SortDescriptor<Transaction>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
