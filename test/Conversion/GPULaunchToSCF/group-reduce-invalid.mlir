// RUN: graph-opt %s --convert-grid-phases-to-gpu -verify-diagnostics

// A group of more than a warp is its whole block: on a GPU its warps meet
// in the block's shared memory at a block barrier.
func.func @half_block(%out: memref<?xf32>, %n: index, %v: f32) {
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c512, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'graph.group_reduce' op groups more than a warp, so its group is the whole block, but the block has 512 threads}}
    graph.group_reduce add %v lanes(256) : f32 {
    ^bb0(%total: f32):
      memref.store %total, %out[%bx] : memref<?xf32>
    }
    gpu.terminator
  }
  return
}
