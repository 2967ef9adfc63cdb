import LayoutGeometry
import ListLayout
import ListLayoutService
import ListLayoutTestSupport
import TestSupport
import Testing

/// The service, driven in process over seeded feeds: its layout after each request equals a
/// direct layout of the model sent, and a bad request changes nothing.
@Suite struct LayoutServiceTests {
  static func feedJSON(_ model: ListModel) -> String {
    let c = model.configuration
    var text = "{\"width\":\(c.width),\"layoutDirection\":\"\(c.layoutDirection == .rtl ? "rtl" : "ltr")\""
    text +=
      ",\"contentInsets\":" + DifferenceGenerator.json(c.contentInsets)
      + ",\"sectionSpacing\":\(c.sectionSpacing)"
    if let hub = c.layoutManager as? HubLayoutManager {
      text += ",\"layoutManager\":{\"type\":\"traits\",\"margin\":\(hub.margin)"
      text += hub.oversizedCellPolicy == .overflow ? ",\"oversizedCells\":\"overflow\"}" : "}"
    }
    return text + ",\"sections\":[" + model.sections.map(DifferenceGenerator.json).joined(separator: ",")
      + "]}"
  }

  func ask(_ service: inout LayoutService, _ request: String) -> String {
    service.respond(to: Array(request.utf8))
  }

  @Test func updatesThroughTheServiceEqualDirectLayouts() throws {
    for seed in 0..<sweep(quick: 30, long: 300) {
      var rng = SplitMix64(seed: UInt64(seed) &+ 9000)
      var model = DifferenceGenerator.keyedModel(&rng)
      var service = LayoutService()
      let loaded = ask(&service, "{\"id\":\(seed),\"op\":\"load\",\"feed\":" + Self.feedJSON(model) + "}")
      try #require(loaded.hasPrefix("{\"id\":\(seed),\"ok\":true"), "seed \(seed): \(loaded)")
      for step in 0..<4 {
        let next = DifferenceGenerator.mutate(model, &rng)
        let offset = Int.random(in: 0...400, using: &rng)
        let answer = ask(
          &service,
          "{\"op\":\"update\",\"offset\":\(offset),\"height\":300,\"feed\":" + Self.feedJSON(next) + "}")
        try #require(answer.hasPrefix("{\"id\":null,\"ok\":true"), "seed \(seed) step \(step): \(answer)")
        let snapshot = try #require(service.snapshot)
        guard try expectSameLayout(snapshot, try next.layout(), "seed \(seed) step \(step)") else { return }
        #expect(answer.contains("\"contentOffset\":"), "seed \(seed)")
        model = next
        // A bad request is answered and changes nothing.
        let bad = ask(&service, "{\"op\":\"edit\",\"batch\":{\"items\":{\"deleted\":[[0,100000]]}}}")
        #expect(bad.hasPrefix("{\"id\":null,\"ok\":false,\"error\":{\"kind\":"), "seed \(seed): \(bad)")
        try expectSameLayout(try #require(service.snapshot), snapshot, "seed \(seed) after a bad request")
      }
    }
  }

  @Test func errorsNameWhereInTheRequest() {
    var service = LayoutService()
    #expect(
      ask(&service, #"{"id":1,"op":"load","feed":{"width":100,"sections":[{"items":[{"id":5}]}]}}"#)
        == #"{"id":1,"ok":false,"error":{"kind":"typeMismatch","path":"feed.sections[0].items[0].id","message":"expected an identifier string, found 5","line":1,"column":69}}"#
    )
    #expect(
      ask(&service, #"{"id":2,"op":"jump"}"#).hasPrefix(
        #"{"id":2,"ok":false,"error":{"kind":"invalidValue","path":"op""#))
    #expect(
      ask(&service, #"{"id":[1],"op":"layout"}"#).hasPrefix(
        #"{"id":null,"ok":false,"error":{"kind":"typeMismatch","path":"id""#))
    #expect(ask(&service, #"{"id":3}"#).hasPrefix(#"{"id":3,"ok":false,"error":{"kind":"missingKey""#))
    #expect(
      ask(&service, #"{"id":4,"op":"load","path":"x.json"}"#)
        == #"{"id":4,"ok":false,"error":{"kind":"file","path":"x.json","message":"this service reads no files"}}"#
    )
    #expect(
      ask(&service, #"{"id":5,"op":"load","feed":{"width":100}}"#)
        == #"{"id":5,"ok":true,"contentSize":{"width":100,"height":0}}"#)
    #expect(ask(&service, #"{"id":6,"op":"viewport","offset":1}"#).contains(#""kind":"request""#))
    #expect(
      ask(&service, #"{"id":7,"op":"measure","sizes":{"nobody":{"width":1,"height":1}}}"#).contains(
        #""kind":"update""#))
  }
}
