import MacroTesting
import PersistenceCoreMacros
import SwiftSyntaxMacroExpansion
import XCTest

final class ModelMacroTests: XCTestCase {
    /// The specs the compiler would pass: extension macros need their conformances listed, or
    /// the test expander silently generates no extension.
    let specs: [String: MacroSpec] = [
        "Model": MacroSpec(type: ModelMacro.self, conformances: ["PersistentModel", "Sendable"]),
        "Transient": MacroSpec(type: TransientMacro.self),
        "Attribute": MacroSpec(type: AttributeMacro.self),
        "Relationship": MacroSpec(type: AttributeMacro.self),
        "Unique": MacroSpec(type: ModelConstraintMacro.self),
        "Index": MacroSpec(type: ModelConstraintMacro.self),
    ]

    override func invokeTest() {
        withMacroTesting(macros: specs) {
            super.invokeTest()
        }
    }

    // MARK: Expansions

    func testModel_expandsMembersAccessorsAndConformances() {
        assertMacro {
            """
            @Model final class Item {
                @Attribute(.unique) var id: UUID
                var timestamp: Date
                var title: String?
                var count: Int = 0
                @Transient var cache: Int = 0
                var doubled: Int { count * 2 }
                static var shared = 1
                lazy var label: String = "item"
                init(id: UUID, timestamp: Date) {
                    self.id = id
                    self.timestamp = timestamp
                }
                func touch() {}
            }
            """
        } expansion: {
            #"""
            final class Item {
                @PersistenceCore.PersistedProperty(index: 0, of: Item.self) var id: UUID
                @PersistenceCore.PersistedProperty(index: 1, of: Item.self)
                var timestamp: Date
                @PersistenceCore.PersistedProperty(index: 2, of: Item.self)
                var title: String?
                @PersistenceCore.PersistedProperty(index: 3, of: Item.self)
                var count: Int = 0
                var cache: Int = 0
                var doubled: Int { count * 2 }
                static var shared = 1
                lazy var label: String = "item"
                init(id: UUID, timestamp: Date) {
                    self.id = id
                    self.timestamp = timestamp
                }
                func touch() {}

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Item_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Item_backingData
                    }
                    _modify {
                        yield &_Item_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Item_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("id", UUID.self, isUnique: true),
                        PersistenceCore.AttributeSchema("timestamp", Date.self),
                        PersistenceCore.AttributeSchema("title", Optional<String>.self),
                        PersistenceCore.AttributeSchema("count", Int.self, defaultValue: 0),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Item.id: "id",
                    \Item.timestamp: "timestamp",
                    \Item.title: "title",
                    \Item.count: "count",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Item_backingData !== backingData {
                        _Item_backingData = backingData
                    }
                    _id = PersistenceCore.PersistedPropertyPlaceholder()
                    _timestamp = PersistenceCore.PersistedPropertyPlaceholder()
                    _title = PersistenceCore.PersistedPropertyPlaceholder()
                    _count = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Item: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Item: Sendable {
            }
            """#
        }
    }

    func testModel_generatesPublicMembers_whenTheClassIsPublic() {
        assertMacro {
            """
            @Model public final class Tag {
                public var name: String
                public init(name: String) { self.name = name }
            }
            """
        } expansion: {
            #"""
            public final class Tag {
                @PersistenceCore.PersistedProperty(index: 0, of: Tag.self)
                public var name: String
                public init(name: String) { self.name = name }

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) public var _Tag_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Tag.entitySchema)

                /// Where the attribute values live.
                public nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Tag_backingData
                    }
                    _modify {
                        yield &_Tag_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                public nonisolated static var _Tag_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                public nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Tag",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) public static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Tag.name: "name",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                public nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Tag_backingData !== backingData {
                        _Tag_backingData = backingData
                    }
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Tag: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Tag: Sendable {
            }
            """#
        }
    }

    func testModel_acceptsOptionalSpelledOutAndQualifiedTypes() {
        assertMacro {
            """
            @Model fileprivate final class Sample {
                var a: Optional<Int>
                var b: Foundation.Date
                var c: Swift.Optional<Foundation.UUID> = nil
                init() { a = nil; b = .now }
            }
            """
        } expansion: {
            #"""
            fileprivate final class Sample {
                @PersistenceCore.PersistedProperty(index: 0, of: Sample.self)
                var a: Optional<Int>
                @PersistenceCore.PersistedProperty(index: 1, of: Sample.self)
                var b: Foundation.Date
                @PersistenceCore.PersistedProperty(index: 2, of: Sample.self)
                var c: Swift.Optional<Foundation.UUID> = nil
                init() { a = nil; b = .now }

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) fileprivate var _Sample_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Sample.entitySchema)

