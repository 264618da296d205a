//! The code generator's tests that link LLVM: targets, output formats, and translation of small
//! modules for each architecture. Behaviour on whole programs is tested by the lit suite
//! (`test/target/`).

use sharc_codegen::{translate, Arch, CodegenTarget, Emit};
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, OpId};

const KERNEL: &str = r#"
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<?x8xf32>, %n: index) kernel {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%tx, %c0] : memref<?x8xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%tx, %c0] : memref<?x8xf32>
      gpu.return
    }
  }
}
"#;

fn parse(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let m = parse_source(&mut ctx, "k.mlir", text, &ParseOptions::default()).expect("the test input parses");
    (ctx, m)
}

#[test]
fn every_shipped_target_is_a_codegen_target() {
    for t in sharc_machine::Target::shipped().expect("shipped targets load") {
        let c = CodegenTarget::from_description(&t).expect("shipped chips are known to LLVM 22");
        assert_ne!(c.arch, Arch::Host, "{}", t.name);
    }
}

#[test]
fn unknown_chips_and_triples_are_errors() {
    let chip = CodegenTarget::new("nvptx64-nvidia-cuda", "sm_999", "").unwrap_err();
    assert!(chip.contains("unknown chip 'sm_999'"), "{chip}");
    assert!(CodegenTarget::new("amdgcn-amd-amdhsa", "gfx9999", "").is_err());
    assert!(CodegenTarget::new("riscv64", "x", "").unwrap_err().contains("unsupported target triple"));
}

#[test]
fn output_formats_depend_on_the_architecture() {
    assert_eq!(Emit::parse("ptx", Arch::Nvptx), Ok(Emit::Asm));
    assert_eq!(Emit::parse("hsaco", Arch::Amdgpu), Ok(Emit::Hsaco));
    assert!(Emit::parse("ptx", Arch::Amdgpu).is_err());
    assert!(Emit::parse("hsaco", Arch::Host).is_err());
    assert!(Emit::parse("exe", Arch::Host).is_err());
}

/// The ABI: a memref is a pointer plus its dynamic sizes; scalars follow in order.
#[test]
fn abi_of_each_architecture() {
    let (ctx, m) = parse(KERNEL);
    let cases = [
        (
            CodegenTarget::new("nvptx64-nvidia-cuda", "sm_80", "+ptx78").unwrap(),
            "define ptx_kernel void @k(ptr addrspace(1)",
        ),
        (
            CodegenTarget::new("amdgcn-amd-amdhsa", "gfx90a", "").unwrap(),
            "define amdgpu_kernel void @k(ptr addrspace(1)",
        ),
        (CodegenTarget::host(), "define void @k(ptr"),
    ];
    for (target, want) in cases {
        for opt in 0..=3 {
            let ir = translate(&ctx, m, &target, opt, Emit::Llvm).expect("the kernel translates");
            let ir = String::from_utf8(ir).expect("LLVM IR is text");
            assert!(ir.contains(want), "{}: {ir}", target.triple);
            assert!(ir.contains("i64 %1, i64 %2)"), "{}: dynamic size then the index argument: {ir}", target.triple);
        }
    }
}

/// Emitting machine code twice from one translation must not abort (LLVM mutates a module while
/// generating code; the emitter clones it).
#[test]
fn machine_code_for_every_architecture() {
    let (ctx, m) = parse(KERNEL);
    let nv = CodegenTarget::new("nvptx64-nvidia-cuda", "sm_80", "+ptx78").unwrap();
    let ptx = String::from_utf8(translate(&ctx, m, &nv, 2, Emit::Asm).unwrap()).unwrap();
    assert!(ptx.contains(".visible .entry k("), "{ptx}");
    let amd = CodegenTarget::new("amdgcn-amd-amdhsa", "gfx90a", "").unwrap();
    let obj = translate(&ctx, m, &amd, 2, Emit::Obj).unwrap();
    assert_eq!(&obj[..4], b"\x7fELF");
    let host = translate(&ctx, m, &CodegenTarget::host(), 2, Emit::Obj).unwrap();
    assert_eq!(&host[..4], b"\x7fELF");
}

#[test]
fn unsupported_ops_are_located_errors() {
    let text = KERNEL.replace("%y = arith.addf %x, %x : f32", "%y = math.tanh %x : f32");
    let (ctx, m) = parse(&text);
    let amd = CodegenTarget::new("amdgcn-amd-amdhsa", "gfx90a", "").unwrap();
    let d = translate(&ctx, m, &amd, 2, Emit::Obj).unwrap_err();
    assert!(d.message.contains("'math.tanh' is not supported on amdgcn-amd-amdhsa"), "{}", d.message);
    assert_eq!(d.loc.position().map(|(_, line, _)| line), Some(8));
    assert!(translate(&ctx, m, &CodegenTarget::host(), 2, Emit::Llvm).is_ok());
}
