/// A row's stored values, in attribute order: what a fetch reads and ``BackingData`` holds.
///
/// The plain code is `[SQLiteValue]`: one array, so one heap allocation, per row. Here the rows
/// a statement returns are read through a ``Reader``, which writes the values of up to
/// ``Reader/rowsPerSharedBuffer`` rows one after another into one shared buffer and gives each
/// row a view of its own part, which is never written. Values that did not come from a reader
/// (a new object's, a merge's) are an ordinary array, kept as it is. Writing to a row's values
/// turns them into an array of their own first: they are still a value.
///
/// A buffer is freed when the last row viewing it is, so one surviving row keeps at most
/// `rowsPerSharedBuffer` rows' values alive.
// @unchecked: the shared buffer is written only as `Buffer` below says (the standard library's
// ManagedBuffer cannot be declared Sendable itself); the other case is an ordinary array.
struct RowValues: RandomAccessCollection, MutableCollection, Equatable, CustomStringConvertible, @unchecked Sendable {
    private enum Storage {
        /// `width` values from `start` in a buffer a reader filled.
        case shared(Buffer, start: Int32, width: Int32)
        case array([SQLiteValue])
    }

    private var storage: Storage

    private init(buffer: Buffer, start: Int, width: Int) {
        storage = .shared(buffer, start: Int32(start), width: Int32(width))
    }

    /// The values in `array`, which they share rather than copy.
    init(_ array: [SQLiteValue]) {
        storage = .array(array)
    }

    init(repeating value: SQLiteValue, count: Int) {
        self.init(Array(repeating: value, count: count))
    }

    /// The values as an array: the one they are, or a copy of a shared buffer's part.
    var array: [SQLiteValue] {
        switch storage {
        case .array(let array): array
        case .shared: Array(self)
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .shared(_, _, let width): Int(width)
        case .array(let array): array.count
        }
    }

    subscript(index: Int) -> SQLiteValue {
        get {
            switch storage {
            case .shared(let buffer, let start, let width):
                precondition(index >= 0 && index < width, "value index \(index) out of range 0..<\(width)")
                return buffer.withUnsafeMutablePointerToElements { $0[Int(start) + index] }
            case .array(let array):
                return array[index]
            }
        }
        set {
            var array = array
            storage = .array([])  // so that `array` is the only reference, and written in place
            array[index] = newValue
            storage = .array(array)
        }
    }

    static func == (lhs: RowValues, rhs: RowValues) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// As the array of values it stands for, in messages and test failures.
    var description: String { array.description }

    /// Makes the values of the rows of one statement, sharing a buffer among up to
    /// `rowsPerBuffer` rows.
    struct Reader {
        /// Rows per shared buffer for a statement that returns many: a fetch makes one allocation
        /// per this many rows, and one surviving row keeps this many rows' values alive.
        static let rowsPerSharedBuffer = 64

        /// Values per row.
        let width: Int
        private let rowsPerBuffer: Int
        private var buffer: Buffer?
        /// How many more values `buffer` has room for.
        private var room = 0

        init(width: Int, rowsPerBuffer: Int = Self.rowsPerSharedBuffer) {
            self.width = width
            self.rowsPerBuffer = Swift.max(1, rowsPerBuffer)
        }

        /// The next row's values: `value(i)` for each `i` in `0..<width`, in order.
        mutating func read(_ value: (Int) -> SQLiteValue) -> RowValues {
            if buffer == nil || room < width {
                buffer = Buffer.make(capacity: width * rowsPerBuffer)
                room = width * rowsPerBuffer
            }
            let buffer = buffer!
            let start = buffer.withUnsafeMutablePointers { count, elements in
                let start = count.pointee
                for index in 0..<width {
                    (elements + start + index).initialize(to: value(index))
                }
                count.pointee += width
                return start
            }
            room -= width
            return RowValues(buffer: buffer, start: start, width: width)
        }
    }

    /// The storage: the header counts the values written so far, from the start.
    ///
    /// Each value is written once, by the one reader filling the buffer, before any row viewing
    /// it exists, and never again; the count is touched by that same reader, and by deinit once
    /// nothing refers to the buffer.
    final class Buffer: ManagedBuffer<Int, SQLiteValue> {
        static func make(capacity: Int) -> Buffer {
            unsafeDowncast(Buffer.create(minimumCapacity: capacity) { _ in 0 }, to: Buffer.self)
        }

        deinit {
            _ = withUnsafeMutablePointers { count, elements in elements.deinitialize(count: count.pointee) }
        }
    }
}
