/// A set of attribute indexes, as a bit mask (an entity has at most 64 attributes).
struct AttributeMask: Hashable, Sendable, Sequence {
    private(set) var bits: UInt64 = 0

    static let maximumAttributes = 64

    mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }
    func contains(_ index: Int) -> Bool { bits & (1 << UInt64(index)) != 0 }
    var isEmpty: Bool { bits == 0 }
    static func all(_ count: Int) -> AttributeMask {
        AttributeMask(bits: count >= 64 ? .max : (1 << UInt64(count)) - 1)
    }

    func makeIterator() -> some IteratorProtocol<Int> {
        var remaining = bits
        return AnyIterator {
            guard remaining != 0 else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return index
        }
    }
}
