import SwiftData
import Foundation

// Written the way Apple's SwiftData documentation and WWDC sessions write their trip planner
// (not copied): a class that is not final, options on attributes, a cascading to-one
// relationship, an optional to-many one, a computed property, a transient counter, and, from
// iOS 18, #Unique and #Index.

@Model
class Journey {
    #Unique<Journey>([\.name, \.startDate])
    #Index<Journey>([\.startDate], [\.name, \.startDate])

    @Attribute(.preserveValueOnDeletion) var name: String
    var destination: String
    @Attribute(originalName: "start_date") var startDate: Date
    var endDate: Date
    @Attribute(.externalStorage) var coverImage: Data?
    @Relationship(deleteRule: .cascade, inverse: \Lodging.journey) var lodging: Lodging?
    @Relationship(deleteRule: .cascade) var wishes: [Wish]? = []
    @Transient var timesViewed = 0

    var duration: TimeInterval { endDate.timeIntervalSince(startDate) }

    init(name: String, destination: String, startDate: Date, endDate: Date) {
        self.name = name
        self.destination = destination
        self.startDate = startDate
        self.endDate = endDate
    }
}

@Model
class Lodging {
    var placeName: String
    var journey: Journey?

    init(placeName: String) {
        self.placeName = placeName
    }
}

@Model
class Wish {
    var title = ""
    var isDone = false

    init(title: String) {
        self.title = title
    }
}

/// A background worker as the sessions write one: the model actor's own context, identifiers out.
@ModelActor
actor JourneyPlanner {
    func plan(_ name: String, to destination: String, from start: Date, days: Int, wishes: [String]) throws -> PersistentIdentifier {
        let journey = Journey(name: name, destination: destination, startDate: start,
                              endDate: start.addingTimeInterval(Double(days) * 86_400))
        modelContext.insert(journey)
        journey.lodging = Lodging(placeName: "\(destination) inn")
        journey.wishes = wishes.map { Wish(title: $0) }
        try modelContext.save()
        return journey.persistentModelID
    }

    func search(_ text: String) throws -> [String] {
        let descriptor = FetchDescriptor<Journey>(predicate: #Predicate { $0.destination.localizedStandardContains(text) },
                                                  sortBy: [SortDescriptor(\.startDate)])
        return try modelContext.fetch(descriptor).map(\.name)
    }
}
