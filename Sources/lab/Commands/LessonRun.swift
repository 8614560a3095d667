import Foundation
import Lessons

/// One lesson's run, as `--json` prints it.
struct LessonRun: Encodable {
    let info: LessonInfo
    let report: LessonReport?
    let error: String?
    let seconds: Double

    /// Runs the lessons in order, printing each as it finishes (unless `json`); throws a
    /// ``LabFailure`` if any was not demonstrated.
    ///
    /// Each lesson's header numbers it by `positions` (its place in the course) out of `total`.
    static func runAll(_ types: [any Lesson.Type], in environment: LessonEnvironment, json: Bool, verbose: Bool = false,
                       positions: [Int]? = nil, total: Int? = nil) async throws -> [LessonRun] {
        let printer = LessonPrinter(verbose: verbose)
        var runs: [LessonRun] = []
        for (offset, type) in types.enumerated() {
            let info = type.info
            if !json { printer.header(info, position: positions?[offset] ?? offset + 1, of: total ?? types.count) }
            let start = ContinuousClock.now
            do {
                let report = try await LessonCatalog.run(type, in: environment)
                let seconds = (ContinuousClock.now - start).seconds
                runs.append(LessonRun(info: info, report: report, error: nil, seconds: seconds))
                if !json { printer.report(report, info: info, seconds: seconds) }
            } catch {
                runs.append(LessonRun(info: info, report: nil, error: "\(error)", seconds: (ContinuousClock.now - start).seconds))
                if !json { printer.failure(error, info: info) }
            }
        }
        return runs
    }

    /// The exit status of a set of runs: a failure unless every lesson was demonstrated.
    static func check(_ runs: [LessonRun]) throws {
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
