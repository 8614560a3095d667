import Foundation

// `localizedStandardContains(_:)` in a `#Predicate`, the search Apple's SwiftData samples write:
// case- and diacritic-insensitive ("Crème brûlée" contains "creme"). Foundation's `#Predicate`
// expands it to `PredicateExpressions.build_localizedStandardContains`, which Foundation declares
// only on Apple platforms; elsewhere this declares it, so the same predicate compiles here. It
// evaluates with `String.localizedStandardContains`, which Foundation has everywhere, in memory and
// inside SQLite alike (`swift_localized_standard_contains`, `SQLiteConnection+SwiftText.swift`).
#if !canImport(Darwin)
extension PredicateExpressions {
    /// `text.localizedStandardContains(part)`.
    public struct StringLocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        public typealias Output = Bool

        public let root: Root
        public let other: Other

        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(other.evaluate(bindings))
        }
    }

    /// What `#Predicate` writes for `$0.title.localizedStandardContains(text)`.
    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other)
        -> StringLocalizedStandardContains<Root, Other> {
        StringLocalizedStandardContains(root: root, other: other)
    }
}

extension PredicateExpressions.StringLocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}
extension PredicateExpressions.StringLocalizedStandardContains: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringLocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
#endif

// On every platform, Foundation's expression (Apple's) or the one above: the same SQL.
extension PredicateExpressions.StringLocalizedStandardContains: SQLExpressible
where Root.Output == String, Other.Output == String {
    /// `$0.name.localizedStandardContains(text)` is `swift_localized_standard_contains(ZNAME, ?)`.
    func sqlExpression(in context: PredicateSQLContext) -> SQLExpression? {
        .stringSearch("swift_localized_standard_contains", context.translate(root), context.translate(other))
    }
}
