import PersistenceCore
import Scenarios
import Testing

/// Article 003's example under every policy. Each test runs the whole scenario (six tiny
/// in-memory containers) and reads its row of the table:
///
///     context                                  store
///     fetch Ada, 36, f (version 1)
///                                              batch update age = 30, sex = x (version 2)
///     name = "Ada L.", age = 40
///     save → conflict (1 vs 2) → the policy decides
@Suite("merge-conflicts: article 003's name, age and sex under every policy")
struct MergeConflictsTests {
    let original = PersonValues(name: "Ada", age: 36, sex: "f")
    let contextEdit = PersonValues(name: "Ada L.", age: 40, sex: "f")
    let batchEdit = PersonValues(name: "Ada", age: 30, sex: "x")

    @Test("The example starts from Ada, 36, f; the context changes name and age, the batch age and sex")
    func theExample() async throws {
        let outcome = try await MergeConflicts().run(in: .test)

        #expect(outcome.original == original)
        #expect(outcome.contextEdit == contextEdit)
        #expect(outcome.batchEdit == batchEdit)
        #expect(outcome.results.map(\.policy) == MergeConflicts.Policy.allCases)
    }

    @Test("The default .error policy throws the conflict, with both versions, and saves nothing")
    func errorPolicyLosesTheSave() async throws {
        // When the context saves under the default policy
        let row = try #require(try await MergeConflicts().run(in: .test)[.error])

        // Then the save threw a conflict between the version read (1) and the store's (2)
        #expect(!row.saved)
        let conflict = try #require(row.conflict)
        #expect(conflict.oldVersionNumber == 1)
        #expect(conflict.newVersionNumber == 2)
        #expect(conflict.object == contextEdit)
        #expect(conflict.cached == original)
        #expect(conflict.persisted == batchEdit)
        // And the store kept the batch's values: the new name never arrived
        #expect(row.store == batchEdit)
        #expect(row.memory == contextEdit, "memory keeps the unsaved edit")
    }

    @Test("Object trump keeps the context's name and age and the batch's sex (article 003's result)")
    func objectTrumpKeepsTheIntendedValues() async throws {
        let outcome = try await MergeConflicts().run(in: .test)
        let row = try #require(outcome[.mergeByPropertyObjectTrump])

        #expect(row.saved)
        #expect(row.store == PersonValues(name: "Ada L.", age: 40, sex: "x"))
        #expect(row.store == outcome.intended)
        #expect(row.memory == row.store)
        #expect(row.conflict == nil)
    }

    @Test("Store trump keeps the context's name but the batch's age and sex")
    func storeTrumpLetsTheStoreWinTheConflictingAge() async throws {
        let row = try #require(try await MergeConflicts().run(in: .test)[.mergeByPropertyStoreTrump])

        #expect(row.saved)
        #expect(row.store == PersonValues(name: "Ada L.", age: 30, sex: "x"))
        #expect(row.memory == row.store)
    }

    @Test("Overwrite writes the whole object: the batch's sex is lost")
    func overwriteWritesTheWholeObject() async throws {
        let row = try #require(try await MergeConflicts().run(in: .test)[.overwrite])

        #expect(row.saved)
        #expect(row.store == contextEdit)
        #expect(row.memory == row.store)
    }

    @Test("Rollback drops the context's edits: the store's row wins whole")
    func rollbackDropsTheEdits() async throws {
        let row = try #require(try await MergeConflicts().run(in: .test)[.rollback])

        #expect(row.saved)
        #expect(row.store == batchEdit)
        #expect(row.memory == batchEdit, "the unsaved name is gone from memory too")
    }

    @Test("A custom policy writes its own rule: the context's name, the larger age, the store's sex")
    func customPolicyDecidesEachProperty() async throws {
        let row = try #require(try await MergeConflicts().run(in: .test)[.custom])

        #expect(row.saved)
        #expect(row.store == PersonValues(name: "Ada L.", age: max(contextEdit.age, batchEdit.age), sex: "x"))
        #expect(row.memory == row.store)
    }

    @Test("An auto-merging main context never sees the batch: it still shows Ada, 36, f, and the save still conflicts")
    func autoMergingDoesNotSeeTheBatch() async throws {
        let lane = try await MergeConflicts().run(in: .test).autoMergingMainContext

        #expect(!lane.mergedByHand)
        #expect(lane.shownAfterBatch == original)
        #expect(lane.threwConflict && !lane.saved)
        #expect(lane.store == batchEdit)
    }

    @Test("Merging the batch's identifiers by hand right after it avoids the conflict under .error")
    func mergingTheBatchByHandAvoidsTheConflict() async throws {
        let lane = try await MergeConflicts().run(in: .test).batchMergedByHand

        #expect(lane.mergedByHand)
        #expect(lane.shownAfterBatch == batchEdit)
        #expect(lane.saved && !lane.threwConflict)
        #expect(lane.store == PersonValues(name: "Ada L.", age: 40, sex: "x"))
    }

    @Test("The report shows the lost save, then the fix, and says so")
    func reportDemonstrates() async throws {
        let scenario = MergeConflicts()
        let report = scenario.report(try await scenario.run(in: .test))

        #expect(report.demonstrated)
        #expect(report.wrongWay.contains { $0.contains("version 1") && $0.contains("version 2") })
        #expect(report.rightWay.contains { $0.contains(".mergeByPropertyObjectTrump") && $0.contains("Ada L., 40, x") })
        #expect(report.rightWay.filter { $0.hasPrefix("  .") }.count == MergeConflicts.Policy.allCases.count)
        #expect(report.wrongWay.contains { $0.contains("automaticallyMergesChangesFromParent") && $0.contains("bypassed it") })
        #expect(report.rightWay.contains { $0.contains("mergeChanges(fromRemoteContextSave:into:)") && $0.contains("saved with no conflict") })
    }

    @Test("Its description names articles, a rule, and files that exist")
    func infoPointsAtRealFiles() {
        let info = MergeConflicts.info

        #expect(!info.articles.isEmpty && !info.rule.isEmpty && !info.why.isEmpty)
        #expect(PackagePaths.missing(in: info) == [])
    }
}
