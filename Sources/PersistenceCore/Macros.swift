// The macros' declarations. Their implementations live in the `PersistenceCoreMacros` target, a
// compiler plugin; what each one writes is shown in its tests (`PersistenceCoreMacrosTests`).

/// Turns a class into a model whose stored properties live in a store: SwiftData's `@Model`.
///
/// Each persisted property becomes accessors that go through ``BackingData``, the one place where
/// queue confinement is checked and changes are recorded. The class gains
/// `backingData` (read it as ``PersistentModel/persistentBackingData``, SwiftData's typed name),
/// `entitySchema`, `attributeKeyPaths`, `init(backingData:)`, a
/// ``PersistentModel`` conformance, and an unavailable `Sendable` conformance: a model is bound
/// to its context's queue, so the compiler refuses to send one elsewhere (send its
/// ``PersistentModel/persistentModelID`` instead).
///
/// Persisted properties are the stored properties that are not `static`, `lazy` or `@Transient`,
/// in declaration order. A `let` gets the same accessors as a `var`, as with SwiftData: the Swift 6
/// compiler refuses them, the Swift 5 language mode warns and stores it.
///
/// A property written without a type (`var name = ""`, `var sights = [Sight]()`) takes its initial
/// value's type, as the compiler infers it.
///
/// > Warning: `var a, b: Int`, or `didSet`/`willSet` (accessor macros would drop them silently),
/// > is a compile-time error naming the property.
///
/// > Important: A model must not be `@MainActor`: it belongs to its context's queue, which may be
/// > a private one. In a module whose default isolation is the MainActor, declare it
/// > `@Model nonisolated class`.
// `conformances: PersistentModel` on the member role: the compiler then tells it whether the class
// conforms already, through a model superclass (ModelDeclaration.superclass(of:lacking:)).
@attached(member, conformances: PersistentModel, names: named(backingData), named(entitySchema), named(attributeKeyPaths), named(relatedModelTypes), named(init), arbitrary)
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel, Sendable)
public macro Model() = #externalMacro(module: "PersistenceCoreMacros", type: "ModelMacro")

/// The accessors `@Model` gives each persisted property; not meant to be written by hand.
///
/// `index` is the property's position among the persisted properties of `of` (the class that
/// declares it), counted from where its superclass's end (see `EntitySchema.Inheritance`), so each
/// get and set reaches its value in ``BackingData`` without a lookup by name. The peer `_name`
/// placeholder lets the class's initializers assign the property (see ``PersistedPropertyPlaceholder``).
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro PersistedProperty(index: Int, of: AnyObject.Type) = #externalMacro(module: "PersistenceCoreMacros", type: "PersistedPropertyMacro")

/// The accessors `@Model` gives each relationship; not meant to be written by hand.
///
/// `relationship` is the property's position among the relationships of `of`. The get and set go
/// through the backing data as an attribute's do, so the queue rule, faults and change tracking
/// apply to relationships exactly as to attributes; the set also keeps the inverse in step.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro PersistedProperty(relationship: Int, of: AnyObject.Type) = #externalMacro(module: "PersistenceCoreMacros", type: "PersistedPropertyMacro")

/// The accessors `@Model` gives a property whose type decides whether it is an attribute or a
/// relationship (``ResolvedProperty``); not meant to be written by hand.
///
/// `resolved` is the property's position among those properties of `of`; the compiler picks the
/// `BackingData.getResolved`/`setResolved` overload for its type.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro PersistedProperty(resolved: Int, of: AnyObject.Type) = #externalMacro(module: "PersistenceCoreMacros", type: "PersistedPropertyMacro")

/// Describes a relationship of a `@Model` class: SwiftData's `@Relationship`.
///
/// ```swift
/// @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
/// ```
/// A property whose type is a model (`Trip?`) or an array of models (`[Stop]`) is a
/// relationship without it, with delete rule `.nullify` and an inverse the schema infers when
/// only one relationship of the destination points back. `@Model` reads the arguments from the
/// source text, so write them as literals.
///
/// The rest of SwiftData's arguments: `.unique` keeps a unique index on a to-one relationship's
/// column (no two models relate to the same one); `minimumModelCount:` and `maximumModelCount:`
/// (0 for no limit) are checked when a save would change the relationship, which then throws
/// ``ModelError/relationshipCountViolation(entity:relationship:reason:)`` and writes nothing;
/// `originalName:` and `hashModifier:` are accepted and change nothing (a renamed relationship is
/// not a migration this library infers).
@attached(peer)
public macro Relationship(_ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
                          minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
                          inverse: AnyKeyPath? = nil, hashModifier: String? = nil) = #externalMacro(module: "PersistenceCoreMacros", type: "AttributeMacro")

