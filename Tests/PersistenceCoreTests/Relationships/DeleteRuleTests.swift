import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// The four delete rules, applied when the deletion is saved, in the same transaction.
@Suite("Relationships: delete rules")
struct DeleteRuleTests {
    @Test(".cascade deletes the stops with their trip; .nullify takes a deleted stop out of its trip and tags")
    func cascadeAndNullify() throws {
        let container = try makeTripContainer()
        let context = container.newBackgroundContext()
        let saved = try saveTrip(stops: 3, in: context)
        try context.performAndWait {
            let trip = try context.existingModel(for: saved.trip, as: Trip.self)
            let first = trip.stops[0]
            let tag = try #require(first.tags.first)
            context.delete(first)
            #expect(trip.stops.count == 3, "the rule applies at the save here (Core Data's default applies it at the end of the event)")
            try context.save()
            #expect(trip.stops.map(\.title) == ["Lisbon stop 1", "Lisbon stop 2"], "nullify: the trip forgot the stop")
            #expect(tag.stops.count == 2, "and so did its tag")

            context.delete(trip)
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 0, "cascade: the stops went with the trip")
            #expect(try context.fetchCount(FetchDescriptor<StopTag>()) == 1, "the tags stay (Stop.tags nullifies)")
            #expect(tag.stops.isEmpty)
        }
    }

    @Test("processPendingChanges() applies .cascade and .nullify before the save, as Core Data's does; a .deny that would refuse is left to the save")
    func processPendingChanges() throws {
        let container = try makeTripContainer()
        let context = container.newBackgroundContext()
        let saved = try saveTrip(stops: 3, in: context)
        try context.performAndWait {
            let trip = try context.existingModel(for: saved.trip, as: Trip.self)
            let first = trip.stops[0]
            let tag = try #require(first.tags.first)
            context.delete(first)
            context.processPendingChanges()
            #expect(trip.stops.count == 2 && tag.stops.count == 2, "nullify: applied now, not at the save")
            context.delete(trip)
            context.processPendingChanges()
            #expect(context.deletedModelsArray.count == 4, "cascade: the two other stops are deleted now, with their trip (and the first stop, still pending)")
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 0)
        }
        let folders = try ModelContainer(for: Folder.self, configuration: .inMemory).newBackgroundContext()
        try folders.performAndWait {
            let folder = Folder(name: "Taxes")
            folder.documents = [Document(title: "2025")]
            folders.insert(folder)
            try folders.save()
            folders.delete(folder)
            folders.processPendingChanges()
            #expect(folder.documents.count == 1, "deny: nothing applied")
            #expect(throws: ModelError.deleteDenied(entity: "Folder", relationship: "documents", count: 1)) { try folders.save() }
        }
    }

    @Test(".deny refuses the save with a typed error while documents remain, and writes nothing")
    func deny() throws {
        let context = try ModelContainer(for: Folder.self, configuration: .inMemory).newBackgroundContext()
        try context.performAndWait {
            let folder = Folder(name: "Taxes")
            folder.documents = [Document(title: "2025"), Document(title: "2026")]
            context.insert(folder)
            try context.save()
            context.delete(folder)
            #expect(throws: ModelError.deleteDenied(entity: "Folder", relationship: "documents", count: 2)) {
                try context.save()
            }
            #expect(folder.isDeleted, "the deletion stays pending")
            #expect(try context.fetchCount(FetchDescriptor<Folder>()) == 0, "pending changes count in a fetch")
            #expect(try context.fetchCount(FetchDescriptor<Folder>(includePendingChanges: false)) == 1, "the store still has it")

            for document in folder.documents { context.delete(document) }
            try context.save()  // the documents go in the same save: nothing is left to deny
            #expect(try context.fetchCount(FetchDescriptor<Folder>(includePendingChanges: false)) == 0)
        }
    }

    @Test(".noAction does not tell the folder: in memory it still lists the deleted document")
    func noAction() throws {
        let container = try ModelContainer(for: Folder.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        let folderID = try context.performAndWait {
            let folder = Folder(name: "Drafts")
            folder.documents = [Document(title: "Letter")]
            context.insert(folder)
            try context.save()
            let letter = folder.documents[0]
            context.delete(letter)   // Document.folder is .noAction: the folder is not told
            try context.save()
            #expect(folder.documents.count == 1 && folder.documents[0] === letter, "a dangling member: touching it would trap")
            return folder.persistentModelID
        }
        let reader = container.newBackgroundContext()
        let documents = try reader.performAndWait {
            try reader.existingModel(for: folderID, as: Folder.self).documents.count
        }
        #expect(documents == 0, "Folder.documents is read from the documents' column: the row is gone, so is the member")
    }

    @Test("Touching a stop whose trip another context deleted stops the process with the legible crash")
    func danglingStopAfterMergedCascade() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try! makeTripContainer()
            let shown = container.newBackgroundContext()
            shown.automaticallyMergesChangesFromParent = true
            let saved = try! saveTrip(stops: 2, in: shown)
            let stop = shown.performAndWait { (try! shown.existingModel(for: saved.trip, as: Trip.self)).stops[0] }
            let background = container.newBackgroundContext()
            background.performAndWait {
                background.delete(try! background.existingModel(for: saved.trip, as: Trip.self))
                try! background.save()
            }
            shown.runAndWait { _ = stop.title }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("This model instance was invalidated (Stop.title get): Stop x-lab://"))
        #expect(message.contains("was deleted by another context's save"))
    }

    @Test("After a merge, another context's to-many array shows the members inserted and deleted there")
    func mergedMembership() throws {
        let container = try makeTripContainer()
        let shown = container.newBackgroundContext()
        shown.automaticallyMergesChangesFromParent = true
        let saved = try saveTrip(stops: 3, in: shown)
        let trip = try shown.performAndWait { try shown.existingModel(for: saved.trip, as: Trip.self) }
        #expect(shown.runAndWait { trip.stops.count } == 3)

        let background = container.newBackgroundContext()
        try background.performAndWait {
            background.delete(try background.existingModel(for: saved.stops[1], as: Stop.self))
            let added = Stop(title: "Lisbon stop 3")
            background.insert(added)
            added.trip = try background.existingModel(for: saved.trip, as: Trip.self)
            try background.save()
        }
        // The merge was enqueued on the shown context's queue before this block.
        #expect(shown.runAndWait { trip.stops.map(\.title) } == ["Lisbon stop 0", "Lisbon stop 2", "Lisbon stop 3"])
        #expect(shown.runAndWait { trip.hasChanges } == false)
    }
}

