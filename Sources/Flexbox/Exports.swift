// `import Flexbox` alone gives the geometry its API speaks in (`Size`, `Rect`, `EdgeInsets`,
// `Point`), as `import ListLayout` does: LayoutGeometry is not a product of its own.
@_exported import LayoutGeometry
import LayoutJSON

/// Why a JSON document could not be read: what, where (a key path such as
/// `children[2].style.flexGrow` or `sections[2].items[0].size.width`), and the line and
/// column (in bytes) of the offending text.
///
/// Every JSON document of the package (flex trees, feeds, updates, requests) is read by one
/// pull reader, so every error has this form: its `kind` (`syntax`, `typeMismatch`,
/// `unknownKey`, `missingKey`, `invalidValue`, or `limitExceeded` naming the limit), `path`,
/// `message`, `line` and `column`; its `description` reads
/// `path: message [limit name] (line L, column C)`.
///
/// The type is the package's JSON reader's (module LayoutJSON, which is not a product);
/// `import Flexbox` or `import ListLayout` gives it under this name.
public typealias JSONInputError = LayoutJSON.JSONInputError
