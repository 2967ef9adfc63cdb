import ListLayout
import ListLayoutService
import Testing

/// The service's `session` and `scroll` requests: the events of `listlayout scroll` on the
/// session the service keeps.
@Suite struct ScrollServiceTests {
  static let feed = """
    {"width": 200, "contentInsets": {"top":0,"left":0,"bottom":0,"right":0}, "sections": [{"items": [
    {"id": "a", "size": {"width": 200, "height": 40}}, {"id": "b", "size": {"width": 200, "height": 40}},
    {"id": "c", "size": {"width": 200, "height": 40}}, {"id": "d", "size": {"width": 200, "height": 40}}]}]}
    """

  static func respond(_ service: inout LayoutService, _ request: String) -> String {
    service.respond(to: Array(request.utf8))
  }

  @Test func aSessionAnswersAsTheCommandDoes() throws {
    var service = LayoutService()
    let feed = Self.feed.replacingOccurrences(of: "\n", with: "")
    _ = Self.respond(&service, #"{"id":1,"op":"load","feed":\#(feed)}"#)
    let start = Self.respond(
      &service, #"{"id":2,"op":"session","height":60,"options":{"topInset":10,"start":{"id":"c"}}}"#)
    // c spans 90 ... 130: its top under the 10-point inset.
    #expect(start.hasPrefix(#"{"id":2,"ok":true,"offset":80,"contentLength":175,"#), "\(start)")
    let scrolled = Self.respond(&service, #"{"id":3,"op":"scroll","event":{"scrollBy":-40}}"#)
    #expect(scrolled.hasPrefix(#"{"id":3,"ok":true,"offset":40,"#), "\(scrolled)")
    // The same events and answers as a session driven directly.
    var direct = try ScrollSession(
      model: ListModel(json: Array(Self.feed.utf8)), viewportLength: 60,
      options: ScrollOptions(topInset: 10), start: .jump(ScrollJump(to: .id("c"))))
    _ = direct.respond(toJSON: Array(#"{"scrollBy":-40}"#.utf8))
    let measured = Self.respond(
      &service, #"{"id":4,"op":"scroll","event":{"measure":{"a":{"width":200,"height":90}}}}"#)
    let expected = direct.respond(toJSON: Array(#"{"measure":{"a":{"width":200,"height":90}}}"#.utf8))
    #expect(measured == #"{"id":4,"ok":true,"# + expected.dropFirst())
    // The layout follows the session's.
    let layout = Self.respond(&service, #"{"id":5,"op":"viewport","offset":0,"height":10}"#)
    #expect(layout.contains(#""height":225}"#), "\(layout)")
  }

  @Test func refusalsNameTheirPlaceInTheRequest() {
    var service = LayoutService()
    let feed = Self.feed.replacingOccurrences(of: "\n", with: "")
    _ = Self.respond(&service, #"{"id":1,"op":"load","feed":\#(feed)}"#)
    let early = Self.respond(&service, #"{"id":2,"op":"scroll","event":{"scrollBy":1}}"#)
    #expect(early.contains(#""kind":"request""#))
    _ = Self.respond(&service, #"{"id":3,"op":"session","height":60}"#)
    let unknown = Self.respond(
      &service, #"{"id":4,"op":"scroll","event":{"measure":{"zz":{"width":1,"height":1}}}}"#)
    #expect(
      unknown
        == #"{"id":4,"ok":false,"error":{"kind":"unknownIdentifier","path":"event.measure.zz","message":"no cell has the identifier 'zz'","line":1,"column":48}}"#
    )
    let syntax = Self.respond(&service, #"{"id":5,"op":"scroll","event":{"scrollTo":"x"}}"#)
    #expect(syntax.contains(#""path":"event.scrollTo""#), "\(syntax)")
    let options = Self.respond(
      &service, #"{"id":6,"op":"session","height":60,"options":{"snap":"sideways"}}"#)
    #expect(options.contains(#""path":"options.snap""#), "\(options)")
    // A load ends the session.
    _ = Self.respond(&service, #"{"id":7,"op":"load","feed":\#(feed)}"#)
    #expect(service.scrollSession == nil)
  }
}
