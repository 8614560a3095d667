/// Every workshop exercise, in course order (the scenario catalog's): one per lesson, with the
/// lesson's id. `lab workshop` and the workshop
/// tests read this list.
///
/// Each exercise's hints are also written in its file; `shippedFingerprint` is the file's FNV-1a
/// as shipped (`Scripts/tutorials/exercise-fingerprints.py` prints them after a deliberate change).
public enum WorkshopCatalog {
    /// The exercises, in the order a learner meets them.
    public static let all: [Exercise] = [
        Exercise(
            id: "wrong-queue-mutation",
            title: "Fix this wrong-queue mutation",
            goal: "`setCount(_:of:in:)` is called from a background thread, but `item` belongs to `context`, a private-queue context. Today the write lands on the caller's thread: it \"works\", and it is a data race. Make the write happen on the context's queue.",
            file: "Tutorials/Workshop/Exercises/CountUpdater.swift",
            hints: [
                "A model may only be touched on its context's queue, and this method does not run there.",
                "`context.performAndWait { ... }` runs a closure on the context's queue and waits for it. Its closure is `@Sendable`, as in Core Data's current SDK, and a model is not: capture `item.persistentModelID` and look the item up inside with `context.model(for:)`.",
                "`let id = item.persistentModelID`, then `context.performAndWait { (context.model(for: id) as? Item)?.count = value }`.",
            ],
            shippedFingerprint: 0xb01b63080c5b675b,
            checkExercise: { await CountUpdaterChecker.check(CountUpdater.self) },
            checkSolution: { await CountUpdaterChecker.check(Solution.CountUpdater.self) }
        ),
        Exercise(
            id: "task-vs-detached",
            title: "Make the import context private",
            goal: "A SwiftUI button (MainActor code) asks for a context to run a long import in. The code below creates it inside `Task {}`, so it still gets a main-queue context, and the import would freeze the UI. Make `makeImportContext(for:)` return a context with a private queue.",
            file: "Tutorials/Workshop/Exercises/ImportContextMaker.swift",
            hints: [
                "`ModelContext(container)` follows SwiftData's rule: created on the main queue, it is a main-queue context. Where does the body of this `Task {}` run?",
                "`Task {}` inherits the actor it was started from, here the MainActor. `Task.detached {}` does not.",
                "Replace `Task {` with `Task.detached {` (or say what you mean: `ModelContext(container, concurrencyType: .privateQueue)`).",
            ],
            shippedFingerprint: 0xe5dfe455baa54f18,
            checkExercise: { await ImportContextMakerChecker.check(ImportContextMaker.self) },
            checkSolution: { await ImportContextMakerChecker.check(Solution.ImportContextMaker.self) }
        ),
        Exercise(
            id: "nonisolated-async",
            title: "Make the import helper leave the MainActor that calls it",
            goal: "A button (MainActor code) calls `importItems(_:)`. The helper makes a context of its own \"to work in the background\" and does the work in its `perform`. But the method is `nonisolated(nonsending)`, what Swift 6.2 makes of an unannotated async function in a new Xcode project: it runs on its caller's actor. Called from the button, it runs on the MainActor, `ModelContext(container)` made there is a main-queue context, and the whole import holds the main queue, the one that draws the UI. Make the import run off the main queue when the MainActor calls it.",
            file: "Tutorials/Workshop/Exercises/ItemImportService.swift",
            hints: [
                "`ModelContext(container)` is a main-queue context when it is made on the main queue, and `perform` on a main-queue context runs on the main queue. Where does `importItems` run when the button, on the MainActor, calls it?",
                "A `nonisolated(nonsending)` async function runs on its caller's actor. Deleting the words changes nothing here: the method takes them on from the protocol's requirement, just as every unannotated async function is `nonisolated(nonsending)` under Swift 6.2's setting. `lab run nonisolated-async` shows the unannotated helper on the main queue.",
                "`@concurrent` always leaves the caller's actor and runs on the global pool, whoever calls; so does the body of article 000's `Task.detached`, and a `@BackgroundModelActor` runs its methods on its context's private queue. Keep the context's work in `perform`.",
                "Replace `nonisolated(nonsending)` with `@concurrent`, and keep the body as it is.",
            ],
            shippedFingerprint: 0x54db0ad93f0275a0,
            checkExercise: { await ItemImportServiceChecker.check(ItemImportService.self) },
            checkSolution: { await ItemImportServiceChecker.check(Solution.ItemImportService.self) }
        ),
        Exercise(
            id: "id-passing",
            title: "Pass identifiers between two actors",
            goal: "`ItemInserter` creates an item on its own context; `ItemCounter`, another model actor, must then update that item. A model cannot cross from one actor to the other (the compiler says so), so the inserter hands over the item's `PersistentIdentifier`. Two mistakes keep the counter from ever finding the item. Find and fix both.",
            file: "Tutorials/Workshop/Exercises/ItemHandoff.swift",
            hints: [
                "An identifier taken before the first save is temporary: it names the object only in the context that inserted it. Print `id.isTemporary`.",
                "Take the identifier after `save()` (or call `modelContext.obtainPermanentIdentifiers(for:)`).",
                "`registeredModel(for:)` only finds objects this context already holds, and a new actor's context holds none. `self[id, as: Item.self]` (Core Data's `existingObject(with:)`) loads the object from the store, and returns nil only if the row is gone.",
            ],
            shippedFingerprint: 0xef1256ad15d29023,
            checkExercise: { await ItemHandoffChecker.check(ItemInserter.self, ItemCounter.self) },
            checkSolution: { await ItemHandoffChecker.check(Solution.ItemInserter.self, Solution.ItemCounter.self) }
        ),
        Exercise(
            id: "model-actor-executor",
            title: "Run the actor on its context's queue",
            goal: "Article 001 builds a custom executor so that an actor's methods run where its context's models may be touched. This one is article 001's first `CustomExecutor`: it runs every job on a serial queue of its own. Serial, so no two jobs overlap, but it is not the context's queue, and every model access in the actor is a wrong-queue access. Make the executor run jobs on the context's queue.",
            file: "Tutorials/Workshop/Exercises/ItemContextExecutor.swift",
            hints: [
                "The actor's methods run wherever `enqueue` sends its jobs. Where does it send them?",
                "`context.perform { ... }` runs a closure on the context's queue, in order, and returns at once: the asynchronous hop an executor needs (never `performAndWait`, which can deadlock two actors that call each other).",
                "Replace `serialQueue.async` with `context.perform`, and delete `serialQueue`.",
            ],
            shippedFingerprint: 0xd933999279037cb9,
            checkExercise: { await ItemContextExecutorChecker.check(ItemContextExecutor.self) },
            checkSolution: { await ItemContextExecutorChecker.check(Solution.ItemContextExecutor.self) }
        ),
        Exercise(
            id: "actor-reentrancy",
            title: "Keep every point when the actor awaits",
            goal: "`ScoreKeeper` adds points to an item's count once a referee confirms them. Two calls that overlap sometimes lose points: not always, so a test that runs it once may pass. Make every point count in every order the runtime could run the two calls, and keep the referee's confirmation before the points are added. The checker runs the two calls in every schedule and prints the first one that loses points.",
            file: "Tutorials/Workshop/Exercises/ScoreKeeper.swift",
            hints: [
                "An actor runs one job at a time, not one method at a time. What can another call do while this one awaits `confirm()`?",
                "`score` was read before the await. By the time the write happens, it may be stale.",
                "Await the confirmation first, then read and write the count in one step with no await in between: `await confirm()`, then `item.count += points`, then save.",
            ],
            shippedFingerprint: 0xf22bfaf6c121cc75,
            checkExercise: { await ScoreKeeperChecker.check(ScoreKeeper.self) },
            checkSolution: { await ScoreKeeperChecker.check(Solution.ScoreKeeper.self) }
        ),
        Exercise(
            id: "wrong-context-queue",
            title: "Reset the view context from a background task",
            goal: "A background task calls `discardEdits(in:)` when the user cancels: the view context must forget its unsaved changes. Today it calls `reset()` right where it runs, off the main queue, which is exactly what `-com.apple.CoreData.ConcurrencyDebug 1` stops. Do it on the main queue.",
            file: "Tutorials/Workshop/Exercises/MainContextResetter.swift",
            hints: [
                "The view context belongs to the main queue; this method runs on a background thread.",
                "`await context.perform { ... }` runs a closure on the context's queue, and a context is `Sendable`, so the closure may capture it. `await MainActor.run { ... }` works too.",
                "`let context = container.viewContext` then `await context.perform { context.reset() }`.",
            ],
            shippedFingerprint: 0x59e9831cf340d45e,
            checkExercise: { await MainContextResetterChecker.check(MainContextResetter.self) },
            checkSolution: { await MainContextResetterChecker.check(Solution.MainContextResetter.self) }
        ),
        Exercise(
            id: "starved-pool",
            title: "Await the context's queue instead of blocking a thread for it",
            goal: "An import saves its items in batches from several tasks at once (a task group), and each task counts the items to report progress. Both helpers wrap their work in `context.performAndWait`, which blocks the task's thread until the context's queue has run the block. Tasks run on Swift's cooperative pool, one thread per core: with one such task per thread while the queue waits for something only a task can do, nothing ever runs again. Make both helpers wait for the queue without holding a thread.",
            file: "Tutorials/Workshop/Exercises/BatchImporter.swift",
            hints: [
                "A task runs on a thread of Swift's cooperative pool, which has one thread per core. `performAndWait` keeps that thread until the context's queue has run the block. What if the queue is waiting for another task?",
                "`lab run starved-pool` shows it: one task per pool thread in `performAndWait`, a queue waiting for a task, and nothing runs again. `await context.perform { ... }` suspends the task instead, and gives its thread back.",
                "The closure of `perform` is `@Sendable`: it may capture the context (a context is `Sendable`) and the timestamps (values), it may throw, and it may return the count.",
                "Replace `try context.performAndWait {` with `try await context.perform {` in both methods, and keep the bodies as they are.",
            ],
            shippedFingerprint: 0x4c4d34cb21144dd8,
            checkExercise: { await BatchImporterChecker.check(BatchImporter.self) },
            checkSolution: { await BatchImporterChecker.check(Solution.BatchImporter.self) }
        ),
        Exercise(
            id: "merge-conflicts",
            title: "Pick the merge policy that keeps these values",
            goal: "Article 003's example. A context fetches a person (name \"Ann\", age 20, sex \"m\"). Then a batch update, which bypasses every context, sets age 30 and sex \"f\" in the store. Then the context sets name \"Anna\" and age 40, and saves. The app wants what each side meant: the context's name and age, and the batch's sex: \"Anna\", 40, \"f\". Pick the merge policy that gives exactly that.",
            file: "Tutorials/Workshop/Exercises/ProfileMergePolicy.swift",
            hints: [
                "With `.error` the save throws a merge conflict and writes nothing.",
                "The \"by property\" policies compare attribute by attribute and only decide the attributes both sides changed; `.overwrite` and `.rollback` take one side whole.",
                "Both sides changed age, and the context's 40 must win: the object (in memory) trumps.",
            ],
            shippedFingerprint: 0xffdaed70bd76bbfa,
            checkExercise: { await ProfileMergePolicyChecker.check(ProfileMergePolicy.self) },
            checkSolution: { await ProfileMergePolicyChecker.check(Solution.ProfileMergePolicy.self) }
        ),
        Exercise(
            id: "change-merging",
            title: "Let the view context see background saves",
            goal: "The list on screen shows items fetched by the view context. A background context imports new counts and saves, but the list keeps showing the old ones: the view context's objects are never told. Make `prepare(_:)` set up the view context so that other contexts' saves reach it.",
            file: "Tutorials/Workshop/Exercises/MainContextMerging.swift",
            hints: [
                "A context does not watch the store. Saves elsewhere reach it only if they are merged: by hand from `ModelContext.didSave`, or automatically.",
                "Core Data has had a property for the automatic way since iOS 10; so does ModelContext.",
                "`mainContext.automaticallyMergesChangesFromParent = true`.",
            ],
            shippedFingerprint: 0xc0437ad564e0cf76,
            checkExercise: { await MainContextMergingChecker.check(MainContextMerging.self) },
            checkSolution: { await MainContextMergingChecker.check(Solution.MainContextMerging.self) }
        ),
        Exercise(
            id: "list-that-does-not-update",
            title: "Make the list follow background saves and batch requests",
            goal: "The list on screen is a `ResultsObserver` on the view context, the role `@Query` plays in SwiftUI: it fetches again whenever its context saves, merges, refreshes or resets. A background context adds and renames items, and `markDone` marks items done with a batch request, but the list never changes: the view context merges nothing, so the observer has nothing to follow. Make `prepare(_:)` set up the view context so that other contexts' saves reach the list, and make `markDone(_:in:mainContext:)` bring its batch request's changes to the list too.",
            file: "Tutorials/Workshop/Exercises/ItemListUpdates.swift",
            hints: [
                "The observer is not broken: it follows its context, and the context shows only what it merges. A save made by another context reaches it only when merged, by hand or automatically.",
                "Set `mainContext.automaticallyMergesChangesFromParent = true` in `prepare(_:)`: every other context's save is then merged on the main queue right after it commits, and the list fetches again.",
                "A batch request bypasses every context, even one that merges automatically (`lab run list-that-does-not-update`, lane 2). Keep the request's result: by default it carries the identifiers of the rows it changed.",
                "Merge them by hand after `execute`: `ModelContext.mergeChanges(fromRemoteContextSave: .init(updated: Set(result.identifiers ?? [])), into: [mainContext])`.",
            ],
            shippedFingerprint: 0xbedb2978149f8056,
            checkExercise: { await ItemListUpdatesChecker.check(ItemListUpdates.self) },
            checkSolution: { await ItemListUpdatesChecker.check(Solution.ItemListUpdates.self) }
        ),
        Exercise(
            id: "widget-change",
            title: "Bring the widget's changes into the app's list through history",
            goal: "The app's list is a `ResultsObserver` on the view context, which merges automatically. A widget, another process, adds, renames and deletes items in the same store file, and the list never changes: automatic merging follows the saves of this container's own contexts, and a commit from another process is not one of them. The app is told that the store changed (its remote-change notification), and then calls `mergeRemoteChanges(after:into:)` with the token it kept. Fetch the history after that token, skip the app's own transactions (author `Self.appAuthor`, \"app\": the view context merged them already), merge the rest into the view context, and return the token to keep for the next call.",
            file: "Tutorials/Workshop/Exercises/RemoteChangeMerger.swift",
            hints: [
                "`automaticallyMergesChangesFromParent` merges the saves of this container's own contexts. The widget is another process: its commit reaches the store file, and no context hears of it (`lab run widget-change`, lane 1). The store's persistent history does: every commit, its author, and what it inserted, updated and deleted.",
                "`mainContext.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > token }))` returns the transactions after the token, oldest first. Add `&& $0.author != appAuthor`, with `let appAuthor = Self.appAuthor` first (a predicate captures values, not `Self`).",
                "Put each change's `changedPersistentIdentifier` in a `ModelContext.Changes` (`.insert` in `inserted`, `.update` in `updated`, `.delete` in `deleted`), then call `mainContext.mergeChanges(fromContextDidSave: changes)`: you are on the main queue already, and the list follows its context.",
                "Return `transactions.last?.token ?? token`: the next call then starts after the newest transaction you merged, and never merges it twice.",
            ],
            shippedFingerprint: 0x07d4fd0e88611e0b,
            checkExercise: { await RemoteChangeMergerChecker.check(RemoteChangeMerger.self) },
            checkSolution: { await RemoteChangeMergerChecker.check(Solution.RemoteChangeMerger.self) }
        ),
        Exercise(
            id: "deleted-model",
            title: "Keep the trip's screen alive when the trip is deleted",
            goal: "The trip's screen is a view model on the MainActor, opened on the model the list fetched on the main context, as a SwiftUI list hands its row's model to the detail view. It keeps that model and reads it again in `reload(on:)`. A background context then deletes the trip and saves; the main context merges the deletion (it merges every save) and invalidates the trip model the screen still holds: the next reload stops the process (\"This model instance was invalidated\"). Make the screen hold what cannot go stale, and read the trip again by its identifier, so that it shows the trip gone instead of crashing.",
            file: "Tutorials/Workshop/Exercises/TripDetail.swift",
            hints: [
                "A model is safe only on its context's queue, and only while its row exists. Merged, the deletion removes the trip from the main context and invalidates the model the screen holds: reading any of its properties stops the process (`lab run deleted-model`, lane 2).",
                "Keep what never goes stale: the trip's `persistentModelID`, a `Sendable` value, and the values the screen shows, copied in `init` while the model is fresh. Keep no model.",
                "In `reload(on:)`, look the trip up again by identifier: `context.existingModel(for: tripID, as: Trip.self)` loads it. After the merged deletion it throws: the trip is no longer registered in the context and its row is gone. Show nothing then.",
                "Store `tripID`, `title` and `stopTitles`. In `reload(on:)`: `let trip = try? context.existingModel(for: tripID, as: Trip.self)`, then `title = trip?.name` and `stopTitles = trip?.stops.sorted { $0.position < $1.position }.map { $0.title } ?? []`.",
            ],
            shippedFingerprint: 0x5e7c0f5c86a76271,
            checkExercise: { await TripDetailChecker.check(TripDetail.self) },
            checkSolution: { await TripDetailChecker.check(Solution.TripDetail.self) }
        ),
        Exercise(
            id: "relationship-faults",
            title: "Load the trips list with its stops prefetched, in the background",
            goal: "The trips list shows every trip with its stops' titles, one `TripRow` per trip. `loadTrips` makes the rows on the main context: it fetches the trips, and `TripRow(trip)` reads each trip's stops. A relationship is a fault until touched, so that is one read of the store for the trips, one per trip for its stops and one per stop (N+1), all on the main queue, the one that draws the UI. Read every trip's stops with the fetch, in a background context, and hand the list the rows: values, not models.",
            file: "Tutorials/Workshop/Exercises/TripListLoader.swift",
            hints: [
                "Count the reads: `container.readCount` before and after `loadTrips`. Faulting, 40 trips of 5 stops take 1 + 40 + 200 reads; `lab run relationship-faults` shows 4,201 for 200 trips of 20 stops.",
                "`descriptor.relationshipKeyPathsForPrefetching = [\\Trip.stops]` reads every trip's stops with the fetch: the trips, then their stops in one more read per 500 trips at most, however many stops (2 reads for 40 trips).",
                "Then take the work off the main queue: drop `@MainActor`, fetch in a private-queue context (`container.newBackgroundContext()` and its `perform`, or `container.performBackgroundTask`), make the rows there and return them: a `TripRow` is `Sendable`, a `Trip` is not.",
                "`let context = container.newBackgroundContext()`, then `return try await context.perform { [descriptor] in try context.fetch(descriptor).map(TripRow.init) }`.",
            ],
            shippedFingerprint: 0x3dcc490417f15a6c,
            checkExercise: { await TripListLoaderChecker.check(TripListLoader.self) },
            checkSolution: { await TripListLoaderChecker.check(Solution.TripListLoader.self) }
        ),
        Exercise(
            id: "edit-scratchpad",
            title: "Give the edit sheet a scratchpad of its own",
            goal: "The edit sheet renames an item by editing the main context's own model: the list behind it shows every keystroke, and Cancel calls `rollback()`, which also throws away the item the user added on the main screen and has not saved. Make the sheet edit a scratchpad of its own: Cancel must leave the main context as it was, and Save must hand the edit to the main context (the app saves the main context itself).",
            file: "Tutorials/Workshop/Exercises/ItemEditSheet.swift",
            hints: [
                "Core Data's answer to \"edits I may throw away\" is a context whose parent is the main context: it sees what the main context holds, and its save goes into the main context only.",
                "`ModelContext(parent: mainContext, concurrencyType: .mainQueue)`; look the item up in it.",
                "Save saves that child context; Cancel does nothing: the child goes away with the sheet.",
            ],
            shippedFingerprint: 0xef21448a31716c6e,
            checkExercise: { await ItemEditSheetChecker.check(ItemEditSheet.self) },
            checkSolution: { await ItemEditSheetChecker.check(Solution.ItemEditSheet.self) }
        ),
        Exercise(
            id: "private-parent-stack",
            title: "Write the store off the main queue, behind a private writer",
            goal: "The app's views insert into `viewContext`, and `save()` writes what they changed to the store. Today `viewContext` is the main context, so the store is written on the main queue and the UI freezes for as long as the file takes. Keep `viewContext` on the main queue, but make the store be written on a private queue.",
            file: "Tutorials/Workshop/Exercises/AppStack.swift",
            hints: [
                "A child context's save only pushes its changes into its parent; the parent's save writes the store, on the parent's queue.",
                "Make a private context the root (`ModelContext(container, concurrencyType: .privateQueue)`) and `viewContext` its child on the main queue (`ModelContext(parent:concurrencyType:)`).",
                "`save()` saves `viewContext` (into the writer), then `try await writer.perform { try writer.save() }`.",
            ],
            shippedFingerprint: 0xe0951463c9b2697e,
            checkExercise: { await AppStackChecker.check(AppStack.self) },
            checkSolution: { await AppStackChecker.check(Solution.AppStack.self) }
        ),
        Exercise(
            id: "nested-deadlock",
            title: "Stop the parent's queue from waiting for its child",
            goal: "`refresh(_:from:)` runs on a parent context's queue and asks its child to refresh its objects, waiting for it with `performAndWait`. A child reads through its parent, on the parent's queue: if the child's queue is busy with a fetch at that moment, each queue waits for the other and the app freezes for good, in some orders only. Make the child refresh without the parent's queue waiting for it.",
            file: "Tutorials/Workshop/Exercises/ChildRefresher.swift",
            hints: [
                "The cycle needs both halves: the child's fetch waits for the parent's queue (you cannot change that), and the parent's queue waits for the child's (you can).",
                "`perform` schedules a block on the context's queue and returns at once.",
                "`child.perform { child.refreshAllObjects() }`.",
            ],
            shippedFingerprint: 0x91c3719a17d7cc1d,
            checkExercise: { await ChildRefresherChecker.check(ChildRefresher.self) },
            checkSolution: { await ChildRefresherChecker.check(Solution.ChildRefresher.self) }
        ),
        Exercise(
            id: "background-storage",
            title: "Write the Storage actor of article 004",
            goal: "The app talks to its data only through `Storage` and gets `DomainItem`s back, as article 004 recommends. But this storage works on the container's main context, so an import of a thousand items keeps the main queue, the one that draws the UI, busy from start to end. Turn it into a model actor with a private queue of its own. Its methods may stay as they are.",
            file: "Tutorials/Workshop/Exercises/ItemsStorage.swift",
            hints: [
                "`@MainModelActor` makes a MainActor class that works on `container.mainContext`.",
                "`@BackgroundModelActor` makes an actor whose context, and so whose every method, runs on a private queue; callers `await` it and get `Sendable` values back.",
                "Article 004 writes `@ModelActor`, but the app makes the storage at launch, on the MainActor, where a `@ModelActor` takes the main queue (`lab run background-storage` measures it).",
                "Replace `@MainModelActor final class ItemsStorage` with `@BackgroundModelActor actor ItemsStorage`.",
            ],
            shippedFingerprint: 0x1fe68b9cea1de48c,
            checkExercise: { await ItemsStorageChecker.check(ItemsStorage.self) },
            checkSolution: { await ItemsStorageChecker.check(Solution.ItemsStorage.self) }
        ),
        Exercise(
            id: "reads-during-import",
            title: "Keep the list drawing while the import saves",
            goal: "The import already runs on a background context, as articles 003 and 004 advise. But the list on screen freezes anyway: this store opens with `readers: 0`, so the main context's fetch shares the writer's connection and waits for the whole save in progress. And each frame reads twice, a count for its header and then the newest rows, so a save that commits between the two reads shows a header that disagrees with its rows. Give the store readers beside its writer, and make every frame read one committed state.",
            file: "Tutorials/Workshop/Exercises/ItemListStore.swift",
            hints: [
                "A file store has one writer connection; `readers` is how many connections read beside it. With none, a fetch takes turns with the save in progress (`lab run reads-during-import`, lane 1).",
                "Readers unfreeze the list but each read still sees the latest commit, so a frame can still straddle a save. Core Data pins a context's reads with a query generation; `ModelContext.queryGeneration` does the same, until the context saves, merges, is reset or is pinned again.",
                "Pin at the start of every frame, not once: each frame then shows one state, and the next frame moves on to the latest.",
                "Open the store with `.file(url)` (4 readers by default), and write `mainContext.queryGeneration = .current` in `prepareFrame(_:)`.",
            ],
            shippedFingerprint: 0x007af2de0d85452a,
            checkExercise: { await ItemListStoreChecker.check(ItemListStore.self) },
            checkSolution: { await ItemListStoreChecker.check(Solution.ItemListStore.self) }
        ),
        Exercise(
            id: "compiler-lessons",
            title: "Return Sendable values, not models",
            goal: "`NewestItemFinder` returned an `Item`, and Swift 6 refused to compile the caller: \"non-sendable type 'Item' returned by implicitly asynchronous call to actor-isolated function cannot cross actor boundary\". Someone silenced the compiler with `ItemBox`, an `@unchecked Sendable` box. It compiles, and the caller now reads the item off the actor's queue: the very data race the compiler was warning about. Return a `Sendable` value instead, and delete the box.",
            file: "Tutorials/Workshop/Exercises/NewestItemReport.swift",
            hints: [
                "`@unchecked Sendable` is a promise that something else guards the value. Nothing does: `box.item.timestamp` runs on the caller's thread.",
                "Read what the caller needs while still on the actor, and return a copy: article 004's `DomainItem(item)` is `Sendable`, and so are `Date` and `PersistentIdentifier`.",
                "Make `newestItem()` return `DomainItem?` (`items.first.map(DomainItem.init)`), and read `.timestamp` from that.",
            ],
            shippedFingerprint: 0x407b1084a1da2d3e,
            checkExercise: { await NewestItemReportChecker.check(NewestItemReport.self) },
            checkSolution: { await NewestItemReportChecker.check(Solution.NewestItemReport.self) }
        ),
    ]

    /// The exercise called `id`, if there is one.
    public static func exercise(id: String) -> Exercise? {
        all.first { $0.id == id }
    }
}
