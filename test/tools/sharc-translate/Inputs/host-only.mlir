// Host code only: nothing to translate.
func.func @f() {
  return
}
