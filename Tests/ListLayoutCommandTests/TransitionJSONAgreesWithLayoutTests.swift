import Foundation
import ListLayoutCommand
import ListLayoutService
import Testing

/// `layout`, `diff` and `serve` name an element the same way: no `section` for the list
/// header and footer, `item` on cells, `id`, and `pinned` where the element is pinned.
@Suite struct TransitionJSONAgreesWithLayoutTests {
  static func feed(firstHeight: Int, inserted: Bool) -> String {
    let extra = inserted ? #"{"id":"n","size":{"width":200,"height":30}},"# : ""
    return """
      {"width":200,"contentInsets":{"top":0,"left":0,"bottom":0,"right":0},"pinSectionHeaders":true,\
      "header":{"height":44,"id":"bar","pinned":true},"footer":{"height":30,"id":"end"},\
      "sections":[{"header":{"height":40,"id":"h0"},"items":[\
      {"id":"a","size":{"width":200,"height":\(firstHeight)}},{"id":"b","size":{"width":200,"height":100}},\
      {"id":"c","size":{"width":200,"height":100}}]},\
      {"header":{"height":40,"id":"h1"},"items":[\(extra){"id":"d","size":{"width":200,"height":400}}]}]}
      """
  }

  static let old = feed(firstHeight: 100, inserted: false)
  static let new = feed(firstHeight: 120, inserted: true)
  static let offset = 150.0
  static let height = 260.0

  func object(_ text: some StringProtocol) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The elements `layout` prints for `feed` scrolled to `offset`, by kind, section and item.
  func layoutElements(_ feed: String, offset: Double) throws -> [String: [String: Any]] {
    let (status, io) = run(
      ["layout", "f.json", "--offset", "\(offset)", "--viewport-height", "\(Self.height)"],
      files: ["f.json": feed])
    try #require(status == .success, "\(io.stderr)")
    let elements = try #require(try object(io.stdout)["elements"] as? [[String: Any]])
    return Dictionary(elements.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
  }

  func key(_ element: [String: Any]) -> String {
    "\(element["kind"] ?? "?")/\(element["section"].map { "\($0)" } ?? "none")/\(element["item"].map { "\($0)" } ?? "-")"
  }

  @Test func diffServeAndLayoutNameElementsAlike() throws {
    let (status, io) = run(
      ["diff", "old.json", "new.json", "--offset", "\(Self.offset)", "--viewport-height", "\(Self.height)"],
      files: ["old.json": Self.old, "new.json": Self.new])
    try #require(status == .success, "\(io.stderr)")
    let diff = try object(io.stdout)
    let transitions = try #require(diff["transitions"] as? [[String: Any]])
    let contentOffset = try #require(diff["contentOffset"] as? Double)

    // The service's transitions for the same update are the same objects.
    var service = LayoutService()
    _ = service.respond(to: Array(#"{"id":1,"op":"load","feed":\#(Self.old)}"#.utf8))
    _ = service.respond(
      to: Array(#"{"id":2,"op":"viewport","offset":\#(Self.offset),"height":\#(Self.height)}"#.utf8))
    let answer = try object(service.respond(to: Array(#"{"id":3,"op":"update","feed":\#(Self.new)}"#.utf8)))
    let served = try #require(answer["transitions"] as? [[String: Any]])
    func text(_ objects: [[String: Any]]) throws -> String {
      String(
        decoding: try JSONSerialization.data(withJSONObject: objects, options: .sortedKeys), as: UTF8.self)
    }
    #expect(served.count == transitions.count)
    #expect(try text(served) == text(transitions))

    // Each transition names its element as `layout` does, before and after.
    let before = try layoutElements(Self.old, offset: Self.offset)
    let after = try layoutElements(Self.new, offset: contentOffset)
    var sawPinnedListHeader = false
    var sawPinnedSectionHeader = false
    for transition in transitions {
      let kind = try #require(transition["kind"] as? String)
      if kind == "listHeader" || kind == "listFooter" {
        #expect(transition["section"] == nil, "\(transition)")
      } else {
        #expect(transition["section"] is Int, "\(transition)")
      }
      if let to = transition["to"] as? [String: Any], let element = after[key(transition)] {
        #expect(try text([to]) == text([element["frame"] as? [String: Any] ?? [:]]))
        for name in ["kind", "section", "item", "id"] {
          #expect(
            "\(transition[name] ?? "absent")" == "\(element[name] ?? "absent")", "\(name): \(transition)")
        }
        #expect((transition["pinned"] as? Bool) == (element["pinned"] as? Bool), "\(transition)")
        if transition["pinned"] as? Bool == true {
          if kind == "listHeader" { sawPinnedListHeader = true }
          if kind == "header" { sawPinnedSectionHeader = true }
        }
      }
      if let to = transition["to"] as? [String: Any], after[key(transition)] == nil {
        // An element visible only before the update: after it, out of the viewport.
        let y = try #require(to["y"] as? Double)
        let height = try #require(to["height"] as? Double)
        #expect(y >= contentOffset + Self.height || y + height <= contentOffset, "\(transition)")
        #expect(transition["pinned"] == nil)
      }
      if transition["from"] is [String: Any], transition["item"] == nil {
        // Headers and the list's chrome keep their index path across this update.
        let element = try #require(before[key(transition)], "\(transition)")
        #expect((transition["wasPinned"] as? Bool) == (element["pinned"] as? Bool), "\(transition)")
      }
      #expect(transition["pinned"] == nil || transition["pinned"] as? Bool == true)
      #expect(transition["wasPinned"] == nil || transition["wasPinned"] as? Bool == true)
    }
    #expect(sawPinnedListHeader)
    #expect(sawPinnedSectionHeader)
  }
}
