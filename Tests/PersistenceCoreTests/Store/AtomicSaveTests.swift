import CSQLite
import Foundation
import LabSupport
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// A save is one SQLite transaction: a process killed at any moment leaves every save whole or
/// absent, never half written. The `store-test-helper` helper saves batches of 1,000 items and is
/// killed with SIGKILL, now while it builds a batch, now while it commits one.
///
///     test                                   store-test-helper
///                                            insert 1,000 items
///                                            "saving 7"  → save() → "saved 7 8000"
///     read "saving 7" (or "saved 7 8000")
///     SIGKILL                                (wherever it is)
///     open the store: integrity ok, at least 7,000 items (8,000 if the commit won the race), each batch whole
@Suite("Atomic saves")
struct AtomicSaveTests {
    @Test("An importer killed at 20 random moments leaves a sound store of whole saves", .timeLimit(.minutes(5)))
    func killedImporterLeavesWholeSaves() async throws {
        // Given one store that 20 importers in a row write to, each killed at a moment chosen by a fixed seed
        let importer = try StoreTestHelper.executable()
        let directory = TemporaryDirectory()
        let url = directory.file("import.sqlite")
        var random = SplitMix64(seed: 20_251_122)
        var committed = 0
        var exactlyConfirmed = 0, laterSaves = 0

        for kill in 1...20 {
            let savesToWaitFor = 1 + random.next(below: 3)
            let duringCommit = random.next(below: 2) == 0
            let child = try ChildProcess(importer, ["import", url.path])
            var seen = 0
            var lastTotal = committed
            // When it has saved `savesToWaitFor` batches, and (half the time) started the next save
            while let line = await child.nextLine(where: { $0.hasPrefix("saving") || $0.hasPrefix("saved") || $0.hasPrefix("error") }) {
                try #require(!line.hasPrefix("error"), "kill \(kill): the importer failed: \(line)")
                if line.hasPrefix("saved") {
                    lastTotal = try #require(Int(line.split(separator: " ")[2]))
                    seen += 1
                    if seen == savesToWaitFor && !duringCommit { break }
                } else if seen == savesToWaitFor {
                    break  // "saving": the transaction is about to begin
                }
            }
            #expect(seen == savesToWaitFor, "kill \(kill): the importer stopped early")
            child.kill()
            let ending = await child.termination()
            #expect(ending?.bySignal == true && ending?.status == SIGKILL, "kill \(kill): \(String(describing: ending))")
            #expect(lastTotal == committed + savesToWaitFor * 1_000)

            // Then SQLite finds the file sound
            let integrity = try SQLiteFixture.rows("PRAGMA integrity_check", in: url)
            #expect(integrity == [["ok"]], "kill \(kill)")

            // And the store opens and holds whole saves only: every confirmed one, and maybe some that
            // committed between the line the test read and the signal's arrival
            let container = try ModelContainer(for: ImportedItem.self, configuration: .file(url))
            let context = container.newBackgroundContext()
            let count = try context.performAndWait { try context.fetchCount(FetchDescriptor<ImportedItem>()) }
            #expect(count % 1_000 == 0, "kill \(kill): \(count) items")
            #expect(count >= lastTotal, "kill \(kill): \(count) items, \(lastTotal) confirmed")
            let batches = try SQLiteFixture.rows("SELECT ZBATCH, COUNT(*) FROM ZIMPORTEDITEM GROUP BY ZBATCH ORDER BY ZBATCH", in: url)
            #expect(batches.map { $0[0] } == (0..<count / 1_000).map(String.init), "kill \(kill): batches \(batches)")
            #expect(batches.allSatisfy { $0[1] == "1000" }, "kill \(kill): a batch is incomplete: \(batches)")
            // History was written in the same transactions: one per save, one insert per row, no more.
            let history = try SQLiteFixture.rows("SELECT COUNT(*), (SELECT SUM(COALESCE(ZROWCOUNT, 1)) FROM ACHANGE WHERE ZCHANGETYPE = 0) FROM ATRANSACTION", in: url)
            #expect(history == [[String(count / 1_000), String(count)]], "kill \(kill): history \(history) for \(count) items")
            if count == lastTotal { exactlyConfirmed += 1 } else { laterSaves += (count - lastTotal) / 1_000 }
            committed = count
        }
        print("atomic saves: 20 kills, \(committed) items in whole saves; \(exactlyConfirmed) kills left exactly the confirmed saves, the others let \(laterSaves) more saves commit before the signal landed")
    }
}
