import Foundation

/// When ``assertLayoutSnapshot(_:viewport:named:picture:recording:fileID:filePath:line:column:function:)``
/// writes golden files.
///
/// The assertions take the mode from the environment variable `LISTLAYOUT_RECORD_SNAPSHOTS`
/// unless they are given one (``environment()``). Its values, in any letter case:
///
/// | value | mode | for |
/// |---|---|---|
/// | unset, empty, `missing` | ``missing`` | everyday runs: a new snapshot is recorded and reported once |
/// | `all` (or `1`, `true`, `yes`) | ``all`` | after an intended change: every snapshot that differs is recorded again |
/// | `never` | ``never`` | CI: a missing golden file is a failure, nothing is written |
///
/// Any other value is rejected: every assertion fails with a message naming the valid ones
/// (``SnapshotRecordingError``), rather than running in a mode nobody asked for.
public enum SnapshotRecording: String, Sendable, Hashable, CaseIterable {
  /// Records a snapshot that has no golden file yet (and reports that it did, so the first run
  /// is not mistaken for a passing one); compares the others. The mode when the variable is
  /// unset.
  case missing
  /// Records every snapshot whose text differs from its golden file (reporting each), and
  /// passes those that match.
  case all
  /// Records nothing: a missing golden file is a failure.
  case never

  /// The environment variable that sets the mode: `missing`, `all` or `never`.
  public static let environmentVariable = "LISTLAYOUT_RECORD_SNAPSHOTS"

  /// The values the environment variable takes, as the error for another value lists them.
  static let validValues = "'missing' (or unset), 'all' (or '1', 'true', 'yes') or 'never'"

  /// The mode the environment asks for (see the table above).
  ///
  /// - Throws: ``SnapshotRecordingError`` for a value that names no mode.
  public static func environment() throws(SnapshotRecordingError) -> SnapshotRecording {
    try SnapshotRecording(environmentValue: ProcessInfo.processInfo.environment[environmentVariable])
  }

  /// The mode the environment asks for; ``missing`` when it asks for none, or for a value
  /// that names no mode (which the assertions reject: see ``environment()``).
  public static var fromEnvironment: SnapshotRecording {
    (try? environment()) ?? .missing
  }

  /// The mode an environment variable's value asks for (see ``environment()``).
  init(environmentValue: String?) throws(SnapshotRecordingError) {
    let value = (environmentValue ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    if value.isEmpty {
      self = .missing
    } else if let mode = SnapshotRecording(rawValue: value) {
      self = mode
    } else if ["1", "true", "yes"].contains(value) {
      self = .all
    } else {
      throw SnapshotRecordingError(value: environmentValue ?? "")
    }
  }
}

/// `LISTLAYOUT_RECORD_SNAPSHOTS` holds a value that names no recording mode.
public struct SnapshotRecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The value, as the environment gives it.
  public var value: String

  /// Names the value and the valid ones.
  public var description: String {
    "\(SnapshotRecording.environmentVariable) is '\(value)', which is not a recording mode: use "
      + "\(SnapshotRecording.validValues)."
  }
}

/// What comparing a text with its golden file found.
public struct SnapshotComparison: Sendable, Hashable {
  /// The outcome.
  public enum Outcome: Sendable, Hashable {
    /// The text equals the golden file.
    case matched
    /// The golden file was written (it was missing, or recording was asked for).
    case recorded
    /// The text differs from the golden file, which was left as it was.
    case mismatched
    /// There is no golden file and recording was ``SnapshotRecording/never``.
    case missing
  }

  /// The outcome.
  public var outcome: Outcome
  /// The golden file's path.
  public var path: String
  /// The line diff from the golden file's text to the new one (see ``lineDiff(expected:actual:context:maxLines:)``);
  /// empty when they are equal or there was no golden file.
  public var diff: String

  /// Whether the test passes: the text matched its golden file.
  public var passed: Bool { outcome == .matched }

  /// What a test should report, `nil` when it passed.
  public var failureMessage: String? {
    switch outcome {
    case .matched: nil
    case .recorded:
      "Recorded the layout snapshot \(path)\(diff.isEmpty ? "" : ", which changed:\n" + diff)\n"
        + "Check the file in and run the test again; it compares against the file from now on."
    case .missing:
      "No layout snapshot at \(path), and the recording mode is 'never' (as on CI), which records "
        + "none. Run the test once with \(SnapshotRecording.environmentVariable) unset, which records "
        + "missing snapshots, and check the file in."
    case .mismatched:
      "The layout differs from the snapshot \(path) (- snapshot, + now):\n\(diff)"
        + "If the change is intended, run the test with \(SnapshotRecording.environmentVariable)=all "
        + "to record it."
    }
  }
}

/// Compares `text` with the golden file at `path`, writing the file when `recording` says so
/// (creating its directory).
///
/// - Parameters:
///   - text: the text to compare.
///   - path: the golden file's path.
///   - recording: when to write the file; `nil` (the default) takes the mode from the
///     environment (``SnapshotRecording/environment()``).
/// - Throws: ``SnapshotRecordingError`` when the environment names no mode; the file system's
///   error when the file exists but cannot be read, or cannot be written when it has to be.
public func compareWithGoldenFile(
  _ text: String, at path: String, recording: SnapshotRecording? = nil
) throws -> SnapshotComparison {
  let recording = try recording ?? SnapshotRecording.environment()
  let url = URL(fileURLWithPath: path)
  let existing: String?
  if FileManager.default.fileExists(atPath: path) {
    existing = try String(contentsOf: url, encoding: .utf8)
  } else {
    existing = nil
  }
  if let existing, existing == text {
    return SnapshotComparison(outcome: .matched, path: path, diff: "")
  }
  let diff = existing.map { lineDiff(expected: $0, actual: text) } ?? ""
  switch (existing, recording) {
  case (nil, .never):
    return SnapshotComparison(outcome: .missing, path: path, diff: "")
  case (nil, _), (_?, .all):
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
    return SnapshotComparison(outcome: .recorded, path: path, diff: diff)
  case (_?, _):
    return SnapshotComparison(outcome: .mismatched, path: path, diff: diff)
  }
}

/// The golden file of snapshot `name` taken in the test file at `filePath`:
/// `<the test file's folder>/__Snapshots__/<the test file's name>/<name>.txt`.
///
/// Characters other than letters, digits, `-`, `_` and `.` in `name` become `-`; a trailing
/// `()` (as `#function` gives) is dropped.
public func goldenFilePath(named name: String, testFilePath filePath: String) -> String {
  let file = URL(fileURLWithPath: filePath)
  var stem = name.hasSuffix("()") ? String(name.dropLast(2)) : name
  stem = String(
    stem.unicodeScalars.map { scalar -> Character in
      let allowed =
        scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
      return allowed ? Character(scalar) : "-"
    })
  if stem.isEmpty { stem = "snapshot" }
  return file.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    .appendingPathComponent(stem + ".txt").path
}
