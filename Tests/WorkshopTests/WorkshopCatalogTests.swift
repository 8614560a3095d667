import Testing
import Workshop

@Suite("The workshop catalog")
struct WorkshopCatalogTests {
    /// The scenario ids in course order; ScenariosTests checks the scenario catalog has the same.
    static let scenarioIDs = [
        "wrong-queue-mutation", "wrong-context-queue", "task-vs-detached", "model-actor-executor",
        "id-passing", "merge-conflicts", "change-merging", "background-storage", "compiler-lessons",
    ]

    @Test("One exercise per scenario, in course order, with unique ids")
    func onePerScenario() {
        #expect(WorkshopCatalog.all.map(\.scenarioID) == Self.scenarioIDs)
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
