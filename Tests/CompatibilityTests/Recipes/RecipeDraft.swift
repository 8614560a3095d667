import SwiftData
import Foundation

/// A whole recipe as a value: what the editor fills in, and what the repository hands back.
///
/// It is `Sendable`, so it crosses into and out of ``RecipeRepository``; a `Recipe` never does.
struct RecipeDraft: Sendable, Hashable {
    /// One ingredient line.
    struct Line: Sendable, Hashable {
        var name: String
        var quantity: Double
        var unit: String
    }

    var title: String
    var minutes: Int
    var servings: Int = 2
    var difficulty: Difficulty? = nil
    var tags: [String] = []
    var sourceURL: URL? = nil
    var nutrition: Nutrition? = nil
    var ingredients: [Line] = []
}

extension RecipeDraft {
    /// The draft of a stored recipe; read it on the recipe's context.
    init(_ recipe: Recipe) {
        self.init(
            title: recipe.title,
            minutes: recipe.minutes,
            servings: recipe.servings,
            difficulty: recipe.difficulty,
            tags: recipe.tags,
            sourceURL: recipe.sourceURL,
            nutrition: recipe.nutrition,
            ingredients: recipe.ingredients.map { Line(name: $0.name, quantity: $0.quantity, unit: $0.unit) })
    }
}
