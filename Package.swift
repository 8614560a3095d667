// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ConcurrencyLab",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PersistenceCore", targets: ["PersistenceCore"]),
        .executable(name: "lab", targets: ["lab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
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
            dependencies: ["CSQLite", "PersistenceCoreMacros"]
        ),
        .executableTarget(
            name: "lab",
            dependencies: ["PersistenceCore"]
        ),
        // A helper process for the reliability tests: an importer to kill mid-save, a holder of the
        // store's write lock, an opener running as another user. `swift test` builds it next to the
        // test bundle, where the tests look for it.
        .executableTarget(
            name: "crash-importer",
            dependencies: ["PersistenceCore", "CSQLite"]
        ),
        .testTarget(
            name: "PersistenceCoreTests",
            dependencies: ["PersistenceCore", "CSQLite"]
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
