import SwiftData

/// One row of the recipe list: a snapshot taken on the repository's context.
struct RecipeSummary: Sendable, Hashable, Identifiable {
    let id: PersistentIdentifier
    let title: String
    let minutes: Int
    let difficulty: Difficulty?
    let ingredientCount: Int
    let isFavorite: Bool

    /// Reads `recipe`; call it on the recipe's context.
    init(_ recipe: Recipe) {
        id = recipe.persistentModelID
        title = recipe.title
        minutes = recipe.minutes
        difficulty = recipe.difficulty
        ingredientCount = recipe.ingredients.count
        isFavorite = recipe.isFavorite
    }
}
