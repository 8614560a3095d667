/// How a context prints in a message or a failed expectation: by its role and its queue, never as
/// `PersistenceCore.ModelContext`, a module a SwiftData app that imports `SwiftData` never named.
extension ModelContext: CustomStringConvertible {
    public var description: String {
        var parts = switch ownedRole {
        case .mainContext: ["mainContext"]
        case .viewContext: ["viewContext"]
        case nil: [concurrencyType == .mainQueue ? "main queue" : "private queue '\(queueLabel)'"]
        }
        if parent != nil { parts.append("child") }
        if let name { parts.append("name '\(name)'") }
        return "ModelContext(\(parts.joined(separator: ", ")))"
    }
}
