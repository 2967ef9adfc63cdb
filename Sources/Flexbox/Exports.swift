// `import Flexbox` alone gives the geometry its API speaks in (`Size`, `Rect`, `EdgeInsets`,
// `Point`), as `import ListLayout` does: LayoutGeometry is not a product of its own.
@_exported import LayoutGeometry
