extension EntitySQL {
    /// The attribute values of the current row of a `select` statement, in attribute order.
    ///
    /// Entities of up to eight stored values get their array from an array literal, which
    /// allocates it at its final size in one step. The plain code, the loop at the end, grows an
    /// empty array with `reserveCapacity` and `append`: the standard library's general path asks
    /// the allocator for the block's usable size and checks capacity on every append.
    func values(of statement: SQLiteStatement) -> [SQLiteValue] {
        let types = attributeTypes
        func value(_ index: Int) -> SQLiteValue { statement.columnValue(Int32(index) + 2, as: types[index]) }
        switch types.count {
        case 0: return []
        case 1: return [value(0)]
        case 2: return [value(0), value(1)]
        case 3: return [value(0), value(1), value(2)]
        case 4: return [value(0), value(1), value(2), value(3)]
        case 5: return [value(0), value(1), value(2), value(3), value(4)]
        case 6: return [value(0), value(1), value(2), value(3), value(4), value(5)]
        case 7: return [value(0), value(1), value(2), value(3), value(4), value(5), value(6)]
        case 8: return [value(0), value(1), value(2), value(3), value(4), value(5), value(6), value(7)]
        default:
            var values: [SQLiteValue] = []
            values.reserveCapacity(types.count)
            for index in types.indices {
                values.append(value(index))
            }
            return values
        }
    }
}
