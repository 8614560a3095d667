import Foundation
import Scenarios

// `history-writer <store>`: the other process of the P11 benchmarks, the widget-change lesson's
// widget (`WidgetWriter`) built in release beside the benchmarks. Build it before a run:
// `swift build -c release --product history-writer` (in Benchmarks/).
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: history-writer <store file>\n".utf8))
    exit(2)
}
try WidgetWriter.run(store: URL(fileURLWithPath: CommandLine.arguments[1]), input: { readLine() }) { line in
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
