import Foundation
import SampleModels

/// One item's values as plain data: the input every importer writes, and what the raw peers read back.
///
/// Generated once per process, outside any measurement, so that every peer pays for the same
/// thing (persistence) and none pays for the random-number generator behind `UUID()`.
public struct ItemRow: Sendable, Hashable {
    public let id: UUID
    public let timestamp: Date
    public let title: String?
    public let count: Int

    public init(id: UUID, timestamp: Date, title: String?, count: Int) {
        self.id = id
        self.timestamp = timestamp
        self.title = title
        self.count = count
    }

    /// `count` rows: unique ids, increasing timestamps, a title on every other row.
    public static func make(_ count: Int) -> [ItemRow] {
        let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
        return (0..<count).map { index in
            ItemRow(id: UUID(), timestamp: start.addingTimeInterval(Double(index)),
                    title: index.isMultiple(of: 2) ? "Item \(index)" : nil, count: index)
        }
    }

    /// The 100k rows the import, batch and fetch benchmarks use.
    public static let hundredThousand = make(100_000)
    /// The 10k rows the lookup benchmarks use.
    public static let tenThousand = Array(hundredThousand.prefix(10_000))
}
