import Foundation
import PersistenceCore
import SampleModels

/// The exercise's contract: an edit sheet that renames one item, with Save and Cancel.
@MainActor
protocol ItemEditing: AnyObject {
    /// Opens the sheet on the item `id` names, for a list shown by `mainContext`.
    init(editing id: PersistentIdentifier, in mainContext: ModelContext) throws
    func rename(to title: String)
    /// Hands the edit to the main context (the app saves the main context itself).
    func save() throws
    /// Throws the edit away, and nothing else.
    func cancel()
}

/// The main context shows "bread" and "milk", and holds "apples", added on the main screen and
/// not saved. A sheet renames "milk" and is cancelled; another renames it and is saved.
///
/// ```
/// // main context (apples unsaved)        sheet
/// //                                      rename milk → oat milk
/// // list shows milk?                     cancel
/// // list shows milk, apples?
/// //                                      rename milk → oat milk; save
/// // list shows oat milk?
/// ```
enum ItemEditSheetChecker {
    /// The exercise this checker checks: what `lab workshop` shows, and the calls that check
    /// the learner's file and the reference solution.
    static let exercise = Exercise(
        id: "edit-scratchpad",
        title: "Give the edit sheet a scratchpad of its own",
        goal: "The edit sheet renames an item by editing the main context's own model: the list behind it shows every keystroke, and Cancel calls `rollback()`, which also throws away the item the user added on the main screen and has not saved. Make the sheet edit a scratchpad of its own: Cancel must leave the main context as it was, and Save must hand the edit to the main context (the app saves the main context itself).",
        file: "Tutorials/Workshop/edit-scratchpad/ItemEditSheet.swift",
        exerciseCheck: "ItemEditSheetChecker.check(ItemEditSheet.self)",
        checkSolution: { await ItemEditSheetChecker.check(Solution.ItemEditSheet.self) }
    )

    static func check<Sheet: ItemEditing>(_ sheet: Sheet.Type) async -> [String] {
        do {
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let seed = container.newBackgroundContext()
            let milk = try seed.performAndWait {
                let items = ["bread", "milk"].map { Item(timestamp: Date(timeIntervalSince1970: 0), title: $0) }
                for item in items { seed.insert(item) }
                try seed.save()
                return items[1].persistentModelID
            }
            return try await MainActor.run {
                let main = container.viewContext
                main.insert(Item(timestamp: Date(timeIntervalSince1970: 0), title: "apples"))
                func list() throws -> [String] {
                    try main.fetch(FetchDescriptor<Item>(sortBy: [SortDescriptor(\.title)])).compactMap(\.title)
                }
                var findings: [String] = []
                let cancelled = try Sheet(editing: milk, in: main)
                cancelled.rename(to: "oat milk")
                let whileEditing = try list()
                if whileEditing.contains("oat milk") {
                    findings.append("While the sheet was open, the main context's list already showed \"oat milk\" (\(whileEditing.joined(separator: ", "))): the sheet edits the main context's own model.")
                }
                cancelled.cancel()
                let afterCancel = try list()
                if !afterCancel.contains("apples") {
                    findings.append("Cancel threw away \"apples\", which the user added on the main screen and had not saved (the list shows \(afterCancel.joined(separator: ", "))).")
                }
                if afterCancel.contains("oat milk") {
                    findings.append("After Cancel, the main context still holds the cancelled edit: its next save would write \"oat milk\".")
                }
                guard findings.isEmpty else { return findings }
                let saved = try Sheet(editing: milk, in: main)
                saved.rename(to: "oat milk")
                try saved.save()
                let afterSave = try list()
                if !afterSave.contains("oat milk") || !afterSave.contains("apples") {
                    findings.append("After Save, the main context's list shows \(afterSave.joined(separator: ", ")): it should show \"oat milk\" and still \"apples\".")
                }
                return findings
            }
        } catch {
            return [finding(for: error, in: "Opening, editing or saving the sheet")]
        }
    }
}
