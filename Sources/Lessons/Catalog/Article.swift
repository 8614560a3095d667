import Foundation

/// The articles the course is built from, numbered as the course numbers them: each with its
/// title, author and where it was published, so a learner can read the original.
public enum Article: String, Sendable, Codable, CaseIterable, Comparable {
    /// "Concurrent Programming in SwiftData" (002 is its Chinese edition).
    case swiftDataConcurrency = "000"
    /// "Core Data Reform: Achieving Elegant Concurrency Operations like SwiftData".
    case customExecutor = "001"
    /// "Several Tips on Core Data Concurrency Programming".
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
        case .backgroundModelActor: "How to run Swift Data and Core Data operations in the background and share models across concurrency contexts"
        }
    }

    /// Who wrote it.
    public var author: String {
        switch self {
        case .swiftDataConcurrency, .customExecutor, .coreDataTips: "Fatbobman (东坡肘子)"
        case .backgroundModelActor: "Pol Piella"
        }
    }

    /// Where it was published.
    public var url: URL {
        let address = switch self {
        case .swiftDataConcurrency: "https://fatbobman.com/en/posts/concurret-programming-in-swiftdata/"
        case .customExecutor: "https://fatbobman.com/en/posts/core-data-reform-achieving-elegant-concurrency-operations-like-swiftdata/"
        case .coreDataTips: "https://fatbobman.com/en/posts/concurrencyofcoredata/"
        case .backgroundModelActor: "https://polpiella.dev/core-data-swift-data-concurrency"
        }
        return URL(string: address)!
    }

    /// How the course cites it, e.g. `000 Concurrent Programming in SwiftData`.
    public var citation: String { "\(rawValue) \(title)" }

    public static func < (lhs: Article, rhs: Article) -> Bool { lhs.rawValue < rhs.rawValue }
}
