import SwiftData

/// A recipe's nutrition facts per serving: a Codable value stored with the recipe.
struct Nutrition: Codable, Hashable {
    var calories: Int
    var proteinGrams: Double
}
