import ArgumentParser
import Foundation
import LabSupport
import PersistenceCore

/// `lab inspect [STORE]`: the Core Data–like layout of a store file.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a store file's layout: tables, columns, row counts, versions, metadata.",
        discussion: "Without a path, inspects every store in the default folder that `lab` writes.")

    @Argument(help: ArgumentHelp("A store file.", valueName: "STORE"))
    var path: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let urls = try path.map { [URL(fileURLWithPath: $0)] } ?? defaultStores()
        var inspections: [StoreInspection] = []
        for url in urls {
            do {
                inspections.append(try StoreInspection.inspect(url))
            } catch {
                throw LabFailure(message: "\(error)")
            }
        }
        if output.json { return try JSONOutput.print(path == nil ? AnyEncodable(inspections) : AnyEncodable(inspections[0])) }
        inspections.forEach(print)
    }

    private func defaultStores() throws -> [URL] {
        let folder = StoreOptions.defaultFolder
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        let stores = files.filter { $0.pathExtension == "sqlite" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        if stores.isEmpty {
            throw LabFailure(message: "no stores in \(folder.path) yet: run `swift run lab` first, or name a file")
        }
        return stores
    }

    private func print(_ inspection: StoreInspection) {
        let terminal = Terminal.standardOutput
        terminal.line(terminal.bold(inspection.url.path) + terminal.paint("  \(inspection.fileSize) bytes, journal \(inspection.journalMode)", .gray))
        if let id = inspection.storeIdentifier {
            terminal.line("  store \(id)  entities: " + inspection.entities.map(\.name).joined(separator: ", "))
            for entity in inspection.entities where !entity.relationships.isEmpty {
                // Where each lives: a to-one one is the Z<NAME> column below; a to-many one is the
                // other side's column, or a join table Z_<n><NAME>.
                let relationships = entity.relationships.map { "\(entity.name).\($0.summary)" + ($0.isToMany ? "" : " (column \($0.columnName))") }
                Terminal.wrap("relationships: " + relationships.joined(separator: "; "), indent: "    ").forEach { terminal.line($0) }
            }
        } else {
            terminal.line(terminal.paint("  not a ConcurrencyLab store (no Z_METADATA)", .yellow))
        }
        for table in inspection.tables {
            let columns = table.columns.map { "\($0.name) \($0.type)" }.joined(separator: ", ")
            terminal.line("  " + terminal.paint(table.name, .cyan) + "  \(table.rowCount) row\(table.rowCount == 1 ? "" : "s")")
            Terminal.wrap(columns, indent: "    ").forEach { terminal.line(terminal.paint($0, .gray)) }
            if !table.latestVersions.isEmpty {
                terminal.line("    latest rows (Z_PK: Z_OPT): " + table.latestVersions.map { "\($0.primaryKey): \($0.version)" }.joined(separator: ", "))
            }
        }
        terminal.line()
    }
}

/// Lets `--json` print either one value or a list.
struct AnyEncodable: Encodable {
    let encodeValue: (Encoder) throws -> Void
    init<T: Encodable>(_ value: T) { encodeValue = value.encode }
    func encode(to encoder: Encoder) throws { try encodeValue(encoder) }
}
