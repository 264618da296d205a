// Input of ../inputs-dir.mlir; deliberately without a RUN line.
func.func @callee() -> index {
  %c7 = arith.constant 7 : index
  return %c7 : index
}
