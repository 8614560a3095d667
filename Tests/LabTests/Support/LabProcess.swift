import Foundation
import Synchronization

/// Runs the built `lab` executable as a real process and captures what it printed.
struct LabProcess {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The `lab` binary, built next to this test bundle.
    static var executable: URL {
        let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("lab")
    }

    /// Runs `lab` with `arguments`; `NO_COLOR` and `LAB_CONCURRENCY_DEBUG` unset unless given.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = nil
        variables["LAB_CONCURRENCY_DEBUG"] = nil
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Drain standard error on another thread, so a chatty child never blocks on a full pipe.
        let errorData = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        let errorHandle = error.fileHandleForReading
        DispatchQueue.global().async {
            let data = errorHandle.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: errorData.withLock { String(decoding: $0, as: UTF8.self) })
    }
}
