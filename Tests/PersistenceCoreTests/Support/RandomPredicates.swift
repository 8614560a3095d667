import Foundation
import Testing

/// Random predicates over ``Record``, built node by node from a seed, so that the translator meets
/// combinations nobody thought to write down: nil checks under `!`, string searches under `||`,
/// conditions compared with each other, closures inside ternaries.
///
/// The same seed always gives the same predicate: a failure names its seed and can be replayed.
enum RandomPredicates {
    typealias Condition = any StandardPredicateExpression<Bool>
    typealias Model = PredicateExpressions.Variable<Record>

    /// The predicate for `seed`, nested up to `depth` operators deep.
    static func make(seed: UInt64, depth: Int) -> Predicate<Record> {
        var random = SplitMix64(seed: seed)
        return Predicate<Record> { record in condition(record, depth: depth, using: &random) }
    }

    private static func condition(_ record: Model, depth: Int, using random: inout SplitMix64) -> Condition {
        guard depth > 0, random.next(below: 3) != 0 else { return leaf(record, using: &random) }
        let lhs = condition(record, depth: depth - 1, using: &random)
        let rhs = condition(record, depth: depth - 1, using: &random)
        switch random.next(below: 6) {
        case 0: return and(lhs, rhs)
        case 1: return or(lhs, rhs)
        case 2: return not(lhs)
        case 3: return equal(lhs, rhs)
        case 4: return notEqual(lhs, rhs)
        default: return conditional(lhs, rhs, condition(record, depth: depth - 1, using: &random))
        }
    }

    private static func leaf(_ record: Model, using random: inout SplitMix64) -> Condition {
        let name = PredicateExpressions.KeyPath(root: record, keyPath: \Record.name)
        let title = PredicateExpressions.KeyPath(root: record, keyPath: \Record.title)
        let due = PredicateExpressions.KeyPath(root: record, keyPath: \Record.due)
        switch random.next(below: 14) {
        case 0:
            return compare(PredicateExpressions.KeyPath(root: record, keyPath: \Record.age),
                           random.pick([-1_000, -5, 0, 7, 18, 30, 100]), using: &random)
        case 1:
            return compare(PredicateExpressions.KeyPath(root: record, keyPath: \Record.score),
                           random.pick([-1.25, -0.0, 0, 0.5, 4.5, 1e300]), using: &random)
        case 2:
            return compare(name, random.pick(texts), using: &random)
        case 3:
            return equality(title, random.pick(texts.map(Optional.some) + [nil]), using: &random)
        case 4:
            return PredicateExpressions.KeyPath(root: record, keyPath: \Record.isDone)
        case 5:
            return equality(due, random.pick(dates.map(Optional.some) + [nil]), using: &random)
        case 6:
            let dueOrPast = PredicateExpressions.NilCoalesce(lhs: due, rhs: PredicateExpressions.Value(Date.distantPast))
            return compare(dueOrPast, random.pick(dates), using: &random)
        case 7:
            let titleOrEmpty = PredicateExpressions.NilCoalesce(lhs: title, rhs: PredicateExpressions.Value(""))
            return compare(titleOrEmpty, random.pick(texts), using: &random)
        case 8:
            return search(name, random.pick(parts), using: &random)
        case 9:
            let part = PredicateExpressions.Value(random.pick(parts))
            return random.next(below: 2) == 0
                ? optionalTest(PredicateExpressions.OptionalFlatMap(title) {
                      PredicateExpressions.CollectionContainsCollection(base: $0, other: part)
                  }, using: &random)
                : optionalTest(PredicateExpressions.OptionalFlatMap(title) {
                      PredicateExpressions.SequenceStartsWith(base: $0, prefix: part)
                  }, using: &random)
        case 10:
            return equality(PredicateExpressions.KeyPath(root: record, keyPath: \Record.token),
                            RecordFixture.token(random.next(below: 20)), using: &random)
        case 11:
            return PredicateExpressions.Comparison(lhs: PredicateExpressions.KeyPath(root: record, keyPath: \Record.nameLength),
                                                   rhs: PredicateExpressions.Value(random.next(below: 8)), op: .greaterThan)
        case 12:
            let shifted = PredicateExpressions.Arithmetic(lhs: PredicateExpressions.KeyPath(root: record, keyPath: \Record.age),
                                                          rhs: PredicateExpressions.Value(random.pick([-3, 0, 12])),
                                                          op: random.pick([.add, .subtract, .multiply]))
            return compare(shifted, random.pick([-10, 0, 25, 60]), using: &random)
        default:
            let ages = PredicateExpressions.ClosedRange(lower: PredicateExpressions.Value(random.pick([-10, 0, 18])),
                                                        upper: PredicateExpressions.Value(random.pick([18, 30, 99])))
            return PredicateExpressions.RangeExpressionContains(range: ages,
                                                                element: PredicateExpressions.KeyPath(root: record, keyPath: \Record.age))
        }
    }

