import SwiftData
import Foundation

/// A recipe of the recipes app: its title is unique, its ingredients go when it goes.
@Model
final class Recipe {
    @Attribute(.unique) var title: String
    var summary: String = ""
    var minutes: Int
    var servings: Int = 2
    var difficulty: Difficulty?
    var tags: [String] = []
    var sourceURL: URL?
    var nutrition: Nutrition?
    var isFavorite: Bool = false
    var createdAt: Date = Date()
    @Relationship(deleteRule: .cascade, inverse: \Ingredient.recipe) var ingredients: [Ingredient] = []

    /// Whether the list shows the recipe unfolded; never stored.
    @Transient var isExpanded: Bool = false

    init(title: String, minutes: Int, servings: Int = 2, difficulty: Difficulty? = nil) {
        self.title = title
        self.minutes = minutes
        self.servings = servings
        self.difficulty = difficulty
    }
}
