import Foundation
import LabSupport
import Lessons
import Workshop

/// One exercise file compiled on its own and loaded into `lab`: how a learner's half-typed file
/// concerns only itself. The package never compiles the exercises; `lab workshop` compiles the one
/// it checks, with the compiler lessons' `SnippetCompiler`, into a shared library that also holds
/// the call of its checker (``Exercise/exerciseCheck``), then loads it and runs that call. The
/// library finds the core, the models and the checker among `lab`'s own symbols (`Package.swift`
/// links `lab` to export them).
///
/// A library is kept per exercise and content, in the temporary folder, so checking an unchanged
/// file again costs no compilation.
enum ExerciseBuild {
    /// What compiling an exercise gave: its library, or the compiler's errors in its own words.
    enum Outcome {
        case built(URL)
        case doesNotCompile([String])
    }

    /// The library of `exercise`'s current file, compiled now unless an identical one was.
    static func build(_ exercise: Exercise) async throws -> Outcome {
        let source = try String(contentsOf: exercise.fileURL, encoding: .utf8)
        let key = Fingerprint.hex(Fingerprint.fnv1a(Data((source + exercise.exerciseCheck + buildStamp).utf8)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ConcurrencyLab-exercises", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(exercise.id)-\(key.dropFirst(2))"
        let library = folder.appendingPathComponent("lib\(name).so")
        if FileManager.default.fileExists(atPath: library.path) { return .built(library) }
        // Compiled under names of this build's own, then renamed into place (rename(2) replaces
        // atomically): two `lab` processes checking the same file never write one library at once.
        let unique = UUID().uuidString.prefix(8)
        let wrapped = folder.appendingPathComponent("\(name)-\(unique).swift")
        let building = folder.appendingPathComponent("lib\(name)-\(unique).so")
        defer { try? FileManager.default.removeItem(at: wrapped) }
        try Self.source(of: exercise, text: source).write(to: wrapped, atomically: true, encoding: .utf8)
        let result = try await SnippetCompiler.locate().compileLibrary(wrapped, to: building, moduleName: "Exercise_" + name.replacingOccurrences(of: "-", with: "_"))
        guard result.exitCode == 0 else {
            try? FileManager.default.removeItem(at: building)
            return .doesNotCompile(Self.errors(in: result.output, of: exercise))
        }
        guard rename(building.path, library.path) == 0 else {
            throw LabFailure(message: "cannot move the compiled exercise to \(library.path): \(String(cString: strerror(errno)))")
        }
        return .built(library)
    }

    /// The learner's file as the compiler sees it: the checker's module, then the file under its
    /// own name and lines (so an error points at the learner's line), then the entry point.
    static func source(of exercise: Exercise, text: String) -> String {
        """
        @testable import Workshop
        #sourceLocation(file: "\(exercise.fileURL.path)", line: 1)
        \(text)
        #sourceLocation()
        @_cdecl("lab_exercise_check")
        public func labExerciseCheck() -> UnsafeMutableRawPointer {
            Unmanaged.passRetained(ExerciseCheckEntry { await \(exercise.exerciseCheck) }).toOpaque()
        }

        """
    }

    /// The compiler's errors, as `path:line: error: message`, the learner's file first.
    static func errors(in output: String, of exercise: Exercise) -> [String] {
        let lines = output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        let root = Exercise.root.path + "/"
        let shown = lines.map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
        let own = shown.filter { $0.hasPrefix(exercise.file) }
        return own.isEmpty ? (shown.isEmpty ? [output.trimmingCharacters(in: .whitespacesAndNewlines)] : shown) : own
    }

    /// Loads `library` and runs its check: what is still wrong, in plain words.
    static func run(_ library: URL) async throws -> [String] {
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            throw LabFailure(message: "cannot load the compiled exercise \(library.path): \(String(cString: dlerror()))")
        }
        guard let symbol = dlsym(handle, "lab_exercise_check") else {
            throw LabFailure(message: "the compiled exercise \(library.path) has no entry point")
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
        let entry = Unmanaged<ExerciseCheckEntry>.fromOpaque(unsafeBitCast(symbol, to: Entry.self)()).takeRetainedValue()
        return await entry.run()
    }

    /// What tells this `lab` build from another: a library compiled against another build of the
    /// core must not be loaded into this one.
    static let buildStamp: String = {
        guard let path = ExecutableLocation.runningExecutable?.path,
              let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date else { return "" }
        return "\(path) \(modified.timeIntervalSince1970)"
    }()
}
