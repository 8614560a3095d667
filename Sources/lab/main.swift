import Foundation
import PersistenceCore

/// The model the first lesson stores: API.md's `Item`.
@Model final class Item {
    @Attribute(.unique) var id: UUID
    var timestamp: Date
    init(id: UUID = UUID(), timestamp: Date) {
        self.id = id
        self.timestamp = timestamp
    }
}

/// The default store: a SQLite file in the user's cache folder.
func defaultStoreURL() throws -> URL {
    let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
    let folder = caches.appendingPathComponent("ConcurrencyLab", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("lab.sqlite")
}

do {
    let url = try defaultStoreURL()
    let container = try ModelContainer(for: Item.self, configuration: .file(url))
    print("Opened the store at \(url.path)")
    print("  store identifier \(container.storeIdentifier)")

    // Work on a private queue, as article 003 advises: the main queue stays free.
    let context = container.newBackgroundContext()
    let (saved, total) = try await context.perform {
        let items = (0..<3).map { Item(timestamp: Date().addingTimeInterval(Double($0))) }
        items.forEach(context.insert)
        try context.save()
        return (items.map(\.persistentModelID), try context.fetchCount(FetchDescriptor<Item>()))
    }
    print("Inserted and saved \(saved.count) items on '\(context.queueLabel)':")
    for id in saved { print("  \(id.uriRepresentation)") }

    // Pass identifiers, not models, to another context: here the main one.
    let main = container.mainContext
    let newest = try await main.perform {
        try saved.map { try main.existingModel(for: $0, as: Item.self).timestamp }
    }
    print("Fetched them back on '\(main.queueLabel)' by identifier; newest timestamp \(newest.max()!)")
    print("The store now holds \(total) items. Run `swift test` to watch every pitfall happen, then get fixed.")
} catch {
    FileHandle.standardError.write(Data("lab: \(error)\n".utf8))
    exit(1)
}
