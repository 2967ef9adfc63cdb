import LayoutGeometry
import ListLayout
import ListLayoutService

/// libFuzzer entry: the bytes are a session of `listlayout serve` requests, one per line,
/// sent to a service that starts with a small feed loaded. Every answer must be one line of
/// JSON echoing an id and saying "ok", and the layout must keep its invariants whatever the
/// requests do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var limits = JSONInputLimits()
  limits.maxCells = 2_000
  limits.maxSections = 200
  limits.maxDepth = 32
  var service = LayoutService(limits: limits)
  _ = service.respond(to: Array(RequestFuzz.feedRequest.utf8))
  let bytes = UnsafeBufferPointer(start: data, count: size)
  for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).prefix(16) {
    let answer = service.respond(to: Array(line))
    precondition(!answer.contains("\n"), "an answer spans lines: \(answer)")
    precondition(answer.hasPrefix("{\"id\":") && answer.hasSuffix("}"), "not an answer object: \(answer)")
    precondition(
      answer.contains(",\"ok\":true") || answer.contains(",\"ok\":false,\"error\":{"), "no ok: \(answer)")
    if let snapshot = service.snapshot {
      precondition(snapshot.invariantViolations().isEmpty, "invariants broken after \(answer)")
      precondition(snapshot.contentSize.height.isFinite, "content height not finite")
    }
  }
  return 0
}

enum RequestFuzz {
  static let feedRequest = """
    {"id":0,"op":"load","feed":{"width":320,"sections":[{"id":"s","header":{"height":30,"id":"h"},\
    "items":[{"id":"a","size":{"width":100,"height":40}},{"id":"b","size":{"width":150,"height":60}},\
    {"size":{"width":320,"height":20}},{"id":"c"}]},{"items":[{"id":"d","size":{"width":50,"height":50}}]}]}}
    """
}