                /// Where the attribute values live.
                fileprivate nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Sample_backingData
                    }
                    _modify {
                        yield &_Sample_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                fileprivate nonisolated static var _Sample_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                fileprivate nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Sample",
                    attributes: [
                        PersistenceCore.AttributeSchema("a", Optional<Int>.self),
                        PersistenceCore.AttributeSchema("b", Foundation.Date.self),
                        PersistenceCore.AttributeSchema("c", Optional<Foundation.UUID>.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) fileprivate static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Sample.a: "a",
                    \Sample.b: "b",
                    \Sample.c: "c",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                fileprivate nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Sample_backingData !== backingData {
                        _Sample_backingData = backingData
                    }
                    _a = PersistenceCore.PersistedPropertyPlaceholder()
                    _b = PersistenceCore.PersistedPropertyPlaceholder()
                    _c = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Sample: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Sample: Sendable {
            }
            """#
        }
    }

    func testModel_generatesEmptyTables_whenNothingIsPersisted() {
        assertMacro {
            """
            @Model final class Empty {
            }
            """
        } expansion: {
            """
            final class Empty {

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Empty_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Empty.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Empty_backingData
                    }
                    _modify {
                        yield &_Empty_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Empty_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Empty",
                    attributes: []
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [:]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Empty_backingData !== backingData {
                        _Empty_backingData = backingData
                    }
                }
            }

            extension Empty: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Empty: Sendable {
            }
            """
        }
    }

    func testModel_makesSendableUnavailable() {
        assertMacro {
            """
            @Model final class Item {
                var name: String = ""
            }
            """
        } expansion: {
            #"""
            final class Item {
                @PersistenceCore.PersistedProperty(index: 0, of: Item.self)
                var name: String = ""

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Item_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Item_backingData
                    }
                    _modify {
                        yield &_Item_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Item_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self, defaultValue: ""),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Item.name: "name",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Item_backingData !== backingData {
                        _Item_backingData = backingData
                    }
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Item: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Item: Sendable {
            }
            """#
        }
    }

    func testModel_addsNoConformance_thatTheTypeAlreadyHas() {
        // Given a compiler that reports the class already Sendable (a MainActor class, say):
        // only the conformances it asks for are generated.
        assertMacro(["Model": MacroSpec(type: ModelMacro.self, conformances: ["PersistentModel"])]) {
            """
            @Model final class Item {
                var name: String = ""
            }
            """
        } expansion: {
            #"""
            final class Item {
                @PersistenceCore.PersistedProperty(index: 0, of: Item.self)
                var name: String = ""

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Item_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Item_backingData
                    }
                    _modify {
                        yield &_Item_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Item_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self, defaultValue: ""),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Item.name: "name",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Item_backingData !== backingData {
                        _Item_backingData = backingData
                    }
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Item: nonisolated PersistenceCore.PersistentModel {
            }
            """#
        }
    }

    func testPersistedProperty_expandsInitAccessorGetSetAndPlaceholder() {
        assertMacro(["PersistedProperty": PersistedPropertyMacro.self]) {
            """
            final class Item {
                @PersistedProperty(index: 2, of: Item.self) var title: String?
            }
            """
        } expansion: {
            """
            final class Item {
                var title: String? {
                    @storageRestrictions(accesses: _Item_backingData, initializes: _title)
                    init(initialValue) {
                        _Item_backingData.setValue(initialValue, at: Item._Item_indexBase.attributes + 2)
                        _title = PersistenceCore.PersistedPropertyPlaceholder()
                    }
                    get {
                        Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef {
                            $0.getValue(at: Item._Item_indexBase.attributes + 2)
                        }
                    }
                    set {
                        Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef {
                            $0.setValue(newValue, at: Item._Item_indexBase.attributes + 2)
                        }
                    }
                }

                private var _title: PersistenceCore.PersistedPropertyPlaceholder
            }
            """
        }
    }

    func testPersistedProperty_ofASubclass_countsFromTheSuperclasssProperties_andInitializesItsOwnBackingData() {
        assertMacro(["PersistedProperty": PersistedPropertyMacro.self]) {
            """
            class Car: Vehicle {
                @PersistedProperty(index: 0, of: Car.self) var doors: Int
                @PersistedProperty(relationship: 1, of: Car.self) var garage: Garage?
            }
            """
        } expansion: {
            """
            class Car: Vehicle {
                var doors: Int {
                    @storageRestrictions(accesses: _Car_backingData, initializes: _doors)
                    init(initialValue) {
                        _Car_backingData.setValue(initialValue, at: Car._Car_indexBase.attributes + 0)
                        _doors = PersistenceCore.PersistedPropertyPlaceholder()
                    }
                    get {
                        Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef {
                            $0.getValue(at: Car._Car_indexBase.attributes + 0)
                        }
                    }
                    set {
                        Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef {
                            $0.setValue(newValue, at: Car._Car_indexBase.attributes + 0)
                        }
                    }
                }

                private var _doors: PersistenceCore.PersistedPropertyPlaceholder
                var garage: Garage? {
                    @storageRestrictions(accesses: _Car_backingData, initializes: _garage)
                    init(initialValue) {
                        _Car_backingData.setRelationship(initialValue, at: Car._Car_indexBase.relationships + 1)
                        _garage = PersistenceCore.PersistedPropertyPlaceholder()
                    }
                    get {
                        Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef {
                            $0.getRelationship(at: Car._Car_indexBase.relationships + 1)
                        }
                    }
                    set {
                        Swift.Unmanaged.passUnretained(backingData)._withUnsafeGuaranteedRef {
                            $0.setRelationship(newValue, at: Car._Car_indexBase.relationships + 1)
                        }
                    }
                }

                private var _garage: PersistenceCore.PersistedPropertyPlaceholder
            }
            """
        }
    }

    func testModel_describesRelationships_andGivesThemRelationshipAccessors() {
        assertMacro {
            #"""
            @Model final class Stop {
                var title: String
                var trip: Trip?
                @Relationship(deleteRule: .cascade, inverse: \Tag.stops) var tags: [Tag] = []
                init(title: String) { self.title = title }
            }
            """#
        } expansion: {
            #"""
            final class Stop {
                @PersistenceCore.PersistedProperty(index: 0, of: Stop.self)
                var title: String
                @PersistenceCore.PersistedProperty(resolved: 0, of: Stop.self)
                var trip: Trip?
                @PersistenceCore.PersistedProperty(relationship: 0, of: Stop.self) var tags: [Tag] = []
                init(title: String) { self.title = title }

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Stop_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Stop.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Stop_backingData
                    }
                    _modify {
                        yield &_Stop_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Stop_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Stop",
                    attributes: [
                        PersistenceCore.AttributeSchema("title", String.self),
                    ],
                    relationships: [
                        PersistenceCore.Schema.Relationship("tags", to: Tag.self, isToMany: true, deleteRule: .cascade, inverse: \Tag.stops),
                    ],
                    resolved: [
                        PersistenceCore.ResolvedProperty("trip", Optional<Trip>.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Stop.title: "title",
                    \Stop.tags: "tags",
                    \Stop.trip: "trip",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Tag.self] + PersistenceCore.ResolvedProperty.modelTypes(of: Optional<Trip>.self)
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Stop_backingData !== backingData {
                        _Stop_backingData = backingData
                    }
                    _title = PersistenceCore.PersistedPropertyPlaceholder()
                    _tags = PersistenceCore.PersistedPropertyPlaceholder()
                    _trip = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Stop: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Stop: Sendable {
            }
            """#
        }
    }

    func testModel_acceptsSwiftDatasOtherRelationshipShapes() {
        // A model that is not optional (to-one) and an optional array of models (to-many): the
        // schema is the same as for 'Trip?' and '[Stop]'; the accessors' overloads differ.
        assertMacro {
            """
            @Model final class Stop {
                @Relationship var trip: Trip
                @Relationship(deleteRule: .cascade) var tags: [Tag]?
                @Relationship var notes: Optional<[Note]>
            }
            """
        } expansion: {
            #"""
            final class Stop {
                @PersistenceCore.PersistedProperty(relationship: 0, of: Stop.self) var trip: Trip
                @PersistenceCore.PersistedProperty(relationship: 1, of: Stop.self) var tags: [Tag]?
                @PersistenceCore.PersistedProperty(relationship: 2, of: Stop.self) var notes: Optional<[Note]>

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Stop_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Stop.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Stop_backingData
                    }
                    _modify {
                        yield &_Stop_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Stop_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Stop",
                    attributes: [],
                    relationships: [
                        PersistenceCore.Schema.Relationship("trip", to: Trip.self, isToMany: false),
                        PersistenceCore.Schema.Relationship("tags", to: Tag.self, isToMany: true, deleteRule: .cascade),
                        PersistenceCore.Schema.Relationship("notes", to: Note.self, isToMany: true),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Stop.trip: "trip",
                    \Stop.tags: "tags",
                    \Stop.notes: "notes",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Trip.self, Tag.self, Note.self]
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Stop_backingData !== backingData {
                        _Stop_backingData = backingData
                    }
                    _trip = PersistenceCore.PersistedPropertyPlaceholder()
                    _tags = PersistenceCore.PersistedPropertyPlaceholder()
                    _notes = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Stop: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Stop: Sendable {
            }
            """#
        }
    }

    func testModel_readsRelationshipCountsAndUniqueness() {
        // SwiftData's whole @Relationship signature: counts go into the schema, .unique becomes a
        // uniqueness constraint of the to-one column, originalName and hashModifier change nothing.
        assertMacro {
            """
            @Model final class Stop {
                @Relationship(.unique, originalName: "journey", hashModifier: "v2") var trip: Trip?
                @Relationship(deleteRule: .cascade, minimumModelCount: 1, maximumModelCount: 0) var tags: [Tag] = []
            }
            """
        } expansion: {
            #"""
            final class Stop {
                @PersistenceCore.PersistedProperty(relationship: 0, of: Stop.self) var trip: Trip?
                @PersistenceCore.PersistedProperty(relationship: 1, of: Stop.self) var tags: [Tag] = []

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Stop_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Stop.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Stop_backingData
                    }
                    _modify {
                        yield &_Stop_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Stop_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Stop",
                    attributes: [],
                    relationships: [
                        PersistenceCore.Schema.Relationship("trip", to: Trip.self, isToMany: false),
                        PersistenceCore.Schema.Relationship("tags", to: Tag.self, isToMany: true, deleteRule: .cascade, minimumModelCount: 1),
                    ],
                    uniquenessConstraints: [["trip"]]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Stop.trip: "trip",
                    \Stop.tags: "tags",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Trip.self, Tag.self]
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Stop_backingData !== backingData {
                        _Stop_backingData = backingData
                    }
                    _trip = PersistenceCore.PersistedPropertyPlaceholder()
                    _tags = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Stop: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Stop: Sendable {
            }
            """#
        }
    }

    func testModel_refusesUniqueOnAToManyRelationship() {
        assertMacro {
            """
            @Model final class Trip {
                @Relationship(.unique) var stops: [Stop] = []
            }
            """
        } diagnostics: {
            """
            @Model final class Trip {
                @Relationship(.unique) var stops: [Stop] = []
                              ┬──────
                              ╰─ 🛑 @Relationship(.unique) applies to a relationship to one model, as in SwiftData; 'stops' is to-many
            }
            """
        }
    }

    func testModel_explainsARelationshipOfAnotherShape() {
        assertMacro {
            """
            @Model final class Trip {
                @Relationship var stops: Set<Stop>
            }
            """
        } diagnostics: {
            """
            @Model final class Trip {
                @Relationship var stops: Set<Stop>
                                         ┬────────
                                         ╰─ 🛑 @Relationship applies to a model or an array of models: type 'stops' as 'Model?' or 'Model' for a to-one relationship, '[Model]' or '[Model]?' for a to-many one; 'Set<Stop>' is neither
            }
            """
        }
    }

    func testModel_rejectsAnInverseOfAnotherModel() {
        assertMacro {
            #"""
            @Model final class Trip {
                @Relationship(inverse: \Tag.stops) var stops: [Stop] = []
            }
            """#
        } diagnostics: {
            #"""
            @Model final class Trip {
                @Relationship(inverse: \Tag.stops) var stops: [Stop] = []
                                       ┬─────────
                                       ╰─ 🛑 the inverse of 'stops' must be a property of Stop, its destination; \Tag… is not
            }
            """#
        }
    }

    func testModel_acceptsAnInverse_whoseRootIsQualifiedOtherwiseThanTheDestination() {
        assertMacro {
            #"""
            @Model final class Trip {
                @Relationship(inverse: \Stop.trip) var stops: [Outer.Stop] = []
            }
            """#
        } expansion: {
            #"""
            final class Trip {
                @PersistenceCore.PersistedProperty(relationship: 0, of: Trip.self) var stops: [Outer.Stop] = []

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Trip_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Trip.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Trip_backingData
                    }
                    _modify {
                        yield &_Trip_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Trip_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Trip",
                    attributes: [],
                    relationships: [
                        PersistenceCore.Schema.Relationship("stops", to: Outer.Stop.self, isToMany: true, inverse: \Stop.trip),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Trip.stops: "stops",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Outer.Stop.self]
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Trip_backingData !== backingData {
                        _Trip_backingData = backingData
                    }
                    _stops = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Trip: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Trip: Sendable {
            }
            """#
        }
        assertMacro {
            #"""
            @Model final class Trip {
                @Relationship(inverse: \Outer.Stop.trip) var stops: [Stop] = []
            }
            """#
        } expansion: {
            #"""
            final class Trip {
                @PersistenceCore.PersistedProperty(relationship: 0, of: Trip.self) var stops: [Stop] = []

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Trip_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Trip.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Trip_backingData
                    }
                    _modify {
                        yield &_Trip_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Trip_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Trip",
                    attributes: [],
                    relationships: [
                        PersistenceCore.Schema.Relationship("stops", to: Stop.self, isToMany: true, inverse: \Outer.Stop.trip),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Trip.stops: "stops",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Stop.self]
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Trip_backingData !== backingData {
                        _Trip_backingData = backingData
                    }
                    _stops = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Trip: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Trip: Sendable {
            }
            """#
        }
    }

    func testModel_rejectsADeleteRuleThatIsNotALiteral() {
        assertMacro {
            """
            @Model final class Trip {
                @Relationship(deleteRule: rule) var stops: [Stop] = []
            }
            """
        } diagnostics: {
            """
            @Model final class Trip {
                @Relationship(deleteRule: rule) var stops: [Stop] = []
                                          ┬───
                                          ╰─ 🛑 @Relationship(deleteRule:) takes one of .nullify, .cascade, .deny, .noAction, written as a literal
            }
            """
        }
    }

    // MARK: Diagnostics

    func testModel_rejectsAnUnsupportedType() {
        assertMacro {
            """
            @Model final class Bookmark {
                var onOpen: () -> Void
            }
            """
        } diagnostics: {
            """
            @Model final class Bookmark {
                var onOpen: () -> Void
                            ┬─────────
                            ╰─ 🛑 @Model does not support 'onOpen: () -> Void'; use a Codable type (an enum with a raw value, a struct, an array), one of Bool, Int, Int64, Double, String, Date, UUID, Data, URL, or their optionals; a relationship is an optional model ('Trip?') or an array of models ('[Stop]')
            }
            """
        }
    }

    func testModel_refusesEphemeralAndTransformable_andSaysWhatToWrite() {
        assertMacro {
            """
            @Model final class Photo {
                @Attribute(.ephemeral) var isSelected: Bool = false
                @Attribute(.transformable(by: "ColorTransformer")) var tint: Data?
            }
            """
        } diagnostics: {
            """
            @Model final class Photo {
                @Attribute(.ephemeral) var isSelected: Bool = false
                           ┬─────────
                           ╰─ 🛑 @Model does not support '.ephemeral' (tracked but not stored): mark 'isSelected' @Transient to keep it out of the store
                @Attribute(.transformable(by: "ColorTransformer")) var tint: Data?
                           ┬─────────────────────────────────────
                           ╰─ 🛑 @Model does not support '.transformable(by:)': make the type of 'tint' Codable (it is stored as JSON), or store Data you encode yourself
            }
            """
        }
    }

    func testModel_rejectsAnOptionalOfAnUnsupportedType() {
        assertMacro {
            """
            @Model final class Bookmark {
                var span: (Int, Int)?
            }
            """
        } diagnostics: {
            """
            @Model final class Bookmark {
                var span: (Int, Int)?
                          ┬──────────
                          ╰─ 🛑 @Model does not support 'span: (Int, Int)?'; use a Codable type (an enum with a raw value, a struct, an array), one of Bool, Int, Int64, Double, String, Date, UUID, Data, URL, or their optionals; a relationship is an optional model ('Trip?') or an array of models ('[Stop]')
            }
            """
        }
    }

    func testModel_leavesOtherTypesToTheCompiler_asResolvedProperties() {
        // Enums, Codable values, URLs and unmarked relationships look alike in the source: the
        // overloads of ResolvedProperty and BackingData.getResolved decide, by type.
        assertMacro {
            """
            @Model final class Task {
                var title: String
                @Attribute(.unique, originalName: "state") var status: Status
                var priority: Priority?
                var tags: [String] = []
                var link: Foundation.URL?
                var project: Project?
                init(title: String) { self.title = title; self.status = .open }
            }
            """
        } expansion: {
            #"""
            final class Task {
                @PersistenceCore.PersistedProperty(index: 0, of: Task.self)
                var title: String
                @PersistenceCore.PersistedProperty(resolved: 0, of: Task.self) var status: Status
                @PersistenceCore.PersistedProperty(resolved: 1, of: Task.self)
                var priority: Priority?
                @PersistenceCore.PersistedProperty(resolved: 2, of: Task.self)
                var tags: [String] = []
                @PersistenceCore.PersistedProperty(resolved: 3, of: Task.self)
                var link: Foundation.URL?
                @PersistenceCore.PersistedProperty(resolved: 4, of: Task.self)
                var project: Project?
                init(title: String) { self.title = title; self.status = .open }

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Task_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Task.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Task_backingData
                    }
                    _modify {
                        yield &_Task_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Task_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Task",
                    attributes: [
                        PersistenceCore.AttributeSchema("title", String.self),
                    ],
                    resolved: [
                        PersistenceCore.ResolvedProperty("status", Status.self, isUnique: true, originalName: "state"),
                        PersistenceCore.ResolvedProperty("priority", Optional<Priority>.self),
                        PersistenceCore.ResolvedProperty("tags", [String].self),
                        PersistenceCore.ResolvedProperty("link", Optional<Foundation.URL>.self),
                        PersistenceCore.ResolvedProperty("project", Optional<Project>.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Task.title: "title",
                    \Task.status: "status",
                    \Task.priority: "priority",
                    \Task.tags: "tags",
                    \Task.link: "link",
                    \Task.project: "project",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [] + PersistenceCore.ResolvedProperty.modelTypes(of: Status.self) + PersistenceCore.ResolvedProperty.modelTypes(of: Optional<Priority>.self) + PersistenceCore.ResolvedProperty.modelTypes(of: [String].self) + PersistenceCore.ResolvedProperty.modelTypes(of: Optional<Foundation.URL>.self) + PersistenceCore.ResolvedProperty.modelTypes(of: Optional<Project>.self)
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Task_backingData !== backingData {
                        _Task_backingData = backingData
                    }
                    _title = PersistenceCore.PersistedPropertyPlaceholder()
                    _status = PersistenceCore.PersistedPropertyPlaceholder()
                    _priority = PersistenceCore.PersistedPropertyPlaceholder()
                    _tags = PersistenceCore.PersistedPropertyPlaceholder()
                    _link = PersistenceCore.PersistedPropertyPlaceholder()
                    _project = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Task: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Task: Sendable {
            }
            """#
        }
    }

    func testModel_typesAPropertyByItsInitialValue_whenItHasNoType() {
        // The closure is only there for the compiler to infer the type; nothing calls it.
        assertMacro {
            """
            @Model final class Destination {
                var name = ""
                var visits = 0
                @Relationship(deleteRule: .cascade, inverse: \\Sight.destination) var sights = [Sight]()
            }
            """
        } expansion: {
            #"""
            final class Destination {
                @PersistenceCore.PersistedProperty(resolved: 0, of: Destination.self)
                var name = ""
                @PersistenceCore.PersistedProperty(resolved: 1, of: Destination.self)
                var visits = 0
                @PersistenceCore.PersistedProperty(relationship: 0, of: Destination.self) var sights = [Sight]()

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Destination_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Destination.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Destination_backingData
                    }
                    _modify {
                        yield &_Destination_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Destination_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Destination",
                    attributes: [],
                    relationships: [
                        PersistenceCore.Schema.Relationship("sights", to: Sight.self, isToMany: true, deleteRule: .cascade, inverse: \Sight.destination),
                    ],
                    resolved: [
                        PersistenceCore.ResolvedProperty("name", PersistenceCore.ResolvedProperty.typeOfInitialValue {
                                ""
                            }),
                        PersistenceCore.ResolvedProperty("visits", PersistenceCore.ResolvedProperty.typeOfInitialValue {
                                0
                            }),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Destination.sights: "sights",
                    \Destination.name: "name",
                    \Destination.visits: "visits",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Sight.self] + PersistenceCore.ResolvedProperty.modelTypes(of: PersistenceCore.ResolvedProperty.typeOfInitialValue {
                            ""
                        }) + PersistenceCore.ResolvedProperty.modelTypes(of: PersistenceCore.ResolvedProperty.typeOfInitialValue {
                            0
                        })
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Destination_backingData !== backingData {
                        _Destination_backingData = backingData
                    }
                    _sights = PersistenceCore.PersistedPropertyPlaceholder()
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                    _visits = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Destination: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Destination: Sendable {
            }
            """#
        }
    }

    func testModel_asksForAType_whenARelationshipsInitialValueDoesNotNameIt() {
        assertMacro {
            """
            @Model final class Destination {
                @Relationship var sights = Self.makeSights()
            }
            """
        } diagnostics: {
            """
            @Model final class Destination {
                @Relationship var sights = Self.makeSights()
                                  ┬─────
                                  ╰─ 🛑 @Model reads a relationship's destination from its type: write 'var sights: [Model] = …' or 'var sights: Model?'
            }
            """
        }
    }

    func testModel_persistsALet_asSwiftDataDoes() {
        // The same accessors as a 'var': the compiler, not the macro, has the last word on a 'let'.
        assertMacro {
            """
            @Model final class Item {
                let id: UUID
            }
            """
        } expansion: {
            #"""
            final class Item {
                @PersistenceCore.PersistedProperty(index: 0, of: Item.self)
                let id: UUID

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Item_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Item_backingData
                    }
                    _modify {
                        yield &_Item_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Item_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("id", UUID.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Item.id: "id",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Item_backingData !== backingData {
                        _Item_backingData = backingData
                    }
                    _id = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Item: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Item: Sendable {
            }
            """#
        }
    }

    func testModel_readsUniqueAndIndex_intoTheEntitySchema() {
        // #Unique and #Index expand to nothing; @Model writes their lists into the schema.
        assertMacro {
            """
            @Model class Person {
                #Unique<Person>([\\.id], [\\.givenName, \\.familyName])
                #Index<Person>([\\Person.familyName])
                var id: UUID
                var givenName: String
                var familyName: String
            }
            """
        } expansion: {
            #"""
            class Person {
                @PersistenceCore.PersistedProperty(index: 0, of: Person.self)
                var id: UUID
                @PersistenceCore.PersistedProperty(index: 1, of: Person.self)
                var givenName: String
                @PersistenceCore.PersistedProperty(index: 2, of: Person.self)
                var familyName: String

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Person_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Person.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Person_backingData
                    }
                    _modify {
                        yield &_Person_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Person_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated class var entitySchema: PersistenceCore.EntitySchema {
                    _Person_entitySchema
                }

                private nonisolated static let _Person_entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Person",
                    attributes: [
                        PersistenceCore.AttributeSchema("id", UUID.self),
                        PersistenceCore.AttributeSchema("givenName", String.self),
                        PersistenceCore.AttributeSchema("familyName", String.self),
                    ],
                    uniquenessConstraints: [["id"], ["givenName", "familyName"]],
                    indices: [["familyName"]]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                nonisolated class var attributeKeyPaths: [AnyKeyPath: String] {
                    _Person_attributeKeyPaths
                }

                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) private static let _Person_attributeKeyPaths: [AnyKeyPath: String] = _Person_keyPaths(rootedAt: Person.self)

                /// The persisted properties' key paths from `Root` (this class or a subclass), and their names.
                nonisolated static func _Person_keyPaths<Root: Person>(rootedAt root: Root.Type) -> [AnyKeyPath: String] {
                    [
                        \Root.id: "id",
                        \Root.givenName: "givenName",
                        \Root.familyName: "familyName",
                    ]
                }

                /// The models this one's relationships point to.
                nonisolated class var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    []
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Person_backingData !== backingData {
                        _Person_backingData = backingData
                    }
                    _id = PersistenceCore.PersistedPropertyPlaceholder()
                    _givenName = PersistenceCore.PersistedPropertyPlaceholder()
                    _familyName = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Person: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Person: Sendable {
            }
            """#
        }
    }

    func testModel_refusesAConstraintOnAPropertyWithoutAColumn() {
        assertMacro {
            """
            @Model class Person {
                #Unique<Person>([\\.nickname, \\.address.city])
                var name: String
                @Transient var nickname: String = ""
                var address: Address
            }
            """
        } diagnostics: {
            #"""
            @Model class Person {
                #Unique<Person>([\.nickname, \.address.city])
                                             ┬─────────────
                                 │           ╰─ 🛑 #Unique takes key paths to properties of the model itself, such as '\.name'
                                 ┬─────────
                                 ╰─ 🛑 #Unique names 'nickname', which is not a stored property of this model (a @Transient or computed property has no column)
                var name: String
                @Transient var nickname: String = ""
                var address: Address
            }
            """#
        }
    }

    func testModel_onASubclass_overridesTheSuperclassMembers_andCountsItsIndexesFromTheSuperclasss() {
        // A subentity: its schema starts with the superclass's, its own accessors count from
        // where the superclass's properties end, and its init accessors write its own backing
        // data (the superclass's is not initialized yet when they run). The compiler asks a
        // subclass for no conformance it inherits: here, for Sendable alone.
        assertMacro(["Model": MacroSpec(type: ModelMacro.self, conformances: ["Sendable"])]) {
            """
            @Model class Car: Vehicle, Identifiable {
                #Unique<Car>([\\.name, \\.plate])
                var plate: String
                var garage: Garage?
            }
            """
        } expansion: {
            #"""
            class Car: Vehicle, Identifiable {
                #Unique<Car>([\.name, \.plate])
                @PersistenceCore.PersistedProperty(index: 0, of: Car.self)
                var plate: String
                @PersistenceCore.PersistedProperty(resolved: 0, of: Car.self)
                var garage: Garage?

                /// This class's properties are written here first: Swift initializes them before the superclass's.
                // the model's context queue guards it, as it guards the superclass's backingData
                @exclusivity(unchecked) nonisolated(unsafe) var _Car_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Car.entitySchema)

                /// Where the attribute values live: one backing data for the superclass's properties and this class's.
                nonisolated override var backingData: PersistenceCore.BackingData {
                    get {
                        let inherited = super.backingData
                        if inherited !== _Car_backingData {
                            // The first use after initialization: the superclass's initializer wrote elsewhere.
                            _Car_backingData.takeValues(writtenBySuperclassInto: inherited)
                            super.backingData = _Car_backingData
                        }
                        return _Car_backingData
                    }
                    set {
                        _Car_backingData = newValue
                        super.backingData = newValue
                    }
                }

                /// The entity: the superclass's properties, then this class's own, each kind in declaration order.
                nonisolated override class var entitySchema: PersistenceCore.EntitySchema {
                    _Car_entitySchema
                }

                private nonisolated static let _Car_entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Car",
                    superentity: Vehicle.entitySchema,
                    attributes: [
                        PersistenceCore.AttributeSchema("plate", String.self),
                    ],
                    resolved: [
                        PersistenceCore.ResolvedProperty("garage", Optional<Garage>.self),
                    ],
                    uniquenessConstraints: [["name", "plate"]]
                )

                /// Where this class's own properties start among the entity's: its accessors count from there.
                nonisolated static let _Car_indexBase = PersistenceCore.EntitySchema.IndexBase(after: Vehicle.entitySchema)

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                nonisolated override class var attributeKeyPaths: [AnyKeyPath: String] {
                    _Car_attributeKeyPaths
                }

                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) private static let _Car_attributeKeyPaths: [AnyKeyPath: String] = _Car_keyPaths(rootedAt: Car.self)

                /// The persisted properties' key paths from `Root` (this class or a subclass), and their names.
                nonisolated static func _Car_keyPaths<Root: Car>(rootedAt root: Root.Type) -> [AnyKeyPath: String] {
                    Vehicle._Vehicle_keyPaths(rootedAt: Root.self).merging([
                        \Root.plate: "plate",
                        \Root.garage: "garage",
                    ]) { _, own in
                        own
                    }
                }

                /// The models this one's relationships point to, and its superclass.
                nonisolated override class var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Vehicle.self] + PersistenceCore.ResolvedProperty.modelTypes(of: Optional<Garage>.self)
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    _Car_backingData = backingData
                    _plate = PersistenceCore.PersistedPropertyPlaceholder()
                    _garage = PersistenceCore.PersistedPropertyPlaceholder()
                    super.init(backingData: backingData)
                }
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Car: Sendable {
            }
            """#
        }
    }

    func testModel_readsNoSuperclassFromAName_whenTheCompilerAsksForPersistentModel() {
        // The first inherited name reads like a class, and is a protocol of the app's: the compiler
        // asks for PersistentModel, which a subclass of a model would have, so the class is a
        // root entity. (`…able` decided nothing either: nothing is read from a name.)
        assertMacro {
            """
            @Model final class Item: CollectionDocument, Codable {
                var name: String
            }
            """
        } expansion: {
            #"""
            final class Item: CollectionDocument, Codable {
                @PersistenceCore.PersistedProperty(index: 0, of: Item.self)
                var name: String

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Item_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Item_backingData
                    }
                    _modify {
                        yield &_Item_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Item_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Item.name: "name",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Item_backingData !== backingData {
                        _Item_backingData = backingData
                    }
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Item: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Item: Sendable {
            }
            """#
        }
    }

    func testModel_isARootEntity_whenItNamesPersistentModelItself() {
        // A class that writes `PersistentModel` in its own clause already conforms, so the
        // compiler asks for it no more than for a subclass's: the clause says it conforms by itself.
        assertMacro(["Model": MacroSpec(type: ModelMacro.self, conformances: ["Sendable"])]) {
            """
            @Model final class Item: SwiftData.PersistentModel {
                var name: String
            }
            """
        } expansion: {
            #"""
            final class Item: SwiftData.PersistentModel {
                @PersistenceCore.PersistedProperty(index: 0, of: Item.self)
                var name: String

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Item_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Item_backingData
                    }
                    _modify {
                        yield &_Item_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Item_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [AnyKeyPath: String] = [
                    \Item.name: "name",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Item_backingData !== backingData {
                        _Item_backingData = backingData
                    }
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Item: Sendable {
            }
            """#
        }
    }

    func testPersistedProperty_asksForTheClassThatDeclaresIt() {
        assertMacro(["PersistedProperty": PersistedPropertyMacro.self]) {
            """
            final class Item {
                @PersistedProperty(index: 0) var title: String
            }
            """
        } diagnostics: {
            """
            final class Item {
                @PersistedProperty(index: 0) var title: String
                ┬───────────────────────────
                ╰─ 🛑 @PersistedProperty needs the model class that declares the property, as 'of: Item.self'; @Model writes it for you
            }
            """
        }
    }

    func testModel_appliesToAClassThatIsNotFinal() {
        assertMacro {
            """
            @Model class Item {
                var name: String
            }
            """
        } expansion: {
            #"""
            class Item {
                @PersistenceCore.PersistedProperty(index: 0, of: Item.self)
                var name: String

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var _Item_backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// Where the attribute values live.
                nonisolated var backingData: PersistenceCore.BackingData {
                    _read {
                        yield _Item_backingData
                    }
                    _modify {
                        yield &_Item_backingData
                    }
                }

                /// Where this class's own properties start among the entity's: at the first, with no model superclass.
                nonisolated static var _Item_indexBase: PersistenceCore.EntitySchema.IndexBase {
                    .root
                }

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated class var entitySchema: PersistenceCore.EntitySchema {
                    _Item_entitySchema
                }

                private nonisolated static let _Item_entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                nonisolated class var attributeKeyPaths: [AnyKeyPath: String] {
                    _Item_attributeKeyPaths
                }

                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) private static let _Item_attributeKeyPaths: [AnyKeyPath: String] = _Item_keyPaths(rootedAt: Item.self)

                /// The persisted properties' key paths from `Root` (this class or a subclass), and their names.
                nonisolated static func _Item_keyPaths<Root: Item>(rootedAt root: Root.Type) -> [AnyKeyPath: String] {
                    [
                        \Root.name: "name",
                    ]
                }

                /// The models this one's relationships point to.
                nonisolated class var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    []
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: __shared PersistenceCore.BackingData) {
                    // Adopted already, as a rule: no retain and release of the same object.
                    if _Item_backingData !== backingData {
                        _Item_backingData = backingData
                    }
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Item: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Item: Sendable {
            }
            """#
        }
    }

    func testModel_appliesOnlyToAClass() {
        assertMacro {
            "@Model struct Item {}"
        } diagnostics: {
            """
            @Model struct Item {}
                   ┬─────
                   ╰─ 🛑 @Model applies to a class; 'Item' is a struct
            """
        }
        assertMacro {
            "@Model enum Item {}"
        } diagnostics: {
            """
            @Model enum Item {}
                   ┬───
                   ╰─ 🛑 @Model applies to a class; 'Item' is an enum
            """
        }
        assertMacro {
            "@Model final class Box<T> {}"
        } diagnostics: {
            """
            @Model final class Box<T> {}
                                  ┬──
                                  ╰─ 🛑 @Model applies to a class that is not generic; 'Box' has generic parameters
            """
        }
        // assertMacro records no expansion after an error: that nothing is added is checked here.
        for source in ["@Model struct Item {}", "@Model enum Item {}", "@Model final class Box<T> {}"] {
            XCTAssertEqual(expand(source), source.replacing("@Model ", with: ""))
        }
    }

    func testModel_keepsAnActorSendable_whenMisappliedToIt() {
        // The compiler leaves an actor's implicit Sendable conformance to a macro that may add
        // Sendable; restoring it keeps the macro's error the only one.
        assertMacro {
            "@Model actor Item {}"
        } diagnostics: {
            """
            @Model actor Item {}
                   ┬────
                   ╰─ 🛑 @Model applies to a class; 'Item' is an actor
            """
        }
        // assertMacro records no expansion after an error: what is left is compared here.
        XCTAssertEqual(
            expand("@Model actor Item {}"),
            """
            actor Item {}

            extension Item: Sendable {
            }
            """)
    }

    func testModel_rejectsAMainActorClass() {
        assertMacro {
            """
            @Model @MainActor final class Item {
            }
            """
        } diagnostics: {
            """
            @Model @MainActor final class Item {
                   ┬─────────
                   ╰─ 🛑 @Model applies to a class that is not @MainActor: a model belongs to its context's queue, which may be a private one; remove @MainActor (in a module isolated to the MainActor by default, write 'nonisolated class Item')
            }
            """
        }
    }

    func testModel_rejectsMoreThan64PersistedProperties() {
        let properties = (0...64).map { "    var p\($0): Int = 0" }.joined(separator: "\n")
        assertMacro {
            "@Model final class Big {\n\(properties)\n}"
        } diagnostics: {
            """
            @Model final class Big {
                               ┬──
                               ╰─ 🛑 @Model supports at most 64 persisted properties; 'Big' has 65 (mark some @Transient, or split the entity)
                var p0: Int = 0
                var p1: Int = 0
                var p2: Int = 0
                var p3: Int = 0
                var p4: Int = 0
                var p5: Int = 0
                var p6: Int = 0
                var p7: Int = 0
                var p8: Int = 0
                var p9: Int = 0
                var p10: Int = 0
                var p11: Int = 0
                var p12: Int = 0
                var p13: Int = 0
                var p14: Int = 0
                var p15: Int = 0
                var p16: Int = 0
                var p17: Int = 0
                var p18: Int = 0
                var p19: Int = 0
                var p20: Int = 0
                var p21: Int = 0
                var p22: Int = 0
                var p23: Int = 0
                var p24: Int = 0
                var p25: Int = 0
                var p26: Int = 0
                var p27: Int = 0
                var p28: Int = 0
                var p29: Int = 0
                var p30: Int = 0
                var p31: Int = 0
                var p32: Int = 0
                var p33: Int = 0
                var p34: Int = 0
                var p35: Int = 0
                var p36: Int = 0
                var p37: Int = 0
                var p38: Int = 0
                var p39: Int = 0
                var p40: Int = 0
                var p41: Int = 0
                var p42: Int = 0
                var p43: Int = 0
                var p44: Int = 0
                var p45: Int = 0
                var p46: Int = 0
                var p47: Int = 0
                var p48: Int = 0
                var p49: Int = 0
                var p50: Int = 0
                var p51: Int = 0
                var p52: Int = 0
                var p53: Int = 0
                var p54: Int = 0
                var p55: Int = 0
                var p56: Int = 0
                var p57: Int = 0
                var p58: Int = 0
                var p59: Int = 0
                var p60: Int = 0
                var p61: Int = 0
                var p62: Int = 0
                var p63: Int = 0
                var p64: Int = 0
            }
            """
        }
    }

    func testModel_stillGeneratesAConformance_whenAPropertyIsRefused() throws {
        // A refused property is left as written; init(backingData:) cannot set it, so it traps
        // instead of adding "not all stored properties initialized" to the real error.
        let source = """
            @Model final class Bookmark {
                var span: (Int, Int)
                var name: String = ""
            }
            """
        assertMacro {
            source
        } diagnostics: {
            """
            @Model final class Bookmark {
                var span: (Int, Int)
                          ┬─────────
                          ╰─ 🛑 @Model does not support 'span: (Int, Int)'; use a Codable type (an enum with a raw value, a struct, an array), one of Bool, Int, Int64, Double, String, Date, UUID, Data, URL, or their optionals; a relationship is an optional model ('Trip?') or an array of models ('[Stop]')
                var name: String = ""
            }
            """
        }
        // assertMacro records no expansion after an error: the parts that matter are checked here.
        let expanded = expand(source)
        XCTAssertTrue(expanded.contains("fatalError(\"@Model could not generate init(backingData:) for 'Bookmark'"), expanded)
        XCTAssertTrue(expanded.contains("PersistenceCore.AttributeSchema(\"name\", String.self, defaultValue: \"\")"), expanded)
        XCTAssertFalse(expanded.contains("\"span\""), expanded)
        XCTAssertTrue(expanded.contains("extension Bookmark: nonisolated PersistenceCore.PersistentModel"), expanded)
    }

    // MARK: Helpers

    private func expand(_ source: String) -> String {
        expandedSource(source, macroSpecs: specs)
    }
}
