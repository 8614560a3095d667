// swift-tools-version: 6.2
// A model layer that pins the lowest swift-syntax the package accepts, as a package of macros
// that requires `from: "600.0.0"` does: the `SwiftData` product must resolve and build beside it.
// Built by `Scripts/tests/lowest-swift-syntax.sh` (CI).
import PackageDescription

let package = Package(
    name: "LowestSwiftSyntax",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ConcurrencyLab", path: "../../.."),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "600.0.1"),
    ],
    targets: [
        .target(name: "Shelves", dependencies: [
            .product(name: "SwiftData", package: "ConcurrencyLab"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
