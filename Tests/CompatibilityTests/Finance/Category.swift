import SwiftData

/// What a payment was for; stored as its raw value.
enum Category: String, Codable, CaseIterable {
    case groceries
    case dining
    case transport
    case housing
    case other
}
