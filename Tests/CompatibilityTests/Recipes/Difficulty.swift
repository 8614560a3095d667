import SwiftData

/// How hard a recipe is; stored as its raw value.
enum Difficulty: Int, Codable, CaseIterable {
    case easy = 1
    case medium
    case hard
}
