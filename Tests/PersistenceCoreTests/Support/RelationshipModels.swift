import Foundation
import PersistenceCore

/// `.deny` on one side, `.noAction` on the other; the inverse is inferred (one relationship
/// each way).
@Model final class Folder {
    var name: String
    @Relationship(deleteRule: .deny) var documents: [Document] = []

    init(name: String) { self.name = name }
}

@Model final class Document {
    var title: String
    @Relationship(deleteRule: .noAction) var folder: Folder?

    init(title: String) { self.title = title }
}

/// Two to-one relationships to the same model, and one to-many back: which is its inverse is
/// ambiguous, and the container says so.
@Model final class Route {
    var name: String
    var start: City?
    var end: City?

    init(name: String) { self.name = name }
}

@Model final class City {
    var name: String
    var routes: [Route] = []

    init(name: String) { self.name = name }
}

/// One-to-one: a person's badge; both sides are columns.
@Model final class Badge {
    var code: String
    var holder: Holder?

    init(code: String) { self.code = code }
}

@Model final class Holder {
    var name: String
    @Relationship(inverse: \Badge.holder) var badge: Badge?

    init(name: String) { self.name = name }
}

/// A to-many relationship with no inverse: stored in a join table.
@Model final class Playlist {
    var name: String
    var songs: [Song] = []

    init(name: String) { self.name = name }
}

@Model final class Song {
    var title: String

    init(title: String) { self.title = title }
}

/// A one-to-one relationship that cascades one way, beside a to-many one: deleting a member
/// deletes their card, and the card's own rule (nullify) points back at the member being deleted.
@Model final class Club {
    var name: String
    var members: [Member] = []

    init(name: String) { self.name = name }
}

@Model final class Member {
    var name: String
    var club: Club?
    @Relationship(deleteRule: .cascade, inverse: \MemberCard.member) var card: MemberCard?

    init(name: String) { self.name = name }
}

@Model final class MemberCard {
    var number: Int
    var member: Member?

    init(number: Int) { self.number = number }
}

/// Two relationships that name the same inverse: one relationship cannot be the inverse of both.
@Model final class Album {
    var title: String
    @Relationship(inverse: \Track.album) var tracks: [Track] = []
    @Relationship(inverse: \Track.album) var bonusTracks: [Track] = []

    init(title: String) { self.title = title }
}

@Model final class Track {
    var title: String
    var album: Album?

    init(title: String) { self.title = title }
}
