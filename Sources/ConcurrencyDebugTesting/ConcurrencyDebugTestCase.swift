#if canImport(XCTest)
public import PersistenceCore
public import XCTest

/// An `XCTestCase` whose every test runs under the queue rule: the XCTest form of
/// ``ConcurrencyDebugTrait``, the lab's own tool.
///
///     final class StoreTests: ConcurrencyDebugTestCase {
///         func testImport() async throws { … }
///     }
///
/// Under ``ConcurrencyDebug/Mode/record`` (the default; override ``concurrencyDebugMode``) each
/// test runs to its end, then fails once per violation it recorded, naming the model and
/// property touched, the queue it belongs to and the one it ran on. The mode is the test's own
/// (``ConcurrencyDebug/withTaskMode(_:_:)``), and reaches what the test's task reaches: see
/// ``ConcurrencyDebugTrait`` for what it does not.
open class ConcurrencyDebugTestCase: XCTestCase {
    /// The mode each test runs under.
    open var concurrencyDebugMode: ConcurrencyDebug.Mode { .record }

    open override func invokeTest() {
        let (_, violations) = ConcurrencyDebug.withTaskMode(concurrencyDebugMode) {
            super.invokeTest()
        }
        report(violations)
    }

    /// Fails the test once per violation it recorded; override to look at them yourself.
    open func report(_ violations: [ConcurrencyViolation]) {
        for violation in violations {
            XCTFail(violation.description)
        }
    }
}
#endif
