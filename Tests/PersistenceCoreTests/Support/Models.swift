import Foundation
import PersistenceCore

// The models only the core's tests use; Item, Person and ImportedItem come from SampleModels.

/// A model with an optional attribute and a required one.
@Model final class Note {
    var title: String?
    var body: String

    init(title: String? = nil, body: String) {
        self.title = title
        self.body = body
    }
}

/// Every attribute type, plain and optional, in `AttributeType` order.
@Model final class AllTypes {
    var bool: Bool
    var int: Int
    var int64: Int64
    var double: Double
    var string: String
    var date: Date
    var uuid: UUID
    var data: Data
    var optionalBool: Bool?
    var optionalInt: Int?
    var optionalInt64: Int64?
    var optionalDouble: Double?
    var optionalString: String?
    var optionalDate: Date?
    var optionalUUID: UUID?
    var optionalData: Data?

    init(bool: Bool = true, int: Int = 1, int64: Int64 = 2, double: Double = 3.5, string: String = "four",
         date: Date = Date(timeIntervalSinceReferenceDate: 5), uuid: UUID = UUID(), data: Data = Data([6, 7])) {
        self.bool = bool
        self.int = int
        self.int64 = int64
        self.double = double
        self.string = string
        self.date = date
        self.uuid = uuid
        self.data = data
    }
}

/// One number that many writers increment: the row the stress tests fight over.
@Model final class Counter {
    var value: Int

    init(value: Int = 0) {
        self.value = value
    }
}
