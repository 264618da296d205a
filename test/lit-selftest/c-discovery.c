// Harness self-test: `.c` files under test/ are discovered too (the C front-end's tests will be), with
// the same `//` RUN lines.
// RUN: test "$(basename %s)" = c-discovery.c
int answer(void) { return 42; }
