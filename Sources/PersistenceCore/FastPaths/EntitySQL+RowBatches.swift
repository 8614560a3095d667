extension EntitySQL {
    /// How many rows ``readInBatches(of:_:)`` reads before their models are made: the rows of one
    /// shared values buffer (`FastPaths/RowValues.swift`), a few kilobytes, which stay in the
    /// first-level cache until the models take them.
    static let rowsPerBatch = RowValues.Reader.rowsPerSharedBuffer

    /// Steps `statement` to its end, reading up to ``rowsPerBatch`` rows at a time and handing
    /// each batch to `body`, which makes their models, before reading the next.
    ///
    /// The plain code steps one row and makes its model at once, then steps the next. But
    /// SQLite's step and the making of a model are each a large body of code: taking turns
    /// every row, each pushed the other out of the instruction cache (32 KB). Prefetching 1k
    /// trips' 20k stops that way missed the instruction cache 791k times in 4 rounds, in
    /// batches 60k times; its time against its own queries in raw SQLite, the median of 40
    /// alternating rounds, went from 2.59x and 2.63x to 2.31x and 2.27x (`profile trips-rounds
    /// 1000` with a file store; AMD EPYC, 2 logical CPUs).
    ///
    /// Not all the rows first: 20k rows' values are a megabyte, which making the models then
    /// reads back from memory (see ``ModelContext``'s `materializeGroups`).
    func readInBatches(of statement: SQLiteStatement, _ body: (inout [Row]) throws(ModelError) -> Void) throws(ModelError) {
        var reader = rowReader()
        var batch: [Row] = []
        batch.reserveCapacity(Self.rowsPerBatch)
        while try statement.step() {
            batch.append(row(of: statement, reader: &reader))
            guard batch.count == Self.rowsPerBatch else { continue }
            try body(&batch)
            batch.removeAll(keepingCapacity: true)
        }
        if !batch.isEmpty { try body(&batch) }
    }
}
