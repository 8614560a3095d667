// Lesson: a model modified from `DispatchQueue.global()`.
// Teaches: article 000's "Modify in Wrong Thread" button: the block runs on some other thread,
//   later, so it is `@Sendable`, and a model is not. SwiftData only warned ("capture of
//   non-sendable"); in Swift 6 mode it is an error.
// Expected: error: capture of 'item' with non-Sendable type 'Item' in a '@Sendable' closure
// Fixed twin: model-in-global-queue.fixed.swift
import Dispatch
import Foundation
import PersistenceCore

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

/// The button's action: the first item of the list, modified on a global queue.
@MainActor func modifyInWrongThread(_ items: [Item]) {
    let item = items.first!
    DispatchQueue.global().async {
        item.timestamp = .now  // a main-context model, on a global queue's thread
    }
}
