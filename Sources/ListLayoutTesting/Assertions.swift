import Foundation
import ListLayout

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Compares the layout with its golden file (recording the file when it is missing or when
/// asked), and reports a failure with a line diff when they differ.
///
/// ```swift
/// import ListLayoutTesting
/// import Testing
///
/// @Test func feedLayout() throws {
///   let snapshot = try ListModel(width: 375) {
///     Section(header: 44) { Cell("a", 100, 50); Cell("b", 120, 50) }
///   }.layout()
///   assertLayoutSnapshot(snapshot)  // __Snapshots__/<this file>/feedLayout.txt
/// }
/// ```
///
/// The golden file holds `snapshot.layoutText()` (or,
/// given a viewport, `snapshot.layoutText(of: viewport)`) and
/// sits next to the test file (``goldenFilePath(named:testFilePath:)``). Failures go to Swift
/// Testing (`Issue.record`) inside a Swift Testing test and to `XCTFail` otherwise, at the
/// caller's line.
///
/// - Parameters:
///   - snapshot: the layout.
///   - viewport: a frame of the scrolling list to record instead of the whole layout.
///   - name: the golden file's name. Without one, the test function's name for the test's
///     first unnamed assertion, then `<name>-2`, `<name>-3`, … for the others in the order
///     they first run; a parameterized test (`@Test(arguments:)`) and an assertion that runs
///     twice in one test (in a loop) must give one, or the assertion fails saying so.
///   - picture: whether the file ends with the ASCII drawing of the layout.
///   - recording: when to write the golden file; `nil` (the default) as the environment
///     variable `LISTLAYOUT_RECORD_SNAPSHOTS` asks (``SnapshotRecording/environment()``; a
///     value that names no mode is a failure).
///   - fileID: the caller's file, for the failure's location (leave the default).
///   - filePath: the caller's file path: the golden file goes next to it (leave the default).
///   - line: the caller's line, for the failure's location (leave the default).
///   - column: the caller's column, for the failure's location (leave the default).
///   - function: the calling test, which names the golden file without `name` (leave the
///     default).
/// - Returns: whether the layout matched its golden file.
@discardableResult
public func assertLayoutSnapshot(
  _ snapshot: LayoutSnapshot, viewport: ViewportLayout? = nil, named name: String? = nil,
  picture: Bool = false, recording: SnapshotRecording? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  function: String = #function
) -> Bool {
  let text =
    if let viewport {
      snapshot.layoutText(of: viewport, picture: picture)
    } else {
      snapshot.layoutText(picture: picture)
    }
  return assertTextSnapshot(
    text, named: name, recording: recording, fileID: fileID, filePath: filePath, line: line, column: column,
    function: function)
}

/// Lays out `model` and compares the layout with its golden file (see
/// ``assertLayoutSnapshot(_:viewport:named:picture:recording:fileID:filePath:line:column:function:)``);
/// a layout error is a failure.
@discardableResult
public func assertLayoutSnapshot(
  of model: ListModel, named name: String? = nil, picture: Bool = false,
  recording: SnapshotRecording? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  function: String = #function
) -> Bool {
  let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let snapshot: LayoutSnapshot
  do {
    snapshot = try model.layout()
  } catch {
    reportFailure("The model could not be laid out: \(error)", at: location)
    return false
  }
  return assertLayoutSnapshot(
    snapshot, named: name, picture: picture, recording: recording, fileID: fileID, filePath: filePath,
    line: line, column: column, function: function)
}

/// Compares any text with its golden file, as
/// ``assertLayoutSnapshot(_:viewport:named:picture:recording:fileID:filePath:line:column:function:)``
/// does a layout's.
@discardableResult
public func assertTextSnapshot(
  _ text: String, named name: String? = nil, recording: SnapshotRecording? = nil,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  function: String = #function
) -> Bool {
  let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let fileName: String
  if let name {
    fileName = name
  } else {
    switch UnnamedSnapshots.shared.answer(
      function: function, filePath: "\(filePath)", site: UnnamedSnapshots.Site(line: line, column: column))
    {
    case .name(let found): fileName = found
    case .failure(let message):
      reportFailure(message, at: location)
      return false
    }
  }
  let path = goldenFilePath(named: fileName, testFilePath: "\(filePath)")
  do {
    let comparison = try compareWithGoldenFile(text, at: path, recording: recording)
    if let message = comparison.failureMessage { reportFailure(message, at: location) }
    return comparison.passed
  } catch let error as SnapshotRecordingError {
    reportFailure(error.description, at: location)
    return false
  } catch {
    reportFailure("The layout snapshot \(path) could not be read or written: \(error)", at: location)
    return false
  }
}

/// Reports every broken promise of the snapshot (`snapshot.invariantViolations()`):
/// frames finite and inside the content, nothing lost or doubled, lines ordered and not
/// overlapping, the content size covering every element.
///
/// - Returns: whether the snapshot keeps all of them.
@discardableResult
public func assertLayoutInvariants(
  _ snapshot: LayoutSnapshot, fileID: String = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Bool {
  let violations = snapshot.invariantViolations()
  guard !violations.isEmpty else { return true }
  reportFailure(
    "The layout breaks \(violations.count) invariant\(violations.count == 1 ? "" : "s"):\n"
      + violations.map { "- " + $0 }.joined(separator: "\n"),
    at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  return false
}

/// Where an assertion was called.
struct FailureLocation {
  var fileID: String
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

/// Reports a failure to the test framework running the caller: Swift Testing when a Swift
/// Testing test is running on this task, XCTest otherwise.
func reportFailure(_ message: String, at location: FailureLocation) {
  #if canImport(Testing)
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
        column: Int(location.column)))
    return
  }
  #endif
  #if canImport(XCTest)
  XCTFail(message, file: location.filePath, line: location.line)
  #else
  FileHandle.standardError.write(Data("\(location.filePath):\(location.line): \(message)\n".utf8))
  #endif
}
