// Workshop exercise: Let the view context see background saves
// Lesson change-merging (`swift run lab run change-merging`), article 003.
//
// The list on screen shows items fetched by the view context. A background context imports new
// counts and saves, but the list keeps showing the old ones: the view context's objects are never
// told. Make `prepare(_:)` set up the view context so that other contexts' saves reach it.
//
// Check your work:  swift run lab workshop change-merging
//
// Hint 1: A context does not watch the store. Saves elsewhere reach it only if they are merged:
//         by hand from `ModelContext.didSave`, or automatically.
// Hint 2: Core Data has had a property for the automatic way since iOS 10; so does ModelContext.
// Hint 3: `mainContext.automaticallyMergesChangesFromParent = true`.

import PersistenceCore

/// Sets up the main context when the app starts.
struct MainContextMerging: MainContextPreparing {
    @MainActor
    func prepare(_ mainContext: ModelContext) {
        // The main context only hears about other contexts' saves if it is asked to.
    }
}
