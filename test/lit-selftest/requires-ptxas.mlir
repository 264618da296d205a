// Harness self-test: the `ptxas` tool and feature (ptxas from the wheel scripts/setup.sh installs, or
// $SHARC_PTXAS). Assembles a hand-written sm_80 kernel and checks ptxas's resource report.
// REQUIRES: ptxas
// RUN: ptxas -arch=sm_80 -v %S/Inputs/store-tid.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: test -s %t.cubin

// CHECK: Compiling entry function 'store_tid' for 'sm_80'
// CHECK: Used {{[0-9]+}} registers
