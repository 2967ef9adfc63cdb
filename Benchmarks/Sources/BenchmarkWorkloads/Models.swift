import CMallocStats
import LayoutGeometry
import ListLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// How the workloads map onto ListLayout, and the floor they are compared with.

extension FlowWorkload {
  /// The workload as a ListLayout model: one section in a list of the container's width.
  ///
  /// "feed": `contentInsets` 5 = padding 5, `itemSpacing` 5 = column gap, `lineSpacing` 5 =
  /// row gap, section spacing 0; FSQ's left/top alignment is justify-content and
  /// align-items flex-start, and an FSQ line breaks exactly where a CSS flex line does for
  /// cells that neither shrink nor grow. "list": every cell is the inner width (365) wide,
  /// which is what `align-items: stretch` gives a column.
  public func listModel() -> ListModel {
    let configuration = ListConfiguration(
      width: width, contentInsets: EdgeInsets(all: padding), sectionSpacing: 0,
      defaultSectionAttributes: SectionAttributes(itemSpacing: columnGap, lineSpacing: rowGap))
    var cells = [Cell]()
    cells.reserveCapacity(count)
    if let widths {
      precondition(direction == "row" && wrap && flexGrow == 0, "\(name) has no ListLayout equivalent")
      for i in 0..<count { cells.append(Cell(width: widths[i], height: heights[i])) }
    } else {
      precondition(direction == "column")
      for i in 0..<count { cells.append(Cell(width: innerWidth, height: heights[i])) }
    }
    return ListModel(configuration: configuration, sections: [Section(cells: cells)])
  }

  /// Whether ListLayout's flow lays this workload out (flex-grow needs the Flexbox module).
  public var hasListModel: Bool { flexGrow == 0 }
}

extension Generator {
  /// "hub": a Hub-style mixed-trait feed, `count` cells over `sections` sections, each with a
  /// 44-point header, laid out by `HubLayoutManager(margin: 15)` at width 375. Per cell,
  /// `r = next % 8` picks the kind: 0–3 `compactWidth` (165 wide, two to a row), 4–5
  /// `fullWidth` + `stackable` (375), 6 `stackable` (345), 7 `centered` (200); then
  /// `height = 20 + next % 101`.
  public static func hubModel(count: Int, sections sectionCount: Int = 1000, seed: UInt64 = 42) -> ListModel {
    var lcg = LCG(seed: seed)
    let configuration = ListConfiguration(width: 375, layoutManager: HubLayoutManager(margin: 15))
    var sections = [Section]()
    sections.reserveCapacity(sectionCount)
    let perSection = count / sectionCount
    for s in 0..<sectionCount {
      let n = s < count % sectionCount ? perSection + 1 : perSection
      var cells = [Cell]()
      cells.reserveCapacity(n)
      for _ in 0..<n {
        let kind = lcg.next() % 8
        let height = Double(20 + lcg.next() % 101)
        switch kind {
        case 0...3: cells.append(Cell(width: 165, height: height, traits: [.compactWidth]))
        case 4...5: cells.append(Cell(width: 375, height: height, traits: [.fullWidth, .stackable]))
        case 6: cells.append(Cell(width: 345, height: height, traits: [.stackable]))
        default: cells.append(Cell(width: 200, height: height, traits: [.centered]))
        }
      }
      sections.append(Section(header: Supplementary(height: 44), cells: cells))
    }
    return ListModel(configuration: configuration, sections: sections)
  }
}

/// The floor: a bare one-pass greedy wrap of the same cells, writing every frame into a
/// preallocated buffer. It is what any engine must at least do for "feed": read each size,
/// decide the break, write the frame. No alignment pass is needed (lines are top-aligned and
/// left-justified), no state is kept for queries.
///
/// - Returns: the content height (padding included).
@inline(never)
public func greedyWrap(
  widths: UnsafeBufferPointer<Double>, heights: UnsafeBufferPointer<Double>, containerWidth: Double,
  padding: Double, columnGap: Double, rowGap: Double, into frames: UnsafeMutableBufferPointer<Rect>
) -> Double {
  let left = padding
  let right = containerWidth - padding
  var x = left
  var lineTop = padding
  var lineHeight = 0.0
  var lineEmpty = true
  for i in 0..<heights.count {
    let w = widths[i]
    let h = heights[i]
    if !lineEmpty && x + w > right {
      lineTop += lineHeight + rowGap
      x = left
      lineHeight = 0
    }
    frames[i] = Rect(x: x, y: lineTop, width: w, height: h)
    x += w + columnGap
    lineHeight = max(lineHeight, h)
    lineEmpty = false
  }
  return heights.isEmpty ? 2 * padding : lineTop + lineHeight + padding
}

