import Foundation

extension ResultsObserver {
    /// The results grouped by the `sectionBy` key path, SwiftData's `sections` (iOS 27); nil for
    /// an observer made without one (`SectionTitle == Never`). Observed with ``results``.
    public var sections: SectionedResults<Element, SectionTitle>? {
        guard let sectionTitle else { return nil }
        return SectionedResults(results, title: sectionTitle)
    }
}

extension ResultsObserver where SectionTitle == String {
    /// Observes what `fetchDescriptor` matches in `modelContext`, in sections titled by
    /// `sectionBy`. The key path is put first among the sort descriptors, so that each section's
    /// models are contiguous, as SwiftData does. Call it on the context's queue.
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(),
                            sectionBy: KeyPath<Element, String>, modelContext: ModelContext,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(descriptor: fetchDescriptor, context: modelContext, sectionTitle: { $0[keyPath: sectionBy] },
                      sectionSort: SortDescriptor(assumingSendable(sectionBy)))
    }

    /// Observes in sections titled by an optional key path; the models whose value is nil share
    /// the section titled "" (Apple's page does not say which title they take).
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(),
                            sectionBy: KeyPath<Element, String?>, modelContext: ModelContext,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(descriptor: fetchDescriptor, context: modelContext, sectionTitle: { $0[keyPath: sectionBy] ?? "" },
                      sectionSort: SortDescriptor(assumingSendable(sectionBy)))
    }

    /// Observes `fetchDescriptor` in sections on the container's main context; call it on the
    /// main queue, as ``init(fetchDescriptor:modelContainer:isolation:)``.
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(),
                            sectionBy: KeyPath<Element, String>, modelContainer: ModelContainer,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionBy: sectionBy,
                      modelContext: try Self.mainContext(of: modelContainer), isolation: isolation)
    }

    /// Observes in sections titled by an optional key path, on the container's main context.
    public convenience init(fetchDescriptor: FetchDescriptor<Element> = FetchDescriptor<Element>(),
                            sectionBy: KeyPath<Element, String?>, modelContainer: ModelContainer,
                            isolation: isolated (any Actor)? = #isolation) throws {
        try self.init(fetchDescriptor: fetchDescriptor, sectionBy: sectionBy,
                      modelContext: try Self.mainContext(of: modelContainer), isolation: isolation)
    }
}
