import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

func explore() throws {
  let env = ProcessInfo.processInfo.environment
  let wl = env["W"] ?? "mixed"
  for (name, model, offsets) in interactionWorkloads(count: 1_000_000) where name == wl {
    let snapshot = try model.layout()
    var lcg = LCG(seed: 9)
    let kind = Int(env["K"] ?? "0")!
    let dir = FocusDirection(rawValue: env["D"] ?? "left")!
    var hist: [String: Int] = [:]
    for _ in 0..<2000 {
      var section = Int(lcg.next() % UInt64(snapshot.numberOfSections))
      while snapshot.numberOfSections > 1 && section % 6 != kind { section = (section + 1) % snapshot.numberOfSections }
      let path = ListIndexPath(item: Int(lcg.next() % UInt64(snapshot.numberOfItems(inSection: section))), section: section)
      let f = snapshot.frame(of: path)!
      guard let t = snapshot.nextFocus(from: path, direction: dir, horizontalOffsets: offsets) else {
        hist["nil", default: 0] += 1; continue
      }
      let c = snapshot.frame(of: t.indexPath)!
      let dy = abs(c.midY - f.midY)
      let bucket = dy < 1 ? "0" : "2^\(Int(log2(dy)))"
      let key = "\(t.indexPath.section == section ? "same" : (t.carouselOffset != nil ? "carousel" : "other")) dy \(bucket) fminX \(f.minX == 0 ? "0" : ">0")"
      hist[key, default: 0] += 1
    }
    for (k, v) in hist.sorted(by: { $0.key < $1.key }) { print(k, v) }
  }
}
