extension BackingData {
    /// Takes the values a superclass's initializer wrote into `superclassData` (backing data of
    /// the superclass's entity): how a new instance of a `@Model` subclass ends up with one
    /// backing data holding every property.
    ///
    /// Swift initializes a subclass's own properties before its superclass's: the subclass's
    /// init accessors write into this backing data (its own stored property), and the
    /// superclass's then write into the backing data the superclass's stored property was
    /// initialized with. The subclass's generated `backingData` calls this on its first use
    /// after initialization, then makes this one the superclass's too. Both belong to no context
    /// yet, and only the thread that made the object has touched them.
    public func takeValues(writtenBySuperclassInto superclassData: BackingData) {
        let superentity = superclassData.entity
        let inherited = superclassData.values
        var values = self.values.array
        // The superclass's attributes come first in both layouts; its to-one columns follow its
        // attributes there, and this entity's attributes here.
        for index in superentity.attributes.indices {
            values[index] = inherited[index]
        }
        for index in superentity.relationships.indices {
            relations[index] = superclassData.relations[index]
            if let from = superentity.valueIndex(ofRelationship: index), let to = entity.valueIndex(ofRelationship: index) {
                values[to] = inherited[from]
            }
        }
        // A new object records no changes yet (its insert writes every value): values are all.
        self.values = RowValues(values)
    }
}
