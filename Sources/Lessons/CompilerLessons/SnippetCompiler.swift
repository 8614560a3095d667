import Foundation
import LabSupport

/// Compiles the compiler-lessons snippets with `swiftc -swift-version 6` against the modules the
/// running program (`lab`, or a test bundle) was built with, the way a learner's own file would be.
///
/// Everything is found from where the program runs, never from a fixed `.build`: the build folder
/// is the folder of the executable (or of the test bundle that holds this code, or one of its
/// parents) holding `Modules/PersistenceCore.swiftmodule` (`.build/<triple>/debug`, or `.build-tsan/…` under `--sanitize=thread --scratch-path .build-tsan`),
/// the macro plugin `PersistenceCoreMacros-tool` sits next to it, the snippets are found in the
/// package this program was built from (`PackageRoot`), and `swiftc` from `PATH`. When any of
/// them is missing (a copied binary, no toolchain), ``locate()`` says which.
///
/// The snippets go through SIL (`-emit-sil`), not only the type checker: region-based isolation
/// ("sending 'item' risks causing data races") is diagnosed there.
public struct SnippetCompiler: Sendable {
    /// What one compilation printed.
    package struct Result: Sendable {
        package var exitCode: Int32
        package var output: String

        /// The `error:` lines, without file and position.
        package var errors: [String] { messages(of: "error") }
        /// The `warning:` lines, without file and position.
        package var warnings: [String] { messages(of: "warning") }

        private func messages(of kind: String) -> [String] {
            output.split(separator: "\n").compactMap { line in
                line.range(of: " \(kind): ").map { String(line[$0.upperBound...]) }
            }
        }
    }

    /// Why the compiler could not be set up.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    let swiftc: URL
    let buildFolder: URL
    let packageRoot: URL

    /// The folder of the snippets.
    var snippetFolder: URL { packageRoot.appendingPathComponent(CompilerLessons.snippetFolder) }

    /// Finds `swiftc`, the build folder and the package root, or says what is missing.
    package static func locate() throws -> SnippetCompiler {
        let packageRoot = PackageRoot.url
        guard let buildFolder = findBuildFolder() else {
            throw SetupError(description: "none of \(ExecutableLocation.candidateFolders().map(\.path)) (beside the executable or this code's test bundle) holds Modules/PersistenceCore.swiftmodule")
        }
        guard let swiftc = findSwiftc() else {
            throw SetupError(description: "swiftc is not on PATH (\(ProcessInfo.processInfo.environment["PATH"] ?? ""))")
        }
        let compiler = SnippetCompiler(swiftc: swiftc, buildFolder: buildFolder, packageRoot: packageRoot)
        for required in [compiler.plugin, compiler.snippetFolder] where !FileManager.default.fileExists(atPath: required.path) {
            throw SetupError(description: "\(required.path) does not exist")
        }
        return compiler
    }

    /// The macro plugin that expands `@Model` and `@ModelActor`.
    var plugin: URL { buildFolder.appendingPathComponent("PersistenceCoreMacros-tool") }

    /// The language settings a snippet is compiled under: Swift 6, and the two Swift 6.2 settings
    /// a new Xcode project turns on.
    public enum Setting: String, Sendable, Codable, CaseIterable {
        /// `-swift-version 6`, nothing more.
        case swift6
        /// Swift 6.2's `NonisolatedNonsendingByDefault`: a `nonisolated async` function runs on
        /// its caller's actor.
        case nonisolatedNonsendingByDefault
        /// Swift 6.2's default isolation, `.defaultIsolation(MainActor.self)` in a manifest: every
        /// unannotated declaration of the module is MainActor-isolated.
        case defaultMainActorIsolation

        /// The compiler flags that turn the setting on.
        public var flags: [String] {
            switch self {
            case .swift6: []
            case .nonisolatedNonsendingByDefault: ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
            case .defaultMainActorIsolation: ["-default-isolation", "MainActor"]
            }
        }

        /// How the lessons name it.
        public var title: String {
            switch self {
            case .swift6: "Swift 6"
            case .nonisolatedNonsendingByDefault: "Swift 6.2 with NonisolatedNonsendingByDefault"
            case .defaultMainActorIsolation: "Swift 6.2 with default MainActor isolation"
            }
        }
    }