/// Keeps a stored property of a `@Model` class out of the store: SwiftData's `@Transient`.
///
/// The property stays an ordinary stored property; it needs a default value, because a model
/// loaded from the store is made by `init(backingData:)`, which cannot know what to give it.
@attached(peer)
public macro Transient() = #externalMacro(module: "PersistenceCoreMacros", type: "TransientMacro")

/// Makes the listed properties of a `@Model` class unique together: SwiftData's `#Unique` (iOS 18).
///
/// ```swift
/// @Model class Person {
///     #Unique<Person>([\.id], [\.givenName, \.familyName])
///     …
/// }
/// ```
///
/// Each list becomes a unique index of the store (``EntitySchema/uniquenessConstraints``). A save
/// of a new model with the same values as another is an upsert on SwiftData's contexts: the other
/// model takes the new values. On Core Data's, the merge policy decides; under `.error`, the
/// default, the save throws ``ModelError/constraintConflict(_:)`` naming both, and writes nothing. Each
/// key path names one attribute or to-one relationship of the model; `@Model` reads them from the
/// source, so write them as literals.
@freestanding(declaration)
public macro Unique<T: PersistentModel>(_ constraints: [PartialKeyPath<T>]...) = #externalMacro(module: "PersistenceCoreMacros", type: "ModelConstraintMacro")

/// Indexes the store on the listed properties of a `@Model` class: SwiftData's `#Index` (iOS 18).
///
/// ```swift
/// @Model class Person {
///     #Index<Person>([\.familyName], [\.familyName, \.givenName])
///     …
/// }
/// ```
///
/// Each list becomes an SQLite index (``EntitySchema/indices``), so a predicate or sort on those
/// columns need not read the whole table. Adding or removing one is a lightweight migration.
@freestanding(declaration)
public macro Index<T: PersistentModel>(_ indices: [PartialKeyPath<T>]...) = #externalMacro(module: "PersistenceCoreMacros", type: "ModelConstraintMacro")

/// Adds options to a persisted property of a `@Model` class: SwiftData's `@Attribute`.
///
/// `@Model` reads the options from the source text: `@Attribute(.unique) var id: UUID`.
/// `originalName` names the property in an older model: a store that still has that column is
/// migrated by renaming it (see ``SchemaMigrationPlan``). `hashModifier` is accepted so that
/// SwiftData code compiles, and changes nothing (a store here keeps its model, not hashes).
@attached(peer)
public macro Attribute(_ options: AttributeOption..., originalName: String? = nil, hashModifier: String? = nil) = #externalMacro(module: "PersistenceCoreMacros", type: "AttributeMacro")

/// Makes an `actor` a ``ModelActor`` whose code runs on the queue of its own ``ModelContext``:
/// SwiftData's `@ModelActor`.
///
/// The generated `init(modelContainer:)` makes the context with SwiftData's rule,
/// `ModelContext(modelContainer)`: created on the main queue (the MainActor), the actor runs on
/// the main queue; created anywhere else, on a private queue of its own. Pass
/// `disableGenerateInit: true` to write the initializer yourself (set `modelContainer` and
/// `modelExecutor`).
///
/// > Warning: Where the actor is created decides where it runs. Use ``BackgroundModelActor(disableGenerateInit:)``
/// > for work that must stay off the main queue.
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor(disableGenerateInit: Bool = false) = #externalMacro(module: "PersistenceCoreMacros", type: "ModelActorMacro")

/// Makes an `actor` a ``ModelActor`` that always runs on a private queue, wherever it is created:
/// CoreDataEvolution's `@NSModelActor`.
///
/// The generated `init(modelContainer:)` uses ``ModelContainer/newBackgroundContext()``. Pass
/// `disableGenerateInit: true` to write the initializer yourself.
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro BackgroundModelActor(disableGenerateInit: Bool = false) = #externalMacro(module: "PersistenceCoreMacros", type: "BackgroundModelActorMacro")

/// Makes a `final class` a ``MainModelActor``: isolated to the MainActor and working through the
/// container's ``ModelContainer/mainContext``.
///
/// A macro cannot add `@MainActor` to the class it is attached to, so it adds `@MainActor` to
/// every member that has no isolation of its own, and to the members it generates; like a
/// `@MainActor` class, the class is `Sendable` (the compiler refuses that if a mutable stored
/// property is left `nonisolated`). Pass `disableGenerateInit: true` to write the initializer
/// yourself (set `modelContainer`).
@attached(member, names: named(modelContainer), named(init))
@attached(memberAttribute)
@attached(extension, conformances: MainModelActor, Sendable)
public macro MainModelActor(disableGenerateInit: Bool = false) = #externalMacro(module: "PersistenceCoreMacros", type: "MainModelActorMacro")
