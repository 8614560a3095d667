// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ConcurrencyLab",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PersistenceCore", targets: ["PersistenceCore"]),
        .library(name: "SampleModels", targets: ["SampleModels"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "Workshop", targets: ["Workshop"]),
        .executable(name: "lab", targets: ["lab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation`: builds the DocC course in Tutorials/.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The SQLite C API, used directly: the store must stay near SQLite's own speed.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
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
            dependencies: ["CSQLite", "PersistenceCoreMacros"],
            exclude: ["FastPaths/README.md"]
        ),
        // The course's models (Item, Person, DomainItem, ImportedItem), defined once for the
        // lessons, the workshop, the helper process, the tests and the benchmarks.
        .target(
            name: "SampleModels",
            dependencies: ["PersistenceCore"]
        ),
        // One import helper file (Sources/Swift62Settings/ItemImporter.swift), compiled as three
        // modules under three language settings: the lesson nonisolated-async calls each one from
        // the MainActor and shows where its context lands.
        .target(
            name: "ImportHelperSwift6",
            dependencies: ["PersistenceCore", "SampleModels"],
            path: "Sources/Swift62Settings/Swift6"
        ),
        .target(
            name: "ImportHelperNonisolatedNonsending",
            dependencies: ["PersistenceCore", "SampleModels"],
            path: "Sources/Swift62Settings/NonisolatedNonsending",
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        .target(
            name: "ImportHelperDefaultMainActor",
            dependencies: ["PersistenceCore", "SampleModels"],
            path: "Sources/Swift62Settings/DefaultMainActor",
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // One folder per article case: the wrong way, the right way, and what happened.
        .target(
            name: "Scenarios",
            dependencies: [
                "PersistenceCore", "SampleModels",
                "ImportHelperSwift6", "ImportHelperNonisolatedNonsending", "ImportHelperDefaultMainActor",
            ],
            exclude: ["CompilerLessons/Snippets", "NonisolatedAsync/Snippets"]
        ),
        // The DocC course (a chapter per article, a tutorial per scenario) and the code its steps
        // show, compiled here so that it cannot drift (see Tutorials/README.md).
        .target(
            name: "ConcurrencyLabTutorials",
            dependencies: ["PersistenceCore", "SampleModels", "Scenarios"],
            path: "Tutorials/ConcurrencyLabTutorials",
            exclude: ["Steps/snippets.txt"]
        ),
        // The workshop: exercises a learner edits, reference solutions, and checkers.
        .target(
            name: "Workshop",
            dependencies: ["PersistenceCore", "SampleModels"],
            path: "Tutorials/Workshop"
        ),
        .executableTarget(
            name: "lab",
            dependencies: [
                "PersistenceCore",
                "Scenarios",
                "Workshop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A helper process for the reliability tests: an importer to kill mid-save, a holder of the
        // store's write lock, an opener running as another user. `swift test` builds it next to the
        // test bundle, where the tests look for it.
        .executableTarget(
            name: "crash-importer",
            dependencies: ["PersistenceCore", "SampleModels", "CSQLite"]
        ),
        .testTarget(
            name: "PersistenceCoreTests",
            dependencies: ["PersistenceCore", "SampleModels", "CSQLite"]
        ),
        .testTarget(
            name: "CompatibilityTests",
            dependencies: ["PersistenceCore"]
        ),
        .testTarget(
            name: "ScenariosTests",
            dependencies: ["Scenarios", "SampleModels", "PersistenceCore"]
        ),
        .testTarget(
            name: "LabTests",
            dependencies: ["lab", "Scenarios", "SampleModels", "PersistenceCore", "Workshop"]
        ),
        .testTarget(
            name: "WorkshopTests",
            dependencies: ["Workshop", "SampleModels", "PersistenceCore"]
        ),
        .testTarget(
            name: "TutorialsTests",
            dependencies: ["ConcurrencyLabTutorials", "SampleModels", "Scenarios"]
        ),
        .testTarget(
            name: "PersistenceCoreMacrosTests",
            dependencies: [
                "PersistenceCoreMacros",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
