import SwiftData
import Foundation

/// A book as the server sends it.
public struct RemoteBook: Sendable, Hashable {
    public var id: String
    public var title: String
    public var pages: Int
    public var author: String
    public var updatedAt: Date

    public init(id: String, title: String, pages: Int, author: String, updatedAt: Date) {
        self.id = id
        self.title = title
        self.pages = pages
        self.author = author
        self.updatedAt = updatedAt
    }
}

/// What one synchronization changed, by `remoteID`.
public struct SyncReport: Sendable, Equatable {
    public var inserted: [String] = []
    public var updated: [String] = []
    public var deleted: [String] = []
}

/// Makes the store's books the server's: inserts the new ones, updates those the server changed
/// since, deletes those it no longer lists; in one save, on its own context, off the main actor.
@ModelActor
public actor CatalogSynchronizer {
    public func synchronize(with remote: [RemoteBook]) throws -> SyncReport {
        var report = SyncReport()
        let stored = try modelContext.fetch(FetchDescriptor<Book>())
        var byRemoteID = Dictionary(stored.map { ($0.remoteID, $0) }, uniquingKeysWith: { first, _ in first })
        var authors = Dictionary(try modelContext.fetch(FetchDescriptor<Author>()).map { ($0.name, $0) },
                                 uniquingKeysWith: { first, _ in first })
        func author(named name: String) -> Author {
            if let existing = authors[name] { return existing }
            let author = Author(name: name)
            modelContext.insert(author)
            authors[name] = author
            return author
        }
        for book in remote.sorted(by: { $0.id < $1.id }) {
            if let existing = byRemoteID.removeValue(forKey: book.id) {
                guard book.updatedAt > existing.updatedAt else { continue }
                existing.title = book.title
                existing.pages = book.pages
                existing.updatedAt = book.updatedAt
                existing.author = author(named: book.author)
                report.updated.append(book.id)
            } else {
                let new = Book(remoteID: book.id, title: book.title, pages: book.pages, updatedAt: book.updatedAt)
                modelContext.insert(new)
                new.author = author(named: book.author)
                report.inserted.append(book.id)
            }
        }
        for (remoteID, gone) in byRemoteID.sorted(by: { $0.key < $1.key }) {
            modelContext.delete(gone)
            report.deleted.append(remoteID)
        }
        try modelContext.save()
        return report
    }
}
