import Foundation
import PersistenceCore
import Testing

/// `ResultsObserver`'s sections, `sortBy` and `filterBy` (SwiftData, iOS 27): grouped by a key path
/// put first in the sort, looked up by title, kept up to date with the results, and re-fetched
/// when the criteria change.
@Suite("Results observer sections and criteria")
struct ResultsObserverSectionsTests {
    @Model final class Chore {
        var room: String
        var title: String
        var assignee: String?

        init(_ room: String, _ title: String, assignee: String? = nil) {
            self.room = room
            self.title = title
            self.assignee = assignee
        }
    }

    /// Each section as "title: model titles"; nil for no sections at all.
    func describe(_ sections: SectionedResults<Chore, String>?) -> [String]? {
        sections?.map { "\($0.title): " + $0.map(\.title).joined(separator: ", ") }
    }

    func context(with chores: [(String, String, String?)]) throws -> ModelContext {
        let container = try ModelContainer(for: Chore.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            for (room, title, assignee) in chores { context.insert(Chore(room, title, assignee: assignee)) }
            try context.save()
        }
        return context
    }

    @Test("Sections follow the sectionBy key path, put first in the sort; each keeps the results' order, and a title finds its section")
    func groupsByKeyPath() throws {
        let context = try context(with: [("Kitchen", "dishes", nil), ("Bathroom", "towels", nil), ("Kitchen", "bins", nil), ("Bathroom", "mirror", nil)])
        try context.performAndWait {
            let observer = try ResultsObserver<Chore, String>(
                fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.title)]), sectionBy: \.room, modelContext: context)
            #expect(describe(observer.sections) == ["Bathroom: mirror, towels", "Kitchen: bins, dishes"])
            #expect(observer.fetchDescriptor.sortBy.count == 2, "the section's key path first, then the caller's")
            #expect(observer.sections?[sectionTitle: "Kitchen"]?.map(\.title) == ["bins", "dishes"])
            #expect(observer.sections?[sectionTitle: "Garden"] == nil)
            #expect(observer.sections?.map(\.id) == ["Bathroom", "Kitchen"])
            let plain = try ResultsObserver<Chore, Never>(fetchDescriptor: FetchDescriptor(), modelContext: context)
            #expect(plain.sections == nil, "an observer without sectionBy has no sections")
        }
    }

    @Test("A save that adds a room or empties one updates the sections with the results")
    func updatesWithTheResults() throws {
        let context = try context(with: [("Kitchen", "dishes", nil), ("Bathroom", "towels", nil)])
        try context.performAndWait {
            let observer = try ResultsObserver<Chore, String>(sectionBy: \.room, modelContext: context)
            context.insert(Chore("Garden", "weeds"))
            for chore in try context.fetch(FetchDescriptor<Chore>(predicate: #Predicate { $0.room == "Bathroom" })) { context.delete(chore) }
            try context.save()
            #expect(describe(observer.sections) == ["Garden: weeds", "Kitchen: dishes"])
        }
    }

    @Test("Setting sortBy keeps the section's key path first and publishes the moves; setting filterBy publishes what left")
    func changingCriteria() throws {
        let context = try context(with: [("Kitchen", "dishes", nil), ("Bathroom", "towels", nil), ("Kitchen", "bins", nil), ("Bathroom", "mirror", nil)])
        try context.performAndWait {
            let observer = try ResultsObserver<Chore, String>(
                fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.title)]), sectionBy: \.room, modelContext: context)
            observer.sortBy = [SortDescriptor(\.title, order: .reverse)]
            #expect(describe(observer.sections) == ["Bathroom: towels, mirror", "Kitchen: dishes, bins"])
            #expect(observer.sortBy.count == 1 && observer.fetchDescriptor.sortBy.count == 2)
            #expect(observer.lastChange.moved.count == 2 && observer.lastChange.inserted.isEmpty)
            observer.filterBy = #Predicate { $0.room == "Kitchen" }
            #expect(describe(observer.sections) == ["Kitchen: dishes, bins"])
            #expect(observer.lastChange.deleted.count == 2)
            context.insert(Chore("Kitchen", "oven"))
            context.insert(Chore("Garden", "weeds"))
            try context.save()
            #expect(describe(observer.sections) == ["Kitchen: oven, dishes, bins"], "later updates keep the new criteria")
        }
    }

    @Test("With an optional key path, the models whose value is nil share the section titled \"\"")
    func optionalKeyPath() throws {
        let context = try context(with: [("Kitchen", "dishes", "Ana"), ("Kitchen", "bins", nil), ("Hall", "shoes", "Ben")])
        try context.performAndWait {
            let observer = try ResultsObserver<Chore, String>(
                fetchDescriptor: FetchDescriptor(sortBy: [SortDescriptor(\.title)]), sectionBy: \.assignee, modelContext: context)
            #expect(describe(observer.sections) == [": bins", "Ana: dishes", "Ben: shoes"])
        }
    }
}
