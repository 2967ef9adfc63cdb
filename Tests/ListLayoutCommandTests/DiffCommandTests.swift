import ListLayoutCommand
import Testing

@Suite struct DiffCommandTests {
  static let old = """
    {"width": 200, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sections": [
     {"id": "top", "header": {"height": 20, "id": "h"}, "items": [
       {"id": "a", "size": {"width": 200, "height": 40}}, {"id": "b", "size": {"width": 200, "height": 40}},
       {"id": "c", "size": {"width": 200, "height": 40}}, {"id": "d", "size": {"width": 200, "height": 40}}]}]}
    """
  static let new = """
    {"width": 200, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sections": [
     {"id": "top", "header": {"height": 20, "id": "h"}, "items": [
       {"id": "n", "size": {"width": 200, "height": 30}}, {"id": "b", "size": {"width": 200, "height": 60}},
       {"id": "d", "size": {"width": 200, "height": 40}}, {"id": "c", "size": {"width": 200, "height": 40}}]}]}
    """

  @Test func printsTheBatch() {
    let (status, io) = run(
      ["diff", "old.json", "new.json"], files: ["old.json": Self.old, "new.json": Self.new])
    #expect(status == .success)
    #expect(
      io.stdout == """
        {"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[]},
        "items":{"deleted":[[0,0]],"inserted":[[0,0]],"moved":[[[0,3],[0,2]]],"updated":[[0,1]]}}

        """)
  }

  /// Header 0…20, cells at 20, 65, 110, 155 (line spacing 5). Scrolled to 30, 100 high: a is
  /// deleted, so b (65 → 55) anchors: the offset becomes 20.
  @Test func printsTransitionsForAViewport() {
    let (status, io) = run(
      ["diff", "old.json", "new.json", "--offset", "30", "--viewport-height", "100"],
      files: ["old.json": Self.old, "new.json": Self.new])
    #expect(status == .success)
    #expect(
      io.stdout == """
        {"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[]},
        "items":{"deleted":[[0,0]],"inserted":[[0,0]],"moved":[[[0,3],[0,2]]],"updated":[[0,1]]},
        "contentOffset":20,
        "transitions":[
        {"kind":"header","section":0,"id":"h","from":{"x":0,"y":30,"width":200,"height":20},"to":{"x":0,"y":20,"width":200,"height":20},"wasPinned":true,"pinned":true},
        {"kind":"cell","section":0,"item":0,"id":"n","from":null,"to":{"x":0,"y":20,"width":200,"height":30}},
        {"kind":"cell","section":0,"item":1,"id":"b","from":{"x":0,"y":65,"width":200,"height":40},"to":{"x":0,"y":55,"width":200,"height":60}},
        {"kind":"cell","section":0,"item":3,"id":"c","from":{"x":0,"y":110,"width":200,"height":40},"to":{"x":0,"y":165,"width":200,"height":40}},
        {"kind":"cell","section":0,"item":0,"id":"a","from":{"x":0,"y":20,"width":200,"height":40},"to":null}
        ]}

        """)
  }

  @Test func rejectsBadUsageAndBadFeeds() {
    #expect(run(["diff", "old.json"], files: ["old.json": Self.old]).0 == .usageError)
    #expect(run(["diff", "a", "b", "--offset", "3"]).0 == .usageError)
    let (status, io) = run(
      ["diff", "old.json", "bad.json"], files: ["old.json": Self.old, "bad.json": "{\"width\": -1}"])
    #expect(status == .usageError)
    #expect(io.stderr.contains("bad.json: width: -1 is negative"))
  }
}