/// Batch deletes apply the delete rules in their own transaction, as Core Data's triggers do.
@Suite("Relationships: batch deletes")
struct BatchDeleteRuleTests {
    @Test("A batch delete of trips cascades to their stops and clears the stops' join rows")
    func cascade() async throws {
        let directory = TemporaryDirectory()
        let url = directory.file("batch.sqlite")
        let container = try makeTripContainer(.file(url))
        let lisbon = try saveTrip(named: "Lisbon", stops: 2, in: container.newBackgroundContext())
        _ = try saveTrip(named: "Porto", stops: 1, in: container.newBackgroundContext())
        var published = container.changes.makeAsyncIterator()
        let result = try container.execute(BatchDeleteRequest<Trip>(predicate: #Predicate { $0.name == "Lisbon" }, resultType: .identifiers))
        #expect(result.identifiers == [lisbon.trip])
        #expect(try SQLiteFixture.rows("SELECT ZTITLE FROM ZSTOP", in: url) == [["Porto stop 0"]])
        #expect(try SQLiteFixture.rows("SELECT COUNT(*) FROM Z_1TAGS", in: url) == [["1"]])
        let deleted = await published.next()?.deleted ?? []
        #expect(deleted == Set([lisbon.trip] + lisbon.stops), "subscribers hear of the cascaded stops too")
    }

    @Test("A batch delete nullifies the column that pointed at a deleted row, and bumps that row's version")
    func nullify() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("badges.sqlite")
        let container = try ModelContainer(for: Holder.self, configuration: .file(url))
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let ada = Holder(name: "Ada")
            context.insert(ada)
            ada.badge = Badge(code: "A1")
            try context.save()
        }
        let before = try SQLiteFixture.rows("SELECT ZHOLDER, Z_OPT FROM ZBADGE", in: url)
        try container.execute(BatchDeleteRequest<Holder>())
        let after = try SQLiteFixture.rows("SELECT ZHOLDER, Z_OPT FROM ZBADGE", in: url)
        #expect(before == [["1", "1"]])
        #expect(after == [["NULL", "2"]])
    }

