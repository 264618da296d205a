// Not a test: the directory holds a lit.skip marker (see ../../../docs/testing.md).
func.func @never_run() {
  return
}
