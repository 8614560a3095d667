@testable import Lessons
import Testing

/// list-of-everything's checks, fed outcomes that did not happen: each claim fails when what it
/// counts goes the other way, and the report then says what happened, not what the lesson hoped.
/// (The run itself is asserted claim by claim with every lesson: `LessonChecksTests`,
/// `LessonChecksXCTests`.)
///
///     main queue                               FeedImporter's queue
///     the list: fetch (empty store)
///                                              insert N items, save once
///     [merge the save] (SwiftData: by itself)
///     [the list: fetch again, N rows or 100]
///     read what the list shows
@Suite("list-of-everything: a list of every item takes in the whole import on the main queue; a screenful does not")
struct ListOfEverythingTests {
    @Test("Outcomes as the lesson teaches them: every claim holds")
    func asTaught() {
        let checks = ListOfEverything().checks(.taught)
        #expect(checks.allHold, "\(checks.filter { !$0.holds })")
    }

    @Test("A screenful list that held every item (fetchLimit dropped) fails the screenful's claims, and the report says so")
    func screenfulThatHeldEverything() {
        var outcome = ListOfEverything.Outcome.taught
        outcome.firstScreenful.after = .shown(outcome.itemCount, of: outcome.itemCount)
        let failed = ListOfEverything().checks(outcome).filter { !$0.holds }.map(\.name)
        #expect(failed.count == 2)
        #expect(failed.allSatisfy { $0.contains("screenful") })
        let report = ListOfEverything().report(outcome)
        #expect(report.rightWay[0].contains("it shows 2000 items, the first 2000 by timestamp; the main context holds 2000 models of the import."))
        #expect(!report.rightWay[0].contains("the first 100 by timestamp"))
    }

    @Test("A view context that merged by itself fails Core Data's claim, and the report does not say it stayed as it was")
    func viewContextThatMerged() {
        var outcome = ListOfEverything.Outcome.taught
        outcome.viewContext.after = .shown(outcome.itemCount, of: outcome.itemCount)
        let failed = ListOfEverything().checks(outcome).filter { !$0.holds }.map(\.name)
        #expect(failed == ["Core Data: the view context, which merges nothing until told, leaves its list of every item as it was, and holds no model of the import"])
        #expect(ListOfEverything().report(outcome).rightWay.contains { $0.contains("went from 0 to 2000 items") })
    }

    @Test("A main-context list that did not take in the save fails SwiftData's claims, and the report says it did not change")
    func mainContextThatDidNotMerge() {
        var outcome = ListOfEverything.Outcome.taught
        outcome.everyItem.after = .shown(0, of: 0)
        let failed = ListOfEverything().checks(outcome).filter { !$0.holds }.map(\.name)
        #expect(failed.count == 2 && failed.allSatisfy { !$0.contains("screenful") && !$0.contains("Core Data") })
        #expect(ListOfEverything().report(outcome).wrongWay[1] == "The list did not change: it shows 0 items.")
    }
}

extension ListOfEverything.Outcome {
    /// 2,000 items, as the lesson teaches them: the list of every item and the view context's
    /// list after its merge by hand show them all; the screenful shows the first 100; the view
    /// context without merging shows none. The timings are made up: no claim reads them.
    static var taught: Self {
        let wait = ListOfEverything.MainQueueWait(longestMilliseconds: 1, blockedMilliseconds: 0, durationMilliseconds: 10)
        func lane(_ setup: ListOfEverything.ListSetup, after: ListOfEverything.ListState) -> ListOfEverything.Lane {
            ListOfEverything.Lane(setup: setup, importQueueLabel: "ModelContext 0x1", before: .shown(0, of: 0), after: after, mainQueue: wait)
        }
        return Self(itemCount: 2_000, screenful: 100,
                    everyItem: lane(.everyItemOnMainContext, after: .shown(2_000, of: 2_000)),
                    firstScreenful: lane(.screenfulOnMainContext, after: .shown(100, of: 100)),
                    viewContext: lane(.everyItemOnViewContext, after: .shown(0, of: 0)),
                    viewContextMergedByHand: .init(after: .shown(2_000, of: 2_000), mainQueue: wait))
    }
}

extension ListOfEverything.ListState {
    /// A list on the main queue showing the first `rows` imported items, its context holding
    /// `models` of the import.
    static func shown(_ rows: Int, of models: Int) -> Self {
        Self(queueLabel: "com.apple.main-thread", rows: rows, showsFirstImportedItems: rows > 0, importedModelsInContext: models)
    }
}
