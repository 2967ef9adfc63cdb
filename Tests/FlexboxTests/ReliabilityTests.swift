import Flexbox
import Foundation
import LayoutGeometry
import Testing

/// Hostile flex documents and extreme trees: typed errors naming the key path or the limit,
/// finite frames otherwise, no stack overflow at any depth the limits allow.
@Suite("Reliability", .serialized)
struct ReliabilityTests {
  func decode(
    _ text: String, limits: FlexDocumentLimits = FlexDocumentLimits()
  ) -> Result<Layout, FlexDocumentError> {
    Result { () throws(FlexDocumentError) -> Layout in
      try FlexDocument.decode(Data(text.utf8), limits: limits)
    }
  }

  func expectFinite(_ root: ComputedLayout, _ context: String = "") {
    var stack = [root]
    var bad = 0
    while let node = stack.popLast() {
      let f = node.frame
      if !(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite && f.width >= 0
        && f.height >= 0)
      {
        bad += 1
      }
      stack.append(contentsOf: node.children)
    }
    #expect(bad == 0, "\(bad) non-finite or negative frames \(context)")
  }

  @Test(
    "non-finite and out-of-range numbers name their key path",
    arguments: [
      (#"{"style":{"width":1e400}}"#, "style.width"),
      (#"{"style":{"flexGrow":-1e999}}"#, "style.flexGrow"),
      (#"{"children":[{},{"style":{"margin":{"top":1E+309}}}]}"#, "children[1].style.margin"),
      (#"{"children":[{"style":{"padding":-1}}]}"#, "children[0].style.padding"),
      (#"{"style":{"gap":-0.5}}"#, "style.gap"),
      (#"{"style":{"minHeight":-1e-300}}"#, "style.minHeight"),
      (#"{"style":{"maxWidth":"auto"}}"#, "style.maxWidth"),
    ])
  func badNumbers(_ text: String, _ path: String) {
    switch decode(text) {
    case .success: Issue.record("decoded \(text)")
    case .failure(let error) where error.kind == .invalidValue:
      #expect(error.path.hasPrefix(path), "\(error)")
    case .failure(let other): Issue.record("\(other)")
    }
  }

  /// Regression: the flex scanner decoded invalid UTF-8 in a string (`{"id":"\u{FF}"}`) into
  /// U+FFFD instead of rejecting it, as the feed decoder does.
  @Test("malformed text, including invalid UTF-8, is a syntax error, never a trap")
  func malformed() {
    let texts: [[UInt8]] = [
      [], [0], Array("{".utf8), Array("{\"children\":[".utf8), Array("{\"id\":\"\\ud800\"}".utf8),
      Array("{\"id\":\"".utf8) + [0xFF, 0x22, 0x7D], Array("{\"style\":{\"width\":NaN}}".utf8),
      Array("{\"style\":{\"width\":-}}".utf8), Array("{} {}".utf8), Array("{\"id\":\"a\"".utf8),
      Array(String(repeating: "[", count: 100_000).utf8),
      Array(String(repeating: "{\"children\":[", count: 100_000).utf8),
    ]
    for text in texts {
      do {
        _ = try FlexDocument.decode(Data(text))
        Issue.record("decoded \(String(decoding: text.prefix(60), as: UTF8.self))")
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
  }

  @Test("huge finite values are capped: frames stay finite")
  func hugeValues() throws {
    for value in ["1e308", "1.7976931348623157e308", "1e15", "4.9e-324"] {
      let text = """
        {"style":{"flexDirection":"row","flexWrap":"wrap","gap":\(value),"padding":\(value)},"children":[
          {"style":{"width":\(value),"height":\(value),"flexGrow":\(value),"margin":\(value)}},
          {"style":{"flexBasis":\(value),"flexShrink":\(value),"minWidth":\(value)}},
          {"style":{"position":"absolute","top":\(value),"left":-\(value),"width":10,"height":10}},
          {"style":{"maxWidth":\(value),"maxHeight":\(value),"border":\(value)}}]}
        """
      let layout = try FlexDocument.decode(Data(text.utf8))
      for (width, height) in [(nil, nil), (375.0, nil), (0.5, 1e7)] as [(Double?, Double?)] {
        expectFinite(layout.compute(width: width, height: height), "value \(value)")
      }
    }
  }

  @Test("a 10,000-level tree in every direction, with wrapping and absolute boxes, does not overflow")
  func deepTrees() throws {
    let depth = 10_000
    for (direction, extra) in [
      ("row", #","flexWrap":"wrap""#), ("column", #","alignItems":"center""#),
      ("row-reverse", #","justifyContent":"space-between""#), ("column-reverse", #","position":"absolute""#),
    ] {
      var text = ""
      text.reserveCapacity(depth * 80)
      for level in 0..<depth {
        text += #"{"style":{"flexDirection":"\#(direction)"\#(level % 2 == 0 ? extra : ""),"padding":0.5},"#
        text += #""children":[{"style":{"width":1,"height":1}},"#
      }
      text += #"{"id":"leaf","style":{"width":3,"height":4}}"#
      for _ in 0..<depth { text += "]}" }
      let layout = try FlexDocument.decode(Data(text.utf8))
      let computed = layout.compute(width: 1_000, height: nil)
      #expect(computed.depth == depth)
      expectFinite(computed, direction)
      let encoded = FlexDocument.encode(computed)
      #expect(encoded.count > depth * 40)
    }
  }

  @Test("the deepest tree the limits allow computes; one level more is a typed error")
  func depthLimit() throws {
    let limit = FlexDocumentLimits().maxDepth
    func chain(_ levels: Int) -> Data {
      var text = String(repeating: #"{"children":["#, count: levels - 1) + "{}"
      text += String(repeating: "]}", count: levels - 1)
      return Data(text.utf8)
    }
    let layout = try FlexDocument.decode(chain(limit))
    #expect(layout.compute(width: 100, height: 100).depth == limit - 1)
    do {
      _ = try FlexDocument.decode(chain(limit + 1))
      Issue.record("no maxDepth error")
    } catch {
      #expect(error.kind == .limitExceeded("maxDepth"), "\(error)")
    }
  }

  @Test("a wide tree at the node limit, and one node over")
  func nodeLimit() throws {
    let limits = FlexDocumentLimits(maxNodes: 100_001)
    func wide(_ children: Int) -> Data {
      let child = #"{"style":{"width":2,"height":3,"flexGrow":1}}"#
      return Data(
        (#"{"style":{"flexWrap":"wrap","width":500},"children":["#
          + Array(repeating: child, count: children).joined(separator: ",") + "]}").utf8)
    }
    let layout = try FlexDocument.decode(wide(100_000), limits: limits)
    let computed = layout.compute(width: 500, height: nil)
    #expect(computed.children.count == 100_000)
    expectFinite(computed)
    do {
      _ = try FlexDocument.decode(wide(100_001), limits: limits)
      Issue.record("no maxNodes error")
    } catch {
      #expect(error.kind == .limitExceeded("maxNodes"), "\(error)")
      #expect(error.path == "children[100000]")
    }
  }

  @Test("one tree computed from many tasks at once gives one answer")
  func concurrentCompute() async throws {
    let text = """
      {"style":{"flexDirection":"row","flexWrap":"wrap","width":320,"gap":4},"children":[
      \((0..<200).map { #"{"style":{"width":\#($0 % 90 + 10),"height":\#($0 % 7 * 5 + 10),"flexGrow":\#($0 % 3)}}"# }.joined(separator: ","))]}
      """
    let layout = try FlexDocument.decode(Data(text.utf8))
    let expected = layout.compute(width: nil, height: nil)
    let results = await withTaskGroup(of: ComputedLayout.self) { group in
      for _ in 0..<32 { group.addTask { layout.compute(width: nil, height: nil) } }
      var all: [ComputedLayout] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 32)
    #expect(results.allSatisfy { $0 == expected })
  }

  @Test("the committed fuzz corpus decodes or fails cleanly, and computes finite frames")
  func fuzzCorpus() throws {
    let corpus = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scripts/fuzz/corpus/flex")
    let files = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
    #expect(files.count > 100)
    let limits = FlexDocumentLimits(maxDepth: 200, maxNodes: 2_000, maxStringLength: 256)
    var decoded = 0
    for file in files {
      guard let layout = try? FlexDocument.decode(Data(contentsOf: file), limits: limits) else { continue }
      decoded += 1
      for (width, height) in [(nil, nil), (320.0, nil), (0.5, 480.0)] as [(Double?, Double?)] {
        let computed = layout.compute(width: width, height: height)
        expectFinite(computed, file.lastPathComponent)
        #expect((try? JSONSerialization.jsonObject(with: FlexDocument.encode(computed))) != nil)
      }
    }
    #expect(decoded > 50)
  }

  /// Regression: `ComputedLayout`'s synthesized `==` and `hash(into:)` recursed once per
  /// level, so comparing two 10,000-level trees overflowed the stack of a test thread under
  /// AddressSanitizer (`EngineTests.veryDeepTree`, `computed.roundedToPixels() == computed`).
  @Test("equality and hashing of a 10,000-level computed tree do not recurse")
  func deepEquality() {
    let depth = 10_000
    var a = ComputedLayout(identifier: "leaf", frame: Rect(x: 0, y: 0, width: 3, height: 4))
    for level in 0..<depth {
      a = ComputedLayout(
        frame: Rect(x: 0, y: Double(level % 3), width: 5, height: 5),
        children: level % 100 == 0 ? [ComputedLayout(frame: .zero), a] : [a])
    }
    var b = a
    b.identifier = "root"
    // On the test's own thread: recursion here overflowed under AddressSanitizer.
    #expect(a == a)
    #expect(a != b)
    var same = a
    same.identifier = nil
    #expect(same == a)
    #expect(a.hashValue == same.hashValue)
    #expect(Set([a, same, b]).count == 2)
  }
}
