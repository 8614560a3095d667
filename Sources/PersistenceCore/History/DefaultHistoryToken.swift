import Foundation

/// A position in a store's history: SwiftData's `HistoryToken`.
///
/// Apps keep the token of the last transaction they processed (it is `Codable`: write it to
/// `UserDefaults` or a file) and later fetch only what came after it.
public protocol HistoryToken: Codable, Comparable, Hashable, Sendable {}

/// The token of one history transaction: SwiftData's `DefaultHistoryToken`, Core Data's
/// `NSPersistentHistoryToken`.
///
/// It is the transaction's row number in `ATRANSACTION` (which SQLite never reuses: the table is
/// `AUTOINCREMENT`) and the identifier of the store it belongs to. Tokens of one store order as
/// their transactions were committed. A token of another store orders by store identifier first,
/// only so that `Comparable` holds; `fetchHistory` refuses it (``ModelError/invalidHistoryToken(_:)``).
public struct DefaultHistoryToken: HistoryToken, CustomStringConvertible {
    /// The store the transaction was committed to (`Z_UUID` in its `Z_METADATA`).
    public let storeIdentifier: String
    /// The transaction's `Z_PK` in `ATRANSACTION`: 1 for the store's first transaction.
    let value: Int64

    init(storeIdentifier: String, value: Int64) {
        self.storeIdentifier = storeIdentifier
        self.value = value
    }

    public static func < (lhs: DefaultHistoryToken, rhs: DefaultHistoryToken) -> Bool {
        (lhs.storeIdentifier, lhs.value) < (rhs.storeIdentifier, rhs.value)
    }

    public var description: String { "\(value)@\(storeIdentifier)" }

    private enum CodingKeys: String, CodingKey { case storeIdentifier, value }

    /// Reads a saved token; a token that could not have been made by a store is refused here,
    /// with `DecodingError.dataCorrupted`, rather than later as a puzzling empty history.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let storeIdentifier = try container.decode(String.self, forKey: .storeIdentifier)
        let value = try container.decode(Int64.self, forKey: .value)
        guard UUID(uuidString: storeIdentifier) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .storeIdentifier, in: container,
                debugDescription: "a history token's store identifier is a UUID, not \"\(storeIdentifier)\"")
        }
        guard value >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .value, in: container,
                debugDescription: "a history token counts transactions from 0, so it is not \(value)")
        }
        self.init(storeIdentifier: storeIdentifier, value: value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storeIdentifier, forKey: .storeIdentifier)
        try container.encode(value, forKey: .value)
    }
}
