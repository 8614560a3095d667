import SwiftData
import Foundation

/// Who wrote the books; deleting an author deletes their books.
@Model
public class Author {
    #Unique<Author>([\.name])

    public var name: String
    @Relationship(deleteRule: .cascade, inverse: \Book.author)
    public var books: [Book] = []

    public init(name: String) {
        self.name = name
    }
}
