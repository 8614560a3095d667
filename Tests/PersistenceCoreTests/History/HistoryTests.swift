import Foundation
import LabSupport
import Observation
@testable import PersistenceCore
import SampleModels
import Testing
import TestSupport

/// Persistent history, remote changes and the HistoryObserver, in the contract's names.
@Suite("History and other processes")
struct HistoryTests {
    func container(_ directory: TemporaryDirectory) throws -> ModelContainer {
        try ModelContainer(for: Item.self, Note.self, configuration: .file(directory.file("store.sqlite")))
    }

    /// Saves `body`'s changes on a new background context authored `author`.
    func save(_ container: ModelContainer, author: String?, _ body: @escaping @Sendable (ModelContext) throws -> Void) throws {
        let context = container.newBackgroundContext()
        context.author = author
        try context.performAndWait {
            try body(context)
            try context.save()
        }
    }

    func history(_ container: ModelContainer, _ descriptor: HistoryDescriptor<DefaultHistoryTransaction> = HistoryDescriptor()) throws -> [DefaultHistoryTransaction] {
        let context = container.newBackgroundContext()
        return try context.performAndWait { try context.fetchHistory(descriptor) }
    }

    func item(_ container: ModelContainer, titled title: String) throws -> PersistentIdentifier {
        let context = container.newBackgroundContext()
        return try context.performAndWait {
            try #require(try context.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.title == title })).first).persistentModelID
        }
    }

