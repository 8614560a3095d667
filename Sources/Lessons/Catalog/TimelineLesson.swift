/// A lesson `lab timeline --lesson <id>` draws: its traced lanes as one picture, and a sentence,
/// computed from what ran, of what the picture shows. (`lab trace <id> --format svg` draws any
/// lesson, without the sentence.)
public protocol TimelineLesson: Lesson {
    /// The lesson sized for a picture of `items` items (`--items`); a lesson of fixed size ignores it.
    init(timelineItems items: Int)

    /// What the picture shows, in one sentence from the outcome.
    func timelineSummary(_ outcome: Outcome) -> String
}
