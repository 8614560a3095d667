import SwiftData
import SwiftSyntax

/// A model, a model actor and a use of swift-syntax 600 in one module: what an app with another
/// macro package compiles.
@Model
final class Shelf {
    @Attribute(.unique) var name: String
    var count: Int = 0
    init(name: String) { self.name = name }
}

@ModelActor
actor ShelfStore {
    func add(_ name: String) throws -> Int {
        modelContext.insert(Shelf(name: name))
        try modelContext.save()
        return try modelContext.fetchCount(FetchDescriptor<Shelf>())
    }
}

/// A token of swift-syntax's own, so the pinned version is the one compiled.
let keyword = TokenSyntax.keyword(.actor).text
