@testable import Lessons
import XCTest

/// list-of-everything's checks under XCTest, fed the outcomes of `ListOfEverythingTests`: they
/// hold as the lesson teaches them, and fail when the screenful list held every item.
final class ListOfEverythingXCTests: XCTestCase {
    func testChecks_holdAsTaught_andFailWhenTheScreenfulHeldEveryItem() {
        XCTAssertTrue(ListOfEverything().checks(.taught).allHold)
        var outcome = ListOfEverything.Outcome.taught
        outcome.firstScreenful.after = .shown(outcome.itemCount, of: outcome.itemCount)
        XCTAssertEqual(ListOfEverything().checks(outcome).filter { !$0.holds }.count, 2)
    }
}
