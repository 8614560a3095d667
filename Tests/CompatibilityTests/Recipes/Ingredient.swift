import SwiftData

/// One line of a recipe's ingredient list.
@Model
final class Ingredient {
    var name: String
    var quantity: Double
    var unit: String
    var recipe: Recipe?

    init(name: String, quantity: Double, unit: String) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
    }
}
