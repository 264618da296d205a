module {
  %0 = "t.n"() : () -> index
  %1 = "t.x"() : () -> f32
  %2 = "t.c"() : () -> i1
  %3 = "t.i"() : () -> i32
  %4:2 = scf.for %arg0 = %0 to %0 step %0 iter_args(%arg1 = %1, %arg2 = %0) -> (f32, index) {
    "t.use"(%arg0) : (index) -> ()
    scf.yield %arg1, %arg2 : f32, index
  }
  scf.for %arg0 = %0 to %0 step %0 {
    "t.use"(%arg0) : (index) -> ()
  } {foo.tag = 1 : i64}
  %5 = scf.for %arg0 = %3 to %3 step %3 iter_args(%arg1 = %3) -> (i32)  : i32 {
    scf.yield %arg1 : i32
  }
  scf.for %arg0 = %3 to %3 step %3  : i32 {
  }
  %6 = scf.if %2 -> (f32) {
    %11 = "t.y"() : () -> f32
    scf.yield %11 : f32
  } else {
    %11 = "t.y"() : () -> f32
    scf.yield %11 : f32
  }
  scf.if %2 {
    "t.then"() : () -> ()
  }
  scf.if %2 {
  } else {
    "t.else"() : () -> ()
  } {foo.bar}
  %7:2 = scf.parallel (%arg0, %arg1) = (%0, %0) to (%0, %0) step (%0, %0) init (%1, %1) -> (f32, f32) {
    scf.reduce(%1, %1 : f32, f32) {
    ^bb0(%arg2: f32, %arg3: f32):
      scf.reduce.return %arg2 : f32
    }, {
    ^bb0(%arg2: f32, %arg3: f32):
      scf.reduce.return %arg3 {foo.x} : f32
    }
  }
  scf.parallel (%arg0) = (%0) to (%0) step (%0) {
    "t.use"(%arg0) : (index) -> ()
    scf.reduce 
  }
  %8 = scf.parallel (%arg0) = (%0) to (%0) step (%0) init (%1) -> f32 {
    scf.reduce(%1 : f32) {
    ^bb0(%arg1: f32, %arg2: f32):
      scf.reduce.return %arg1 : f32
    } {foo.y}
  } {foo.z}
  %9:2 = scf.while (%arg0 = %3, %arg1 = %1) : (i32, f32) -> (i32, f32) {
    scf.condition(%2) %arg0, %arg1 : i32, f32
  } do {
  ^bb0(%arg0: i32, %arg1: f32):
    scf.yield %arg0, %arg1 : i32, f32
  } attributes {foo.w}
  scf.while : () -> () {
    scf.condition(%2) {foo.c}
  } do {
    scf.yield
  }
  %10 = scf.execute_region -> index no_inline {
    scf.yield {foo.y} %0 : index
  }
  scf.execute_region {
    "t.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    scf.yield
  }
}

