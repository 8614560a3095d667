import Foundation
import Testing

/// The code the tutorials show is the code this package compiles: every file in
/// `ConcurrencyLab.docc/Resources/code/` is its step source with the hidden lines taken out.
@Suite("Tutorial step code")
struct StepCodeTests {
    @Test("Every step copy matches its compiled source (else run python3 Scripts/tutorials/sync-steps.py)")
    func copiesInSync() throws {
        let sources = try StepText.sources()
        let copies = Catalog.files(in: Catalog.resources.appendingPathComponent("code"), endingWith: ".swift")
        #expect(Set(copies.map(\.lastPathComponent)) == Set(sources.keys), "a copy without a source, or a source without a copy")
        for (name, source) in sources {
            let copy = Catalog.resources.appendingPathComponent("code/\(name)")
            let expected = try source.shownText()
            #expect((try? Catalog.text(copy)) == expected, "\(name) drifted from \(source.path)")
        }
    }

    @Test("The hidden-line rule drops the namespace and un-indents what it held")
    func hiddenLines() {
        let source = """
            import PersistenceCore

            enum Step01 {  // tutorial:hide
                func f() {
                    print(1)
                }
            }  // tutorial:hide
            """
        #expect(StepText.shown(source) == "import PersistenceCore\n\nfunc f() {\n    print(1)\n}")
    }

    @Test("A region shows only the lines between its markers, without their shared indentation")
    func region() throws {
        let source = """
            let package = Package(
                targets: [
                    // tutorial:begin helpers
                    .target(
                        name: "Helper"
                    ),
                    // tutorial:end helpers
                ]
            )
            """
        let url = URL(fileURLWithPath: "/Package.swift")
        #expect(try StepText.region("helpers", of: source, in: url) == ".target(\n    name: \"Helper\"\n),")
        #expect(throws: StepText.MissingRegion.self) { try StepText.region("other", of: source, in: url) }
    }

    @Test("Every step copy is shown by some tutorial")
    func everyCopyUsed() throws {
        let tutorials = Catalog.files(in: Catalog.docc.appendingPathComponent("Tutorials"), endingWith: ".tutorial")
        let shown = Set(try tutorials.flatMap { Catalog.values(of: "file", in: try Catalog.text($0)) })
        for name in try StepText.sources().keys {
            #expect(shown.contains(name), "\(name) is in no tutorial")
        }
    }
}
