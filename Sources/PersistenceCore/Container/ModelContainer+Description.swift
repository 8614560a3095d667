/// How a container prints: by where its store lives, never as `PersistenceCore.ModelContainer`.
extension ModelContainer: CustomStringConvertible {
    public var description: String {
        "ModelContainer(\(configuration.fileURL.map { "file '\($0.path)'" } ?? "in memory"))"
    }
}
