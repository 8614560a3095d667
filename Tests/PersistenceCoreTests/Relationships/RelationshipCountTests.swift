import Foundation
import PersistenceCore
import Testing

/// `@Relationship(minimumModelCount:maximumModelCount:)` checked at save, as Core Data validates
/// `minCount` and `maxCount`, and `@Relationship(.unique)` on a to-one relationship.
@Suite("Relationship counts and .unique")
struct RelationshipCountTests {
    @Model final class Team {
        var name: String
        @Relationship(deleteRule: .cascade, minimumModelCount: 1, maximumModelCount: 2, inverse: \Player.team)
        var players: [Player] = []
        init(name: String) { self.name = name }
    }

    @Model final class Player {
        var name: String
        var team: Team?
        init(name: String) { self.name = name }
    }

    @Model final class Badge {
        var title: String
        @Relationship(.unique) var owner: Player?
        init(title: String) { self.title = title }
    }

    func container() throws -> ModelContainer {
        try ModelContainer(for: Team.self, Badge.self, configuration: .inMemory)
    }

    @Test("A save that would leave a team with no player, or three, is refused naming the limit, and writes nothing; two is fine")
    func counts() throws {
        let container = try container()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let team = Team(name: "Lisbon")
            context.insert(team)
            #expect(throws: ModelError.relationshipCountViolation(entity: "Team", relationship: "players", reason: "it holds 0 models; at least 1 (minimumModelCount)")) {
                try context.save()
            }
            team.players = [Player(name: "Ana"), Player(name: "Ben"), Player(name: "Caio")]
            let error = #expect(throws: ModelError.relationshipCountViolation(entity: "Team", relationship: "players", reason: "it holds 3 models; at most 2 (maximumModelCount)")) {
                try context.save()
            }
            #expect(error?.localizedDescription == "Team.players cannot be saved: it holds 3 models; at most 2 (maximumModelCount). Nothing was written.")
            let other = container.newBackgroundContext()
            #expect(try other.performAndWait { try other.fetchCount(FetchDescriptor<Team>()) } == 0, "nothing was written")
            context.delete(team.players.removeLast())  // out of the team is not out of the store
            try context.save()
        }
        let reader = container.newBackgroundContext()
        #expect(try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Player>()) } == 2)
    }

    @Test("An unchanged relationship is not counted again: editing a team's name saves whatever it holds")
    func onlyChangedRelationshipsAreChecked() throws {
        let container = try container()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let team = Team(name: "Porto")
            context.insert(team)
            team.players = [Player(name: "Ana")]
            try context.save()
            context.reset()
            let stored = try #require(try context.fetch(FetchDescriptor<Team>()).first)
            stored.name = "FC Porto"
            try context.save()
        }
    }

    @Test("@Relationship(.unique): two badges may not have the same owner")
    func uniqueToOne() throws {
        let container = try container()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let team = Team(name: "Braga"), ana = Player(name: "Ana")
            context.insert(team)
            team.players = [ana]
            let gold = Badge(title: "gold"), silver = Badge(title: "silver")
            context.insert(gold)
            context.insert(silver)
            gold.owner = ana
            try context.save()
            silver.owner = ana
            #expect(throws: ModelError.uniqueConstraintViolation(entity: "Badge", attribute: "owner")) { try context.save() }
        }
        #expect(container.schema.entity(named: "Badge")?.uniquenessConstraints == [["owner"]])
    }
}
