// Pass options are checked against the pass's declaration before anything runs: an unknown
// option or a value of the wrong type is an error located in the pipeline (mlir-opt's
// "MLIR Textual PassPipeline Parser") or in the pass flag ("<command line>"), with a caret, and
// exit status 1. One case per option kind, in both spellings.
//
// An unknown option names the pass and lists its options.
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(sharc-partition{targt=a100})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN --strict-whitespace
// UNKNOWN: {{^}}MLIR Textual PassPipeline Parser:1:32: error: no such option 'targt' for pass 'sharc-partition' (valid options: target, explain, literal-eq11){{$}}
// UNKNOWN-NEXT: {{^}}builtin.module(sharc-partition{targt=a100}){{$}}
// UNKNOWN-NEXT: {{^}}                               ^{{$}}
// RUN: not sharc-opt %s --sharc-partition="targt=a100" 2>&1 | FileCheck %s --check-prefix=UNKNOWN-FLAG --strict-whitespace
// UNKNOWN-FLAG: {{^}}<command line>:1:19: error: no such option 'targt' for pass 'sharc-partition' (valid options: target, explain, literal-eq11){{$}}
// UNKNOWN-FLAG-NEXT: {{^}}--sharc-partition=targt=a100{{$}}
// UNKNOWN-FLAG-NEXT: {{^}}                  ^{{$}}
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(cse{bogus})' 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: no such option 'bogus' for pass 'cse' (the pass has no options)
//
// An integer (canonicalize's limits are -1, meaning no limit, or more).
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=abc}))' 2>&1 | FileCheck %s --check-prefix=INT --strict-whitespace
// INT: {{^}}MLIR Textual PassPipeline Parser:1:54: error: invalid value 'abc' for option 'max-iterations' of pass 'canonicalize': expected an integer >= -1{{$}}
// INT-NEXT: {{^}}builtin.module(func.func(canonicalize{max-iterations=abc})){{$}}
// INT-NEXT: {{^}}                                                     ^{{$}}
// RUN: not sharc-opt %s --canonicalize="top-down max-num-rewrites=-2" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: <command line>:1:42: error: invalid value '-2' for option 'max-num-rewrites' of pass 'canonicalize': expected an integer >= -1
// RUN: not sharc-opt %s --canonicalize="max-iterations=2.5" 2>&1 | FileCheck %s --check-prefix=FRACTION
// FRACTION: error: invalid value '2.5' for option 'max-iterations' of pass 'canonicalize': expected an integer >= -1
// RUN: not sharc-opt %s --canonicalize="max-iterations" 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: <command line>:1:30: error: option 'max-iterations' of pass 'canonicalize' needs a value: expected an integer >= -1
//
// A boolean.
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(sharc-partition{explain=maybe})' 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: MLIR Textual PassPipeline Parser:1:40: error: invalid value 'maybe' for option 'explain' of pass 'sharc-partition': expected true or false
// RUN: not sharc-opt %s --sharc-partition="explain=maybe" 2>&1 | FileCheck %s --check-prefix=BOOL-FLAG
// BOOL-FLAG: <command line>:1:27: error: invalid value 'maybe' for option 'explain' of pass 'sharc-partition': expected true or false
//
// A list of positive integers.
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(sharc-map-baseline{block=abc})' 2>&1 | FileCheck %s --check-prefix=LIST
// LIST: MLIR Textual PassPipeline Parser:1:41: error: invalid value 'abc' for option 'block' of pass 'sharc-map-baseline': expected a comma-separated list of positive integers
// RUN: not sharc-opt %s --sharc-map-baseline="block=32,-4" 2>&1 | FileCheck %s --check-prefix=LIST-FLAG
// LIST-FLAG: <command line>:1:28: error: invalid value '32,-4' for option 'block' of pass 'sharc-map-baseline': expected a comma-separated list of positive integers
//
// An enumerated option: the shipped targets (from targets/) or a description file.
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(sharc-bank-report{target=a10})' 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: MLIR Textual PassPipeline Parser:1:41: error: invalid value 'a10' for option 'target' of pass 'sharc-bank-report': expected one of {{.*}}a100, h100{{.*}}, or the path of a target .toml file
// RUN: not sharc-opt %s --sharc-partition="explain target=%t.no-such.toml" 2>&1 | FileCheck %s --check-prefix=ENUM-FLAG
// ENUM-FLAG: <command line>:1:34: error: invalid value '{{.*}}no-such.toml' for option 'target' of pass 'sharc-partition': expected one of {{.*}}mi300x, or the path of a target .toml file
//
// Nothing is printed to stdout when the pipeline is rejected.
// RUN: not sharc-opt %s --sharc-partition="explain=maybe" 2>/dev/null | count 0
//
// Valid values of every kind, in both spellings, still run.
// RUN: sharc-opt %s --canonicalize="max-iterations=-1 top-down=false" --sharc-partition="explain" --sharc-map-baseline="target=h100 block=32,4" -o /dev/null
// RUN: sharc-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=-1 top-down=0}), sharc-partition{explain=true}, sharc-map-baseline{target=h100 block=32,4})' -o /dev/null
//
// --help shows every option's type, default and help, and the shipped targets.
// RUN: sharc-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --sharc-bank-report
// HELP-NEXT: Report
// HELP-NEXT: target=<gtx690|{{.*}}|a100|h100|{{.*}}|FILE.toml> (default a100): The GPU whose banks are modelled

module {
}
