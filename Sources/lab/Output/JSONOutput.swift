import Foundation
import LabSupport

/// `--json`: every command's result as one JSON document on standard output.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        Terminal.standardOutput.line(String(decoding: data, as: UTF8.self))
    }
}
