import Lessons

/// Every workshop exercise, in course order (the lesson catalog's): one per lesson, with the
/// lesson's id. `lab workshop` and the workshop tests read this list.
///
/// Each lesson's exercise is declared by its checker, in the lesson's folder
/// (`Tutorials/Workshop/<id>/<Name>Checker.swift`, `static let exercise`); the list of them and
/// the exercise files' fingerprints as shipped are written into `WorkshopCatalog+Folders.swift`
/// by `python3 Scripts/tutorials/sync-course.py`, which CI runs with `--check`. The hints are
/// written once, in each exercise file (see `HintComments`).
public enum WorkshopCatalog {
    /// The exercises, in the order a learner meets the lessons.
    public static let all: [Exercise] = LessonCatalog.infos.compactMap { info in
        exercisesInFolders.first { $0.id == info.id }
    }

    /// The exercise called `id`, if there is one.
    public static func exercise(id: String) -> Exercise? {
        all.first { $0.id == id }
    }
}
