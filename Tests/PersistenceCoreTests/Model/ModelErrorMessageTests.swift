import Foundation
import PersistenceCore
import SampleModels
import TestSupport
import Testing

/// Every ``ModelError`` a learner can meet, produced the way a learner meets it where that is
/// cheap, and its message checked for the words that say what went wrong and what to do.
@Suite("Error messages")
struct ModelErrorMessageTests {
    /// One way to get each error, and the words its message must hold.
    enum Mistake: String, CaseIterable, CustomTestStringConvertible {
        case lookUpADeletedRow, saveOverANewerVersion, openAFileOfRandomBytes, openADirectory, openAReadOnlyFile,
             openAnotherProgramsDatabase, lookUpWithTheWrongType, identifiersForAnotherContextsModel,
             batchUpdateAModelNotInTheContainer, batchUpdateAnUnknownProperty, batchUpdateWithAWrongValueType,
             insertADuplicateUniqueValue, saveWhileAnotherProcessHoldsTheLock, anUnexpectedSQLiteError,
             fetchWithANegativeOffset, saveANotANumber, saveIntoAFullStore, writeWhatTheSystemRefuses, storeAHugeValue,
             fetchHistoryAfterAPrunedToken, fetchHistoryOfAnInMemoryStore, fetchHistoryWithAnotherStoresToken,
             fetchHistoryWithAPredicateThatThrows

        var testDescription: String { rawValue }

        /// The words the message must contain.
        var words: [String] {
            switch self {
            case .lookUpADeletedRow: ["No stored model", "never saved", "deleted", "another store"]
            case .saveOverANewerVersion: ["changed in the store since this context read them", "version 1 → 2", "Nothing was written", "merge policy"]
            case .openAFileOfRandomBytes: ["not a valid SQLite database", "header", "left untouched"]
            case .openADirectory: ["cannot be opened", "directory", "left untouched"]
            case .openAReadOnlyFile: ["read-only", "not writable", "write access", "left untouched"]
            case .openAnotherProgramsDatabase: ["cannot be opened with these models", "recipes", "lightweight migration", "new store file"]
            case .lookUpWithTheWrongType: ["Expected Person but found Item", "identifier"]
            case .identifiersForAnotherContextsModel: ["Wrong context", "not registered in this context", "insert it first"]
            case .batchUpdateAModelNotInTheContainer: ["no entity called 'Note'", "ModelContainer(for:)"]
            case .batchUpdateAnUnknownProperty: ["Person.height does not exist", "name, age, sex", "Nothing was written"]
            case .batchUpdateWithAWrongValueType: ["Person.age is Int", "got a String", "Nothing was written"]
            case .insertADuplicateUniqueValue: ["breaks a uniqueness constraint", "new Item", "another new Item of this save", "id ", "merge policy .error", ".mergeByPropertyObjectTrump", "Nothing was written"]
            case .saveWhileAnotherProcessHoldsTheLock: ["locked by another connection", "busy timeout", "Nothing was written"]
            case .anUnexpectedSQLiteError: ["SQLite error 1", "no such table", "SELECT"]
            case .fetchWithANegativeOffset: ["FetchDescriptor<Person>", "fetchOffset is -1", "0 or more", "Nothing was read"]
            case .saveANotANumber: ["AllTypes.double is NaN", "store nil or a number", "Nothing was written"]
            case .saveIntoAFullStore: ["is full", "maximumSize", "Nothing was written"]
            case .writeWhatTheSystemRefuses: ["failed in the operating system", "disk I/O error", "rolled back"]
            case .storeAHugeValue: ["too large", "Nothing was written", "file"]
            case .fetchHistoryAfterAPrunedToken: ["history after this token was deleted", "fetch every model again", "Nothing was read"]
            case .fetchHistoryOfAnInMemoryStore: ["keeps no history", "in memory", "file stores", "Nothing was read"]
            case .fetchHistoryWithAnotherStoresToken: ["not this store's", "belongs to the store", "Nothing was read"]
            case .fetchHistoryWithAPredicateThatThrows: ["HistoryDescriptor", "could not be evaluated", "Nothing was read"]
            }
        }