/// The floor for "list": stack full-width cells.
@inline(never)
public func columnStack(
  heights: UnsafeBufferPointer<Double>, containerWidth: Double, padding: Double, rowGap: Double,
  into frames: UnsafeMutableBufferPointer<Rect>
) -> Double {
  let width = containerWidth - 2 * padding
  var y = padding
  for i in 0..<heights.count {
    frames[i] = Rect(x: padding, y: y, width: width, height: heights[i])
    y += heights[i] + rowGap
  }
  return heights.isEmpty ? 2 * padding : y - rowGap + padding
}

extension FlowWorkload {
  /// Runs the floor once into `frames` (which must hold `count` frames).
  @inline(never)
  public func baseline(into frames: UnsafeMutableBufferPointer<Rect>) -> Double {
    heights.withUnsafeBufferPointer { h in
      if let widths {
        return widths.withUnsafeBufferPointer { w in
          greedyWrap(
            widths: w, heights: h, containerWidth: width, padding: padding, columnGap: columnGap,
            rowGap: rowGap,
            into: frames)
        }
      }
      return columnStack(heights: h, containerWidth: width, padding: padding, rowGap: rowGap, into: frames)
    }
  }
}

/// Monotonic nanoseconds.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
public func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Bytes currently allocated by malloc (small blocks and mmapped ones), or nil where unknown.
public func heapBytesInUse() -> Int? {
  let bytes = cmallocstats_bytes_in_use()
  return bytes < 0 ? nil : Int(bytes)
}

/// The process's peak resident set size in bytes: Linux's `VmHWM` (per address space, so a
/// parent's peak does not leak in through fork and exec as `getrusage`'s `ru_maxrss` does);
/// `ru_maxrss` elsewhere.
public func peakResidentBytes() -> Int {
  #if os(Linux)
  if let kilobytes = procStatusKilobytes("VmHWM:") { return kilobytes * 1024 }
  #endif
  var usage = rusage()
  #if canImport(Glibc)
  getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
  getrusage(RUSAGE_SELF, &usage)
  #endif
  #if canImport(Darwin)
  return Int(usage.ru_maxrss)
  #else
  return Int(usage.ru_maxrss) * 1024
  #endif
}

#if os(Linux)
/// A `kB` field of /proc/self/status.
func procStatusKilobytes(_ field: String) -> Int? {
  guard let file = fopen("/proc/self/status", "r") else { return nil }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 512)
  while fgets(&buffer, 512, file) != nil {
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if line.hasPrefix(field) {
      return Int(line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
  }
  return nil
}
#endif

/// The process's current resident set size in bytes (Linux; 0 elsewhere).
public func currentResidentBytes() -> Int {
  #if canImport(Glibc)
  guard let file = fopen("/proc/self/statm", "r") else { return 0 }
  defer { fclose(file) }
  var size = 0
  var resident = 0
  guard readStatm(file, &size, &resident) else { return 0 }
  return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
  return 0
  #endif
}

#if canImport(Glibc)
private func readStatm(_ file: UnsafeMutablePointer<FILE>, _ size: inout Int, _ resident: inout Int) -> Bool {
  var buffer = [CChar](repeating: 0, count: 256)
  guard fgets(&buffer, 256, file) != nil else { return false }
  let fields = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(
    separator: " ")
  guard fields.count >= 2, let s = Int(fields[0]), let r = Int(fields[1]) else { return false }
  size = s
  resident = r
  return true
}
#endif
