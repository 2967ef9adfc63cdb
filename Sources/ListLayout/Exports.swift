// One import gives a list's whole vocabulary: geometry, and the calculators of sequential
// sections.
@_exported import LayoutGeometry
@_exported import SequentialLayout
