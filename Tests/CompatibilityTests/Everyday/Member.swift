import SwiftData

/// A club member, one per email address (`@Attribute(.unique)`).
@Model
final class Member {
    @Attribute(.unique) var email: String
    var name: String

    init(email: String, name: String) {
        self.email = email
        self.name = name
    }
}

/// A seat, one per row and number (`#Unique`, iOS 18), held by someone.
@Model
final class Seat {
    #Unique<Seat>([\.row, \.number])
    var row: String
    var number: Int
    var holder: String

    init(row: String, number: Int, holder: String) {
        self.row = row
        self.number = number
        self.holder = holder
    }
}
