import Foundation

/// The recipes the recipe tests store.
enum SampleRecipes {
    /// Eight soups and four salads, added in a shuffled order: sorted by title, the salads come
    /// first.
    static let titles = [
        "Soup 05", "Salad 02", "Soup 01", "Soup 08", "Salad 04", "Soup 03",
        "Soup 06", "Salad 01", "Soup 02", "Soup 07", "Salad 03", "Soup 04",
    ]

    /// A small recipe called `title`, with two ingredients.
    static func draft(_ title: String) -> RecipeDraft {
        RecipeDraft(title: title, minutes: 20, ingredients: [
            RecipeDraft.Line(name: "Water", quantity: 1, unit: "l"),
            RecipeDraft.Line(name: "Salt", quantity: 5, unit: "g"),
        ])
    }

    /// A recipe using every kind of attribute the model has.
    static let tomatoSoup = RecipeDraft(
        title: "Tomato Soup",
        minutes: 35,
        servings: 4,
        difficulty: .medium,
        tags: ["vegetarian", "winter"],
        sourceURL: URL(string: "https://example.com/recipes/tomato-soup"),
        nutrition: Nutrition(calories: 220, proteinGrams: 6.5),
        ingredients: [
            RecipeDraft.Line(name: "Tomatoes", quantity: 800, unit: "g"),
            RecipeDraft.Line(name: "Onion", quantity: 1, unit: "piece"),
            RecipeDraft.Line(name: "Stock", quantity: 0.5, unit: "l"),
        ])
}
