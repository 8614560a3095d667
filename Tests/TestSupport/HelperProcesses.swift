import Foundation
import LabSupport

/// The `store-test-helper` executable that `swift test` builds next to the test bundle: an
/// importer to kill mid-save, a holder of the store's write lock, an opener as another user.
package enum StoreTestHelper {
    package static let name = "store-test-helper"

    /// The helper's path (`LAB_STORE_TEST_HELPER` may name it), or an error saying how to build it.
    package static func executable() throws -> URL {
        try BuiltProduct.url(name, override: "LAB_STORE_TEST_HELPER")
    }
}

/// Runs the built `lab` executable as a real process and captures what it printed.
package enum LabProcess {
    /// Runs `lab` with `arguments` to its end; `NO_COLOR` and `LAB_CONCURRENCY_DEBUG` are unset
    /// unless `environment` gives them, and the learner's progress is a file of this test process's
    /// own (`LAB_PROGRESS`), never the checkout's `.lab/progress.json`.
    package static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Finished {
        var variables: [String: String?] = ["NO_COLOR": nil, "LAB_CONCURRENCY_DEBUG": nil, "LAB_PROGRESS": scratchProgress.path]
        for (name, value) in environment { variables[name] = value }
        return try await ChildProcess.run(try BuiltProduct.url("lab", override: "LAB_EXECUTABLE"), arguments,
                                          environment: variables)
    }

    /// The progress file `lab` keeps when a test gives none: one per test process.
    static let scratchProgress = FileManager.default.temporaryDirectory
        .appendingPathComponent("lab-progress-\(ProcessInfo.processInfo.processIdentifier).json")
}
