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

    /// Row number `index` of a sequence as long as needed, made on the spot: its id is the index's
    /// bytes, so no array of a million rows (and no `UUID()` system call) sits in memory while
    /// the memory benchmark measures the import.
    public static func numbered(_ index: Int) -> ItemRow {
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: UInt64(index).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        let id = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                             bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return ItemRow(id: id, timestamp: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index)),
                       title: index.isMultiple(of: 2) ? "Item \(index)" : nil, count: index)
    }

    /// The 100k rows the import, batch and fetch benchmarks use.
    public static let hundredThousand = make(100_000)
    /// The 10k rows the lookup benchmarks use.
    public static let tenThousand = Array(hundredThousand.prefix(10_000))
}
