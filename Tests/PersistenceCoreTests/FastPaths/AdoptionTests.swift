import Foundation
@testable import PersistenceCore
import SampleModels
import Testing

/// How a stored row's backing data reaches its model (`FastPaths/BackingData+Adoption.swift`):
/// offered with one reference, taken by the model's default value, released if not taken.
@Suite("A row's backing data adopted by its model")
struct AdoptionTests {
    /// A backing data as a context makes one for a stored row: with the one reference its
    /// initializer gives it, as `adopted(_:by:)` expects.
    private static func rowData(_ entity: EntitySchema, key: Int64) -> Unmanaged<BackingData> {
        let identifier = PersistentIdentifier(storeIdentifier: UUID(), entityName: entity.name, storage: .permanent(primaryKey: key))
        let values = RowValues(repeating: .null, count: entity.storedValueCount)
        return Unmanaged.passRetained(BackingData(entity: entity, identifier: identifier, values: values, version: 1))
    }

    @Test("A model made while another's initializer runs takes its own offer, and the pending one is still there for the first")
    func nestedOffers() {
        weak var outerData: BackingData?
        weak var innerData: BackingData?
        do {
            let outer = Self.rowData(Item.entitySchema, key: 1)
            let inner = Self.rowData(Item.entitySchema, key: 2)
            outerData = outer.takeUnretainedValue()
            innerData = inner.takeUnretainedValue()
            // As a stored property's initial value would, before the outer model's default value runs.
            var nested: Item?
            let model = BackingData.adopted(outer) { data in
                nested = BackingData.adopted(inner) { Item(backingData: $0) }
                return Item(backingData: data)
            }
            #expect(model.backingData === outerData)
            #expect(nested?.backingData === innerData)
            #expect(model.persistentModelID.primaryKey == 1)
            #expect(nested?.persistentModelID.primaryKey == 2)
        }
        // Each reference went to its model, and went with it: nothing leaked.
        #expect(outerData == nil)
        #expect(innerData == nil)
    }

    @Test("An offer the model does not take (another entity's) is released, and the model keeps its own backing data")
    func untakenOffer() {
        weak var offered: BackingData?
        do {
            let data = Self.rowData(Item.entitySchema, key: 3)
            offered = data.takeUnretainedValue()
            let stop = BackingData.adopted(data) { _ in Stop(title: "not adopted") }
            #expect(stop.backingData !== offered)
            #expect(stop.title == "not adopted")
        }
        #expect(offered == nil)
    }
}
