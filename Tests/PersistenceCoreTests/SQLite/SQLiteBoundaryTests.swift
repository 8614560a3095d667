import Foundation
import LabSupport
import Testing

/// SQLite's C API is called from `SQLite/` only: the rest of the core goes through
/// `SQLiteConnection` and `SQLiteStatement`, so a reader finds every `sqlite3_` call in one folder.
@Suite("SQLite's C API in SQLite/ only")
struct SQLiteBoundaryTests {
    @Test("No file of the core outside SQLite/ calls sqlite3_")
    func cCallsStayInSQLite() throws {
        let core = PackageRoot.file("Sources/PersistenceCore")
        let files = PackageRoot.files(under: "Sources/PersistenceCore", endingWith: ".swift")
        #expect(files.count > 100)
        var outside: [String] = []
        for file in files where !file.path.contains("/PersistenceCore/SQLite/") {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            for (number, line) in lines.enumerated() where line.contains("sqlite3_") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                outside.append("\(file.path.dropFirst(core.path.count + 1)):\(number + 1)")
            }
        }
        #expect(outside.isEmpty, "sqlite3_ called outside SQLite/: \(outside.joined(separator: ", "))")
    }
}
