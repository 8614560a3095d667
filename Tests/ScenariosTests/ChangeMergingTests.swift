import PersistenceCore
import Scenarios
import Testing

/// Article 003's merging, three ways, each in its own container:
///
///     main context                          background context
///     insert Ada (36) and Bob, save
///                                           Ada.age = 37, delete Bob, insert Carol, save
///     [never | by hand from didSave | automatically]
///     perform(schedule: .enqueued) {}       ← after any merge the save enqueued
///     look at Ada, Bob and a fetch
@Suite("change-merging: a background save reaches the main context only when merged")
struct ChangeMergingTests {
    let store = [PersonValues(name: "Ada", age: 37, sex: "f"), PersonValues(name: "Carol", age: 28, sex: "f")]

    @Test("The background save reaches the store: Ada is 37, Bob is gone, Carol is new")
    func backgroundSaveReachesTheStore() async throws {
        let outcome = try await ChangeMerging().run(in: .test)

        #expect(outcome.store == store)
    }

    @Test("Never merged, the main context still shows Ada at 36 and keeps the deleted Bob")
    func unmergedContextIsStale() async throws {
        let view = try await ChangeMerging().run(in: .test).notMerged

        #expect(view.adaAge == 36)
        #expect(view.bobStillRegistered)
    }

    @Test("A fetch on the unmerged context finds Carol but hands back the stale Ada")
    func fetchReturnsStaleRegisteredObjects() async throws {
        let view = try await ChangeMerging().run(in: .test).notMerged

        #expect(view.fetched == [PersonValues(name: "Ada", age: 36, sex: "f"), PersonValues(name: "Carol", age: 28, sex: "f")])
    }

    @Test("Merged by hand from the didSave notification, the main context shows the store")
    func mergingByHandShowsTheStore() async throws {
        let outcome = try await ChangeMerging().run(in: .test)

        #expect(outcome.changesMergedByHand == ChangeMerging.ChangeCounts(inserted: 1, updated: 1, deleted: 1))
        #expect(outcome.mergedByHand == ChangeMerging.MainContextView(adaAge: 37, bobStillRegistered: false, fetched: store))
    }

    @Test("With automaticallyMergesChangesFromParent, the main context shows the store")
    func automaticMergingShowsTheStore() async throws {
        let outcome = try await ChangeMerging().run(in: .test)

        #expect(outcome.mergedAutomatically == ChangeMerging.MainContextView(adaAge: 37, bobStillRegistered: false, fetched: store))
    }

    @Test("A batch update posts no didSave and bypasses automatic merging; merged by hand, it arrives")
    func batchBypassesAutomaticMerging() async throws {
        let batch = try await ChangeMerging().run(in: .test).batch

        #expect(batch.storeAge == 50)
        #expect(batch.didSavePosted == 0)
        #expect(batch.identifiersReturned == 1)
        #expect(batch.adaAgeWithAutomaticMerging == 36)
        #expect(batch.adaAgeAfterMergingByHand == 50)
    }

    @Test("The report shows the stale main context, then both merges, and says so")
    func reportDemonstrates() async throws {
        let scenario = ChangeMerging()
        let report = scenario.report(try await scenario.run(in: .test))

        #expect(report.demonstrated)
        #expect(report.wrongWay.contains { $0.contains("still says 36") })
        #expect(report.measurements.map(\.value) == [36, 37])
    }

    @Test("Its description names articles, a rule, and files that exist")
    func infoPointsAtRealFiles() {
        let info = ChangeMerging.info

        #expect(!info.articles.isEmpty && !info.rule.isEmpty && !info.why.isEmpty)
        #expect(PackagePaths.missing(in: info) == [])
    }
}
