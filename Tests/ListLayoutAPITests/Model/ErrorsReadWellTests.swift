import Foundation
import ListLayout
import ListLayoutService
import Testing

/// Every public error reads its own sentence wherever Swift shows it: `description`, string
/// interpolation, and Foundation's `localizedDescription` (not "The operation could not be
/// completed").
@Suite struct ErrorsReadWellTests {
  /// Checks that `error` shows `description` everywhere, and that it says something.
  func expectReadsWell<E: Error & CustomStringConvertible>(
    _ error: E, _ sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let description = error.description
    #expect(!description.isEmpty, sourceLocation: sourceLocation)
    #expect("\(error)" == description, sourceLocation: sourceLocation)
    #expect(String(describing: error) == description, sourceLocation: sourceLocation)
    let erased: any Error = error
    #expect(erased.localizedDescription == description, sourceLocation: sourceLocation)
    #expect(!erased.localizedDescription.contains("could not be completed"), sourceLocation: sourceLocation)
  }

  @Test func errorsThrownByThePublicAPI() throws {
    // JSONInputError: a feed that cannot be read.
    do {
      _ = try ListModel(json: #"{"width": "wide"}"#)
      Issue.record("expected a JSONInputError")
    } catch {
      expectReadsWell(error)
      #expect(error.localizedDescription.hasPrefix("width: expected a number"))
    }
    // LayoutError: a model that cannot be laid out.
    do {
      _ = try ListModel(configuration: ListConfiguration(width: 0), sections: []).layout()
      Issue.record("expected a LayoutError")
    } catch {
      expectReadsWell(error)
      #expect(error.localizedDescription.hasPrefix("width"))
    }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 100),
      sections: [Section(cells: [Cell(id: "a", width: 100, height: 10)])]
    ).layout()
    // UpdateError: an update that does not fit.
    var update = ListUpdate()
    update.deleteItem(at: ListIndexPath(item: 5, section: 0))
    do {
      _ = try snapshot.applying(update)
      Issue.record("expected an UpdateError")
    } catch {
      expectReadsWell(error)
      #expect(error.localizedDescription.hasPrefix("out of range"))
    }
    // HorizontalOffsetError: an offset for a section that is no carousel.
    do {
      try snapshot.checkHorizontalOffsets([0: 10])
      Issue.record("expected a HorizontalOffsetError")
    } catch {
      expectReadsWell(error)
      #expect(error.localizedDescription.contains("not a carousel"))
    }
  }

  @Test func everyOtherPublicErrorType() {
    expectReadsWell(ScrollError.unknownIdentifier("x"))
    expectReadsWell(ScrollError.layout(.invalidValue(path: "width", value: "0", expected: "more")))
    expectReadsWell(FeedWritingError.notRepresentable(path: "sections[0]", reason: "a sizing closure"))
    expectReadsWell(UpdateError.conflict("a cell moved into a deleted section"))
    expectReadsWell(ServiceError.request("no layout is loaded"))
    expectReadsWell(ServiceError.noFiles)
    expectReadsWell(SequentialLayoutError.unknownFrameCalculator(name: "x", known: ["a", "b"]))
    expectReadsWell(
      JSONInputError(kind: .limitExceeded("maxDepth"), path: "a", message: "too deep", line: 1, column: 2))
  }
}