    @Test("A save is one transaction: its author, its token, its inserts, updates and deletes")
    func savesAreTransactions() throws {
        let directory = TemporaryDirectory()
        let container = try container(directory)
        try save(container, author: "app") { context in
            context.insert(Item(timestamp: .now, title: "milk", count: 1))
            context.insert(Item(timestamp: .now, title: "bread", count: 1))
        }
        let milk = try item(container, titled: "milk"), bread = try item(container, titled: "bread")
        try save(container, author: "widget") { context in
            let item = try #require(context.model(for: milk) as? Item)
            item.count = 2
            context.delete(try #require(context.model(for: bread) as? Item))
        }
        let transactions = try history(container)
        #expect(transactions.map(\.author) == ["app", "widget"])
        #expect(transactions[0].token < transactions[1].token)
        #expect(transactions.allSatisfy { $0.storeIdentifier == container.storeIdentifier.uuidString })
        #expect(transactions[0].changes.count == 2)
        #expect(Set(transactions[0].changes.map(\.changedPersistentIdentifier)) == [milk, bread])
        for change in transactions[0].changes {
            guard case .insert = change else { Issue.record("expected inserts, got \(change)"); continue }
        }
        var sawUpdate = false, sawDelete = false
        for change in transactions[1].changes {
            switch change {
            case .update(let update):
                sawUpdate = true
                #expect(update.changedPersistentIdentifier == milk)
                let keyPaths = try #require((update as? DefaultHistoryUpdate<Item>)?.updatedAttributes)
                #expect(keyPaths.count == 1)
                #expect(keyPaths.first.map { $0 as PartialKeyPath<Item> } == \Item.count)
            case .delete(let delete):
                sawDelete = true
                #expect(delete.changedPersistentIdentifier == bread)
                let tombstone = try #require((delete as? DefaultHistoryDelete<Item>)?.tombstone)
                #expect(tombstone[\Item.title] as? String == "bread")  // @Attribute(.preserveValueOnDeletion)
                #expect(tombstone[\Item.count] == nil)                  // not preserved
            case .insert:
                Issue.record("the second save inserted nothing")
            }
        }
        #expect(sawUpdate && sawDelete)
    }

    @Test("Batch requests are transactions too, with the attributes they set and the rows they delete")
    func batchRequestsAreTransactions() throws {
        let directory = TemporaryDirectory()
        let container = try container(directory)
        try save(container, author: "app") { context in
            for title in ["a", "b", "c"] { context.insert(Item(timestamp: .now, title: title)) }
        }
        try container.execute(BatchUpdateRequest<Item>(propertiesToUpdate: ["count": 7]))
        try container.execute(BatchDeleteRequest<Item>(predicate: #Predicate { $0.title == "a" }))
        let transactions = try history(container)
        #expect(transactions.count == 3)
        #expect(transactions[1].author == nil)
        #expect(transactions[1].changes.count == 3)
        for change in transactions[1].changes {
            guard case .update(let update) = change, let keyPaths = (update as? DefaultHistoryUpdate<Item>)?.updatedAttributes else {
                Issue.record("expected item updates, got \(change)"); continue
            }
            #expect(keyPaths.map { $0 as PartialKeyPath<Item> } == [\Item.count])
        }
        #expect(transactions[2].changes.count == 1)
        guard case .delete(let delete)? = transactions[2].changes.first else { Issue.record("expected a deletion"); return }
        #expect((delete as? DefaultHistoryDelete<Item>)?.tombstone[\Item.title] as? String == "a")
    }

    @Test("Predicates on token and author, fetchLimit and sortBy")
    func descriptors() throws {
        let directory = TemporaryDirectory()
        let container = try container(directory)
        for (index, author) in ["app", "widget", "app", "widget"].enumerated() {
            try save(container, author: author) { context in context.insert(Item(timestamp: .now, title: "\(index)")) }
        }
        let all = try history(container)
        let first = all[0].token
        let afterFirst = try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > first }))
        #expect(afterFirst.map(\.token) == Array(all.dropFirst()).map(\.token))
        let othersAfterFirst = try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > first && $0.author != "app" }))
        #expect(othersAfterFirst.map(\.author) == ["widget", "widget"])
        var limited = HistoryDescriptor<DefaultHistoryTransaction>(sortBy: [SortDescriptor(\.token, order: .reverse)])
        limited.fetchLimit = 2
        #expect(try history(container, limited).map(\.token) == [all[3].token, all[2].token])
    }

    @Test("Tokens are Codable, survive reopening the store, and a malformed one is refused when decoded")
    func tokensSurviveReopening() throws {
        let directory = TemporaryDirectory()
        var saved: Data
        do {
            let container = try container(directory)
            try save(container, author: "app") { context in context.insert(Item(timestamp: .now, title: "kept")) }
            saved = try JSONEncoder().encode(try #require(try history(container).last?.token))
        }
        let reopened = try container(directory)
        try save(reopened, author: "widget") { context in context.insert(Item(timestamp: .now, title: "new")) }
        let token = try JSONDecoder().decode(DefaultHistoryToken.self, from: saved)
        let after = try history(reopened, HistoryDescriptor(predicate: #Predicate { $0.token > token }))
        #expect(after.map(\.author) == ["widget"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DefaultHistoryToken.self, from: Data(#"{"storeIdentifier":"not a uuid","value":1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DefaultHistoryToken.self, from: Data(#"{"storeIdentifier":"\#(UUID())","value":-4}"#.utf8))
        }
    }

    @Test("Pruning: deleteHistory removes transactions; a token older than what is kept is expired")
    func pruningAndExpiredTokens() throws {
        let directory = TemporaryDirectory()
        let container = try container(directory)
        for index in 0..<4 {
            try save(container, author: "app") { context in context.insert(Item(timestamp: .now, title: "\(index)")) }
        }
        let all = try history(container)
        let (first, second) = (all[0].token, all[1].token)
        let context = container.newBackgroundContext()
        try context.performAndWait { try context.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.token <= second })) }
        #expect(try history(container).map(\.token) == [all[2].token, all[3].token])
        // A reader that processed up to `second` goes on; one that stopped at `first` cannot.
        #expect(try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > second })).count == 2)
        #expect(throws: ModelError.historyTokenExpired) {
            try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > first }))
        }
        // Pruning everything: a reader at the newest token is fine, an older one is expired.
        let newest = all[3].token, third = all[2].token
        try context.performAndWait { try context.deleteHistory(HistoryDescriptor()) }
        #expect(try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > newest })).isEmpty)
        #expect(throws: ModelError.historyTokenExpired) {
            try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > third }))
        }
        // The rows are untouched by pruning history.
        #expect(try context.performAndWait { try context.fetchCount(FetchDescriptor<Item>()) } == 4)
    }

    @Test("Bad input: another store's token, a predicate that cannot be evaluated, a negative limit, an in-memory store")
    func badInput() throws {
        let directory = TemporaryDirectory()
        let container = try container(directory)
        try save(container, author: nil) { context in context.insert(Item(timestamp: .now, title: "one")) }
        let foreign = try JSONDecoder().decode(DefaultHistoryToken.self, from: Data(#"{"storeIdentifier":"\#(UUID())","value":1}"#.utf8))
        #expect {
            try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > foreign }))
        } throws: { error in
            guard case ModelError.invalidHistoryToken = error else { return false }
            return true
        }
        #expect {
            try history(container, HistoryDescriptor(predicate: #Predicate { $0.author! == "x" }))
        } throws: { error in
            guard case ModelError.invalidHistoryDescriptor = error else { return false }
            return "\(error)".contains("could not be evaluated")
        }
        var negative = HistoryDescriptor<DefaultHistoryTransaction>()
        negative.fetchLimit = -1
        #expect { try history(container, negative) } throws: { error in
            guard case ModelError.invalidHistoryDescriptor = error else { return false }
            return true
        }
        let memory = try ModelContainer(for: Item.self, configuration: .inMemory)
        let context = memory.newBackgroundContext()
        #expect {
            try context.performAndWait { try context.fetchHistory(HistoryDescriptor()) }
        } throws: { error in
            guard case ModelError.historyUnavailable = error else { return false }
            return true
        }
        #expect(throws: ModelError.self) { try HistoryObserver(modelContainer: memory, isolation: nil) }
        #expect(!memory.postsRemoteChanges && container.postsRemoteChanges)
        // Nothing changed: the one transaction is still there.
        #expect(try history(container).count == 1)
    }

    @Test("Another container's commit on the same file posts remoteChange with the new token; so does this container's own")
    func remoteChangeFromASecondContainer() async throws {
        let directory = TemporaryDirectory()
        let app = try container(directory)
        let widget = try container(directory)
        try #require(app.postsRemoteChanges, "this system announces no commits (inotify on Linux, notify(3) on Apple platforms): nothing would be posted")
        var changes = remoteChanges(of: app).makeAsyncIterator()
        try save(widget, author: "widget") { context in context.insert(Item(timestamp: .now, title: "from the widget")) }
        let change = try #require(await changes.next())
        #expect(change.storeIdentifier == app.storeIdentifier.uuidString)
        #expect(change.storeURL.lastPathComponent == "store.sqlite")
        #expect(change.historyToken == (try history(app).last?.token))
        try save(app, author: "app") { context in context.insert(Item(timestamp: .now, title: "from the app")) }
        let own = try #require(await changes.next())
        #expect(own.historyToken > change.historyToken)
    }

    @Test("Two hundred file containers open at once (past Linux's 128 inotify instances per user), and remote change still reaches them")
    func manyContainers() async throws {
        let directories = (0..<200).map { _ in TemporaryDirectory() }
        let containers = try directories.map { try container($0) }
        let last = try #require(containers.last)
        let posting = containers.allSatisfy { $0.postsRemoteChanges }
        try #require(posting, "this system announces no commits (inotify on Linux, notify(3) on Apple platforms): nothing would be posted")
        var changes = remoteChanges(of: last).makeAsyncIterator()
        let widget = try container(try #require(directories.last))
        try save(widget, author: "widget") { context in context.insert(Item(timestamp: .now, title: "one")) }
        #expect(await changes.next()?.historyToken == (try history(last).last?.token))
        #expect(containers.count == 200)
    }

    @Test("Merging another container's history into a context: updated values come in, deleted models go, new ones are found")
    func mergingHistory() throws {
        let directory = TemporaryDirectory()
        let app = try container(directory)
        let widget = try container(directory)
        try save(app, author: "app") { context in
            context.insert(Item(timestamp: .now, title: "milk", count: 1))
            context.insert(Item(timestamp: .now, title: "bread", count: 1))
        }
        let lastToken = try #require(try history(app).last?.token)
        let view = app.newBackgroundContext()
        view.automaticallyMergesChangesFromParent = true
        let titles: @Sendable () throws -> [String] = {
            try view.performAndWait { try view.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).map { "\($0.title ?? "") \($0.count)" } }
        }
        #expect(try titles() == ["bread 1", "milk 1"])
        let milk = try item(widget, titled: "milk"), bread = try item(widget, titled: "bread")
        try save(widget, author: "widget") { context in
            (context.model(for: milk) as? Item)?.count = 5
            if let bread = context.model(for: bread) as? Item { context.delete(bread) }
            context.insert(Item(timestamp: .now, title: "eggs", count: 1))
        }
        // Automatic merging follows this container's saves only: the view still shows the old milk.
        #expect(try view.performAndWait { try #require(view.model(for: milk) as? Item).count } == 1)
        let transactions = try view.performAndWait {
            try view.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.token > lastToken && $0.author != "app" }))
        }
        var changes = ModelContext.Changes()
        for transaction in transactions {
            for change in transaction.changes {
                switch change {
                case .insert(let insert): changes.inserted.insert(insert.changedPersistentIdentifier)
                case .update(let update): changes.updated.insert(update.changedPersistentIdentifier)
                case .delete(let delete): changes.deleted.insert(delete.changedPersistentIdentifier)
                }
            }
        }
        ModelContext.mergeChanges(fromRemoteContextSave: changes, into: [view])
        #expect(try titles() == ["eggs 1", "milk 5"])
    }

    @Test("HistoryObserver counts relevant batches: filtered by model and by author")
    func historyObserverFilters() async throws {
        let directory = TemporaryDirectory()
        let app = try container(directory)
        let widget = try container(directory)
        try #require(app.postsRemoteChanges, "this system announces no commits (inotify on Linux, notify(3) on Apple platforms): nothing would be posted")
        // Committed before the observers start: given no tokens, they start after it.
        try save(widget, author: "widget") { context in context.insert(Item(timestamp: .now, title: "before")) }
        let items = try HistoryObserver(observedModels: [Item.self], modelContainer: app, isolation: nil)
        let widgetNotes = try HistoryObserver(observedModels: [Note.self], authors: ["widget"], modelContainer: app, isolation: nil)
        #expect(items.historyTokens[app.storeIdentifier.uuidString] == (try history(app).last?.token))
        var changes = remoteChanges(of: app).makeAsyncIterator()
        // One thread posts every notification, calling each observer in turn: once the stream has
        // the third, both observers have read the first two transactions.
        try save(widget, author: "widget") { context in context.insert(Note(body: "note")) }
        _ = await changes.next()
        try save(widget, author: "other") { context in context.insert(Note(body: "note")) }
        _ = await changes.next()
        try save(widget, author: "widget") { context in context.insert(Item(timestamp: .now, title: "item")) }
        _ = await changes.next()
        await waitUntil(items) { $0.eventCounter == 1 }  // the third, an item, is the items observer's first event
        #expect(items.eventCounter == 1)        // not 2: the item saved before it started is not counted
        #expect(widgetNotes.eventCounter == 1)  // only the first: a note by the widget
        #expect(items.historyTokens[app.storeIdentifier.uuidString] == (try history(app).last?.token))
    }

    @Test("A second container's save over a row this context read is a merge conflict, as another context's is")
    func optimisticLockingAcrossContainers() throws {
        let directory = TemporaryDirectory()
        let app = try container(directory)
        let widget = try container(directory)
        try save(app, author: "app") { context in context.insert(Item(timestamp: .now, title: "milk", count: 1)) }
        let milk = try item(app, titled: "milk")
        let context = app.newBackgroundContext()
        try context.performAndWait { try #require(context.model(for: milk) as? Item).count = 2 }
        try save(widget, author: "widget") { context in (context.model(for: milk) as? Item)?.count = 3 }
        #expect {
            try context.performAndWait { try context.save() }
        } throws: { error in
            guard case ModelError.mergeConflict(let conflicts) = error else { return false }
            return conflicts.map(\.identifier) == [milk]
        }
        #expect(try history(app).map(\.author) == ["app", "widget"])  // the failed save left no transaction
    }
}

/// Waits until `condition` holds for `observer`, re-checking each time Observation reports a change.
func waitUntil(_ observer: HistoryObserver, _ condition: @escaping @Sendable (HistoryObserver) -> Bool) async {
    while !condition(observer) {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = Locked(false)
            let resume: @Sendable () -> Void = {
                if resumed.withLock({ done in defer { done = true }; return !done }) { continuation.resume() }
            }
            withObservationTracking { _ = observer.eventCounter } onChange: { resume() }
            if condition(observer) { resume() }  // changed before tracking began
        }
    }
}
