import Foundation
import PersistenceCore

// The containers a SwiftData app's scene would have made with `.modelContainer(for:)`, made
// explicitly, one per test, in memory.

/// The recipes app's store.
func makeRecipesContainer() throws -> ModelContainer {
    try ModelContainer(for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
}

/// The finance tracker's store.
func makeFinanceContainer() throws -> ModelContainer {
    try ModelContainer(for: Schema([Account.self, Payment.self]), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
}

/// A fixed day, `number` days after the first: the tests never read the clock.
func day(_ number: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(number) * 86_400)
}
