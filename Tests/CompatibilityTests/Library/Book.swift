import SwiftData
import Foundation

/// A book of the catalogue, as the server knows it by `remoteID`. Not `final`: written the way
/// Apple's examples and most libraries write models.
@Model
public class Book {
    #Unique<Book>([\.remoteID])
    #Index<Book>([\.title])

    public var remoteID: String
    public var title: String
    public var pages: Int
    public var updatedAt: Date
    public var author: Author?

    public init(remoteID: String, title: String, pages: Int, updatedAt: Date) {
        self.remoteID = remoteID
        self.title = title
        self.pages = pages
        self.updatedAt = updatedAt
    }
}
