/// The articles the course is built from, numbered as the course numbers them.
public enum Article: String, Sendable, Codable, CaseIterable, Comparable {
    /// Fatbobman, "Concurrent Programming in SwiftData" (002 is its Chinese edition).
    case swiftDataConcurrency = "000"
    /// Fatbobman, "Core Data Reform: Achieving Elegant Concurrency Operations like SwiftData".
    case customExecutor = "001"
    /// Fatbobman, "Several Tips on Core Data Concurrency Programming".
    case coreDataTips = "003"
    /// "How to run Swift Data and Core Data operations in the background and share models across
    /// concurrency contexts".
    case backgroundModelActor = "004"

    /// The article's title.
    public var title: String {
        switch self {
        case .swiftDataConcurrency: "Concurrent Programming in SwiftData"
        case .customExecutor: "Core Data Reform: Achieving Elegant Concurrency Operations like SwiftData"
        case .coreDataTips: "Several Tips on Core Data Concurrency Programming"
        case .backgroundModelActor: "Running SwiftData and Core Data operations in the background"
        }
    }

    /// How the course cites it, e.g. `000 Concurrent Programming in SwiftData`.
    public var citation: String { "\(rawValue) \(title)" }

    public static func < (lhs: Article, rhs: Article) -> Bool { lhs.rawValue < rhs.rawValue }
}
