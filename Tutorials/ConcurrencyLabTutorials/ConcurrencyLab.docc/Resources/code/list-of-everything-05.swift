/// Core Data's way to see the import: the app merges the save it kept into the view context
/// by hand, when it chooses (`mergeChanges(fromContextDidSave:)`, on the context's queue), and
/// the list of every item takes it in then.
private func mergeByHand(_ ran: RanLane) async -> MergeByHand {
    let context = ran.context, saved = ran.saved
    let ((), recording) = await MainQueueHeartbeat().measure {
        await context.perform(schedule: .enqueued) {
            for changes in saved { context.mergeChanges(fromContextDidSave: changes) }
        }
    }
    let after = await Self.state(of: ran.list, in: context, imported: ran.imported, limit: ran.lane.setup.limit)
    return MergeByHand(after: after, mainQueue: Self.wait(recording))
}