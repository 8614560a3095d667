/// Every workshop exercise, in course order (the lesson catalog's): one per lesson, with the
/// lesson's id. `lab workshop` and the workshop
/// tests read this list.
///
/// Each exercise's hints are written once, in its file (see `HintComments`); `shippedFingerprint`
/// is the file's FNV-1a as shipped (`Scripts/tutorials/exercise-fingerprints.py` prints them after
/// a deliberate change, and `WorkshopCheckerTests` fails while a committed file differs from it).
public enum WorkshopCatalog {
    /// The exercises, in the order a learner meets them.
    public static let all: [Exercise] = [
        Exercise(
            id: "wrong-queue-mutation",
            title: "Fix this wrong-queue mutation",
            goal: "`setCount(_:of:in:)` is called from a background thread, but `item` belongs to `context`, a private-queue context. Today the write lands on the caller's thread: it \"works\", and it is a data race. Make the write happen on the context's queue.",
            file: "Tutorials/Workshop/wrong-queue-mutation/CountUpdater.swift",
            shippedFingerprint: 0x18eca75f79b05264,
            exerciseCheck: "CountUpdaterChecker.check(CountUpdater.self)",
            checkSolution: { await CountUpdaterChecker.check(Solution.CountUpdater.self) }
        ),
        Exercise(
            id: "task-vs-detached",
            title: "Make the import context private",
            goal: "A SwiftUI button (MainActor code) asks for a context to run a long import in. The code below creates it inside `Task {}`, so it still gets a main-queue context, and the import would freeze the UI. Make `makeImportContext(for:)` return a context with a private queue.",
            file: "Tutorials/Workshop/task-vs-detached/ImportContextMaker.swift",
            shippedFingerprint: 0x1728dfe304099743,
            exerciseCheck: "ImportContextMakerChecker.check(ImportContextMaker.self)",
            checkSolution: { await ImportContextMakerChecker.check(Solution.ImportContextMaker.self) }
        ),
        Exercise(
            id: "nonisolated-async",
            title: "Make the import helper leave the MainActor that calls it",
            goal: "A button (MainActor code) calls `importItems(_:)`. The helper makes a context of its own \"to work in the background\" and does the work in its `perform`. But the method is `nonisolated(nonsending)`, what Swift 6.2 makes of an unannotated async function in a new Xcode project: it runs on its caller's actor. Called from the button, it runs on the MainActor, `ModelContext(container)` made there is a main-queue context, and the whole import holds the main queue, the one that draws the UI. Make the import run off the main queue when the MainActor calls it.",
            file: "Tutorials/Workshop/nonisolated-async/ItemImportService.swift",
            shippedFingerprint: 0xaeec2d64312e1b62,
            exerciseCheck: "ItemImportServiceChecker.check(ItemImportService.self)",
            checkSolution: { await ItemImportServiceChecker.check(Solution.ItemImportService.self) }
        ),
        Exercise(
            id: "id-passing",
            title: "Pass identifiers between two actors",
            goal: "`ItemInserter` creates an item on its own context; `ItemCounter`, another model actor, must then update that item. A model cannot cross from one actor to the other (the compiler says so), so the inserter hands over the item's `PersistentIdentifier`. Two mistakes keep the counter from ever finding the item. Find and fix both.",
            file: "Tutorials/Workshop/id-passing/ItemHandoff.swift",
            shippedFingerprint: 0x8d14db83f7cf3df6,
            exerciseCheck: "ItemHandoffChecker.check(ItemInserter.self, ItemCounter.self)",
            checkSolution: { await ItemHandoffChecker.check(Solution.ItemInserter.self, Solution.ItemCounter.self) }
        ),
        Exercise(
            id: "model-actor-executor",
            title: "Run the actor on its context's queue",
            goal: "Article 001 builds a custom executor so that an actor's methods run where its context's models may be touched. This one is article 001's first `CustomExecutor`: it runs every job on a serial queue of its own. Serial, so no two jobs overlap, but it is not the context's queue, and every model access in the actor is a wrong-queue access. Make the executor run jobs on the context's queue.",
            file: "Tutorials/Workshop/model-actor-executor/ItemContextExecutor.swift",
            shippedFingerprint: 0xd933999279037cb9,
            exerciseCheck: "ItemContextExecutorChecker.check(ItemContextExecutor.self)",
            checkSolution: { await ItemContextExecutorChecker.check(Solution.ItemContextExecutor.self) }
        ),
        Exercise(
            id: "actor-reentrancy",
            title: "Keep every point when the actor awaits",
            goal: "`ScoreKeeper` adds points to an item's count once a referee confirms them. Two calls that overlap sometimes lose points: not always, so a test that runs it once may pass. Make every point count in every order the runtime could run the two calls, and keep the referee's confirmation before the points are added. The checker runs the two calls in every schedule and prints the first one that loses points.",
            file: "Tutorials/Workshop/actor-reentrancy/ScoreKeeper.swift",
            shippedFingerprint: 0x7e1ad0aba8f4d6d5,
            exerciseCheck: "ScoreKeeperChecker.check(ScoreKeeper.self)",
            checkSolution: { await ScoreKeeperChecker.check(Solution.ScoreKeeper.self) }
        ),
        Exercise(
            id: "wrong-context-queue",
            title: "Reset the view context from a background task",
            goal: "A background task calls `discardEdits(in:)` when the user cancels: the view context must forget its unsaved changes. Today it calls `reset()` right where it runs, off the main queue, which is exactly what `-com.apple.CoreData.ConcurrencyDebug 1` stops. Do it on the main queue.",
            file: "Tutorials/Workshop/wrong-context-queue/MainContextResetter.swift",
            shippedFingerprint: 0x59e9831cf340d45e,
            exerciseCheck: "MainContextResetterChecker.check(MainContextResetter.self)",
            checkSolution: { await MainContextResetterChecker.check(Solution.MainContextResetter.self) }
        ),
        Exercise(
            id: "starved-pool",
            title: "Await the context's queue instead of blocking a thread for it",
            goal: "An import saves its items in batches from several tasks at once (a task group), and each task counts the items to report progress. Both helpers wrap their work in `context.performAndWait`, which blocks the task's thread until the context's queue has run the block. Tasks run on Swift's cooperative pool, one thread per core: with one such task per thread while the queue waits for something only a task can do, nothing ever runs again. Make both helpers wait for the queue without holding a thread.",
            file: "Tutorials/Workshop/starved-pool/BatchImporter.swift",
            shippedFingerprint: 0x4c4d34cb21144dd8,
            exerciseCheck: "BatchImporterChecker.check(BatchImporter.self)",
            checkSolution: { await BatchImporterChecker.check(Solution.BatchImporter.self) }
        ),
        Exercise(
            id: "merge-conflicts",
            title: "Pick the merge policy that keeps these values",
            goal: "Article 003's example. A context fetches a person (name \"Ann\", age 20, sex \"m\"). Then a batch update, which bypasses every context, sets age 30 and sex \"f\" in the store. Then the context sets name \"Anna\" and age 40, and saves. The app wants what each side meant: the context's name and age, and the batch's sex: \"Anna\", 40, \"f\". Pick the merge policy that gives exactly that.",
            file: "Tutorials/Workshop/merge-conflicts/ProfileMergePolicy.swift",
            shippedFingerprint: 0xffdaed70bd76bbfa,
            exerciseCheck: "ProfileMergePolicyChecker.check(ProfileMergePolicy.self)",
            checkSolution: { await ProfileMergePolicyChecker.check(Solution.ProfileMergePolicy.self) }
        ),
        Exercise(
            id: "change-merging",
            title: "Let the view context see background saves",
            goal: "The list on screen shows items fetched by the view context. A background context imports new counts and saves, but the list keeps showing the old ones: the view context's objects are never told. Make `prepare(_:)` set up the view context so that other contexts' saves reach it.",
            file: "Tutorials/Workshop/change-merging/MainContextMerging.swift",
            shippedFingerprint: 0xc0437ad564e0cf76,
            exerciseCheck: "MainContextMergingChecker.check(MainContextMerging.self)",
            checkSolution: { await MainContextMergingChecker.check(Solution.MainContextMerging.self) }
        ),
        Exercise(
            id: "list-that-does-not-update",
            title: "Make the list follow background saves and batch requests",
            goal: "The list on screen is a `ResultsObserver` on the view context, the role `@Query` plays in SwiftUI: it fetches again whenever its context saves, merges, refreshes or resets. A background context adds and renames items, and `markDone` marks items done with a batch request, but the list never changes: the view context merges nothing, so the observer has nothing to follow. Make `prepare(_:)` set up the view context so that other contexts' saves reach the list, and make `markDone(_:in:mainContext:)` bring its batch request's changes to the list too.",
            file: "Tutorials/Workshop/list-that-does-not-update/ItemListUpdates.swift",
            shippedFingerprint: 0x5be9721872953012,
            exerciseCheck: "ItemListUpdatesChecker.check(ItemListUpdates.self)",
            checkSolution: { await ItemListUpdatesChecker.check(Solution.ItemListUpdates.self) }
        ),
        Exercise(
            id: "widget-change",
            title: "Bring the widget's changes into the app's list through history",
            goal: "The app's list is a `ResultsObserver` on the view context, which merges automatically. A widget, another process, adds, renames and deletes items in the same store file, and the list never changes: automatic merging follows the saves of this container's own contexts, and a commit from another process is not one of them. The app is told that the store changed (its remote-change notification), and then calls `mergeRemoteChanges(after:into:)` with the token it kept. Fetch the history after that token, skip the app's own transactions (author `Self.appAuthor`, \"app\": the view context merged them already), merge the rest into the view context, and return the token to keep for the next call.",
            file: "Tutorials/Workshop/widget-change/RemoteChangeMerger.swift",
            shippedFingerprint: 0x07d4fd0e88611e0b,
            exerciseCheck: "RemoteChangeMergerChecker.check(RemoteChangeMerger.self)",
            checkSolution: { await RemoteChangeMergerChecker.check(Solution.RemoteChangeMerger.self) }
        ),
        Exercise(
            id: "deleted-model",
            title: "Keep the trip's screen alive when the trip is deleted",
            goal: "The trip's screen is a view model on the MainActor, opened on the model the list fetched on the main context, as a SwiftUI list hands its row's model to the detail view. It keeps that model and reads it again in `reload(on:)`. A background context then deletes the trip and saves; the main context merges the deletion (it merges every save) and invalidates the trip model the screen still holds: the next reload stops the process (\"This model instance was invalidated\"). Make the screen hold what cannot go stale, and read the trip again by its identifier, so that it shows the trip gone instead of crashing.",
            file: "Tutorials/Workshop/deleted-model/TripDetail.swift",
            shippedFingerprint: 0x74e803bfe12c775e,
            exerciseCheck: "TripDetailChecker.check(TripDetail.self)",
            checkSolution: { await TripDetailChecker.check(Solution.TripDetail.self) }
        ),
        Exercise(
            id: "relationship-faults",
            title: "Load the trips list with its stops prefetched, in the background",
            goal: "The trips list shows every trip with its stops' titles, one `TripRow` per trip. `loadTrips` makes the rows on the main context: it fetches the trips, and `TripRow(trip)` reads each trip's stops. A relationship is a fault until touched, so that is one read of the store for the trips, one per trip for its stops and one per stop (N+1), all on the main queue, the one that draws the UI. Read every trip's stops with the fetch, in a background context, and hand the list the rows: values, not models.",
            file: "Tutorials/Workshop/relationship-faults/TripListLoader.swift",
            shippedFingerprint: 0x3dcc490417f15a6c,
            exerciseCheck: "TripListLoaderChecker.check(TripListLoader.self)",
            checkSolution: { await TripListLoaderChecker.check(Solution.TripListLoader.self) }
        ),
        Exercise(
            id: "edit-scratchpad",
            title: "Give the edit sheet a scratchpad of its own",
            goal: "The edit sheet renames an item by editing the main context's own model: the list behind it shows every keystroke, and Cancel calls `rollback()`, which also throws away the item the user added on the main screen and has not saved. Make the sheet edit a scratchpad of its own: Cancel must leave the main context as it was, and Save must hand the edit to the main context (the app saves the main context itself).",
            file: "Tutorials/Workshop/edit-scratchpad/ItemEditSheet.swift",
            shippedFingerprint: 0x9ae9270cf326e95f,
            exerciseCheck: "ItemEditSheetChecker.check(ItemEditSheet.self)",
            checkSolution: { await ItemEditSheetChecker.check(Solution.ItemEditSheet.self) }
        ),
        Exercise(
            id: "private-parent-stack",
            title: "Write the store off the main queue, behind a private writer",
            goal: "The app's views insert into `viewContext`, and `save()` writes what they changed to the store. Today `viewContext` is the main context, so the store is written on the main queue and the UI freezes for as long as the file takes. Keep `viewContext` on the main queue, but make the store be written on a private queue.",
            file: "Tutorials/Workshop/private-parent-stack/AppStack.swift",
            shippedFingerprint: 0x0a9c91a5b0e6e22c,
            exerciseCheck: "AppStackChecker.check(AppStack.self)",
            checkSolution: { await AppStackChecker.check(Solution.AppStack.self) }
        ),
        Exercise(
            id: "nested-deadlock",
            title: "Stop the parent's queue from waiting for its child",
            goal: "`refresh(_:from:)` runs on a parent context's queue and asks its child to refresh its objects, waiting for it with `performAndWait`. A child reads through its parent, on the parent's queue: if the child's queue is busy with a fetch at that moment, each queue waits for the other and the app freezes for good, in some orders only. Make the child refresh without the parent's queue waiting for it.",
            file: "Tutorials/Workshop/nested-deadlock/ChildRefresher.swift",
            shippedFingerprint: 0x91c3719a17d7cc1d,
            exerciseCheck: "ChildRefresherChecker.check(ChildRefresher.self)",
            checkSolution: { await ChildRefresherChecker.check(Solution.ChildRefresher.self) }
        ),
        Exercise(
            id: "background-storage",
            title: "Write the Storage actor of article 004",
            goal: "The app talks to its data only through `Storage` and gets `DomainItem`s back, as article 004 recommends. But this storage works on the container's main context, so an import of a thousand items keeps the main queue, the one that draws the UI, busy from start to end. Turn it into a model actor with a private queue of its own. Its methods may stay as they are.",
            file: "Tutorials/Workshop/background-storage/ItemsStorage.swift",
            shippedFingerprint: 0xd1965768a808df35,
            exerciseCheck: "ItemsStorageChecker.check(ItemsStorage.self)",
            checkSolution: { await ItemsStorageChecker.check(Solution.ItemsStorage.self) }
        ),
        Exercise(
            id: "reads-during-import",
            title: "Keep the list drawing while the import saves",
            goal: "The import already runs on a background context, as articles 003 and 004 advise. But the list on screen freezes anyway: this store opens with `readers: 0`, so the main context's fetch shares the writer's connection and waits for the whole save in progress. And each frame reads twice, a count for its header and then the newest rows, so a save that commits between the two reads shows a header that disagrees with its rows. Give the store readers beside its writer, and make every frame read one committed state.",
            file: "Tutorials/Workshop/reads-during-import/ItemListStore.swift",
            shippedFingerprint: 0x007af2de0d85452a,
            exerciseCheck: "ItemListStoreChecker.check(ItemListStore.self)",
            checkSolution: { await ItemListStoreChecker.check(Solution.ItemListStore.self) }
        ),
        Exercise(
            id: "list-of-everything",
            title: "Keep the list on the main context to a screenful",
            goal: "The import runs on a private queue and saves 2,000 items at once, as article 004 advises. But the list on screen, a `ResultsObserver` on SwiftData's main context, observes every item: the main context merges the save by itself, on the main queue, and the list fetches every row again there, making a model for each. A screen shows 100 rows. Make the list's descriptor ask for those only, still oldest first.",
            file: "Tutorials/Workshop/list-of-everything/ItemListQuery.swift",
            shippedFingerprint: 0xe54c8b3da37a4aa6,
            exerciseCheck: "ItemListQueryChecker.check(ItemListQuery.self)",
            checkSolution: { await ItemListQueryChecker.check(Solution.ItemListQuery.self) }
        ),
        Exercise(
            id: "compiler-lessons",
            title: "Return Sendable values, not models",
            goal: "`NewestItemFinder` returned an `Item`, and Swift 6 refused to compile the caller: \"non-sendable type 'Item' returned by implicitly asynchronous call to actor-isolated function cannot cross actor boundary\". Someone silenced the compiler with `ItemBox`, an `@unchecked Sendable` box. It compiles, and the caller now reads the item off the actor's queue: the very data race the compiler was warning about. Return a `Sendable` value instead, and delete the box.",
            file: "Tutorials/Workshop/compiler-lessons/NewestItemReport.swift",
            shippedFingerprint: 0xcd405174665fa741,
            exerciseCheck: "NewestItemReportChecker.check(NewestItemReport.self)",
            checkSolution: { await NewestItemReportChecker.check(Solution.NewestItemReport.self) }
        ),
    ]

    /// The exercise called `id`, if there is one.
    public static func exercise(id: String) -> Exercise? {
        all.first { $0.id == id }
    }
}
