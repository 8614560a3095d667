import PersistenceCoreMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosTestSupport
import XCTest

final class ModelMacroTests: XCTestCase {
    /// The specs the compiler would pass: extension macros need their conformances listed, or
    /// the test expander silently generates no extension.
    let specs: [String: MacroSpec] = [
        "Model": MacroSpec(type: ModelMacro.self, conformances: ["PersistentModel", "Sendable"]),
        "Transient": MacroSpec(type: TransientMacro.self),
        "Attribute": MacroSpec(type: AttributeMacro.self),
        "Relationship": MacroSpec(type: AttributeMacro.self),
    ]

    // MARK: Expansions

    func testModel_expandsMembersAccessorsAndConformances() {
        assertMacroExpansion(
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
            """,
            expandedSource: """
            final class Item {
                @PersistenceCore.PersistedProperty(index: 0) var id: UUID
                @PersistenceCore.PersistedProperty(index: 1)
                var timestamp: Date
                @PersistenceCore.PersistedProperty(index: 2)
                var title: String?
                @PersistenceCore.PersistedProperty(index: 3)
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
                @exclusivity(unchecked) nonisolated(unsafe) var backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("id", UUID.self, isUnique: true),
                        PersistenceCore.AttributeSchema("timestamp", Date.self),
                        PersistenceCore.AttributeSchema("title", Optional<String>.self),
                        PersistenceCore.AttributeSchema("count", Int.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [PartialKeyPath<Item>: String] = [
                    \\Item.id: "id",
                    \\Item.timestamp: "timestamp",
                    \\Item.title: "title",
                    \\Item.count: "count",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: PersistenceCore.BackingData) {
                    self.backingData = backingData
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
            """,
            macroSpecs: specs)
    }

    func testModel_generatesPublicMembers_whenTheClassIsPublic() {
        assertMacroExpansion(
            """
            @Model public final class Tag {
                public var name: String
                public init(name: String) { self.name = name }
            }
            """,
            expandedSource: """
            public final class Tag {
                @PersistenceCore.PersistedProperty(index: 0)
                public var name: String
                public init(name: String) { self.name = name }

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) public var backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Tag.entitySchema)

                /// The entity: its name and its persisted properties, each kind in declaration order.
                public nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Tag",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) public static let attributeKeyPaths: [PartialKeyPath<Tag>: String] = [
                    \\Tag.name: "name",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                public nonisolated required init(backingData: PersistenceCore.BackingData) {
                    self.backingData = backingData
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Tag: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Tag: Sendable {
            }
            """,
            macroSpecs: specs)
    }

    func testModel_acceptsOptionalSpelledOutAndQualifiedTypes() {
        assertMacroExpansion(
            """
            @Model fileprivate final class Sample {
                var a: Optional<Int>
                var b: Foundation.Date
                var c: Swift.Optional<Foundation.UUID> = nil
                init() { a = nil; b = .now }
            }
            """,
            expandedSource: """
            fileprivate final class Sample {
                @PersistenceCore.PersistedProperty(index: 0)
                var a: Optional<Int>
                @PersistenceCore.PersistedProperty(index: 1)
                var b: Foundation.Date
                @PersistenceCore.PersistedProperty(index: 2)
                var c: Swift.Optional<Foundation.UUID> = nil
                init() { a = nil; b = .now }

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) fileprivate var backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Sample.entitySchema)

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
                nonisolated(unsafe) fileprivate static let attributeKeyPaths: [PartialKeyPath<Sample>: String] = [
                    \\Sample.a: "a",
                    \\Sample.b: "b",
                    \\Sample.c: "c",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                fileprivate nonisolated required init(backingData: PersistenceCore.BackingData) {
                    self.backingData = backingData
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
            """,
            macroSpecs: specs)
    }

    func testModel_generatesEmptyTables_whenNothingIsPersisted() {
        assertMacroExpansion(
            """
            @Model final class Empty {
            }
            """,
            expandedSource: """
            final class Empty {

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Empty.entitySchema)

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Empty",
                    attributes: []
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [PartialKeyPath<Empty>: String] = [:]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: PersistenceCore.BackingData) {
                    self.backingData = backingData
                }
            }

            extension Empty: nonisolated PersistenceCore.PersistentModel {
            }

            /// A model is bound to its context's queue: send its persistentModelID instead.
            @available(*, unavailable) extension Empty: Sendable {
            }
            """,
            macroSpecs: specs)
    }

    func testModel_makesSendableUnavailable() throws {
        let expanded = expand("@Model final class Item { var name: String = \"\" }")
        XCTAssertTrue(expanded.contains("@available(*, unavailable) extension Item: Sendable {"), expanded)
    }

    func testModel_addsNoConformance_thatTheTypeAlreadyHas() {
        // Given a compiler that reports the class already Sendable (a MainActor class, say):
        // only the conformances it asks for are generated.
        assertMacroExpansion(
            """
            @Model final class Item {
                var name: String = ""
            }
            """,
            expandedSource: """
            final class Item {
                @PersistenceCore.PersistedProperty(index: 0)
                var name: String = ""

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Item.entitySchema)

                /// The entity: its name and its persisted properties, each kind in declaration order.
                nonisolated static let entitySchema: PersistenceCore.EntitySchema = PersistenceCore.EntitySchema(
                    name: "Item",
                    attributes: [
                        PersistenceCore.AttributeSchema("name", String.self),
                    ]
                )

                /// Each persisted property's key path and name, for predicates and sort descriptors.
                // immutable after initialisation; key paths are not Sendable
                nonisolated(unsafe) static let attributeKeyPaths: [PartialKeyPath<Item>: String] = [
                    \\Item.name: "name",
                ]

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: PersistenceCore.BackingData) {
                    self.backingData = backingData
                    _name = PersistenceCore.PersistedPropertyPlaceholder()
                }
            }

            extension Item: nonisolated PersistenceCore.PersistentModel {
            }
            """,
            macroSpecs: ["Model": MacroSpec(type: ModelMacro.self, conformances: ["PersistentModel"])])
    }

    func testPersistedProperty_expandsInitAccessorGetSetAndPlaceholder() {
        assertMacroExpansion(
            """
            final class Item {
                @PersistedProperty(index: 2) var title: String?
            }
            """,
            expandedSource: """
            final class Item {
                var title: String? {
                    @storageRestrictions(accesses: backingData, initializes: _title)
                    init(initialValue) {
                        backingData.setValue(initialValue, at: 2)
                        _title = PersistenceCore.PersistedPropertyPlaceholder()
                    }
                    get {
                        backingData.getValue(at: 2)
                    }
                    set {
                        backingData.setValue(newValue, at: 2)
                    }
                }

                private var _title: PersistenceCore.PersistedPropertyPlaceholder
            }
            """,
            macros: ["PersistedProperty": PersistedPropertyMacro.self])
    }

    func testModel_describesRelationships_andGivesThemRelationshipAccessors() {
        assertMacroExpansion(
            #"""
            @Model final class Stop {
                var title: String
                var trip: Trip?
                @Relationship(deleteRule: .cascade, inverse: \Tag.stops) var tags: [Tag] = []
                init(title: String) { self.title = title }
            }
            """#,
            expandedSource: #"""
            final class Stop {
                @PersistenceCore.PersistedProperty(index: 0)
                var title: String
                @PersistenceCore.PersistedProperty(resolved: 0)
                var trip: Trip?
                @PersistenceCore.PersistedProperty(relationship: 0) var tags: [Tag] = []
                init(title: String) { self.title = title }

                /// Where the attribute values live; a fresh, unregistered one unless a context is making
                /// the model for a stored row (init(backingData:)), whose backing data it then is.
                // the model's context queue guards it (ConcurrencyDebug checks); set only while initializing,
                // so no access can overlap another: the run-time exclusivity check on every get is skipped
                @exclusivity(unchecked) nonisolated(unsafe) var backingData: PersistenceCore.BackingData = PersistenceCore.BackingData.forNewModel(of: Stop.entitySchema)

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
                nonisolated(unsafe) static let attributeKeyPaths: [PartialKeyPath<Stop>: String] = [
                    \Stop.title: "title",
                    \Stop.tags: "tags",
                    \Stop.trip: "trip",
                ]

                /// The models this one's relationships point to.
                nonisolated static var relatedModelTypes: [any PersistenceCore.PersistentModel.Type] {
                    [Tag.self] + PersistenceCore.ResolvedProperty.modelTypes(of: Optional<Trip>.self)
                }

                /// Creates the model over existing backing data: how a context materializes a row.
                nonisolated required init(backingData: PersistenceCore.BackingData) {
                    self.backingData = backingData
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
            """#,
            macroSpecs: specs)
    }

    func testModel_asksForAnOptional_whenARelationshipIsAPlainModel() {
        assertDiagnostics(
            """
            @Model final class Stop {
                @Relationship var trip: Trip
            }
            """,
            [DiagnosticSpec(
                message: "@Model stores a relationship as an optional model or an array of models: write 'trip: Trip?' for a to-one relationship (nil when there is none), or 'trip: [Trip]' for a to-many one",
                line: 2, column: 29)])
    }

    func testModel_asksForAPlainArray_whenAToManyRelationshipIsOptional() {
        for type in ["[Stop]?", "Optional<[Stop]>"] {
            assertDiagnostics(
                """
                @Model final class Trip {
                    @Relationship var stops: \(type)
                }
                """,
                [DiagnosticSpec(
                    message: "@Model stores a to-many relationship as a plain array of models: write 'stops: [Stop] = []' (empty when there are none)",
                    line: 2, column: 30)])
        }
    }

    func testModel_rejectsAnInverseOfAnotherModel() {
        assertDiagnostics(
            #"""
            @Model final class Trip {
                @Relationship(inverse: \Tag.stops) var stops: [Stop] = []
            }
            """#,
            [DiagnosticSpec(
                message: #"the inverse of 'stops' must be a property of Stop, its destination; \Tag… is not"#,
                line: 2, column: 28)])
    }

    func testModel_acceptsAnInverse_whoseRootIsQualifiedOtherwiseThanTheDestination() {
        for (inverse, destination) in [(#"\Stop.trip"#, "Outer.Stop"), (#"\Outer.Stop.trip"#, "Stop")] {
            assertDiagnostics(
                """
                @Model final class Trip {
                    @Relationship(inverse: \(inverse)) var stops: [\(destination)] = []
                }
                """,
                [])
        }
    }

    func testModel_rejectsADeleteRuleThatIsNotALiteral() {
        assertDiagnostics(
            """
            @Model final class Trip {
                @Relationship(deleteRule: rule) var stops: [Stop] = []
            }
            """,
            [DiagnosticSpec(
                message: "@Relationship(deleteRule:) takes one of .nullify, .cascade, .deny, .noAction, written as a literal",
                line: 2, column: 31)])
    }

    // MARK: Diagnostics

    func testModel_rejectsAnUnsupportedType() {
        assertDiagnostics(
            """
            @Model final class Bookmark {
                var onOpen: () -> Void
            }
            """,
            [DiagnosticSpec(
                message: "@Model does not support 'onOpen: () -> Void'; use a Codable type (an enum with a raw value, a struct, an array), one of Bool, Int, Int64, Double, String, Date, UUID, Data, URL, or their optionals; a relationship is an optional model ('Trip?') or an array of models ('[Stop]')",
                line: 2, column: 17)])
    }

    func testModel_refusesEphemeralAndTransformable_andSaysWhatToWrite() {
        assertDiagnostics(
            """
            @Model final class Photo {
                @Attribute(.ephemeral) var isSelected: Bool = false
                @Attribute(.transformable(by: "ColorTransformer")) var tint: Data?
            }
            """,
            [DiagnosticSpec(
                message: "@Model does not support '.ephemeral' (tracked but not stored): mark 'isSelected' @Transient to keep it out of the store",
                line: 2, column: 16),
             DiagnosticSpec(
                message: "@Model does not support '.transformable(by:)': make the type of 'tint' Codable (it is stored as JSON), or store Data you encode yourself",
                line: 3, column: 16)])
    }

    func testModel_rejectsAnOptionalOfAnUnsupportedType() {
        assertDiagnostics(
            """
            @Model final class Bookmark {
                var span: (Int, Int)?
            }
            """,
            [DiagnosticSpec(
                message: "@Model does not support 'span: (Int, Int)?'; use a Codable type (an enum with a raw value, a struct, an array), one of Bool, Int, Int64, Double, String, Date, UUID, Data, URL, or their optionals; a relationship is an optional model ('Trip?') or an array of models ('[Stop]')",
                line: 2, column: 15)])
    }

    func testModel_leavesOtherTypesToTheCompiler_asResolvedProperties() {
        // Enums, Codable values, URLs and unmarked relationships look alike in the source: the
        // overloads of ResolvedProperty and BackingData.getResolved decide, by type.
        let expanded = expand("""
            @Model final class Task {
                var title: String
                @Attribute(.unique, originalName: "state") var status: Status
                var priority: Priority?
                var tags: [String] = []
                var link: Foundation.URL?
                var project: Project?
                init(title: String) { self.title = title; self.status = .open }
            }
            """)
        for expected in [
            "PersistenceCore.AttributeSchema(\"title\", String.self)",
            "PersistenceCore.ResolvedProperty(\"status\", Status.self, isUnique: true, originalName: \"state\")",
            "PersistenceCore.ResolvedProperty(\"priority\", Optional<Priority>.self)",
            "PersistenceCore.ResolvedProperty(\"tags\", [String].self)",
            "PersistenceCore.ResolvedProperty(\"link\", Optional<Foundation.URL>.self)",
            "PersistenceCore.ResolvedProperty(\"project\", Optional<Project>.self)",
            "@PersistenceCore.PersistedProperty(resolved: 0)",
            "@PersistenceCore.PersistedProperty(resolved: 4)",
            "PersistenceCore.ResolvedProperty.modelTypes(of: Optional<Project>.self)",
        ] {
            XCTAssertTrue(expanded.contains(expected), "missing \(expected) in\n\(expanded)")
        }
    }

    func testModel_asksForAnExplicitType_whenThePropertyHasNone() {
        assertDiagnostics(
            """
            @Model final class Counter {
                var x = 3
            }
            """,
            [DiagnosticSpec(
                message: "@Model needs an explicit type on 'x' (write 'var x: Type = …'): it reads the type from the source to build the schema",
                line: 2, column: 9)])
    }

    func testModel_rejectsALet_andOffersVar() {
        assertDiagnostics(
            """
            @Model final class Item {
                let id: UUID
            }
            """,
            [DiagnosticSpec(
                message: "@Model persists stored properties as 'var': make 'id' a 'var', or mark it @Transient to keep it out of the store",
                line: 2, column: 5,
                fixIts: [FixItSpec(message: "Replace 'let' with 'var'")])])
    }

    func testModel_asksForOnePropertyPerLine() {
        assertDiagnostics(
            """
            @Model final class Point {
                var a, b: Int
            }
            """,
            [DiagnosticSpec(message: "@Model needs one property per line: declare 'a' and 'b' separately", line: 2, column: 9)])
    }

    func testModel_rejectsDidSetAndWillSet() {
        assertDiagnostics(
            """
            @Model final class Item {
                var name: String = "" {
                    didSet { print(name) }
                }
                var age: Int = 0 {
                    willSet { print(newValue) }
                }
            }
            """,
            [
                DiagnosticSpec(
                    message: "@Model does not support 'didSet' on 'name': the property's generated accessors would drop it silently; move the code into a method, or mark 'name' @Transient",
                    line: 2, column: 9),
                DiagnosticSpec(
                    message: "@Model does not support 'willSet' on 'age': the property's generated accessors would drop it silently; move the code into a method, or mark 'age' @Transient",
                    line: 5, column: 9),
            ])
    }

    func testModel_asksForADefault_onATransientProperty() {
        assertDiagnostics(
            """
            @Model final class Item {
                @Transient var cache: Int
                @Transient var note: String?
                @Transient let kind = "item"
            }
            """,
            [DiagnosticSpec(
                message: "@Transient property 'cache' needs a default value: a model loaded from the store is made by init(backingData:), which cannot set it",
                line: 2, column: 20)])
    }

    func testModel_appliesOnlyToAFinalClass() {
        for (source, message, column) in [
            ("@Model struct Item {}", "@Model applies to a final class; 'Item' is a struct", 8),
            ("@Model enum Item {}", "@Model applies to a final class; 'Item' is an enum", 8),

            ("@Model class Item {}", "@Model applies to a final class; mark 'Item' final", 8),
            ("@Model final class Box<T> {}", "@Model applies to a final class that is not generic; 'Box' has generic parameters", 23),
        ] {
            let expanded = source.replacing("@Model ", with: "")
            assertMacroExpansion(
                source, expandedSource: expanded,
                diagnostics: [DiagnosticSpec(message: message, line: 1, column: column)],
                macroSpecs: specs)
        }
    }

    func testModel_keepsAnActorSendable_whenMisappliedToIt() {
        // The compiler leaves an actor's implicit Sendable conformance to a macro that may add
        // Sendable; restoring it keeps the macro's error the only one.
        assertMacroExpansion(
            "@Model actor Item {}",
            expandedSource: """
            actor Item {}

            extension Item: Sendable {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Model applies to a final class; 'Item' is an actor", line: 1, column: 8)],
            macroSpecs: specs)
    }

    func testModel_rejectsAMainActorClass() {
        assertDiagnostics(
            """
            @Model @MainActor final class Item {
            }
            """,
            [DiagnosticSpec(
                message: "@Model applies to a final class that is not @MainActor: a model belongs to its context's queue, which may be a private one; remove @MainActor (in a module isolated to the MainActor by default, write 'nonisolated final class Item')",
                line: 1, column: 8)])
    }

    func testModel_rejectsMoreThan64PersistedProperties() {
        let properties = (0...64).map { "    var p\($0): Int = 0" }.joined(separator: "\n")
        assertDiagnostics(
            "@Model final class Big {\n\(properties)\n}",
            [DiagnosticSpec(
                message: "@Model supports at most 64 persisted properties; 'Big' has 65 (mark some @Transient, or split the entity)",
                line: 1, column: 20)])
    }

    func testModel_stillGeneratesAConformance_whenAPropertyIsRefused() throws {
        // A refused property is left as written; init(backingData:) cannot set it, so it traps
        // instead of adding "not all stored properties initialized" to the real error.
        let expanded = expand("@Model final class Bookmark {\n    var span: (Int, Int)\n    var name: String = \"\"\n}")
        XCTAssertTrue(expanded.contains("fatalError(\"@Model could not generate init(backingData:) for 'Bookmark'"), expanded)
        XCTAssertTrue(expanded.contains("PersistenceCore.AttributeSchema(\"name\", String.self)"), expanded)
        XCTAssertFalse(expanded.contains("\"span\""), expanded)
        XCTAssertTrue(expanded.contains("extension Bookmark: nonisolated PersistenceCore.PersistentModel"), expanded)
    }

    // MARK: Helpers

    private func assertDiagnostics(_ source: String, _ diagnostics: [DiagnosticSpec],
                                   file: StaticString = #filePath, line: UInt = #line) {
        PersistenceCoreMacrosTests.assertDiagnostics(source, diagnostics, macroSpecs: specs, file: file, line: line)
    }

    private func expand(_ source: String) -> String {
        expandedSource(source, macroSpecs: specs)
    }
}
