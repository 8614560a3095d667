import Foundation
import PersistenceCore

extension BackgroundStorage {
    /// Both imports and what the main queue felt, in words and numbers.
    public func report(_ outcome: Outcome) -> LessonReport {
        let main = outcome.onMainContext, actor = outcome.onModelActor
        var wrongWay = [
            "The view model imported \(outcome.itemCount) items through the main context (queue \(main.contextQueueLabel)) "
                + "in \(Self.format(main.importMilliseconds)) ms; it shows \(main.itemsShown) items.",
            "Meanwhile the main queue kept a heartbeat tick waiting up to \(Self.format(main.maxDelayMilliseconds)) ms, "
                + "and was blocked \(Self.format(main.blockedMilliseconds)) ms in all, "
                + "\(Self.percent(main.blockedShare)) of the time" + (main.blockedShare > 0.5 ? ": no drawing, no touches meanwhile." : "."),
        ]
        let startup = outcome.onActorCreatedAtStartup
        wrongWay.append("Article 004's own setup: the same import through its @ModelActor ItemsModelActor, created while the app "
            + "starts, on the MainActor. It ran on '\(startup.contextQueueLabel)' in \(Self.format(startup.importMilliseconds)) ms, "
            + "and the heartbeat waited up to \(Self.format(startup.maxDelayMilliseconds)) ms, blocked \(Self.percent(startup.blockedShare)) "
            + "of the time" + (startup.contextQueueLabel == "com.apple.main-thread"
                ? ": by article 000's rule, an actor whose context is made on the main queue runs there, so article 004's "
                    + "background actor does its work on the main queue after all." : "."))
        var rightWay = [
            "The same view model imported the same items through ItemsModelActor created in Task.detached (queue \(actor.contextQueueLabel)) "
                + "in \(Self.format(actor.importMilliseconds)) ms; it shows \(actor.itemsShown) items, received as Sendable DomainItems.",
            "The heartbeat's longest wait was \(Self.format(actor.maxDelayMilliseconds)) ms, "
                + "\(Self.format(actor.blockedMilliseconds)) ms blocked in all (\(Self.percent(actor.blockedShare)))"
                + (actor.blockedShare < main.blockedShare ? ": the main queue stayed freer while the actor worked." : "."),
        ]
        let ratio = actor.importMilliseconds / max(main.importMilliseconds, 0.001)
        rightWay.append("The import itself took \(Self.format(main.importMilliseconds)) ms on the main context and "
            + "\(Self.format(actor.importMilliseconds)) ms on the actor (\(String(format: "%.1f", ratio))×)"
            + (ratio > 0.5 && ratio < 2 ? ": about as long, because the actor does not make the work faster; it moves it off the main queue." : "."))
        let measurements = [
            Measurement("items imported", Double(outcome.itemCount), unit: "items"),
            Measurement("main context: import time", main.importMilliseconds, unit: "ms"),
            Measurement("main context: longest main-queue delay", main.maxDelayMilliseconds, unit: "ms"),
            Measurement("main context: main queue blocked", main.blockedMilliseconds, unit: "ms"),
            Measurement("main context: share of the time blocked", main.blockedShare * 100, unit: "%"),
            Measurement("model actor: import time", actor.importMilliseconds, unit: "ms"),
            Measurement("model actor: longest main-queue delay", actor.maxDelayMilliseconds, unit: "ms"),
            Measurement("model actor: main queue blocked", actor.blockedMilliseconds, unit: "ms"),
            Measurement("model actor: share of the time blocked", actor.blockedShare * 100, unit: "%"),
            Measurement("model actor created at startup: longest main-queue delay", startup.maxDelayMilliseconds, unit: "ms"),
            Measurement("model actor created at startup: share of the time blocked", startup.blockedShare * 100, unit: "%"),
        ]
        return LessonReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements)
    }

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f", milliseconds)
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.0f%%", share * 100)
    }
}
