// `import ListLayoutTesting` alone gives a test the list vocabulary its builders and
// assertions speak (models, snapshots, geometry), as the modules' doc examples assume.
@_exported import ListLayout
