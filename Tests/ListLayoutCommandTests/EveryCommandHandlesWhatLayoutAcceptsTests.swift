import Foundation
import ListLayoutCommand
import Testing

/// No feed that `listlayout layout` accepts makes another command trap: every extreme but
/// finite number is laid out, drawn and paged.
@Suite struct EveryCommandHandlesWhatLayoutAcceptsTests {
  static let feeds: [String] = [
    #"{"width": 375, "sections": [{"items": [{"id": "w", "size": {"width": 1e20, "height": 50}}]}]}"#,
    #"{"width": 375, "sections": [{"items": [{"size": {"width": 1e308, "height": 1e308}}]}]}"#,
    #"{"width": 1e308, "sections": [{"header": {"height": 40}, "items": [{"traits": ["t"]}], "footer": {"height": 9}}]}"#,
    #"{"width": 375, "sections": [{"items": [{"attributes": {"insets": {"left": 1e308, "top": 1e300}}}]}]}"#,
    #"{"width": 375, "sections": [{"header": {"height": 40, "width": 1e308}, "items": [{}, {}]}]}"#,
    #"{"width": 5e-324, "sections": [{"items": [{"size": {"width": 5e-324, "height": 1e-300}}]}]}"#,
  ]

  @Test func everyCommandHandlesWhatLayoutAccepts() {
    for feed in Self.feeds {
      let files = ["f.json": feed]
      let (layoutStatus, _) = run(["layout", "f.json"], files: files)
      #expect(layoutStatus == .success, "layout: \(feed)")
      for output in [["--svg", "o.svg"], ["--html", "o.html"], ["--ascii"]] {
        for viewport in [[], ["--offset", "100", "--viewport-height", "667"]] {
          let (status, io) = run(["render", "f.json"] + output + viewport, files: files)
          #expect(status == .success, "render \(output + viewport): \(feed)\n\(io.stderr)")
        }
      }
    }
  }

  @Test func hugeWidthsFromTheCommandLine() {
    let files = ["f.json": #"{"sections": [{"header": {"height": 40}, "items": [{}]}]}"#]
    for width in ["1e308", "1e20", "5e-324"] {
      for output in [["--svg", "o.svg"], ["--html", "o.html"], ["--ascii"]] {
        let (status, io) = run(["render", "f.json", "--width", width] + output, files: files)
        #expect(status == .success, "render --width \(width) \(output)\n\(io.stderr)")
      }
    }
  }
}