        /// Makes the mistake and returns the error it gives.
        func make(in directory: TemporaryDirectory) throws -> ModelError {
            let container = try makeContainer()
            let context = container.newBackgroundContext()
            func caught(_ body: () throws -> Void) -> ModelError? {
                do { try body() } catch let error as ModelError { return error } catch { return nil }
                return nil
            }
            let error: ModelError? = switch self {
            case .lookUpADeletedRow:
                try context.runAndWait {
                    let item = Item(timestamp: .now)
                    context.insert(item)
                    try context.save()
                    context.delete(item)
                    try context.save()
                    return caught { _ = try context.existingModel(for: item.persistentModelID, as: Item.self) }
                }
            case .saveOverANewerVersion:
                try context.runAndWait {
                    let person = Person(name: "Ada", age: 36, sex: "f")
                    context.insert(person)
                    try context.save()
                    try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": 37]))
                    person.age = 40
                    return caught { try context.save() }
                }
            case .openAFileOfRandomBytes:
                caught {
                    let url = directory.file("random.sqlite")
                    _ = FileManager.default.createFile(atPath: url.path, contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
                    _ = try ModelContainer(for: Item.self, configuration: .file(url))
                }
            case .openADirectory:
                caught {
                    let url = directory.file("folder.sqlite")
                    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                    _ = try ModelContainer(for: Item.self, configuration: .file(url))
                }
            case .openAReadOnlyFile:
                // Made by hand: BadInputXCTests makes a real read-only file, which takes chattr or another user.
                .storeReadOnly(directory.file("readonly.sqlite"), underlying: "the file is not writable (Permission denied)")
            case .openAnotherProgramsDatabase:
                caught {
                    let url = directory.file("foreign.sqlite")
                    try SQLiteFixture.makeForeignDatabase(at: url)
                    _ = try ModelContainer(for: Item.self, configuration: .file(url))
                }
            case .lookUpWithTheWrongType:
                try context.runAndWait {
                    let item = Item(timestamp: .now)
                    context.insert(item)
                    try context.save()
                    return caught { _ = try context.existingModel(for: item.persistentModelID, as: Person.self) }
                }
            case .identifiersForAnotherContextsModel:
                context.runAndWait {
                    let item = Item(timestamp: .now)
                    let other = container.newBackgroundContext()
                    other.runAndWait { other.insert(item) }
                    return caught { try context.obtainPermanentIdentifiers(for: [item]) }
                }
            case .batchUpdateAModelNotInTheContainer:
                caught { try ModelContainer(for: Person.self, configuration: .inMemory).execute(BatchUpdateRequest<Note>(propertiesToUpdate: ["body": "x"])) }
            case .batchUpdateAnUnknownProperty:
                caught { try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["height": 180])) }
            case .batchUpdateWithAWrongValueType:
                caught { try container.execute(BatchUpdateRequest<Person>(propertiesToUpdate: ["age": "forty"])) }
            case .insertADuplicateUniqueValue:
                context.runAndWait {
                    let id = UUID()
                    context.insert(Item(id: id, timestamp: .now))
                    context.insert(Item(id: id, timestamp: .now))
                    return caught { try context.save() }
                }
            case .saveWhileAnotherProcessHoldsTheLock:
                // Made by hand: BadInputXCTests gets the real one from a process holding the lock.
                .storeBusy(directory.file("locked.sqlite"))
            case .anUnexpectedSQLiteError:
                .sqlite(code: 1, message: "no such table: ZGADGET", sql: "SELECT Z_PK FROM ZGADGET")
            case .fetchWithANegativeOffset:
                context.runAndWait { caught { _ = try context.fetch(FetchDescriptor<Person>(fetchOffset: -1)) } }
            case .saveANotANumber:
                context.runAndWait {
                    context.insert(AllTypes(double: .nan))
                    return caught { try context.save() }
                }
            // Made by hand: HostileInputTests gets the real ones (a store at its maximumSize, a
            // file-size limit, SQLite's length limit).
            case .saveIntoAFullStore:
                .storeFull(directory.file("full.sqlite"))
            case .writeWhatTheSystemRefuses:
                .storeIOFailure(directory.file("failing.sqlite"), underlying: "disk I/O error")
            case .storeAHugeValue:
                .valueTooLarge("string or blob too big")
            case .fetchHistoryAfterAPrunedToken, .fetchHistoryWithAnotherStoresToken, .fetchHistoryWithAPredicateThatThrows:
                try historyMistake(in: directory)
            case .fetchHistoryOfAnInMemoryStore:
                context.runAndWait { caught { _ = try context.fetchHistory(HistoryDescriptor()) } }
            }
            return try #require(error, "\(self) gave no ModelError")
        }

        /// A file store with three transactions, the first two pruned, and the history mistake made on it.
        private func historyMistake(in directory: TemporaryDirectory) throws -> ModelError? {
            let container = try ModelContainer(for: Item.self, configuration: .file(directory.file("history.sqlite")))
            let context = container.newBackgroundContext()
            return try context.performAndWait { () throws -> ModelError? in
                for title in ["one", "two", "three"] {
                    context.insert(Item(timestamp: .now, title: title))
                    try context.save()
                }
                let tokens = try context.fetchHistory(HistoryDescriptor()).map(\.token)
                let (first, second) = (tokens[0], tokens[1])
                try context.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.token <= second }))
                let foreign = try JSONDecoder().decode(DefaultHistoryToken.self, from: Data(#"{"storeIdentifier":"\#(UUID())","value":1}"#.utf8))
                let descriptor: HistoryDescriptor<DefaultHistoryTransaction> = switch self {
                case .fetchHistoryAfterAPrunedToken: HistoryDescriptor(predicate: #Predicate { $0.token > first })
                case .fetchHistoryWithAnotherStoresToken: HistoryDescriptor(predicate: #Predicate { $0.token > foreign })
                default: HistoryDescriptor(predicate: #Predicate { $0.author! == "nobody" })
                }
                do {
                    _ = try context.fetchHistory(descriptor)
                    return nil
                } catch let error as ModelError {
                    return error
                }
            }
        }
    }

    @Test("Each mistake gives a typed error whose message says what went wrong", arguments: Mistake.allCases)
    func messageNamesTheProblem(_ mistake: Mistake) throws {
        // Given a fresh container and folder
        let directory = TemporaryDirectory()

        // When the mistake is made
        let error = try mistake.make(in: directory)

        // Then the message holds the words that explain it, and Foundation shows the same text
        for word in mistake.words {
            #expect(error.description.contains(word), "\(mistake): \"\(error.description)\" should mention \"\(word)\"")
        }
        #expect(error.localizedDescription == error.description)
    }
}
