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