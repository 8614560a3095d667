import Foundation
import PersistenceCore
import Testing

extension CompatibilityTests {
    @Suite("Recipes: a paginated repository actor")
    struct RecipeRepositoryTests {
        /// A repository over a new in-memory store holding the sample recipes. Made off the main
        /// actor, so its context has a private queue of its own.
        private static func makeStockedRepository() async throws -> (container: ModelContainer, repository: RecipeRepository) {
            let container = try makeRecipesContainer()
            let repository = RecipeRepository(modelContainer: container)
            for title in SampleRecipes.titles {
                try await repository.add(SampleRecipes.draft(title))
            }
            return (container, repository)
        }

        @Test("Pages of a FetchDescriptor with fetchOffset and fetchLimit, sorted by title, record no violation")
        func pagesThroughTitles() async throws {
            let pages = try await { () async throws -> [RecipePage] in
                let repository = try await Self.makeStockedRepository().repository
                var pages: [RecipePage] = []
                for index in 0..<3 {
                    let page = try await repository.page(index, size: 5)
                    pages.append(page)
                }
                return pages
            }()

            #expect(pages.map { $0.recipes.map(\.title) } == [
                ["Salad 01", "Salad 02", "Salad 03", "Salad 04", "Soup 01"],
                ["Soup 02", "Soup 03", "Soup 04", "Soup 05", "Soup 06"],
                ["Soup 07", "Soup 08"],
            ])
            #expect(pages.map(\.hasNextPage) == [true, true, false])
            #expect(pages.allSatisfy { $0.totalCount == 12 })
            #expect(pages[0].recipes.allSatisfy { $0.ingredientCount == 2 && $0.minutes == 20 })
        }

        @Test("A #Predicate search pages within the matches")
        func searchesWithAPredicate() async throws {
            let pages = try await { () async throws -> [RecipePage] in
                let repository = try await Self.makeStockedRepository().repository
                let first = try await repository.page(0, size: 5, matching: "Soup")
                let second = try await repository.page(1, size: 5, matching: "Soup")
                let none = try await repository.page(0, size: 5, matching: "Stew")
                return [first, second, none]
            }()

            #expect(pages[0].totalCount == 8)
            #expect(pages[0].recipes.map(\.title) == ["Soup 01", "Soup 02", "Soup 03", "Soup 04", "Soup 05"])
            #expect(pages[1].recipes.map(\.title) == ["Soup 06", "Soup 07", "Soup 08"])
            #expect(!pages[1].hasNextPage)
            #expect(pages[2].recipes.isEmpty && pages[2].totalCount == 0)
        }

        @Test("A recipe comes back whole: enum, [String], URL, Codable struct, and its ingredients in order")
        func roundTripsEveryAttributeKind() async throws {
            let stored = try await { () async throws -> RecipeDraft? in
                let repository = RecipeRepository(modelContainer: try makeRecipesContainer())
                let id = try await repository.add(SampleRecipes.tomatoSoup)
                return await repository.draft(for: id)
            }()

            #expect(stored == SampleRecipes.tomatoSoup)
        }

        @Test("The actor's saves reach the main context, which looks up the identifiers the actor hands over")
        func actorWorkReachesTheMainContext() async throws {
            let found = try await { () async throws -> [[String]] in
                // Given recipes stored by the repository, two of them made favorites there
                let (container, repository) = try await Self.makeStockedRepository()
                let soup = try await repository.add(SampleRecipes.tomatoSoup)
                try await repository.setFavorite(true, for: soup)
                let firstSalad = try await repository.page(0, size: 1).recipes[0].id
                try await repository.setFavorite(true, for: firstSalad)

                // When the main actor looks up the identifiers the actor hands over, then fetches
                let ids = try await repository.favoriteIdentifiers()
                return try await MainActor.run { () throws -> [[String]] in
                    let context = container.mainContext
                    let byIdentifier = ids.compactMap { (context.model(for: $0) as? Recipe)?.title }
                    let favorites = FetchDescriptor<Recipe>(predicate: #Predicate<Recipe> { $0.isFavorite == true },
                                                            sortBy: [SortDescriptor(\Recipe.title)])
                    let byFetch = try context.fetch(favorites).map(\.title)
                    return [byIdentifier, byFetch]
                }
            }()

            // Then both find what the actor saved, and nothing ran on the wrong queue
            #expect(found == [["Salad 01", "Tomato Soup"], ["Salad 01", "Tomato Soup"]])
        }

        @Test("Deleting a recipe deletes its ingredients (.cascade)")
        func deleteCascades() async throws {
            let counts = try await { () async throws -> [Int] in
                let repository = RecipeRepository(modelContainer: try makeRecipesContainer())
                let soup = try await repository.add(SampleRecipes.tomatoSoup)
                try await repository.add(SampleRecipes.draft("Soup 01"))
                let before = try await repository.ingredientCount()
                try await repository.delete(soup)
                let after = try await repository.ingredientCount()
                let recipesLeft = try await repository.page(0, size: 10).totalCount
                return [before, after, recipesLeft]
            }()

            #expect(counts == [5, 2, 1])
        }

        @Test("Wrong way: recipes fetched on a background context outside perform; the fetch and each read are violations")
        func backgroundContextOutsidePerform() async throws {
            let container = try await Self.makeStockedRepository().container
            let context = container.newBackgroundContext()
            var firstPage = FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\Recipe.title)])
            firstPage.fetchLimit = 2
            let page = firstPage

            // the test's task                       the context's private queue
            // fetch (sorting reads titles),          (idle: nothing of this runs there)
            // read two titles
            let (titles, recorded) = try await ConcurrencyDebug.withMode(.record) { () throws -> [String] in
                try context.fetch(page).map(\.title)
            }

            #expect(titles == ["Salad 01", "Salad 02"], "under .record the mistake still runs")
            let operations = recorded.map(\.operation)
            #expect(operations.contains("ModelContext.fetch(_:)"))
            #expect(operations.contains("Recipe.title get"))
            #expect(recorded.allSatisfy { $0.expectedQueue == context.queueLabel })

            // The right way: the same code on the context's queue (or the repository's page(_:size:)).
            let (fixed, none) = try await ConcurrencyDebug.withMode(.record) { () throws -> [String] in
                try context.performAndWait { try context.fetch(page).map(\.title) }
            }
            #expect(fixed == titles)
            #expect(none.isEmpty, "\(none)")
        }
    }
}
