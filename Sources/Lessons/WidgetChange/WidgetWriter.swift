import Foundation
import PersistenceCore
import SampleModels

/// The widget of the lesson "widget-change": another process that writes the app's store, as a
/// widget, a share extension or an App Intent does. `lesson-helper widget-change <store>` runs it.
///
/// It reads one command per line on its input and answers each with one line once the change is
/// committed, `committed <token> <seconds since 1970>`, so that the lesson can measure from the
/// commit to what the app shows:
/// - `add <title>`: inserts an item;
/// - `rename <old title>\t<new title>`: renames the item with that title;
/// - `delete <title>`: deletes the item with that title;
/// - `burst <n>`: adds `n` items, one save each (history grows by `n` transactions).
public enum WidgetWriter {
    /// The first line it prints, once its container is open.
    public static let readyLine = "widget ready"
    /// The start of the line it prints after each commit, followed by the transaction's token as
    /// JSON (tokens are `Codable`: the app reads the widget's) and when the save began (the delays
    /// the lesson measures run from there: they include the widget's own save).
    public static let committedPrefix = "committed "
    /// Every save of the widget is recorded with this author.
    public static let author = "widget"

    /// Opens the store and runs commands from `input` until it ends.
    public static func run(store: URL, input: () -> String?, print: (String) -> Void) throws {
        let container = try ModelContainer(for: Item.self, configuration: .file(store))
        let context = container.newBackgroundContext()
        context.author = author
        print(readyLine)
        while let line = input() {
            let (command, argument) = split(line, at: " ")
            let began = Date()
            try context.performAndWait {
                switch command {
                case "add":
                    context.insert(Item(timestamp: .now, title: argument))
                    try context.save()
                case "rename":
                    let (old, new) = split(argument, at: "\t")
                    try item(titled: old, in: context).title = new
                    try context.save()
                case "delete":
                    context.delete(try item(titled: argument, in: context))
                    try context.save()
                case "burst":
                    for number in 0..<(Int(argument) ?? 0) {
                        context.insert(Item(timestamp: .now, title: "burst \(number)"))
                        try context.save()
                    }
                default:
                    throw LessonError.unexpected("the widget does not know the command \"\(line)\"")
                }
            }
            let token = try context.performAndWait {
                guard let token = try context.newestHistoryToken() else {
                    throw LessonError.unexpected("the widget's save left no history")
                }
                return token
            }
            let json = String(decoding: try JSONEncoder().encode(token), as: UTF8.self)
            print(committedPrefix + "\(json) \(began.timeIntervalSince1970)")
        }
    }

    /// Reads a `committed` line: the token and when the save began.
    public static func commit(in line: String) -> (token: DefaultHistoryToken, at: Date)? {
        let parts = line.dropFirst(committedPrefix.count).split(separator: " ")
        guard line.hasPrefix(committedPrefix), parts.count == 2,
              let token = try? JSONDecoder().decode(DefaultHistoryToken.self, from: Data(parts[0].utf8)),
              let seconds = Double(parts[1])
        else { return nil }
        return (token, Date(timeIntervalSince1970: seconds))
    }

    private static func item(titled title: String, in context: ModelContext) throws -> Item {
        guard let item = try context.fetch(FetchDescriptor<Item>(predicate: #Predicate { $0.title == title })).first else {
            throw LessonError.unexpected("the widget found no item titled \"\(title)\"")
        }
        return item
    }

    private static func split(_ text: String, at separator: Character) -> (String, String) {
        guard let index = text.firstIndex(of: separator) else { return (text, "") }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}

extension WidgetChange: SecondProcessLesson {
    /// `lesson-helper widget-change <store>`: the widget, writing the store on each command it reads.
    public static func secondProcess(_ arguments: [String], input: () -> String?, print: (String) -> Void) throws {
        guard arguments.count == 1, let store = arguments.first else {
            throw LessonError.badArguments("widget-change takes one argument, the store file; it got \(arguments)")
        }
        try WidgetWriter.run(store: URL(fileURLWithPath: store), input: input, print: print)
    }
}

extension ModelContext {
    /// The token of the store's newest history transaction, nil when history is empty: where a
    /// reader that has just read everything starts following (SwiftData offers no call for it).
    package func newestHistoryToken() throws -> DefaultHistoryToken? {
        var newest = HistoryDescriptor<DefaultHistoryTransaction>(sortBy: [SortDescriptor(\.token, order: .reverse)])
        newest.fetchLimit = 1
        return try fetchHistory(newest).first?.token
    }
}
