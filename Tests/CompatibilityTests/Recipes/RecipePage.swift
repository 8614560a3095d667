import SwiftData

/// One page of the recipe list, and where it stands in the whole list.
struct RecipePage: Sendable, Hashable {
    /// The recipes of this page, in the list's order.
    let recipes: [RecipeSummary]
    /// The page's number, from 0.
    let index: Int
    /// How many recipes a full page holds.
    let size: Int
    /// How many recipes the whole list holds.
    let totalCount: Int

    /// Whether another page follows this one.
    var hasNextPage: Bool { (index + 1) * size < totalCount }
}