    @Test("A batch delete reports the rows it deletes as deleted only, and merging it lets their related models go")
    func deletedRowsAreNotAlsoUpdated() async throws {
        // Given a club whose member Ada, loaded with her card, is on show in a context
        let container = try ModelContainer(for: Club.self, configuration: .inMemory)
        let shown = container.newBackgroundContext()
        let (club, ada, card) = try shown.performAndWait {
            let club = Club(name: "Chess")
            shown.insert(club)
            let ada = Member(name: "Ada")
            club.members = [ada]
            ada.card = MemberCard(number: 1)
            try shown.save()
            return (club.persistentModelID, ada.persistentModelID, ada.card!.persistentModelID)
        }
        var published = container.changes.makeAsyncIterator()

        // When every member is deleted by a batch (the card cascades; its nullify rule points back at Ada)
        try container.execute(BatchDeleteRequest<Member>())
        let changes = try #require(await published.next())

        // Then Ada and her card are reported deleted, and neither also as updated
        #expect(changes.deleted == [ada, card])
        #expect(changes.updated.isDisjoint(with: changes.deleted))
        // And once the context merges the batch, the club no longer lists the deleted member
        ModelContext.mergeChanges(fromRemoteContextSave: changes, into: [shown])
        let members = try shown.performAndWait { try #require(shown.registeredModel(for: club) as Club?).members.count }
        #expect(members == 0)
    }

    @Test("A model found deleted when refreshed leaves the loaded relationships of the models related to it")
    func refreshFindingTheRowGone() throws {
        // Given a club whose member Ada is loaded in a context
        let container = try ModelContainer(for: Club.self, configuration: .inMemory)
        let shown = container.newBackgroundContext()
        let club = try shown.performAndWait {
            let club = Club(name: "Chess")
            shown.insert(club)
            club.members = [Member(name: "Ada")]
            try shown.save()
            return club.persistentModelID
        }
        // When her row is deleted behind the context's back (a batch nobody merged) and she is refreshed
        try container.execute(BatchDeleteRequest<Member>())
        let members = try shown.performAndWait {
            let shownClub = try #require(shown.registeredModel(for: club) as Club?)
            shown.refresh(shownClub.members[0], mergeChanges: true)
            return shownClub.members.count
        }
        // Then the club no longer lists her: touching her through it would stop the process
        #expect(members == 0)
    }

    @Test("A batch delete reaching a .deny rule is refused before anything is written")
    func deny() throws {
        let container = try ModelContainer(for: Folder.self, configuration: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insert(Folder(name: "Empty"))
            try context.save()
        }
        #expect(throws: ModelError.self) { try container.execute(BatchDeleteRequest<Folder>()) }
        #expect(try context.performAndWait { try context.fetchCount(FetchDescriptor<Folder>()) } == 1)
    }

    @Test("A batch request on a model with relationships refuses a predicate SQL cannot run")
    func untranslatablePredicate() throws {
        let container = try makeTripContainer()
        _ = try saveTrip(stops: 2, in: container.newBackgroundContext())
        #expect(throws: ModelError.self) {
            try container.execute(BatchDeleteRequest<Trip>(predicate: #Predicate { $0.stops.count > 1 }))
        }
        let translated = try container.execute(BatchDeleteRequest<Stop>(predicate: #Predicate { $0.trip?.name == "Lisbon" }, resultType: .count))
        #expect(translated.count == 2, "a to-one predicate runs as SQL")
    }
}
