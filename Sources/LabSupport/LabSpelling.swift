/// A name the lab gives to something Core Data or SwiftData spells otherwise: one `ModelContext`
/// serves both frameworks here, so Core Data's API appears under SwiftData's type names.
///
/// The one list of them. Wherever a learner meets one (a tutorial, a rule, an exercise, a hint,
/// what `lab` prints, README), the same paragraph says it is the lab's, or gives the framework's
/// real name beside it: `LabSpellingTests` reads every such text and fails on a paragraph that does
/// neither. The differences article's spellings table says the same for each.
package struct LabSpelling: Sendable {
    /// The lab's spelling, as a learner writes it.
    package let lab: String
    /// How a text mentions it: any of these strings.
    package let mentions: [String]
    /// What Core Data writes.
    package let coreData: String
    /// What SwiftData writes.
    package let swiftData: String
    /// The frameworks' real names: a paragraph that gives one beside the lab's spelling is marked.
    package let realNames: [String]

    /// Words that mark a paragraph's mention as the lab's own.
    package static let markers = ["the lab's", "the lab’s", "lab's own"]

    /// Every spelling of the lab's that Core Data and SwiftData write otherwise.
    package static let all: [LabSpelling] = [
        LabSpelling(
            lab: "ModelContext(container, concurrencyType: .privateQueue)",
            mentions: ["ModelContext(container, concurrencyType", "concurrencyType: .privateQueue", "concurrencyType: .mainQueue"],
            coreData: "NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType) with a persistentStoreCoordinator, or newBackgroundContext()",
            swiftData: "ModelContext(container) off the main actor, or a @ModelActor",
            realNames: ["NSManagedObjectContext(concurrencyType:", "newBackgroundContext()"]),
        LabSpelling(
            lab: "ModelContext(parent:concurrencyType:)",
            mentions: ["ModelContext(parent:"],
            coreData: "NSManagedObjectContext(concurrencyType:) with its parent set",
            swiftData: "none: SwiftData has no child contexts",
            realNames: ["NSManagedObjectContext(concurrencyType:"]),
        LabSpelling(
            lab: "obtainPermanentIdentifiers(for:)",
            mentions: ["obtainPermanentIdentifiers"],
            coreData: "obtainPermanentIDs(for:)",
            swiftData: "none: save",
            realNames: ["obtainPermanentIDs"]),
        LabSpelling(
            lab: "existingModel(for:as:)",
            mentions: ["existingModel(for:"],
            coreData: "existingObject(with:)",
            swiftData: "model(for:) and a check, a fetch by identifier, or a model actor's self[id, as:]",
            realNames: ["existingObject(with:)"]),
        LabSpelling(
            lab: "@BackgroundModelActor, @MainModelActor",
            mentions: ["@BackgroundModelActor", "@MainModelActor"],
            coreData: "CoreDataEvolution's @NSModelActor and @NSMainModelActor (a package, not Apple's)",
            swiftData: "@ModelActor, made off or on the main actor",
            realNames: ["@NSModelActor", "@NSMainModelActor", "@ModelActor"]),
        LabSpelling(
            lab: "ModelContext.mergeChanges(fromRemoteContextSave:into:)",
            mentions: ["mergeChanges(fromRemoteContextSave:"],
            coreData: "NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)",
            swiftData: "none",
            realNames: ["NSManagedObjectContext.mergeChanges"]),
    ]

    /// The mentions of lab spellings in `text` whose paragraph (a block between blank lines) marks
    /// them neither as the lab's nor with the framework's real name: each with the line its
    /// paragraph starts on.
    package static func unmarkedMentions(in text: String) -> [(line: Int, mention: String)] {
        paragraphs(of: text).flatMap { paragraph -> [(line: Int, mention: String)] in
            guard !markers.contains(where: { paragraph.text.localizedCaseInsensitiveContains($0) }) else { return [] }
            return all.compactMap { spelling in
                guard let mention = spelling.mentions.first(where: paragraph.text.contains),
                      !spelling.realNames.contains(where: paragraph.text.contains) else { return nil }
                return (paragraph.line, mention)
            }
        }
    }

    /// `text` cut at its blank lines, each piece with the line it starts on (1-based).
    private static func paragraphs(of text: String) -> [(line: Int, text: String)] {
        var result: [(line: Int, text: String)] = []
        var current: [Substring] = [], start = 1
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append((start, current.joined(separator: "\n"))) }
                current = []
            } else {
                if current.isEmpty { start = index + 1 }
                current.append(line)
            }
        }
        if !current.isEmpty { result.append((start, current.joined(separator: "\n"))) }
        return result
    }
}
