// Input of symbol-dce.mlir: an unregistered op with one region may be a symbol table sharc
// cannot see into, so symbol-dce must refuse to guess.
module {
  func.func private @f()
  "foo.container"() ({
    "foo.use"() {callee = @f} : () -> ()
  }) : () -> ()
}
