module {
}
// -----
"foo.x"() : () -> ()
// -----
module {
}
