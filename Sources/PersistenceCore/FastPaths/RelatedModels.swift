/// A to-many relationship's models, kept as one array of class references, so that a getter
/// can hand out the array it holds instead of building one.
///
/// The plain code is `[any PersistentModel]` in the relationship's slot, and a getter that casts
/// it to `[Target]` on every read (`BackingData.castAll`): a new array per read,
/// and a retain of every member into it. Reading 1k trips' `stops` that way (20k stops) took
/// about half of reading their titles. Here the members are an `[AnyObject]`; when every member
/// is an instance of exactly one class, that class is kept too, and a getter for it gets the
/// same array as a `[Target]`: one retain, of the array.
///
/// Why the reinterpretation is sound: an array of class references has the same layout whatever
/// the class, and the standard library shares one buffer the same way when an `[Derived]` is
/// used as a `[Base]`. It is only done when `memberClass` is exactly the target, which the
/// initializers set only after checking every member's class.
@usableFromInline
struct RelatedModels {
    /// The members, in order.
    @usableFromInline let objects: [AnyObject]
    /// The class every member is an instance of, exactly; nil when there are none, or several classes
    /// (instances of a subclass among the destination's).
    @usableFromInline let memberClass: (any PersistentModel.Type)?

    /// No members.
    init() {
        self.init([], of: nil)
    }

    /// The members `models`, converted one by one (a retain each).
    init(_ models: [any PersistentModel]) {
        self.init(models.map { $0 as AnyObject }, of: models.first.map { type(of: $0) })
    }

    /// The members `objects`, models expected to be `modelClass`es: the array is kept as it is,
    /// and each member's class checked (members of several classes keep no class).
    init(_ objects: [AnyObject], of modelClass: (any PersistentModel.Type)?) {
        let exactly = modelClass.flatMap { modelClass in
            objects.allSatisfy { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(modelClass) } ? modelClass : nil
        }
        self.init(objects, checkedAsExactly: exactly)
    }

    /// The members `objects`, each of which its caller has already found to be exactly a
    /// `modelClass` (nil: not all of them are).
    ///
    /// Prefetching checks each model as it is made (``OwnerRun``), while the model is in the
    /// cache. Checking the finished lists here, as ``init(_:of:)`` does, read every member's
    /// class again from memory once all were made: 2.8% of the time of prefetching 1k trips'
    /// 20k stops went to it (`perf`, `profile trips 1000`).
    ///
    /// Not generic: prefetching, which calls it, runs unspecialized (the destination's type is
    /// opened at run time), and there an `[Model]` asked the runtime for its metadata at every
    /// append.
    init(_ objects: [AnyObject], checkedAsExactly modelClass: (any PersistentModel.Type)?) {
        self.objects = objects
        memberClass = objects.isEmpty ? nil : modelClass
    }

    /// The members as the array a `Target` getter returns, when they are all exactly `Target`s.
    @inlinable
    func typed<Target: PersistentModel>(as target: Target.Type) -> [Target]? {
        guard let memberClass, ObjectIdentifier(memberClass) == ObjectIdentifier(Target.self) else { return nil }
        return unsafeBitCast(objects, to: [Target].self)
    }

    /// The members as models, for the context's own work (saves, merges, inverses): a new array.
    @usableFromInline
    var models: [any PersistentModel] {
        guard let memberClass else { return objects.map { $0 as! any PersistentModel } }
        return memberClass.existentials(of: objects)
    }

    /// The first member, if any: a to-one relationship's model, where one is kept this way. Only
    /// that member is converted, not the whole list.
    var first: (any PersistentModel)? { objects.first.map { $0 as! any PersistentModel } }

    var count: Int { objects.count }
}

extension PersistentModel {
    /// `objects`, every one an instance of exactly this class, as models.
    static func existentials(of objects: [AnyObject]) -> [any PersistentModel] {
        objects.map { unsafeDowncast($0, to: Self.self) }
    }
}