    /// The arguments for one snippet under `setting`, in the language mode `swiftVersion` (the
    /// lessons' is 6; a test of what Swift 5 code may still write passes 5). A snippet with
    /// top-level statements (`topLevelCode`, README's samples) compiles as a program's main file.
    func arguments(for snippet: URL, setting: Setting = .swift6, swiftVersion: Int = 6, topLevelCode: Bool = false) -> [String] {
        setting.flags + ["-swift-version", String(swiftVersion)] + (topLevelCode ? [] : ["-parse-as-library"]) + [
            "-module-name", "Snippet",
            "-emit-sil", "-o", "/dev/null",
            "-diagnostic-style", "llvm", "-no-color-diagnostics",
            "-module-cache-path", buildFolder.appendingPathComponent("ModuleCache").path,
            "-I", buildFolder.appendingPathComponent("Modules").path,
            "-I", packageRoot.appendingPathComponent("Sources/CSQLite").path,
            "-I", packageRoot.appendingPathComponent("Sources/CThreadLocal/include").path,
            "-load-plugin-executable", plugin.path + "#PersistenceCoreMacros",
            snippet.path,
        ]
    }

    /// Compiles the snippet file called `name` (in ``snippetFolder``) under `setting`.
    func compile(_ name: String, setting: Setting = .swift6) async throws -> Result {
        try await compile(at: snippetFolder.appendingPathComponent(name), setting: setting)
    }

    /// Compiles the snippet file at `snippet` under `setting`, in the language mode `swiftVersion`.
    package func compile(at snippet: URL, setting: Setting = .swift6, swiftVersion: Int = 6, topLevelCode: Bool = false) async throws -> Result {
        let run = try await ChildProcess.run(swiftc, arguments(for: snippet, setting: setting, swiftVersion: swiftVersion,
                                                               topLevelCode: topLevelCode))
        return Result(exitCode: run.status, output: run.standardOutput + run.standardError)
    }

    /// Compiles every snippet of every lesson under `setting`, a few at a time; keyed by file name.
    func compileAll(_ lessons: [CompilerLessons.Mistake], setting: Setting = .swift6, atOnce width: Int = 2) async throws -> [String: Result] {
        let names = lessons.flatMap { [$0.wrongSnippet, $0.fixedSnippet] }
        return try await withThrowingTaskGroup(of: (String, Result).self) { group in
            var results: [String: Result] = [:]
            var next = names.makeIterator()
            for _ in 0..<width {
                guard let name = next.next() else { break }
                group.addTask { (name, try await compile(name, setting: setting)) }
            }
            while let (name, result) = try await group.next() {
                results[name] = result
                if let name = next.next() {
                    group.addTask { (name, try await compile(name, setting: setting)) }
                }
            }
            return results
        }
    }

    /// The build folder: the nearest folder where the package's products are looked for (beside
    /// the running executable, or the test bundle that holds this code) that holds
    /// PersistenceCore's module.
    private static func findBuildFolder() -> URL? {
        ExecutableLocation.candidateFolders().first { folder in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/PersistenceCore.swiftmodule").path)
        }
    }

    /// Compiles `source` into a shared library at `library`, as module `moduleName`, against the
    /// same modules: a workshop exercise, which `lab` then loads. Its references to the package's
    /// modules stay undefined in the library, and are found among the loading program's symbols.
    package func compileLibrary(_ source: URL, to library: URL, moduleName: String) async throws -> Result {
        var arguments = ["-swift-version", "6", "-parse-as-library", "-module-name", moduleName,
                         "-emit-library", "-o", library.path, "-Onone", "-g",
                         "-diagnostic-style", "llvm", "-no-color-diagnostics",
                         "-module-cache-path", buildFolder.appendingPathComponent("ModuleCache").path,
                         "-I", buildFolder.appendingPathComponent("Modules").path,
                         "-I", packageRoot.appendingPathComponent("Sources/CSQLite").path,
                         "-I", packageRoot.appendingPathComponent("Sources/CThreadLocal/include").path,
                         "-load-plugin-executable", plugin.path + "#PersistenceCoreMacros"]
        #if canImport(Darwin)
        arguments += ["-Xlinker", "-undefined", "-Xlinker", "dynamic_lookup"]
        #endif
        let run = try await ChildProcess.run(swiftc, arguments + [source.path])
        return Result(exitCode: run.status, output: run.standardOutput + run.standardError)
    }

    /// Type-checks a package manifest at `manifest` against the toolchain's PackageDescription,
    /// at tools version 6.2 (README's manifest samples).
    package func checkManifest(at manifest: URL) async throws -> Result {
        let api = swiftc.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/pm/ManifestAPI")
        let run = try await ChildProcess.run(swiftc, ["-typecheck", "-swift-version", "6", "-package-description-version", "6.2",
                                                      "-diagnostic-style", "llvm", "-no-color-diagnostics",
                                                      "-I", api.path, manifest.path])
        return Result(exitCode: run.status, output: run.standardOutput + run.standardError)
    }

    private static func findSwiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
