import Foundation

/// The `ModelContainer.remoteChange` notifications posted for `container` from now on, as a
/// stream: a lesson or a test awaits the next one instead of sleeping. For the package only: an
/// app observes the notification (Apple's Foundation also has `notifications(named:object:)`,
/// which Linux's lacks).
package func remoteChanges(of container: ModelContainer) -> AsyncStream<ModelContainer.RemoteChange> {
    let (stream, continuation) = AsyncStream<ModelContainer.RemoteChange>.makeStream()
    let token = NotificationCenter.default.addObserver(forName: ModelContainer.remoteChange, object: container, queue: nil) { notification in
        if let change = ModelContainer.RemoteChange(notification: notification) { continuation.yield(change) }
    }
    let registration = ObserverRegistration(token)
    continuation.onTermination = { _ in registration.remove() }
    return stream
}

/// Removes a notification observer once; the token is only handed to NotificationCenter.
private final class ObserverRegistration: @unchecked Sendable {  // @unchecked: the token is immutable and NotificationCenter is thread-safe
    let token: any NSObjectProtocol
    init(_ token: any NSObjectProtocol) { self.token = token }
    func remove() { NotificationCenter.default.removeObserver(token) }
}
