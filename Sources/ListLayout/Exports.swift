// One import gives a list's whole vocabulary: geometry, the calculators of sequential
// sections, and the flexbox trees of flex content (`Cell(size: .flex(FlexContent(Layout(…))))`).
@_exported import Flexbox
@_exported import LayoutGeometry
@_exported import SequentialLayout
