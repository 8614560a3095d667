import Foundation

/// How a commit to a store file reaches every process that has the file open: the committing
/// connection announces it once the transaction is committed, and each container listens for
/// the announcements of its file (``CommitListeners``, one per process). The announcement and the
/// listening are each system's own:
///
/// - On Apple platforms, a Darwin notification (notify(3)), the system's signal between
///   processes (an app and its extensions signal each other this way): `notify_post` after the
///   commit, `notify_register_dispatch` per store file (`CommitAnnouncement+Darwin.swift`).
/// - Linux has no Darwin notifications, so three ways were weighed (and measured in
///   `Benchmarks/`, target P11):
///   - polling SQLite's `PRAGMA data_version` costs a query per tick whether or not anyone wrote,
///     and the tick bounds the delay (10 ms of polling for a 10 ms delay);
///   - watching the write-ahead log with inotify wakes on every page a transaction writes, and can
///     wake before the commit is visible (SQLite updates its shared-memory index after writing the
///     log, and memory writes raise no inotify event), so a commit could go unannounced;
///   - touching the store file after the commit (`utimensat`, a few microseconds) raises one
///     inotify `IN_ATTRIB` per commit, after the commit is visible to every reader. That is the one
///     used (`CommitAnnouncement+Linux.swift`).
///
/// Only this library's writers announce, and only they record history: a commit that is not
/// announced has no history transaction to report either.
///
/// Each platform file declares `CommitAnnouncement.announce(_:)` and `CommitListeners`, with
/// `shared` (nil where the system offers no way), `register(_:_:)` and `cancel(_:)`.
enum CommitAnnouncement {}
