// One import gives a list's whole vocabulary: geometry, the calculators of sequential
// sections, and the flexbox trees of flex content (`Cell(size: .flex(FlexContent(Layout(…))))`).
@_exported import Flexbox
@_exported import LayoutGeometry
import LayoutJSON
@_exported import SequentialLayout

/// A buffered writer of UTF-8 text, what the layout's JSON
/// (``LayoutSnapshot/writeJSON(elements:overlayIDs:sections:to:)``), the renderers' SVG and
/// HTML and the command line's output are streamed through: a million elements are written
/// at memory speed without a `String` per element or the whole output in memory.
///
/// Bytes collect in a buffer (`ByteWriter(capacity:sink:)`, 64 KiB by default) and go to the
/// sink whenever it fills and when `flush()` is called; `ByteWriter.bytes { … }` collects
/// everything written to an array. It writes text (`write(_:)`), bytes (`write(byte:)`),
/// numbers (`write(integer:)`, `write(number:)`, the shortest decimal that reads back the
/// same) and JSON string literals (`write(jsonQuoted:)`).
///
/// ```swift
/// var json: [UInt8] = []
/// var writer = ByteWriter { bytes in json.append(contentsOf: bytes) }
/// snapshot.writeJSON(to: &writer)
/// writer.flush()
/// ```
///
/// The type is the package's byte writer's (module LayoutJSON, which is not a product);
/// `import ListLayout` gives it under this name.
public typealias ByteWriter = LayoutJSON.ByteWriter
