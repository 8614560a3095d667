import Foundation
import PersistenceCore
import SampleModels

// A helper process for the reliability tests: it does to a store what only another process can.
//
//   store-test-helper import <store> [--batches N]   saves batches of 1,000 items (see Importer)
//   store-test-helper hold-lock <store>              holds the write lock until stdin has a line
//   store-test-helper open <store>                   opens the store as ImportedItem's; prints
//                                                 `opened`, or `error: <description>` and exits 1

let usage = "usage: store-test-helper import <store> [--batches N] | hold-lock <store> | open <store>"
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}
let storePath = arguments[1]

do {
    switch arguments[0] {
    case "import":
        var batches = Int.max / Importer.batchSize
        if arguments.count == 4, arguments[2] == "--batches", let count = Int(arguments[3]) {
            batches = count
        }
        try Importer.run(storePath: storePath, batches: batches)
    case "hold-lock":
        try LockHolder.run(storePath: storePath)
    case "open":
        _ = try ModelContainer(for: ImportedItem.self, configuration: .file(URL(fileURLWithPath: storePath)))
        Output.line("opened")
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(2)
    }
} catch {
    Output.line("error: \(error)")
    exit(1)
}
