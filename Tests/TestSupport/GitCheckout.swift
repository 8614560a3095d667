import Foundation
import LabSupport

/// What git says about a file of this checkout: a test that insists on a shipped file tells a
/// learner's edit (theirs to make) from a commit that forgot a step (a maintainer's to fix).
package enum GitCheckout {
    /// Whether git shows `path` (from the package root) unchanged since the commit checked out;
    /// false when it differs, and when there is no git or no repository to ask.
    package static func isAsCommitted(_ path: String) async -> Bool {
        let arguments = ["git", "-C", PackageRoot.url.path, "diff", "--quiet", "HEAD", "--", path]
        guard let git = try? await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, within: .seconds(60)) else {
            return false
        }
        return !git.termination.bySignal && git.status == 0
    }
}
