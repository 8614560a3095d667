import Foundation
import PersistenceCore
import Testing

extension CompatibilityTests {
    /// Models and an actor written the way Apple's documentation and sessions write them, kept
    /// compiling and running here (`Snippets/`).
    @Suite("Snippets: the trip planner of Apple's documentation and sessions")
    struct SnippetTests {
        @Test("Plan, search with localizedStandardContains, keep #Unique, and cascade the lodging and wishes")
        func tripPlanner() async throws {
            let (found, refused, left) = try await {
                () async throws -> ([String], Bool, Int) in
                let container = try ModelContainer(for: Journey.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
                let planner = JourneyPlanner(modelContainer: container)
                let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
                let lisbon = try await planner.plan("Spring", to: "Lisboa", from: start, days: 4, wishes: ["tram 28", "pastéis"])
                _ = try await planner.plan("Summer", to: "Évora", from: start.addingTimeInterval(86_400 * 60), days: 2, wishes: [])
                let found = try await planner.search("EVORA")
                var refused = false
                do {
                    _ = try await planner.plan("Spring", to: "Lisboa", from: start, days: 1, wishes: [])
                } catch ModelError.uniqueConstraintViolation(entity: "Journey", attribute: "name, startDate") {
                    refused = true
                }
                let context = container.newBackgroundContext()
                let left = try context.performAndWait {
                    context.delete(try context.existingModel(for: lisbon, as: Journey.self))
                    try context.save()
                    return try context.fetchCount(FetchDescriptor<Lodging>()) + context.fetchCount(FetchDescriptor<Wish>())
                }
                return (found, refused, left)
            }()
            #expect(found == ["Summer"], "diacritics and case ignored")
            #expect(refused, "#Unique([\\.name, \\.startDate])")
            #expect(left == 1, "Spring's lodging and wishes went with it; Summer's lodging stays")
        }
    }
}
