/// An observer's results grouped into sections: SwiftData's `SectionedResults` (iOS 27).
///
/// The sections come in the order their first model has in the results; since the observer sorts
/// by the section's key path first, each section's models are contiguous and keep the results'
/// order. Like the models, it belongs to the observer's context's queue.
public struct SectionedResults<Element: PersistentModel, SectionTitle: Hashable>: RandomAccessCollection {
    private let sections: [ResultsSection<Element, SectionTitle>]
    private let indexByTitle: [SectionTitle: Int]

    /// Groups `results` by the title each model's `title` gives.
    init(_ results: [Element], title: (Element) -> SectionTitle) {
        var members: [[Element]] = []
        var titles: [SectionTitle] = []
        var indexByTitle: [SectionTitle: Int] = [:]
        for model in results {
            let key = title(model)
            if let index = indexByTitle[key] {
                members[index].append(model)
            } else {
                indexByTitle[key] = members.count
                titles.append(key)
                members.append([model])
            }
        }
        sections = zip(titles, members).map { ResultsSection(title: $0, elements: $1) }
        self.indexByTitle = indexByTitle
    }

    public var startIndex: Int { sections.startIndex }
    public var endIndex: Int { sections.endIndex }
    public subscript(position: Int) -> ResultsSection<Element, SectionTitle> { sections[position] }

    /// The section called `title`, or nil if no model has that title; O(1).
    public subscript(sectionTitle title: SectionTitle) -> ResultsSection<Element, SectionTitle>? {
        indexByTitle[title].map { sections[$0] }
    }
}

/// The models of one section, in the results' order: SwiftData's `ResultsSection` (iOS 27).
public struct ResultsSection<Element: PersistentModel, SectionTitle: Hashable>: RandomAccessCollection, Identifiable {
    /// The value the section's models share at the `sectionBy` key path.
    public let title: SectionTitle
    private let elements: [Element]

    init(title: SectionTitle, elements: [Element]) {
        self.title = title
        self.elements = elements
    }

    /// The section's title, which no other section has.
    public var id: SectionTitle { title }
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}
