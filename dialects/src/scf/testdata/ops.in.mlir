%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
%c = "t.c"() : () -> i1
%i32 = "t.i"() : () -> i32
%r:2 = scf.for %i = %n to %n step %n iter_args(%a = %x, %b = %n) -> (f32, index) {
  "t.use"(%i) : (index) -> ()
  scf.yield %a, %b : f32, index
}
scf.for %i = %n to %n step %n {
  "t.use"(%i) : (index) -> ()
} {foo.tag = 1 : i64}
%s = scf.for %i = %i32 to %i32 step %i32 iter_args(%a = %i32) -> i32 : i32 {
  scf.yield %a : i32
}
scf.for %i = %i32 to %i32 step %i32 : i32 {
}
%f = scf.if %c -> f32 {
  %y = "t.y"() : () -> f32
  scf.yield %y : f32
} else {
  %y = "t.y"() : () -> f32
  scf.yield %y : f32
}
scf.if %c {
  "t.then"() : () -> ()
}
scf.if %c {
} else {
  "t.else"() : () -> ()
} {foo.bar}
%p:2 = scf.parallel (%i, %j) = (%n, %n) to (%n, %n) step (%n, %n) init (%x, %x) -> (f32, f32) {
  scf.reduce(%x, %x : f32, f32) {
  ^bb0(%l: f32, %rr: f32):
    scf.reduce.return %l : f32
  }, {
  ^bb0(%l: f32, %rr: f32):
    scf.reduce.return %rr {foo.x} : f32
  }
}
scf.parallel (%i) = (%n) to (%n) step (%n) {
  "t.use"(%i) : (index) -> ()
}
%q = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
  scf.reduce(%x : f32) {
  ^bb0(%l: f32, %rr: f32):
    scf.reduce.return %l : f32
  } {foo.y}
} {foo.z}
%w:2 = scf.while (%a = %i32, %b = %x) : (i32, f32) -> (i32, f32) {
  scf.condition(%c) %a, %b : i32, f32
} do {
^bb0(%a2: i32, %b2: f32):
  scf.yield %a2, %b2 : i32, f32
} attributes {foo.w}
scf.while : () -> () {
  scf.condition(%c) {foo.c}
} do {
  scf.yield
}
%e = scf.execute_region -> index no_inline {
  scf.yield {foo.y} %n : index
}
scf.execute_region {
  "t.br"()[^bb1] : () -> ()
^bb1:
  scf.yield
}
