import Foundation

extension AllTypes {
    /// One value of every type, optionals set, with awkward values (negative, unicode, empty data).
    static func sample() -> AllTypes {
        let model = AllTypes(bool: false, int: -42, int64: .max, double: -0.125, string: "Grüße, 世界 %_\\",
                             date: Date(timeIntervalSinceReferenceDate: -86_400.5),
                             uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, data: Data())
        model.optionalBool = true
        model.optionalInt = 7
        model.optionalInt64 = .min
        model.optionalDouble = 1e300
        model.optionalString = ""
        model.optionalDate = Date(timeIntervalSinceReferenceDate: 1)
        model.optionalUUID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")
        model.optionalData = Data([0, 255])
        return model
    }

    /// Attribute-by-attribute equality, for round-trip checks.
    func isEqual(to other: AllTypes) -> Bool {
        bool == other.bool && int == other.int && int64 == other.int64 && double == other.double
            && string == other.string && date == other.date && uuid == other.uuid && data == other.data
            && optionalBool == other.optionalBool && optionalInt == other.optionalInt
            && optionalInt64 == other.optionalInt64 && optionalDouble == other.optionalDouble
            && optionalString == other.optionalString && optionalDate == other.optionalDate
            && optionalUUID == other.optionalUUID && optionalData == other.optionalData
    }
}
