// RUN: graph-opt %s --convert-gpu-launch-to-scf --split-input-file | FileCheck %s
// RUN: graph-opt %s --convert-grid-phases-to-gpu --split-input-file | FileCheck %s --check-prefix=GPU

// A fused kernel (graph-lower-gpu's kernel fusion) on the host: its
// uniform code (the loop) runs once, each grid phase is an scf.parallel
// over the phase's blocks with scf.for loops over its threads, and the
// grid barriers are the boundaries between them (gone).
// CHECK-LABEL: func.func @fused(
// CHECK-SAME:      %[[OUT:.*]]: memref<?xi64>, %[[FLAG:.*]]: memref<1xi32>, %[[BAR:.*]]: memref<2xi32>, %[[N:.*]]: index)
// CHECK-NOT:     gpu.
// CHECK:         scf.while
// CHECK:           memref.load %[[FLAG]]
// CHECK:         } do {
// CHECK:           scf.parallel (%[[B:.*]], %{{.*}}, %{{.*}}) = ({{.*}}) to (%[[C1:.*]], %{{.*}}, %{{.*}})
// CHECK:             scf.for
// CHECK:               scf.for %[[T:.*]] =
// CHECK:                 memref.store %{{.*}}, %[[FLAG]]
// CHECK:           scf.parallel (%[[B2:.*]], %{{.*}}, %{{.*}}) = ({{.*}}) to (%[[N]], %{{.*}}, %{{.*}})
// CHECK:             scf.for
// CHECK:               scf.for %[[T2:.*]] = %{{.*}} to %[[C256:c256]] step
// CHECK:                 arith.muli %[[B2]], %[[C256]]
// CHECK:                 arith.addi %{{.*}}, %[[T2]]
// CHECK:                 memref.atomic_rmw addi
// CHECK-NOT:     graph.grid
// CHECK:         return

// For --target=gpu, each phase loops over its blocks from the block id by the
// grid size and over its threads from the thread id by the block size;
// each barrier is a block barrier, then thread 0's count-in and wait on the
// barrier's state between two membar.gl fences, then a block barrier.
// GPU-LABEL: func.func @fused(
// GPU:         gpu.launch
// GPU:         } do {
// GPU:           gpu.barrier
// GPU:           scf.if
// GPU:             nvvm.memory.barrier <gpu>
// GPU:             memref.atomic_rmw addi %{{.*}}, %[[BAR:.*]][%{{.*}}] : (i32, memref<2xi32>) -> i32
// GPU:             memref.atomic_rmw addi %{{.*}}, %[[BAR]][%{{.*}}] : (i32, memref<2xi32>) -> i32
// GPU:             scf.if
// GPU:               memref.atomic_rmw assign
// GPU:               memref.atomic_rmw addi
// GPU:             } else {
// GPU-NEXT:          scf.while
// GPU:             nvvm.memory.barrier <gpu>
// GPU:           gpu.barrier
// GPU:           %[[BID:.*]] = gpu.block_id  x
// GPU-NEXT:      %[[GDIM:.*]] = gpu.grid_dim  x
// GPU-NEXT:      scf.for %[[B:.*]] = %[[BID]] to %{{.*}} step %[[GDIM]] {
// GPU-NEXT:        %[[TID:.*]] = gpu.thread_id  x
// GPU-NEXT:        %[[BDIM:.*]] = gpu.block_dim  x
// GPU-NEXT:        scf.for %[[T:.*]] = %[[TID]] to %{{.*}} step %[[BDIM]] {
// GPU-NOT:     graph.grid
func.func @fused(%out: memref<?xi64>, %flag: memref<1xi32>, %bar: memref<2xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    scf.while : () -> () {
      %f = memref.load %flag[%c0] : memref<1xi32>
      %more = arith.cmpi ne, %f, %zero : i32
      scf.condition(%more)
    } do {
      graph.grid_barrier %bar : memref<2xi32>
      graph.grid_phase blocks(%c1) threads(%c1) {
      ^bb0(%b: index, %t: index):
        memref.store %zero, %flag[%c0] : memref<1xi32>
      }
      graph.grid_barrier %bar : memref<2xi32>
      graph.grid_phase blocks(%n) threads(%c256) {
      ^bb0(%b: index, %t: index):
        %first = arith.muli %b, %c256 : index
        %i = arith.addi %first, %t : index
        %v = arith.index_cast %i : index to i64
        %old = memref.atomic_rmw addi %v, %out[%i] : (i64, memref<?xi64>) -> i64
      }
      graph.grid_barrier %bar : memref<2xi32>
      scf.yield
    }
    gpu.terminator
  }
  return
}

// -----

// Whether the GPU runs cooperative kernels: on the host always; on the GPU
// libgraphrt's answer.
// CHECK-LABEL: func.func @cooperative
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[TRUE]]
// GPU: func.func private @graphrt_gpu_cooperative() -> i32
// GPU-LABEL: func.func @cooperative
// GPU: %[[ANSWER:.*]] = call @graphrt_gpu_cooperative() : () -> i32
// GPU: %[[YES:.*]] = arith.cmpi ne, %[[ANSWER]], %{{.*}} : i32
// GPU: return %[[YES]]
func.func @cooperative() -> i1 {
  %ok = graph.gpu_cooperative
  return %ok : i1
}
