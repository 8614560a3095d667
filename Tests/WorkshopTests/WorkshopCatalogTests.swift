import Testing
import Workshop

@Suite("The workshop catalog")
struct WorkshopCatalogTests {
    /// The order, one exercise per lesson of the lesson catalog, is LabTests' `oneOrder` (this
    /// target does not link the lessons).
    @Test("No two exercises share an id")
    func uniqueIDs() {
        #expect(Set(WorkshopCatalog.all.map(\.id)).count == WorkshopCatalog.all.count)
    }

    @Test("Every exercise has a title, a goal and a file in its lesson's folder")
    func complete() throws {
        for exercise in WorkshopCatalog.all {
            #expect(!exercise.title.isEmpty && !exercise.goal.isEmpty, "\(exercise.id)")
            #expect(exercise.file.hasPrefix("Tutorials/Workshop/\(exercise.id)/"), "\(exercise.id)")
            #expect(try !ExerciseFile.text(of: exercise).isEmpty)
            #expect(WorkshopCatalog.exercise(id: exercise.id)?.file == exercise.file)
        }
    }
}
