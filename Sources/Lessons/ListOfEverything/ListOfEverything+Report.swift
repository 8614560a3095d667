import Foundation

extension ListOfEverything {
    /// Each list, what it showed after the import, what its context held, and how long the main
    /// queue waited: every sentence from the run.
    public func report(_ outcome: Outcome) -> LessonReport {
        let every = outcome.everyItem, screen = outcome.firstScreenful, view = outcome.viewContext
        let merged = outcome.viewContextMergedByHand
        let limit = outcome.screenful

        var wrongWay = [
            "SwiftData's main context, a list of every item by timestamp, showing \(every.before.rows) items: FeedImporter, a model actor "
                + "on '\(every.importQueueLabel)', imported \(outcome.itemCount) items and saved once.",
        ]
        if every.after.rows != every.before.rows {
            wrongWay.append("With no merging code, the main context merged the save and the list took it in on "
                + "'\(every.after.queueLabel)': it shows \(every.after.rows) items"
                + (every.after.showsFirstImportedItems ? ", every imported one, oldest first" : "")
                + "; the main context holds \(every.after.importedModelsInContext) models of the import, each made on that queue.")
        } else {
            wrongWay.append("The list did not change: it shows \(every.after.rows) items.")
        }
        wrongWay.append("Meanwhile the main queue kept a heartbeat tick waiting up to \(Self.format(every.mainQueue.longestMilliseconds)) ms "
            + "(blocked \(Self.format(every.mainQueue.blockedMilliseconds)) ms in all)"
            + (every.mainQueue.longestMilliseconds > Self.frameMilliseconds
                ? ": longer than a frame at 60 Hz, so the UI froze once the import was saved." : "."))

        var rightWay = [
            "The same import, a list of the first \(limit) (FetchDescriptor.fetchLimit = \(limit); Core Data's NSFetchRequest.fetchLimit) "
                + "on SwiftData's main context: it shows \(screen.after.rows) items"
                + (screen.after.showsFirstImportedItems ? ", the first \(screen.after.rows) by timestamp" : "")
                + "; the main context holds \(screen.after.importedModelsInContext) models of the import"
                + (screen.after.importedModelsInContext < every.after.importedModelsInContext
                    ? ", not \(every.after.importedModelsInContext)." : "."),
            "The main queue's longest wait was \(Self.format(screen.mainQueue.longestMilliseconds)) ms "
                + "(blocked \(Self.format(screen.mainQueue.blockedMilliseconds)) ms)"
                + (screen.mainQueue.longestMilliseconds < every.mainQueue.longestMilliseconds
                    ? ", against \(Self.format(every.mainQueue.longestMilliseconds)) ms with the list of every item." : "."),
        ]
        let unchanged = view.after.rows == view.before.rows
        rightWay.append("Core Data's view context merges nothing until told (automaticallyMergesChangesFromParent is false): "
            + "during the same import its list of every item "
            + (unchanged ? "stayed as it was, \(view.after.rows) items" : "went from \(view.before.rows) to \(view.after.rows) items")
            + ", the view context holds \(view.after.importedModelsInContext) models of the import, and the main queue waited up to "
            + "\(Self.format(view.mainQueue.longestMilliseconds)) ms.")
        rightWay.append("When the app merged the save by hand (mergeChanges(fromContextDidSave:) on the view context's queue), the list "
            + "showed \(merged.after.rows) items and the view context held \(merged.after.importedModelsInContext) models of the import; "
            + "the main queue waited up to \(Self.format(merged.mainQueue.longestMilliseconds)) ms then"
            + (merged.after.importedModelsInContext == every.after.importedModelsInContext && merged.after.rows == every.after.rows
                ? ": the first list's work, at a moment the app chose." : "."))

        let measurements = [
            Measurement("items imported and saved at once", Double(outcome.itemCount), unit: "items"),
            Measurement("list of every item: longest main-queue wait", every.mainQueue.longestMilliseconds, unit: "ms"),
            Measurement("list of every item: main queue blocked", every.mainQueue.blockedMilliseconds, unit: "ms"),
            Measurement("list of every item: models of the import in the main context", Double(every.after.importedModelsInContext), unit: "models"),
            Measurement("list of the first \(limit): longest main-queue wait", screen.mainQueue.longestMilliseconds, unit: "ms"),
            Measurement("list of the first \(limit): main queue blocked", screen.mainQueue.blockedMilliseconds, unit: "ms"),
            Measurement("list of the first \(limit): models of the import in the main context", Double(screen.after.importedModelsInContext), unit: "models"),
            Measurement("view context, no merging: longest main-queue wait", view.mainQueue.longestMilliseconds, unit: "ms"),
            Measurement("view context, merged by hand: longest main-queue wait", merged.mainQueue.longestMilliseconds, unit: "ms"),
            Measurement("view context, merged by hand: models of the import in the view context", Double(merged.after.importedModelsInContext), unit: "models"),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }

    /// A frame at 60 Hz: a main queue held longer than this drops one.
    private static let frameMilliseconds = 1_000.0 / 60

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f", milliseconds)
    }
}
