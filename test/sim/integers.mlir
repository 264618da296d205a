// Integer arithmetic gives the same bits as the same operations in C (generated, one row of O
// or O64 per operation): wrapping add/sub/mul, signed and unsigned division and remainder,
// ceildiv/floordiv, shifts, bitwise ops, min/max, every cmpi predicate with select, absi,
// ctlz/cttz/ctpop, ipowi, i8 and i16 arithmetic through trunci/extsi/extui, index casts,
// sitofp/uitofp/fptosi/fptoui and bitcast, on i32 and i64 inputs near and far from zero.
// RUN: cc -std=gnu11 -O0 -ffp-contract=off -I %S/Inputs %S/Inputs/integers.c -o %t.exe
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=ints --arg=X=@%t/in/X.npy --arg=Y=@%t/in/Y.npy --arg=P=@%t/in/P.npy --arg=Q=@%t/in/Q.npy --random-inputs=1 --dump=%t/sim
// RUN: cmp %t/c/O.npy %t/sim/O.npy
// RUN: cmp %t/c/O64.npy %t/sim/O64.npy

func.func @ints(%X: memref<64xi32> {sharc.name = "X"}, %Y: memref<64xi32> {sharc.name = "Y"}, %P: memref<64xi64> {sharc.name = "P"}, %Q: memref<64xi64> {sharc.name = "Q"}, %O: memref<57x64xi32> {sharc.name = "O"}, %O64: memref<18x64xi64> {sharc.name = "O64"}) {
  %c31 = arith.constant 31 : i32
  %c63 = arith.constant 63 : i64
  %c7 = arith.constant 7 : i32
  %c3 = arith.constant 3 : i32
  %third = arith.constant 0.333333343 : f32
  %third64 = arith.constant 0.33333333333333331 : f64
  %seven = arith.constant 7.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %X[%i] : memref<64xi32>
    %b = memref.load %Y[%i] : memref<64xi32>
    %p = memref.load %P[%i] : memref<64xi64>
    %q = memref.load %Q[%i] : memref<64xi64>
    %s = arith.andi %b, %c31 : i32
    %b3 = arith.andi %b, %c3 : i32
    %s64 = arith.andi %q, %c63 : i64
    // addi
    %k0 = arith.constant 0 : index
    %r_0 = arith.addi %a, %b : i32
    memref.store %r_0, %O[%k0, %i] : memref<57x64xi32>
    // subi
    %k1 = arith.constant 1 : index
    %r_1 = arith.subi %a, %b : i32
    memref.store %r_1, %O[%k1, %i] : memref<57x64xi32>
    // muli
    %k2 = arith.constant 2 : index
    %r_2 = arith.muli %a, %b : i32
    memref.store %r_2, %O[%k2, %i] : memref<57x64xi32>
    // divsi
    %k3 = arith.constant 3 : index
    %r_3 = arith.divsi %a, %b : i32
    memref.store %r_3, %O[%k3, %i] : memref<57x64xi32>
    // divui
    %k4 = arith.constant 4 : index
    %r_4 = arith.divui %a, %b : i32
    memref.store %r_4, %O[%k4, %i] : memref<57x64xi32>
    // remsi
    %k5 = arith.constant 5 : index
    %r_5 = arith.remsi %a, %b : i32
    memref.store %r_5, %O[%k5, %i] : memref<57x64xi32>
    // remui
    %k6 = arith.constant 6 : index
    %r_6 = arith.remui %a, %b : i32
    memref.store %r_6, %O[%k6, %i] : memref<57x64xi32>
    // ceildivsi
    %k7 = arith.constant 7 : index
    %r_7 = arith.ceildivsi %a, %b : i32
    memref.store %r_7, %O[%k7, %i] : memref<57x64xi32>
    // floordivsi
    %k8 = arith.constant 8 : index
    %r_8 = arith.floordivsi %a, %b : i32
    memref.store %r_8, %O[%k8, %i] : memref<57x64xi32>
    // ceildivui
    %k9 = arith.constant 9 : index
    %r_9 = arith.ceildivui %a, %b : i32
    memref.store %r_9, %O[%k9, %i] : memref<57x64xi32>
    // shli
    %k10 = arith.constant 10 : index
    %r_10 = arith.shli %a, %s : i32
    memref.store %r_10, %O[%k10, %i] : memref<57x64xi32>
    // shrsi
    %k11 = arith.constant 11 : index
    %r_11 = arith.shrsi %a, %s : i32
    memref.store %r_11, %O[%k11, %i] : memref<57x64xi32>
    // shrui
    %k12 = arith.constant 12 : index
    %r_12 = arith.shrui %a, %s : i32
    memref.store %r_12, %O[%k12, %i] : memref<57x64xi32>
    // andi
    %k13 = arith.constant 13 : index
    %r_13 = arith.andi %a, %b : i32
    memref.store %r_13, %O[%k13, %i] : memref<57x64xi32>
    // ori
    %k14 = arith.constant 14 : index
    %r_14 = arith.ori %a, %b : i32
    memref.store %r_14, %O[%k14, %i] : memref<57x64xi32>
    // xori
    %k15 = arith.constant 15 : index
    %r_15 = arith.xori %a, %b : i32
    memref.store %r_15, %O[%k15, %i] : memref<57x64xi32>
    // maxsi
    %k16 = arith.constant 16 : index
    %r_16 = arith.maxsi %a, %b : i32
    memref.store %r_16, %O[%k16, %i] : memref<57x64xi32>
    // minsi
    %k17 = arith.constant 17 : index
    %r_17 = arith.minsi %a, %b : i32
    memref.store %r_17, %O[%k17, %i] : memref<57x64xi32>
    // maxui
    %k18 = arith.constant 18 : index
    %r_18 = arith.maxui %a, %b : i32
    memref.store %r_18, %O[%k18, %i] : memref<57x64xi32>
    // minui
    %k19 = arith.constant 19 : index
    %r_19 = arith.minui %a, %b : i32
    memref.store %r_19, %O[%k19, %i] : memref<57x64xi32>
    // absi
    %k20 = arith.constant 20 : index
    %r_20 = math.absi %a : i32
    memref.store %r_20, %O[%k20, %i] : memref<57x64xi32>
    // ctlz
    %k21 = arith.constant 21 : index
    %r_21 = math.ctlz %a : i32
    memref.store %r_21, %O[%k21, %i] : memref<57x64xi32>
    // cttz
    %k22 = arith.constant 22 : index
    %r_22 = math.cttz %a : i32
    memref.store %r_22, %O[%k22, %i] : memref<57x64xi32>
    // ctpop
    %k23 = arith.constant 23 : index
    %r_23 = math.ctpop %a : i32
    memref.store %r_23, %O[%k23, %i] : memref<57x64xi32>
    // ipowi
    %k24 = arith.constant 24 : index
    %e_24 = arith.andi %b, %c7 : i32
    %r_24 = math.ipowi %a, %e_24 : i32
    memref.store %r_24, %O[%k24, %i] : memref<57x64xi32>
    // cmpi_eq
    %k25 = arith.constant 25 : index
    %b2_25 = arith.xori %a, %b3 : i32
    %cc_25 = arith.cmpi eq, %a, %b2_25 : i32
    %r_25 = arith.select %cc_25, %a, %b : i32
    memref.store %r_25, %O[%k25, %i] : memref<57x64xi32>
    // cmpi_ne
    %k26 = arith.constant 26 : index
    %b2_26 = arith.xori %a, %b3 : i32
    %cc_26 = arith.cmpi ne, %a, %b2_26 : i32
    %r_26 = arith.select %cc_26, %a, %b : i32
    memref.store %r_26, %O[%k26, %i] : memref<57x64xi32>
    // cmpi_slt
    %k27 = arith.constant 27 : index
    %b2_27 = arith.xori %a, %b3 : i32
    %cc_27 = arith.cmpi slt, %a, %b2_27 : i32
    %r_27 = arith.select %cc_27, %a, %b : i32
    memref.store %r_27, %O[%k27, %i] : memref<57x64xi32>
    // cmpi_sle
    %k28 = arith.constant 28 : index
    %b2_28 = arith.xori %a, %b3 : i32
    %cc_28 = arith.cmpi sle, %a, %b2_28 : i32
    %r_28 = arith.select %cc_28, %a, %b : i32
    memref.store %r_28, %O[%k28, %i] : memref<57x64xi32>
    // cmpi_sgt
    %k29 = arith.constant 29 : index
    %b2_29 = arith.xori %a, %b3 : i32
    %cc_29 = arith.cmpi sgt, %a, %b2_29 : i32
    %r_29 = arith.select %cc_29, %a, %b : i32
    memref.store %r_29, %O[%k29, %i] : memref<57x64xi32>
    // cmpi_sge
    %k30 = arith.constant 30 : index
    %b2_30 = arith.xori %a, %b3 : i32
    %cc_30 = arith.cmpi sge, %a, %b2_30 : i32
    %r_30 = arith.select %cc_30, %a, %b : i32
    memref.store %r_30, %O[%k30, %i] : memref<57x64xi32>
    // cmpi_ult
    %k31 = arith.constant 31 : index
    %b2_31 = arith.xori %a, %b3 : i32
    %cc_31 = arith.cmpi ult, %a, %b2_31 : i32
    %r_31 = arith.select %cc_31, %a, %b : i32
    memref.store %r_31, %O[%k31, %i] : memref<57x64xi32>
    // cmpi_ule
    %k32 = arith.constant 32 : index
    %b2_32 = arith.xori %a, %b3 : i32
    %cc_32 = arith.cmpi ule, %a, %b2_32 : i32
    %r_32 = arith.select %cc_32, %a, %b : i32
    memref.store %r_32, %O[%k32, %i] : memref<57x64xi32>
    // cmpi_ugt
    %k33 = arith.constant 33 : index
    %b2_33 = arith.xori %a, %b3 : i32
    %cc_33 = arith.cmpi ugt, %a, %b2_33 : i32
    %r_33 = arith.select %cc_33, %a, %b : i32
    memref.store %r_33, %O[%k33, %i] : memref<57x64xi32>
    // cmpi_uge
    %k34 = arith.constant 34 : index
    %b2_34 = arith.xori %a, %b3 : i32
    %cc_34 = arith.cmpi uge, %a, %b2_34 : i32
    %r_34 = arith.select %cc_34, %a, %b : i32
    memref.store %r_34, %O[%k34, %i] : memref<57x64xi32>
    // trunc16
    %k35 = arith.constant 35 : index
    %t_35 = arith.trunci %a : i32 to i16
    %r_35 = arith.extsi %t_35 : i16 to i32
    memref.store %r_35, %O[%k35, %i] : memref<57x64xi32>
    // trunc8u
    %k36 = arith.constant 36 : index
    %t_36 = arith.trunci %a : i32 to i8
    %r_36 = arith.extui %t_36 : i8 to i32
    memref.store %r_36, %O[%k36, %i] : memref<57x64xi32>
    // sitofp
    %k37 = arith.constant 37 : index
    %f_37 = arith.sitofp %a : i32 to f32
    %h_37 = arith.mulf %f_37, %third : f32
    %r_37 = arith.fptosi %h_37 : f32 to i32
    memref.store %r_37, %O[%k37, %i] : memref<57x64xi32>
    // uitofp
    %k38 = arith.constant 38 : index
    %f_38 = arith.uitofp %a : i32 to f64
    %h_38 = arith.mulf %f_38, %third64 : f64
    %r_38 = arith.fptoui %h_38 : f64 to i32
    memref.store %r_38, %O[%k38, %i] : memref<57x64xi32>
    // bitcast
    %k39 = arith.constant 39 : index
    %f_39 = arith.sitofp %b : i32 to f32
    %r_39 = arith.bitcast %f_39 : f32 to i32
    memref.store %r_39, %O[%k39, %i] : memref<57x64xi32>
    // index
    %k40 = arith.constant 40 : index
    %i1_40 = arith.index_cast %a : i32 to index
    %i2_40 = arith.index_castui %b : i32 to index
    %i3_40 = arith.addi %i1_40, %i2_40 : index
    %r_40 = arith.index_cast %i3_40 : index to i32
    memref.store %r_40, %O[%k40, %i] : memref<57x64xi32>
    // addi_i8
    %k41 = arith.constant 41 : index
    %x_41 = arith.trunci %a : i32 to i8
    %y_41 = arith.trunci %b : i32 to i8
    %t_41 = arith.addi %x_41, %y_41 : i8
    %r_41 = arith.extsi %t_41 : i8 to i32
    memref.store %r_41, %O[%k41, %i] : memref<57x64xi32>
    // muli_i8
    %k42 = arith.constant 42 : index
    %x_42 = arith.trunci %a : i32 to i8
    %y_42 = arith.trunci %b : i32 to i8
    %t_42 = arith.muli %x_42, %y_42 : i8
    %r_42 = arith.extsi %t_42 : i8 to i32
    memref.store %r_42, %O[%k42, %i] : memref<57x64xi32>
    // shrui_i8
    %k43 = arith.constant 43 : index
    %x_43 = arith.trunci %a : i32 to i8
    %y_43 = arith.trunci %b : i32 to i8
    %m_43 = arith.constant 7 : i8
    %ym_43 = arith.andi %y_43, %m_43 : i8
    %t_43 = arith.shrui %x_43, %ym_43 : i8
    %r_43 = arith.extsi %t_43 : i8 to i32
    memref.store %r_43, %O[%k43, %i] : memref<57x64xi32>
    // shrsi_i8
    %k44 = arith.constant 44 : index
    %x_44 = arith.trunci %a : i32 to i8
    %y_44 = arith.trunci %b : i32 to i8
    %m_44 = arith.constant 7 : i8
    %ym_44 = arith.andi %y_44, %m_44 : i8
    %t_44 = arith.shrsi %x_44, %ym_44 : i8
    %r_44 = arith.extsi %t_44 : i8 to i32
    memref.store %r_44, %O[%k44, %i] : memref<57x64xi32>
    // divui_i8
    %k45 = arith.constant 45 : index
    %x_45 = arith.trunci %a : i32 to i8
    %y_45 = arith.trunci %b : i32 to i8
    %one_45 = arith.constant 1 : i8
    %yo_45 = arith.ori %y_45, %one_45 : i8
    %t_45 = arith.divui %x_45, %yo_45 : i8
    %r_45 = arith.extsi %t_45 : i8 to i32
    memref.store %r_45, %O[%k45, %i] : memref<57x64xi32>
    // remsi_i8
    %k46 = arith.constant 46 : index
    %x_46 = arith.trunci %a : i32 to i8
    %y_46 = arith.trunci %b : i32 to i8
    %one_46 = arith.constant 1 : i8
    %yo_46 = arith.ori %y_46, %one_46 : i8
    %t_46 = arith.remsi %x_46, %yo_46 : i8
    %r_46 = arith.extsi %t_46 : i8 to i32
    memref.store %r_46, %O[%k46, %i] : memref<57x64xi32>
    // maxui_i8
    %k47 = arith.constant 47 : index
    %x_47 = arith.trunci %a : i32 to i8
    %y_47 = arith.trunci %b : i32 to i8
    %t_47 = arith.maxui %x_47, %y_47 : i8
    %r_47 = arith.extsi %t_47 : i8 to i32
    memref.store %r_47, %O[%k47, %i] : memref<57x64xi32>
    // ult_i8
    %k48 = arith.constant 48 : index
    %x_48 = arith.trunci %a : i32 to i8
    %y_48 = arith.trunci %b : i32 to i8
    %cc_48 = arith.cmpi ult, %x_48, %y_48 : i8
    %t_48 = arith.extui %cc_48 : i1 to i8
    %r_48 = arith.extsi %t_48 : i8 to i32
    memref.store %r_48, %O[%k48, %i] : memref<57x64xi32>
    // addi_i16
    %k49 = arith.constant 49 : index
    %x_49 = arith.trunci %a : i32 to i16
    %y_49 = arith.trunci %b : i32 to i16
    %t_49 = arith.addi %x_49, %y_49 : i16
    %r_49 = arith.extsi %t_49 : i16 to i32
    memref.store %r_49, %O[%k49, %i] : memref<57x64xi32>
    // muli_i16
    %k50 = arith.constant 50 : index
    %x_50 = arith.trunci %a : i32 to i16
    %y_50 = arith.trunci %b : i32 to i16
    %t_50 = arith.muli %x_50, %y_50 : i16
    %r_50 = arith.extsi %t_50 : i16 to i32
    memref.store %r_50, %O[%k50, %i] : memref<57x64xi32>
    // shrui_i16
    %k51 = arith.constant 51 : index
    %x_51 = arith.trunci %a : i32 to i16
    %y_51 = arith.trunci %b : i32 to i16
    %m_51 = arith.constant 15 : i16
    %ym_51 = arith.andi %y_51, %m_51 : i16
    %t_51 = arith.shrui %x_51, %ym_51 : i16
    %r_51 = arith.extsi %t_51 : i16 to i32
    memref.store %r_51, %O[%k51, %i] : memref<57x64xi32>
    // shrsi_i16
    %k52 = arith.constant 52 : index
    %x_52 = arith.trunci %a : i32 to i16
    %y_52 = arith.trunci %b : i32 to i16
    %m_52 = arith.constant 15 : i16
    %ym_52 = arith.andi %y_52, %m_52 : i16
    %t_52 = arith.shrsi %x_52, %ym_52 : i16
    %r_52 = arith.extsi %t_52 : i16 to i32
    memref.store %r_52, %O[%k52, %i] : memref<57x64xi32>
    // divui_i16
    %k53 = arith.constant 53 : index
    %x_53 = arith.trunci %a : i32 to i16
    %y_53 = arith.trunci %b : i32 to i16
    %one_53 = arith.constant 1 : i16
    %yo_53 = arith.ori %y_53, %one_53 : i16
    %t_53 = arith.divui %x_53, %yo_53 : i16
    %r_53 = arith.extsi %t_53 : i16 to i32
    memref.store %r_53, %O[%k53, %i] : memref<57x64xi32>
    // remsi_i16
    %k54 = arith.constant 54 : index
    %x_54 = arith.trunci %a : i32 to i16
    %y_54 = arith.trunci %b : i32 to i16
    %one_54 = arith.constant 1 : i16
    %yo_54 = arith.ori %y_54, %one_54 : i16
    %t_54 = arith.remsi %x_54, %yo_54 : i16
    %r_54 = arith.extsi %t_54 : i16 to i32
    memref.store %r_54, %O[%k54, %i] : memref<57x64xi32>
    // maxui_i16
    %k55 = arith.constant 55 : index
    %x_55 = arith.trunci %a : i32 to i16
    %y_55 = arith.trunci %b : i32 to i16
    %t_55 = arith.maxui %x_55, %y_55 : i16
    %r_55 = arith.extsi %t_55 : i16 to i32
    memref.store %r_55, %O[%k55, %i] : memref<57x64xi32>
    // ult_i16
    %k56 = arith.constant 56 : index
    %x_56 = arith.trunci %a : i32 to i16
    %y_56 = arith.trunci %b : i32 to i16
    %cc_56 = arith.cmpi ult, %x_56, %y_56 : i16
    %t_56 = arith.extui %cc_56 : i1 to i16
    %r_56 = arith.extsi %t_56 : i16 to i32
    memref.store %r_56, %O[%k56, %i] : memref<57x64xi32>
    // i64 addi
    %j0 = arith.constant 0 : index
    %r_w0 = arith.addi %p, %q : i64
    memref.store %r_w0, %O64[%j0, %i] : memref<18x64xi64>
    // i64 muli
    %j1 = arith.constant 1 : index
    %r_w1 = arith.muli %p, %q : i64
    memref.store %r_w1, %O64[%j1, %i] : memref<18x64xi64>
    // i64 divsi
    %j2 = arith.constant 2 : index
    %r_w2 = arith.divsi %p, %q : i64
    memref.store %r_w2, %O64[%j2, %i] : memref<18x64xi64>
    // i64 remsi
    %j3 = arith.constant 3 : index
    %r_w3 = arith.remsi %p, %q : i64
    memref.store %r_w3, %O64[%j3, %i] : memref<18x64xi64>
    // i64 divui
    %j4 = arith.constant 4 : index
    %r_w4 = arith.divui %p, %q : i64
    memref.store %r_w4, %O64[%j4, %i] : memref<18x64xi64>
    // i64 floordivsi
    %j5 = arith.constant 5 : index
    %r_w5 = arith.floordivsi %p, %q : i64
    memref.store %r_w5, %O64[%j5, %i] : memref<18x64xi64>
    // i64 shli
    %j6 = arith.constant 6 : index
    %r_w6 = arith.shli %p, %s64 : i64
    memref.store %r_w6, %O64[%j6, %i] : memref<18x64xi64>
    // i64 shrsi
    %j7 = arith.constant 7 : index
    %r_w7 = arith.shrsi %p, %s64 : i64
    memref.store %r_w7, %O64[%j7, %i] : memref<18x64xi64>
    // i64 shrui
    %j8 = arith.constant 8 : index
    %r_w8 = arith.shrui %p, %s64 : i64
    memref.store %r_w8, %O64[%j8, %i] : memref<18x64xi64>
    // i64 ext
    %j9 = arith.constant 9 : index
    %r_w9 = arith.extsi %a : i32 to i64
    memref.store %r_w9, %O64[%j9, %i] : memref<18x64xi64>
    // i64 extui
    %j10 = arith.constant 10 : index
    %r_w10 = arith.extui %a : i32 to i64
    memref.store %r_w10, %O64[%j10, %i] : memref<18x64xi64>
    // i64 sitofp
    %j11 = arith.constant 11 : index
    %f_w11 = arith.sitofp %p : i64 to f64
    %h_w11 = arith.divf %f_w11, %seven : f64
    %r_w11 = arith.fptosi %h_w11 : f64 to i64
    memref.store %r_w11, %O64[%j11, %i] : memref<18x64xi64>
    // i64 sitofp32
    %j12 = arith.constant 12 : index
    %f_w12 = arith.sitofp %p : i64 to f32
    %r_w12 = arith.bitcast %f_w12 : f32 to i32
    %r2_w12 = arith.extsi %r_w12 : i32 to i64
    memref.store %r2_w12, %O64[%j12, %i] : memref<18x64xi64>
    // i64 uitofp
    %j13 = arith.constant 13 : index
    %f_w13 = arith.uitofp %p : i64 to f64
    %r_w13 = arith.bitcast %f_w13 : f64 to i64
    memref.store %r_w13, %O64[%j13, %i] : memref<18x64xi64>
    // i64 ctlz
    %j14 = arith.constant 14 : index
    %r_w14 = math.ctlz %p : i64
    memref.store %r_w14, %O64[%j14, %i] : memref<18x64xi64>
    // i64 ctpop
    %j15 = arith.constant 15 : index
    %r_w15 = math.ctpop %p : i64
    memref.store %r_w15, %O64[%j15, %i] : memref<18x64xi64>
    // i64 maxui
    %j16 = arith.constant 16 : index
    %r_w16 = arith.maxui %p, %q : i64
    memref.store %r_w16, %O64[%j16, %i] : memref<18x64xi64>
    // i64 cmp_ult
    %j17 = arith.constant 17 : index
    %cc_w17 = arith.cmpi ult, %p, %q : i64
    %r_w17 = arith.extui %cc_w17 : i1 to i64
    memref.store %r_w17, %O64[%j17, %i] : memref<18x64xi64>
  }
  return
}
