// RUN: graph-opt %s --convert-gpu-launch-to-scf --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-grid-phases-to-gpu --split-input-file | FileCheck %s --check-prefix=GPU

// graph.group_reduce on the host, which runs a block's threads one after
// another: each thread folds its value into its block's slot of a scratch
// array (the group's first thread starts it), and the group's last thread
// runs the body with the total. With --target=gpu, a butterfly of gpu.shuffle xor
// (a 64-bit value as two 32-bit halves), and the group's first thread runs
// the body.

// CHECK-LABEL: func.func @warp
// CHECK-SAME:      (%[[OUT:.*]]: memref<?xf64>, %[[N:.*]]: index)
// CHECK:         arith.muli
// CHECK:         %[[BLOCKS:.*]] = arith.muli
// CHECK:         %[[SCRATCH:.*]] = memref.alloc(%[[BLOCKS]]) : memref<?xf64>
// CHECK:         scf.parallel (%[[B:.*]], %{{.*}}, %{{.*}}) =
// CHECK:           scf.for %[[T:.*]] =
// CHECK:             %[[V:.*]] = arith.sitofp
// CHECK:             %[[SLOT:.*]] = arith.addi %[[B]], %{{.*}} : index
// CHECK:             %[[LANE:.*]] = arith.remui %{{.*}}, %c32 : index
// CHECK:             %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK:             %[[SUM:.*]] = scf.if %[[FIRST]] -> (f64) {
// CHECK:               scf.yield %[[V]] : f64
// CHECK:             } else {
// CHECK:               %[[BEFORE:.*]] = memref.load %[[SCRATCH]][%[[SLOT]]]
// CHECK:               %[[ADDED:.*]] = arith.addf %[[BEFORE]], %[[V]] : f64
// CHECK:               scf.yield %[[ADDED]] : f64
// CHECK:             }
// CHECK:             memref.store %[[SUM]], %[[SCRATCH]][%[[SLOT]]]
// CHECK:             %[[LAST:.*]] = arith.cmpi eq, %[[LANE]], %c31
// CHECK:             scf.if %[[LAST]] {
// CHECK:               memref.store %[[SUM]], %[[OUT]]
// CHECK:             }
// CHECK:         memref.dealloc %[[SCRATCH]] : memref<?xf64>
// CHECK-NOT:     graph.group_reduce

// GPU-LABEL: func.func @warp
// GPU:         gpu.launch
// GPU:           %[[W:.*]] = arith.bitcast %{{.*}} : f64 to i64
// GPU:           %[[LO:.*]] = arith.trunci %[[W]] : i64 to i32
// GPU:           gpu.shuffle  xor %[[LO]], %c16_i32, %c32_i32 : i32
// GPU:           arith.shrui %[[W]]
// GPU:           gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// GPU:           arith.bitcast %{{.*}} : i64 to f64
// GPU:           arith.addf
// GPU:           gpu.shuffle  xor %{{.*}}, %c8_i32
// GPU:           gpu.shuffle  xor %{{.*}}, %c4_i32
// GPU:           gpu.shuffle  xor %{{.*}}, %c2_i32
// GPU:           gpu.shuffle  xor %{{.*}}, %c1_i32
// GPU:           %[[TOTAL:.*]] = arith.addf
// GPU-NOT:       gpu.barrier
// GPU:           %[[TID:.*]] = gpu.thread_id  x
// GPU:           %[[LANE:.*]] = arith.remui %[[TID]], %c32
// GPU:           %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0
// GPU:           scf.if %[[FIRST]] {
// GPU:             memref.store %[[TOTAL]]
// GPU-NOT:       graph.group_reduce
func.func @warp(%out: memref<?xf64>, %n: index) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i64
    %v = arith.sitofp %i : i64 to f64
    graph.group_reduce add %v lanes(32) : f64 {
    ^bb0(%total: f64):
      memref.store %total, %out[%bx] : memref<?xf64>
    }
    gpu.terminator
  }
  return
}

// -----

// A group of a whole block: the warps' totals meet in shared memory (a
// workgroup attribution of the launch) between two block barriers, and
// every warp combines them by shuffles.
// CHECK-LABEL: func.func @block
// CHECK:         memref.alloc(%{{.*}}) : memref<?xi32>
// CHECK:         arith.minsi
// CHECK:         arith.cmpi eq, %{{.*}}, %c255

// GPU-LABEL: func.func @block
// GPU:         gpu.launch
// GPU-SAME:      workgroup(%[[SHARED:.*]] : memref<8xi32, #gpu.address_space<workgroup>>)
// GPU:           gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// GPU:           gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32{{.*}} : i32
// GPU:           %[[WARPTOTAL:.*]] = arith.minsi
// GPU:           %[[TID:.*]] = gpu.thread_id  x
// GPU:           %[[LANE:.*]] = arith.remui %[[TID]], %c32
// GPU:           %[[WARP:.*]] = arith.divui %{{.*}}, %c32
// GPU:           scf.if
// GPU:             memref.store %[[WARPTOTAL]], %[[SHARED]][%[[WARP]]]
// GPU:           gpu.barrier
// GPU:           %[[MINE:.*]] = memref.load %[[SHARED]]
// GPU:           gpu.shuffle  xor %[[MINE]], %c4_i32{{.*}} : i32
// GPU:           gpu.shuffle  xor %{{.*}}, %c2_i32{{.*}} : i32
// GPU:           gpu.shuffle  xor %{{.*}}, %c1_i32{{.*}} : i32
// GPU:           %[[TOTAL:.*]] = arith.minsi
// GPU:           gpu.barrier
// GPU:           arith.remui %[[TID]], %c256
// GPU:           scf.if
// GPU:             memref.store %[[TOTAL]]
func.func @block(%out: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    %in = arith.cmpi ult, %bx, %n : index
    scf.if %in {
      graph.group_reduce min %v lanes(256) : i32 {
      ^bb0(%total: i32):
        memref.store %total, %out[%bx] : memref<?xi32>
      }
    }
    gpu.terminator
  }
  return
}

// -----

// In a fused kernel's grid phase the host's slots are the phase's blocks.
// CHECK-LABEL: func.func @phase
// CHECK:         scf.while
// CHECK:           memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK:           scf.parallel
// CHECK:             arith.ori
// CHECK:           memref.dealloc

// GPU-LABEL: func.func @phase
// GPU:         gpu.launch
// GPU:           scf.for
// GPU:             scf.for
// GPU:               arith.extui %{{.*}} : i8 to i32
// GPU:               gpu.shuffle  xor
// GPU:               arith.trunci %{{.*}} : i32 to i8
func.func @phase(%flags: memref<?xi8>, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %r = scf.while (%i = %c0) : (index) -> index {
      %more = arith.cmpi ult, %i, %m : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%i: index):
      graph.grid_phase blocks(%n) threads(%c256) {
      ^bb0(%b: index, %t: index):
        %v = memref.load %flags[%b] : memref<?xi8>
        graph.group_reduce or %v lanes(32) : i8 {
        ^bb0(%any: i8):
          memref.store %any, %flags[%b] : memref<?xi8>
        }
      }
      %next = arith.addi %i, %c1 : index
      scf.yield %next : index
    }
    gpu.terminator
  }
  return
}
