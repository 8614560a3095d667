// Lesson: nonisolated-async. The compiler's view of where a helper runs.
// Compiled three times by the lesson: under Swift 6, under NonisolatedNonsendingByDefault, and
// under default MainActor isolation. A model shown on the MainActor may not leave it, so the
// compiler refuses to send it to a helper that runs elsewhere, and accepts it where the helper
// runs on the MainActor too:
// - rename(_:), unannotated: refused under Swift 6 (it runs on the global pool), accepted under
//   both Swift 6.2 settings (it runs on its caller's actor, or is MainActor-isolated);
// - renameConcurrently(_:), @concurrent: refused under all three (it always leaves the actor).
// Expected: error: sending 'shown' risks causing data races   (Swift 6 only)
// Expected: error: sending 'alsoShown' risks causing data races   (all three)
import PersistenceCore
import SampleModels

struct Renamer {
    func rename(_ item: Item) async { item.title = "renamed" }
    @concurrent func renameConcurrently(_ item: Item) async { item.title = "renamed" }
}

/// A button's action: two models the screen shows, renamed by the helper.
@MainActor
func renameButtonTapped(shown: Item, alsoShown: Item) async {
    await Renamer().rename(shown)
    await Renamer().renameConcurrently(alsoShown)
}