    private static let texts = ["", "a", "Alice", "ALICE", "b", "bob", "Bob", "Manager", "manager", "n", "Zoë", "x\\y", "%", "_"]
    private static let parts = ["", "a", "A", "li", "%", "_", "\\", "\n", "\r\n", "🇫", "🇫🇷", "क", "Man"]
    private static let dates = [RecordFixture.reference, RecordFixture.reference.addingTimeInterval(0.25),
                                RecordFixture.reference.addingTimeInterval(-3_600), Date(timeIntervalSinceReferenceDate: -1_000)]

    // MARK: Node builders (`some` parameters open the `any` conditions)

    private static func and(_ lhs: some StandardPredicateExpression<Bool>, _ rhs: some StandardPredicateExpression<Bool>) -> Condition {
        PredicateExpressions.Conjunction(lhs: lhs, rhs: rhs)
    }

    private static func or(_ lhs: some StandardPredicateExpression<Bool>, _ rhs: some StandardPredicateExpression<Bool>) -> Condition {
        PredicateExpressions.Disjunction(lhs: lhs, rhs: rhs)
    }

    private static func not(_ wrapped: some StandardPredicateExpression<Bool>) -> Condition {
        PredicateExpressions.Negation(wrapped)
    }

    private static func equal(_ lhs: some StandardPredicateExpression<Bool>, _ rhs: some StandardPredicateExpression<Bool>) -> Condition {
        PredicateExpressions.Equal(lhs: lhs, rhs: rhs)
    }

    private static func notEqual(_ lhs: some StandardPredicateExpression<Bool>, _ rhs: some StandardPredicateExpression<Bool>) -> Condition {
        PredicateExpressions.NotEqual(lhs: lhs, rhs: rhs)
    }

    private static func conditional(_ test: some StandardPredicateExpression<Bool>, _ yes: some StandardPredicateExpression<Bool>,
                                    _ no: some StandardPredicateExpression<Bool>) -> Condition {
        PredicateExpressions.Conditional(test: test, trueBranch: yes, falseBranch: no)
    }

    private static func compare<Value: Comparable & Codable & Sendable>(
        _ operand: some StandardPredicateExpression<Value>, _ value: Value, using random: inout SplitMix64
    ) -> Condition {
        let constant = PredicateExpressions.Value(value)
        let flipped = random.next(below: 2) == 0
        switch random.next(below: 6) {
        case 0, 1:
            return equality(operand, value, using: &random)
        default:
            let op = random.pick([PredicateExpressions.ComparisonOperator.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual])
            return flipped
                ? PredicateExpressions.Comparison(lhs: constant, rhs: operand, op: op)
                : PredicateExpressions.Comparison(lhs: operand, rhs: constant, op: op)
        }
    }

    private static func equality<Value: Equatable & Codable & Sendable>(
        _ operand: some StandardPredicateExpression<Value>, _ value: Value, using random: inout SplitMix64
    ) -> Condition {
        let constant = PredicateExpressions.Value(value)
        switch random.next(below: 4) {
        case 0: return PredicateExpressions.Equal(lhs: operand, rhs: constant)
        case 1: return PredicateExpressions.Equal(lhs: constant, rhs: operand)
        case 2: return PredicateExpressions.NotEqual(lhs: operand, rhs: constant)
        default: return PredicateExpressions.NotEqual(lhs: constant, rhs: operand)
        }
    }

    /// `chained == true`, `chained != true` or `chained ?? false`.
    private static func optionalTest(_ chained: some StandardPredicateExpression<Bool?>,
                                     using random: inout SplitMix64) -> Condition {
        switch random.next(below: 3) {
        case 0: PredicateExpressions.Equal(lhs: chained, rhs: PredicateExpressions.Value(Optional(true)))
        case 1: PredicateExpressions.NotEqual(lhs: chained, rhs: PredicateExpressions.Value(Optional(true)))
        default: PredicateExpressions.NilCoalesce(lhs: chained, rhs: PredicateExpressions.Value(false))
        }
    }

    private static func search(_ text: some StandardPredicateExpression<String>, _ part: String,
                               using random: inout SplitMix64) -> Condition {
        search(text, part, contains: random.next(below: 2) == 0)
    }

    private static func search<Text: StandardPredicateExpression<String>>(
        _ text: Text, _ part: String, contains: Bool
    ) -> any StandardPredicateExpression<Bool> {
        contains
            ? PredicateExpressions.CollectionContainsCollection(base: text, other: PredicateExpressions.Value(part))
            : PredicateExpressions.SequenceStartsWith(base: text, prefix: PredicateExpressions.Value(part))
    }
}

/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `choices`.
    mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[next(below: choices.count)]
    }
}
