import SwiftData

/// A shelf of volumes, built the way apps build a graph: the volumes handed to the initializer,
/// before anything is inserted.
@Model
final class Shelf {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Volume.shelf) var volumes: [Volume]

    init(name: String, volumes: [Volume] = []) {
        self.name = name
        self.volumes = volumes
    }
}

@Model
final class Volume {
    var title: String
    var shelf: Shelf?

    init(title: String, shelf: Shelf? = nil) {
        self.title = title
        self.shelf = shelf
    }
}
