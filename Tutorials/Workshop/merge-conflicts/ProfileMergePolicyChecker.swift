import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: a merge policy.
protocol MergePolicyChoosing {
    static var policy: MergePolicy { get }
}

/// Plays article 003's interleaving with the chosen policy and compares the stored person with
/// what each side meant.
///
/// ```
/// // context                          batch update (no context)
/// // fetch Ann, 20, "m"
/// //                                  age = 30, sex = "f"
/// // name = "Anna", age = 40; save
/// ```
enum ProfileMergePolicyChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "merge-conflicts",
        title: "Pick the merge policy that keeps these values",
        goal: "Article 003's example. A context fetches a person (name \"Ann\", age 20, sex \"m\"). Then a batch update, which bypasses every context, sets age 30 and sex \"f\" in the store. Then the context sets name \"Anna\" and age 40, and saves. The app wants what each side meant: the context's name and age, and the batch's sex: \"Anna\", 40, \"f\". Pick the merge policy that gives exactly that.",
        file: "Tutorials/Workshop/merge-conflicts/ProfileMergePolicy.swift",
        exerciseCheck: "ProfileMergePolicyChecker.check(ProfileMergePolicy.self)",
        checkSolution: { await ProfileMergePolicyChecker.check(Solution.ProfileMergePolicy.self) }
    )

    static func check<Choice: MergePolicyChoosing>(_ choice: Choice.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Person.self, configuration: .inMemory)
            let context = container.newBackgroundContext()
            context.mergePolicy = Choice.policy
            let person = try context.performAndWait {
                let person = Person(name: "Ann", age: 20, sex: "m")
                context.insert(person)
                try context.save()
                return person
            }
            try container.execute(BatchUpdateRequest<Person>(predicate: nil, propertiesToUpdate: ["age": 30, "sex": "f"]))

            var findings: [String] = []
            do {
                try context.runAndWait {
                    person.name = "Anna"
                    person.age = 40
                    try context.save()
                }
            } catch {
                findings.append("The save threw \(type(of: error)) and wrote nothing: with this policy a conflict "
                    + "is reported, not resolved.")
            }

            let reader = container.newBackgroundContext()
            let stored = try reader.performAndWait {
                try reader.fetch(FetchDescriptor<Person>()).first.map { ($0.name, $0.age, $0.sex) }
            }
            guard let (name, age, sex) = stored else {
                return findings + ["The person is gone from the store."]
            }
            if name != "Anna" {
                findings.append("The stored name is \"\(name)\": the context's change to \"Anna\" was lost.")
            }
            if age != 40 {
                findings.append("The stored age is \(age): both sides changed it, and the context's 40 should win.")
            }
            if sex != "f" {
                findings.append("The stored sex is \"\(sex)\": the batch update's \"f\" was lost, because the policy "
                    + "wrote back every attribute from memory, even the one the context never changed.")
            }
            return findings
        } catch {
            return [finding(for: error, in: "Playing article 003's conflict")]
        }
    }
}
