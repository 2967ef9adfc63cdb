// peer-runner ingest FILE: ours in-process on one feed file, for peers/ingest.sh (which runs
// it alternately with the whole-process peers). One JSON line; each phase has a wall-clock
// time (`…Ns`) and the thread's CPU time (`…CpuNs`, which a loaded machine inflates less):
//   read         reading the file into bytes
//   decode       `ListModel(json:)` of the bytes (the first decode in the process, as in the CLI)
//   layoutFirst  the first `model.layout()` in the process
//   layout       the median of three more (each snapshot freed before the next)
//   viewport     `viewport(at: (0, 500000), size: (width, 667))` + writing its elements into
//                a discarding ByteWriter: what `layout --offset` does after the layout
//   write        `snapshot.writeJSON(to:)` of every frame into a discarding ByteWriter
//   append, array  a section built by `cells.append` one at a time, and by `CellList(array)`,
//                from the decoded cells (medians of three, alternating)
//   sectionsAppend, sectionsArray, sectionsFront  a model of one section per ten cells built
//                by `sections.append`, from an array, and by `sections.insert(_, at: 0)`
// peer-runner ingest-check FILE N: whether FILE holds exactly `IngestFeed.json(cells: N)`.

import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

/// The calling thread's CPU time in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Wall-clock and CPU nanoseconds of `body`, and its result.
func timed<T>(_ body: () throws -> T) rethrows -> (wall: Double, cpu: Double, result: T) {
  let wall = monotonicNanoseconds()
  let cpu = threadCPUNanoseconds()
  let result = try body()
  let cpuEnd = threadCPUNanoseconds()
  let wallEnd = monotonicNanoseconds()
  return (Double(wallEnd - wall), Double(cpuEnd - cpu), result)
}

func ingest(path: String) throws {
  var out: [String: Any] = [:]
  func record(_ name: String, _ wall: Double, _ cpu: Double) {
    out[name + "Ns"] = wall
    out[name + "CpuNs"] = cpu
  }

  let read = try timed { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
  record("read", read.wall, read.cpu)
  let bytes = read.result

  let decode = try timed { try ListModel(json: bytes) }
  record("decode", decode.wall, decode.cpu)
  let model = decode.result

  var walls = [Double](), cpus = [Double]()
  var snapshot: LayoutSnapshot?
  for run in 0..<4 {
    snapshot = nil
    let layout = try timed { try model.layout() }
    if run == 0 {
      record("layoutFirst", layout.wall, layout.cpu)
    } else {
      walls.append(layout.wall)
      cpus.append(layout.cpu)
    }
    snapshot = layout.result
  }
  record("layout", median(walls), median(cpus))
  let laidOut = snapshot!

  let viewportSink = IngestFeed.DiscardingSink()
  let viewport = timed {
    let viewport = laidOut.viewport(
      at: Point(x: 0, y: 500_000), size: Size(width: laidOut.contentSize.width, height: 667))
    var writer = viewportSink.writer()
    // As `layout --offset` writes it: the viewport's elements, then the sections it meets.
    laidOut.writeJSON(
      elements: viewport.elements, sections: laidOut.sections(overlapping: viewport.rect), to: &writer)
    writer.flush()
    return viewport.elements.count
  }
  record("viewport", viewport.wall, viewport.cpu)
  out["viewportElements"] = viewport.result
  out["viewportBytes"] = viewportSink.bytes

  let write = timed { IngestFeed.writeFrames(laidOut) }
  record("write", write.wall, write.cpu)
  out["writeBytes"] = write.result

  let cells = IngestFeed.cells(of: model)
  var appendWalls = [Double](), appendCPUs = [Double](), arrayWalls = [Double](), arrayCPUs = [Double]()
  for _ in 0..<3 {
    var array: (wall: Double, cpu: Double, result: Section)? = timed { IngestFeed.buildFromArray(cells) }
    arrayWalls.append(array!.wall)
    arrayCPUs.append(array!.cpu)
    array = nil
    var append: (wall: Double, cpu: Double, result: Section)? = timed { IngestFeed.buildByAppend(cells) }
    appendWalls.append(append!.wall)
    appendCPUs.append(append!.cpu)
    append = nil
  }
  record("append", median(appendWalls), median(appendCPUs))
  record("array", median(arrayWalls), median(arrayCPUs))

  // A model of one section per ten cells, built by appends, from an array, and by inserts
  // at the front (medians of three).
  let sections = IngestFeed.sections(cells, count: max(1, cells.count / 10))
  for (name, build) in [
    ("sectionsAppend", IngestFeed.modelByAppending), ("sectionsArray", IngestFeed.modelFromArray),
    ("sectionsFront", IngestFeed.modelByInsertingAtFront),
  ] {
    var walls = [Double](), cpus = [Double]()
    for _ in 0..<3 {
      var run: (wall: Double, cpu: Double, result: ListModel)? = timed { build(sections) }
      walls.append(run!.wall)
      cpus.append(run!.cpu)
      run = nil
    }
    record(name, median(walls), median(cpus))
  }
  out["sections"] = sections.count

  out["bytes"] = bytes.count
  out["cells"] = cells.count
  emit(out)
}

func ingestCheck(path: String, cells: Int) throws {
  let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  let expected = IngestFeed.json(cells: cells)
  emit(["equal": bytes == expected, "bytes": bytes.count, "expectedBytes": expected.count])
}
