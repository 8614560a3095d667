// The module `SwiftData`, on Linux only: everything PersistenceCore declares, under SwiftData's
// own module name, as swift-corelibs-foundation vends `Foundation` there.
//
// An app's model layer keeps `import SwiftData` and the names it qualifies with the module
// (`SwiftData.ModelContainer`, `SwiftData.Schema(versionedSchema:)`): a module-qualified name
// finds a declaration of a module this one re-exports. `Package.swift` declares the module only
// where Apple's SwiftData does not exist, so an app built for an Apple platform always gets
// Apple's.
@_exported import PersistenceCore
