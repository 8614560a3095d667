import Foundation
import PersistenceCore
import Testing

extension CompatibilityTests {
    /// Models and an actor written the way Apple's documentation and sessions write them, kept
    /// compiling and running here (`Snippets/`).
    @Suite("Snippets: the trip planner of Apple's documentation and sessions")
    struct SnippetTests {
        @Test("Plan, search with localizedStandardContains, upsert by #Unique, and cascade the lodging and wishes")
        func tripPlanner() async throws {
            let (found, replanned, left) = try await {
                () async throws -> ([String], Bool, Int) in
                let container = try ModelContainer(for: Journey.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
                let planner = JourneyPlanner(modelContainer: container)
                let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
                let lisbon = try await planner.plan("Spring", to: "Lisboa", from: start, days: 4, wishes: ["tram 28", "pastéis"])
                _ = try await planner.plan("Summer", to: "Évora", from: start.addingTimeInterval(86_400 * 60), days: 2, wishes: [])
                let found = try await planner.search("EVORA")
                // The same name and start: SwiftData's upsert updates the stored journey, whose
                // lodging becomes the new one (the old one stays, on no journey).
                let replanned = try await planner.plan("Spring", to: "Lisboa", from: start, days: 1, wishes: []) == lisbon
                let context = container.newBackgroundContext()
                let left = try context.performAndWait {
                    context.delete(try context.existingModel(for: lisbon, as: Journey.self))
                    try context.save()
                    return try context.fetchCount(FetchDescriptor<Lodging>()) + context.fetchCount(FetchDescriptor<Wish>())
                }
                return (found, replanned, left)
            }()
            #expect(found == ["Summer"], "diacritics and case ignored")
            #expect(replanned, "#Unique([\\.name, \\.startDate]): the same journey, updated")
            #expect(left == 2, "Spring's lodging and wishes went with it; Summer's lodging and Spring's first lodging stay")
        }
    }
}
