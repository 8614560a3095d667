// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ConcurrencyLab",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PersistenceCore", targets: ["PersistenceCore"]),
        .library(name: "SampleModels", targets: ["SampleModels"]),
        .library(name: "Lessons", targets: ["Lessons"]),
        .library(name: "Workshop", targets: ["Workshop"]),
        .library(name: "ConcurrencyDebugTesting", targets: ["ConcurrencyDebugTesting"]),
        .library(name: "TraceViews", targets: ["TraceViews"]),
        .library(name: "InterleavingExplorer", targets: ["InterleavingExplorer"]),
        .executable(name: "lab", targets: ["lab"]),
    ] + swiftDataProducts,
    dependencies: [
        // Every swift-syntax from 600 to 603: the SwiftData product resolves beside other macro
        // packages, which each pin a range of their own (`Scripts/tests/lowest-swift-syntax.sh` builds 600).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation`: builds the DocC course in Tutorials/.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The macro tests: records and diffs what @Model and @ModelActor expand to.
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    ],
    targets: [
        // The SQLite C API, used directly: the store must stay near SQLite's own speed.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // One C thread-local variable: the backing data a context offers the model it is making
        // (`FastPaths/BackingData+Adoption.swift`), read with one load where a pthread key costs a call.
        .target(
            name: "CThreadLocal",
            path: "Sources/CThreadLocal"
        ),
        // The compiler plugin behind @Model, @ModelActor, @BackgroundModelActor and @MainModelActor.
        .macro(
            name: "PersistenceCoreMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // The miniature Core Data / SwiftData.
        .target(
            name: "PersistenceCore",
            dependencies: ["CSQLite", "CThreadLocal", "PersistenceCoreMacros"],
            exclude: ["FastPaths/README.md"]
        ),
        // The lab's two tools, beside the core and not in it: what a recording of the core's work
        // (TraceRecorder) looks like (a picture, Perfetto's JSON, text) and why a change did not
        // arrive; and the interleaving explorer, which runs a body once per order of its jobs
        // through the core's ExplorationSeam.
        .target(
            name: "TraceViews",
            dependencies: ["PersistenceCore"]
        ),
        .target(
            name: "InterleavingExplorer",
            dependencies: ["PersistenceCore"]
        ),
        // The queue rule for one test at a time: a Swift Testing trait, `.concurrencyDebug(.record)`,
        // and an XCTestCase base class, for an app's own tests.
        .target(
            name: "ConcurrencyDebugTesting",
            dependencies: ["PersistenceCore"]
        ),
        // The course's models (Item, Person, DomainItem, ImportedItem, and Trip with its Stops and
        // Tags), defined once for the lessons, the workshop, the helper process, the tests and the
        // benchmarks.
        .target(
            name: "SampleModels",
            dependencies: ["PersistenceCore"]
        ),
        // tutorial:begin import-helpers
        // One import helper file (Sources/ImportHelpers/ItemImporter.swift), compiled as three
        // modules under three language settings: the lesson nonisolated-async calls each one from
        // the MainActor and shows where its context lands (Sources/ImportHelpers/README.md).
        .target(
            name: "ImportHelperSwift6",
            dependencies: ["PersistenceCore", "SampleModels"],
            path: "Sources/ImportHelpers/Swift6"
        ),
        .target(
            name: "ImportHelperNonisolatedNonsending",
            dependencies: ["PersistenceCore", "SampleModels"],
            path: "Sources/ImportHelpers/NonisolatedNonsending",
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        .target(
            name: "ImportHelperDefaultMainActor",
            dependencies: ["PersistenceCore", "SampleModels"],
            path: "Sources/ImportHelpers/DefaultMainActor",
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // tutorial:end import-helpers
        // What the lessons, the workshop, `lab` and the tests share that is not persistence: where
        // the package's files are, and one way to start a child process and read what it prints
        // (whose state is behind the core's one lock type, `Locked`: all it imports of the core).
        .target(
            name: "LabSupport",
            dependencies: ["PersistenceCore"]
        ),
        // One folder per article case: the wrong way, the right way, and what happened.
        .target(
            name: "Lessons",
            dependencies: [
                "PersistenceCore", "SampleModels", "LabSupport", "InterleavingExplorer",
                "ImportHelperSwift6", "ImportHelperNonisolatedNonsending", "ImportHelperDefaultMainActor",
            ],
            exclude: ["CompilerLessons/Snippets", "NonisolatedAsync/Snippets"]
        ),
        // The DocC course (a chapter per article, a tutorial per lesson) and the code its steps
        // show, compiled here so that it cannot drift (see Tutorials/README.md).
        .target(
            name: "ConcurrencyLabTutorials",
            dependencies: ["PersistenceCore", "SampleModels", "Lessons"],
            path: "Tutorials/ConcurrencyLabTutorials",
            exclude: ["Steps/snippets.txt"]
        ),
        // The workshop: a folder per lesson with the exercise a learner edits, its reference
        // solution and its checker. The exercises are left out of the target: `lab workshop`
        // compiles each on its own when asked, so a half-typed one breaks nothing else.
        .target(
            name: "Workshop",
            // Lessons: the lessons' own helpers a checker reuses (widget-change's WidgetProcess).
            dependencies: ["PersistenceCore", "SampleModels", "LabSupport", "Lessons", "InterleavingExplorer"],
            path: "Tutorials/Workshop",
            exclude: workshopExercises
        ),
        .executableTarget(
            name: "lab",
            dependencies: [
                "lesson-helper",  // built with lab: the lessons start it
                "PersistenceCore",
                "TraceViews",
                "InterleavingExplorer",
                "LabSupport",
                "Lessons",
                "Workshop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // `lab workshop` loads each exercise, compiled on its own, into this process: the
            // exercise finds the core and its checker among lab's own symbols (a Mac's linker
            // exports them already).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        // The second process of a lesson that needs one (a widget writing the app's store, a hang
        // that must not happen in the process that reports it): the lessons start it, never `lab`.
        .executableTarget(
            name: "lesson-helper",
            dependencies: ["Lessons"]
        ),
        // A helper process for the store tests: an importer to kill mid-save, a holder of the
        // store's write lock, an opener running as another user. `swift test` builds it next to the
        // test bundle, where the tests look for it.
        .executableTarget(
            name: "store-test-helper",
            dependencies: ["PersistenceCore", "SampleModels", "CSQLite"]
        ),
        // What the test targets share: temporary directories, gates, the helper processes.
        .target(
            name: "TestSupport",
            dependencies: ["PersistenceCore", "LabSupport"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "PersistenceCoreTests",
            dependencies: ["PersistenceCore", "SampleModels", "CSQLite", "LabSupport", "TestSupport"]
        ),
        // The lab's two tools, each tested beside the core rather than in its tests.
        .testTarget(
            name: "TraceViewsTests",
            dependencies: ["PersistenceCore", "TraceViews", "SampleModels", "LabSupport", "TestSupport"]
        ),
        .testTarget(
            name: "InterleavingExplorerTests",
            dependencies: ["PersistenceCore", "InterleavingExplorer", "SampleModels", "TestSupport"]
        ),
        .testTarget(
            name: "ConcurrencyDebugTestingTests",
            dependencies: ["PersistenceCore", "ConcurrencyDebugTesting", "TestSupport"]
        ),
        .testTarget(
            name: "LessonsTests",
            dependencies: ["Lessons", "lesson-helper", "SampleModels", "PersistenceCore", "TraceViews", "LabSupport", "TestSupport"]
        ),
        .testTarget(
            name: "LabTests",
            dependencies: ["lab", "Lessons", "SampleModels", "PersistenceCore", "Workshop", "LabSupport", "TestSupport"]
        ),
        .testTarget(
            name: "WorkshopTests",
            dependencies: ["Workshop", "lesson-helper", "SampleModels", "PersistenceCore", "LabSupport", "TestSupport"]
        ),
        .testTarget(
            name: "TutorialsTests",
            dependencies: ["ConcurrencyLabTutorials", "SampleModels", "Lessons", "Workshop", "LabSupport", "TestSupport"]
        ),
        .testTarget(
            name: "PersistenceCoreMacrosTests",
            dependencies: [
                "PersistenceCoreMacros",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ]
        ),
    ] + swiftDataTargets,
    swiftLanguageModes: [.v6]
)

/// The exercise of each lesson folder in Tutorials/Workshop: the file that is neither its solution
/// (`+Solution.swift`) nor its checker (`Checker.swift`). Written by
/// `python3 Scripts/tutorials/sync-course.py`, which CI runs with `--check`: a literal list, since
/// SwiftPM caches what a manifest evaluates to by its text, and would not see a new folder.
// sync-course:begin workshop-exercises
var workshopExercises: [String] {
    [
        "actor-reentrancy/ScoreKeeper.swift",
        "background-storage/ItemsStorage.swift",
        "change-merging/MainContextMerging.swift",
        "compiler-lessons/NewestItemReport.swift",
        "deleted-model/TripDetail.swift",
        "edit-scratchpad/ItemEditSheet.swift",
        "id-passing/ItemHandoff.swift",
        "list-of-everything/ItemListQuery.swift",
        "list-that-does-not-update/ItemListUpdates.swift",
        "merge-conflicts/ProfileMergePolicy.swift",
        "model-actor-executor/ItemContextExecutor.swift",
        "nested-deadlock/ChildRefresher.swift",
        "nonisolated-async/ItemImportService.swift",
        "private-parent-stack/AppStack.swift",
        "reads-during-import/ItemListStore.swift",
        "relationship-faults/TripListLoader.swift",
        "starved-pool/BatchImporter.swift",
        "task-vs-detached/ImportContextMaker.swift",
        "widget-change/RemoteChangeMerger.swift",
        "wrong-context-queue/MainContextResetter.swift",
        "wrong-queue-mutation/CountUpdater.swift",
    ]
}
// sync-course:end workshop-exercises

// The module `SwiftData` (Sources/SwiftData), which re-exports PersistenceCore so that SwiftData
// code builds unchanged: declared only where Apple's SwiftData does not exist, so that an app built
// for an Apple platform never has its SwiftData shadowed.
// CompatibilityTests, SwiftData model layers that `import SwiftData` as written, are declared with
// it: on an Apple platform that import is Apple's framework, and a test bundle must never mix it
// with PersistenceCore.
#if os(Linux)
var swiftDataProducts: [Product] { [.library(name: "SwiftData", targets: ["SwiftData"])] }
var swiftDataTargets: [Target] {
    [
        .target(name: "SwiftData", dependencies: ["PersistenceCore"]),
        .testTarget(name: "CompatibilityTests", dependencies: ["SwiftData", "PersistenceCore", "ConcurrencyDebugTesting", "TestSupport"]),
    ]
}
#else
var swiftDataProducts: [Product] { [] }
var swiftDataTargets: [Target] { [] }
#endif
