// `import ListLayoutRender` alone gives what a renderer is handed: snapshots, viewports and
// their geometry.
@_exported import ListLayout
