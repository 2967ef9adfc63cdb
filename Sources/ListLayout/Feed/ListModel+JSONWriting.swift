import Foundation
import LayoutGeometry

/// How ``ListModel/jsonData(options:)`` writes a feed.
public struct FeedWritingOptions: Sendable, Hashable {
  /// Which keys a written feed holds.
  public enum Defaults: String, Sendable, Hashable, CaseIterable {
    /// Only what differs from the defaults: the smallest feed that reads back to the model.
    case omitted
    /// Every key whose absence stands for a default, with the default's value: every
    /// configuration key, every key of an `attributes` object, a layout manager, `traits: []`,
    /// a flexbox node's whole `style`.
    ///
    /// Keys whose absence is itself information are still left out, as writing them would
    /// change the model: a cell's `size` when it takes the default size, `attributes` of a
    /// section or cell that has none of its own, `layout` of a section that has none, a
    /// header's `width` when it spans the list.
    case spelledOut
  }

  /// Which keys the feed holds (default ``Defaults/omitted``).
  public var defaults: Defaults
  /// Whether the feed is laid out for people: one key of the feed per line, one line per
  /// cell, a space after each `:` and `,` (default `false`: no whitespace at all).
  public var prettyPrinted: Bool

  /// Creates options.
  public init(defaults: Defaults = .omitted, prettyPrinted: Bool = false) {
    self.defaults = defaults
    self.prettyPrinted = prettyPrinted
  }
}

/// Why a model cannot be written as a feed: it holds something the feed schema cannot say.
public enum FeedWritingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The value at `path` (Swift names: `sections[0].cells[3].size`) has no JSON form: a
  /// sizing closure, a custom layout manager or frame calculator, a flexbox `measure` closure,
  /// or a number the reader would reject (not finite, or negative where the schema wants a
  /// non-negative one).
  case notRepresentable(path: String, reason: String)

  public var description: String {
    switch self {
    case .notRepresentable(let path, let reason): "\(path): \(reason)"
    }
  }
}

extension ListModel {
  /// The model as feed JSON, in the schema ``init(json:width:limits:)-(Bytes,_,_)`` reads (see the README's
  /// "JSON feeds"), such that `try ListModel(json: model.jsonData()) == model`.
  ///
  /// ```swift
  /// let model = ListModel(configuration: ListConfiguration(width: 375),
  ///                       sections: [Section(cells: [Cell(id: "a", width: 100, height: 50)])])
  /// String(decoding: try model.jsonData(), as: UTF8.self)
  /// // {"width":375,"sections":[{"items":[{"id":"a","size":{"width":100,"height":50}}]}]}
  /// ```
  ///
  /// Numbers are written in the shortest form that reads back to the same `Double`. Keys come
  /// in the README's order. Reading back needs limits (``JSONInputLimits``) large enough for
  /// the model: its strings, cells and nesting are not checked against them here.
  ///
  /// - Throws: ``FeedWritingError/notRepresentable(path:reason:)`` for a model the schema
  ///   cannot hold: a `.sizing` cell, a layout manager other than the two built-in ones, a
  ///   custom frame calculator, a flexbox node with a `measure` closure, a number that is not
  ///   finite or is negative where the reader wants a non-negative one.
  /// - Complexity: O(n) in the size of the model.
  public func jsonData(options: FeedWritingOptions = FeedWritingOptions()) throws(FeedWritingError) -> Data {
    Data(try jsonBytes(options: options))
  }

  /// The model as feed JSON text (see ``jsonData(options:)``).
  public func jsonString(
    options: FeedWritingOptions = FeedWritingOptions()
  ) throws(FeedWritingError) -> String {
    String(decoding: try jsonBytes(options: options), as: UTF8.self)
  }

  /// The model as feed JSON, UTF-8 (see ``jsonData(options:)``).
  public func jsonBytes(
    options: FeedWritingOptions = FeedWritingOptions()
  ) throws(FeedWritingError) -> [UInt8] {
    var writer = FeedWriter(options: options)
    try writer.write(self)
    return writer.bytes
  }
}
