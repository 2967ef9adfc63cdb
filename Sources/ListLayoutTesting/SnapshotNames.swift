import Foundation
import Synchronization

#if canImport(Testing)
import Testing
#endif

/// The golden file of an assertion that gives no name: the test function's name for the
/// first call site in the test, `<name>-2`, `<name>-3`, … for the others in the order they
/// first run, so that two unnamed assertions in one test never share a file.
///
/// A call site is numbered once per process (a repeated run of the test keeps its files); one
/// that runs twice in the same run of a test (a loop) and the cases of a parameterized test
/// cannot be told apart by the call site alone: those are failures asking for `named:`.
final class UnnamedSnapshots: Sendable {
  /// The names of one process.
  static let shared = UnnamedSnapshots()

  /// Where an assertion is called.
  struct Site: Hashable, Sendable {
    var line: UInt
    var column: UInt
  }

  /// What is known of one test function: its call sites in the order they first ran, and
  /// those seen in its current run (a run is the task the test runs on).
  private struct TestRecord {
    var sites: [Site] = []
    var run: Int?
    var seenInRun: Set<Site> = []
  }

  /// Every test function's record, by test and function (at most one per test function of
  /// the process).
  private let tests = Mutex<[String: TestRecord]>([:])

  /// What to call the golden file of the unnamed assertion at `site`.
  enum Answer: Equatable {
    /// This name (before ``goldenFilePath(named:testFilePath:)`` turns it into a path).
    case name(String)
    /// The failure to report instead.
    case failure(String)
  }

  /// The name for the unnamed assertion at `site` of `function`, in the test `test` (`nil`
  /// outside Swift Testing) running as `run` (`nil` when unknown, which turns off the check of
  /// call sites that run twice).
  func answer(
    test: String?, parameterized: Bool, function: String, filePath: String, site: Site, run: Int?
  ) -> Answer {
    if parameterized {
      return .failure(
        "assertLayoutSnapshot in the parameterized test \(function) needs a name for each argument: "
          + "without one every argument would compare with the same golden file: pass `named:` "
          + "(for example `named: \"\(Self.stem(function))-\\(argument)\"`).")
    }
    let key = "\(test ?? "")\u{1F}\(filePath)\u{1F}\(function)"
    return tests.withLock { tests in
      var record = tests[key, default: TestRecord()]
      defer { tests[key] = record }
      if run == nil || record.run != run {
        record.run = run
        record.seenInRun = []
      }
      if run != nil, !record.seenInRun.insert(site).inserted {
        return .failure(
          "assertLayoutSnapshot at line \(site.line) ran twice in one run of \(function) without a name: "
            + "both would compare with the same golden file: pass `named:` with a name for each "
            + "(for example `named: \"\(Self.stem(function))-\\(index)\"`).")
      }
      let index: Int
      if let found = record.sites.firstIndex(of: site) {
        index = found
      } else {
        record.sites.append(site)
        index = record.sites.count - 1
      }
      return .name(index == 0 ? function : "\(Self.stem(function))-\(index + 1)")
    }
  }

  /// A function's name without its parameter list (`rows(width:)` is `rows`).
  static func stem(_ function: String) -> String {
    String(function.prefix { $0 != "(" })
  }

  /// The name for the unnamed assertion at `site` of `function`, as the running test asks.
  func answer(function: String, filePath: String, site: Site) -> Answer {
    var test: String?
    var parameterized = false
    #if canImport(Testing)
    if let current = Test.current {
      test = "\(current.id)"
      parameterized = Test.Case.current?.isParameterized ?? false
    }
    #endif
    let run = withUnsafeCurrentTask { $0?.hashValue }
    return answer(
      test: test, parameterized: parameterized, function: function, filePath: filePath, site: site, run: run)
  }
}
