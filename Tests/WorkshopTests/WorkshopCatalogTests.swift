import Testing
import Workshop

@Suite("The workshop catalog")
struct WorkshopCatalogTests {
    /// The lesson ids in course order; LabTests checks that the scenario catalog has the same.
    static let lessonIDs = [
        "wrong-queue-mutation", "task-vs-detached", "nonisolated-async", "id-passing", "model-actor-executor", "actor-reentrancy",
        "wrong-context-queue", "starved-pool", "merge-conflicts", "change-merging", "list-that-does-not-update",
        "widget-change", "deleted-model", "relationship-faults", "edit-scratchpad", "private-parent-stack", "nested-deadlock", "background-storage", "reads-during-import",
        "compiler-lessons",
    ]

    @Test("One exercise per lesson, with the lesson's id, in course order")
    func onePerLesson() {
        #expect(WorkshopCatalog.all.map(\.id) == Self.lessonIDs)
        #expect(Set(WorkshopCatalog.all.map(\.id)).count == WorkshopCatalog.all.count)
    }

    @Test("Every exercise has a title, a goal, a file in Exercises/ and hints")
    func complete() throws {
        for exercise in WorkshopCatalog.all {
            #expect(!exercise.title.isEmpty && !exercise.goal.isEmpty, "\(exercise.id)")
            #expect(exercise.file.hasPrefix("Tutorials/Workshop/Exercises/"), "\(exercise.id)")
            #expect(!exercise.hints.isEmpty, "\(exercise.id)")
            #expect(try !ExerciseFile.text(of: exercise).isEmpty)
            #expect(WorkshopCatalog.exercise(id: exercise.id)?.file == exercise.file)
        }
    }
}
