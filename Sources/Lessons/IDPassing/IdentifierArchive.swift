import Foundation

extension IDPassing {
    /// A tiny stand-in for `UserDefaults`: strings by key, in a JSON file.
    ///
    /// What an app archives to find an object again on its next launch (article 003: "If there is
    /// a need to archive the ID, NSManagedObjectID can be converted to a URI representation"):
    /// the identifier's `uriRepresentation`, as a plain string.
    struct IdentifierArchive {
        /// The JSON file.
        let url: URL

        /// Stores `value` under `key`, keeping the other keys.
        func set(_ value: String, forKey key: String) throws {
            var values = try load()
            values[key] = value
            try JSONEncoder().encode(values).write(to: url, options: .atomic)
        }

        /// The string stored under `key`, if any.
        func string(forKey key: String) throws -> String? {
            try load()[key]
        }

        private func load() throws -> [String: String] {
            guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
            return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        }
    }
}
