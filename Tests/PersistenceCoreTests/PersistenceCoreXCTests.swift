import Foundation
import PersistenceCore
import SampleModels
import XCTest

/// What an XCTest user meets that Swift Testing does not show: a synchronous test method runs on
/// the main queue, so a context made there is a main-queue context. The core's promises
/// themselves are the Swift Testing suites'.
final class PersistenceCoreXCTests: XCTestCase {
    func testMainContext_isOnTheMainQueueInASynchronousTest() throws {
        let container = try makeContainer()
        XCTAssertEqual(ModelContext(container).concurrencyType, .mainQueue, "XCTest runs synchronous tests on the main queue")
        XCTAssertEqual(container.viewContext.queueLabel, "com.apple.main-thread")
    }
}
