// RUN: graph-opt %s --pass-pipeline='builtin.module(gpu.module(replace-libdevice-calls))' --split-input-file -verify-diagnostics | FileCheck %s

// The libdevice calls convert-gpu-to-nvvm makes for math operations that
// are one NVPTX operation become LLVM intrinsics, f64 and f32 alike; their
// declarations go, other functions stay.
// CHECK-LABEL: gpu.module @kernels
// CHECK-NOT:     __nv_
// CHECK:         llvm.func @helper(f64) -> f64
// CHECK-LABEL:   llvm.func @math(
// CHECK-SAME:        %[[X:.*]]: f64, %[[Y:.*]]: f32)
// CHECK-NEXT:      %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (f64) -> f64
// CHECK-NEXT:      %[[SQRTF:.*]] = llvm.intr.sqrt(%[[Y]]) : (f32) -> f32
// CHECK-NEXT:      %[[ABS:.*]] = llvm.intr.fabs(%[[SQRT]]) : (f64) -> f64
// CHECK-NEXT:      %[[ABSF:.*]] = llvm.intr.fabs(%[[SQRTF]]) : (f32) -> f32
// CHECK-NEXT:      %[[FLOOR:.*]] = llvm.intr.floor(%[[ABS]]) : (f64) -> f64
// CHECK-NEXT:      %[[CEIL:.*]] = llvm.intr.ceil(%[[FLOOR]]) : (f64) -> f64
// CHECK-NEXT:      %[[TRUNC:.*]] = llvm.intr.trunc(%[[CEIL]]) : (f64) -> f64
// CHECK-NEXT:      %[[RINT:.*]] = llvm.intr.roundeven(%[[TRUNC]]) : (f64) -> f64
// CHECK-NEXT:      %[[ROUND:.*]] = llvm.intr.round(%[[RINT]]) : (f64) -> f64
// CHECK-NEXT:      %[[FMA:.*]] = llvm.intr.fma(%[[ROUND]], %[[X]], %[[X]]) : (f64, f64, f64) -> f64
// CHECK-NEXT:      %[[SIGN:.*]] = llvm.intr.copysign(%[[FMA]], %[[X]]) : (f64, f64) -> f64
// CHECK-NEXT:      %[[MIN:.*]] = llvm.intr.minnum(%[[SIGN]], %[[X]]) : (f64, f64) -> f64
// CHECK-NEXT:      %[[MAX:.*]] = llvm.intr.maxnum(%[[MIN]], %[[X]]) : (f64, f64) -> f64
// CHECK-NEXT:      %[[OTHER:.*]] = llvm.call @helper(%[[MAX]]) : (f64) -> f64
// CHECK-NEXT:      llvm.return %[[OTHER]] : f64
gpu.module @kernels {
  llvm.func @__nv_sqrt(f64) -> f64
  llvm.func @__nv_sqrtf(f32) -> f32
  llvm.func @__nv_fabs(f64) -> f64
  llvm.func @__nv_fabsf(f32) -> f32
  llvm.func @__nv_floor(f64) -> f64
  llvm.func @__nv_ceil(f64) -> f64
  llvm.func @__nv_trunc(f64) -> f64
  llvm.func @__nv_rint(f64) -> f64
  llvm.func @__nv_round(f64) -> f64
  llvm.func @__nv_fma(f64, f64, f64) -> f64
  llvm.func @__nv_copysign(f64, f64) -> f64
  llvm.func @__nv_fmin(f64, f64) -> f64
  llvm.func @__nv_fmax(f64, f64) -> f64
  llvm.func @helper(f64) -> f64
  llvm.func @math(%x: f64, %y: f32) -> f64 {
    %sqrt = llvm.call @__nv_sqrt(%x) : (f64) -> f64
    %sqrtf = llvm.call @__nv_sqrtf(%y) : (f32) -> f32
    %abs = llvm.call @__nv_fabs(%sqrt) : (f64) -> f64
    %absf = llvm.call @__nv_fabsf(%sqrtf) : (f32) -> f32
    %floor = llvm.call @__nv_floor(%abs) : (f64) -> f64
    %ceil = llvm.call @__nv_ceil(%floor) : (f64) -> f64
    %trunc = llvm.call @__nv_trunc(%ceil) : (f64) -> f64
    %rint = llvm.call @__nv_rint(%trunc) : (f64) -> f64
    %round = llvm.call @__nv_round(%rint) : (f64) -> f64
    %fma = llvm.call @__nv_fma(%round, %x, %x) : (f64, f64, f64) -> f64
    %sign = llvm.call @__nv_copysign(%fma, %x) : (f64, f64) -> f64
    %min = llvm.call @__nv_fmin(%sign, %x) : (f64, f64) -> f64
    %max = llvm.call @__nv_fmax(%min, %x) : (f64, f64) -> f64
    %other = llvm.call @helper(%max) : (f64) -> f64
    llvm.return %other : f64
  }
}

// -----

// Other libdevice functions need libdevice itself: an error at the call.
gpu.module @logs {
  llvm.func @__nv_log(f64) -> f64
  llvm.func @k(%x: f64) -> f64 {
    // expected-error @below {{the math function __nv_log of this GPU kernel needs CUDA's libdevice, which --target=gpu does not link (kernels may use sqrt, fabs, floor, ceil, trunc, rint, round, fma, copysign, fmin and fmax)}}
    %log = llvm.call @__nv_log(%x) : (f64) -> f64
    llvm.return %log : f64
  }
}
