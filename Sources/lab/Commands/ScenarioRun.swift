import Foundation
import Scenarios

/// One scenario's run, as `--json` prints it.
struct ScenarioRun: Encodable {
    let info: ScenarioInfo
    let report: ScenarioReport?
    let error: String?
    let seconds: Double

    /// Runs the scenarios in order, printing each as it finishes (unless `json`); throws a
    /// ``LabFailure`` if any was not demonstrated.
    ///
    /// Each lesson's header numbers it by `positions` (its place in the course) out of `total`.
    static func runAll(_ types: [any Scenario.Type], in environment: ScenarioEnvironment, json: Bool, verbose: Bool = false,
                       positions: [Int]? = nil, total: Int? = nil) async throws -> [ScenarioRun] {
        let printer = ScenarioPrinter(verbose: verbose)
        var runs: [ScenarioRun] = []
        for (offset, type) in types.enumerated() {
            let info = type.info
            if !json { printer.header(info, position: positions?[offset] ?? offset + 1, of: total ?? types.count) }
            let start = ContinuousClock.now
            do {
                let report = try await ScenarioCatalog.run(type, in: environment)
                let seconds = (ContinuousClock.now - start).seconds
                runs.append(ScenarioRun(info: info, report: report, error: nil, seconds: seconds))
                if !json { printer.report(report, info: info, seconds: seconds) }
            } catch {
                runs.append(ScenarioRun(info: info, report: nil, error: "\(error)", seconds: (ContinuousClock.now - start).seconds))
                if !json { printer.failure(error, info: info) }
            }
        }
        return runs
    }

    /// The exit status of a set of runs: a failure unless every scenario was demonstrated.
    static func check(_ runs: [ScenarioRun]) throws {
        let failed = runs.filter { $0.report?.demonstrated != true }.map(\.info.id)
        if !failed.isEmpty {
            throw LabFailure(message: "not demonstrated: \(failed.joined(separator: ", "))")
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
