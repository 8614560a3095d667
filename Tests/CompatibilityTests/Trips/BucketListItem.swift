import SwiftData
import Foundation

/// Something to do on a trip: related to the superclass, so any kind of trip has a list.
@Model
class BucketListItem {
    var title: String
    var isDone: Bool = false
    var trip: Trip?

    init(title: String) {
        self.title = title
    }
}
