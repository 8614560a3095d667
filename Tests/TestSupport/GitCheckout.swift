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

/// Where a file a learner may edit (a workshop exercise) stands against the one shipped: the file
/// itself says whether it is the shipped one (its fingerprint); git only tells a learner's edit
/// from a fingerprint left stale.
package enum ShippedFileState: Equatable, Sendable {
    /// Its fingerprint is the catalog's.
    case shipped
    /// Git shows it as committed, yet its fingerprint is not the catalog's: changed on purpose
    /// and committed without its new fingerprint.
    case committedWithStaleFingerprint
    /// Edited here: a learner's file (or a change not committed yet), theirs to get right.
    /// Without git to ask, every file whose fingerprint differs counts as edited.
    case edited

    /// The state of the file at `path` (from the package root), whose fingerprint does (or does
    /// not, or cannot be read to) match the shipped one.
    package static func of(_ path: String, matchesFingerprint: Bool?) async -> ShippedFileState {
        if matchesFingerprint == true { return .shipped }
        return await GitCheckout.isAsCommitted(path) ? .committedWithStaleFingerprint : .edited
    }
}
