/// A readable line diff of two texts, as `diff -u` prints one: hunks of changed lines with a
/// few lines of context, `-` for lines only in `expected`, `+` for lines only in `actual`.
///
/// ```
/// @@ expected line 3, actual line 3 @@
///  cell [0, 0] "a" (5, 49, 100, 50)
/// -cell [0, 1] "b" (110, 49, 120, 50)
/// +cell [0, 1] "b" (110, 49, 121, 50)
/// ```
///
/// Returns an empty string when the texts are equal. At most `maxLines` lines are printed;
/// a longer diff ends with a line saying how many were left out.
///
/// - Complexity: O(n + m) for the lines the texts share at their start and end; the lines
///   between are aligned with Myers' algorithm (the standard library's `difference(from:)`,
///   O((n + m) · d) for d differing lines) when there are at most 4,000 of them, and shown as
///   one replaced block otherwise, so the cost stays linear.
public func lineDiff(expected: String, actual: String, context: Int = 2, maxLines: Int = 400) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  guard old != new else { return "" }
  // The lines both texts start and end with are the same; only those between are aligned.
  var prefix = 0
  while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < old.count - prefix, suffix < new.count - prefix,
    old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
  {
    suffix += 1
  }
  let oldMiddle = old[prefix..<(old.count - suffix)]
  let newMiddle = new[prefix..<(new.count - suffix)]
  var removed = Set<Int>()
  var inserted = Set<Int>()
  if oldMiddle.count + newMiddle.count <= 4_000 {
    for change in newMiddle.difference(from: oldMiddle) {
      switch change {
      case .remove(let offset, _, _): removed.insert(prefix + offset)
      case .insert(let offset, _, _): inserted.insert(prefix + offset)
      }
    }
  } else {
    removed = Set(oldMiddle.indices)
    inserted = Set(newMiddle.indices)
  }
  // The edit script: every line of both texts once, in order.
  enum Kind { case same, removed, inserted }
  var script: [(kind: Kind, old: Int, new: Int)] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, removed.contains(i) {
      script.append((.removed, i, j))
      i += 1
    } else if j < new.count, inserted.contains(j) {
      script.append((.inserted, i, j))
      j += 1
    } else {
      script.append((.same, i, j))
      i += 1
      j += 1
    }
  }
  // Hunks: changed entries with `context` entries around them, nearby ones merged.
  var out = ""
  var printed = 0
  var shownChanges = 0
  let totalChanges = removed.count + inserted.count
  var index = 0
  while index < script.count {
    guard script[index].kind != .same else {
      index += 1
      continue
    }
    let start = max(0, index - context)
    var end = index
    var lastChange = index
    while end < script.count, end <= lastChange + 2 * context {
      if script[end].kind != .same { lastChange = end }
      end += 1
    }
    end = min(script.count, lastChange + context + 1)
    out += "@@ expected line \(script[start].old + 1), actual line \(script[start].new + 1) @@\n"
    for entry in script[start..<end] {
      guard printed < maxLines else {
        return out + "… \(totalChanges - shownChanges) more changed lines not shown\n"
      }
      printed += 1
      if entry.kind != .same { shownChanges += 1 }
      switch entry.kind {
      case .same: out += " " + old[entry.old] + "\n"
      case .removed: out += "-" + old[entry.old] + "\n"
      case .inserted: out += "+" + new[entry.new] + "\n"
      }
    }
    index = end
  }
  return out
}
