import SwiftData
import Foundation

/// The recipes app's data access. Every read and write runs on the actor's own context; only
/// values cross its boundary: ``RecipeDraft``, ``RecipeSummary``, ``RecipePage`` and
/// `PersistentIdentifier`s, never a `Recipe`.
@ModelActor
actor RecipeRepository {
    /// Stores a new recipe with its ingredients; returns its identifier.
    @discardableResult
    func add(_ draft: RecipeDraft) throws -> PersistentIdentifier {
        let recipe = Recipe(title: draft.title, minutes: draft.minutes, servings: draft.servings, difficulty: draft.difficulty)
        recipe.tags = draft.tags
        recipe.sourceURL = draft.sourceURL
        recipe.nutrition = draft.nutrition
        recipe.ingredients = draft.ingredients.map { Ingredient(name: $0.name, quantity: $0.quantity, unit: $0.unit) }
        modelContext.insert(recipe)  // inserts the ingredients too: the graph's root is enough
        try modelContext.save()
        return recipe.persistentModelID
    }

    /// Page `index` of the recipes sorted by title, `size` to a page; only the titles containing
    /// `search` when it is not empty.
    func page(_ index: Int, size: Int, matching search: String = "") throws -> RecipePage {
        let predicate: Predicate<Recipe>? = search.isEmpty ? nil : #Predicate<Recipe> { recipe in
            recipe.title.contains(search)
        }
        var descriptor = FetchDescriptor<Recipe>(predicate: predicate, sortBy: [SortDescriptor(\Recipe.title)])
        let totalCount = try modelContext.fetchCount(descriptor)
        descriptor.fetchOffset = index * size
        descriptor.fetchLimit = size
        descriptor.relationshipKeyPathsForPrefetching = [\Recipe.ingredients]
        let recipes = try modelContext.fetch(descriptor)
        return RecipePage(recipes: recipes.map(RecipeSummary.init), index: index, size: size, totalCount: totalCount)
    }

    /// The whole recipe `id` names, as a value; nil when it is gone.
    func draft(for id: PersistentIdentifier) -> RecipeDraft? {
        guard let recipe = self[id, as: Recipe.self] else { return nil }
        return RecipeDraft(recipe)
    }

    /// Marks recipe `id` as a favorite, or not.
    func setFavorite(_ isFavorite: Bool, for id: PersistentIdentifier) throws {
        guard let recipe = self[id, as: Recipe.self] else { return }
        recipe.isFavorite = isFavorite
        try modelContext.save()
    }

    /// The favorites' identifiers, by title: what a screen on the main actor looks up in its own
    /// context.
    func favoriteIdentifiers() throws -> [PersistentIdentifier] {
        let descriptor = FetchDescriptor<Recipe>(predicate: #Predicate<Recipe> { $0.isFavorite == true },
                                                 sortBy: [SortDescriptor(\Recipe.title)])
        return try modelContext.fetchIdentifiers(descriptor)
    }

    /// Deletes recipe `id`, and its ingredients with it.
    func delete(_ id: PersistentIdentifier) throws {
        guard let recipe = self[id, as: Recipe.self] else { return }
        modelContext.delete(recipe)
        try modelContext.save()
    }

    /// How many ingredients are stored, every recipe's together.
    func ingredientCount() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<Ingredient>())
    }
}
