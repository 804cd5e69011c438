// RUN: graph-opt %s -split-input-file -verify-diagnostics

// graph.grid_phase and graph.grid_barrier stand in the uniform code of a
// gpu.launch (its body, or scf ops there).

func.func @phase_outside(%n: index) {
  // expected-error @below {{'graph.grid_phase' op must stand in the uniform code of a gpu.launch (in its body or in scf ops there)}}
  graph.grid_phase blocks(%n) threads(%n) {
  ^bb0(%b: index, %t: index):
  }
  return
}

// -----

func.func @barrier_in_phase(%n: index, %bar: memref<2xi32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    graph.grid_phase blocks(%n) threads(%n) {
    ^bb0(%b: index, %t: index):
      // expected-error @below {{'graph.grid_barrier' op must stand in the uniform code of a gpu.launch (in its body or in scf ops there), where every thread reaches it}}
      graph.grid_barrier %bar : memref<2xi32>
    }
    gpu.terminator
  }
  return
}

// -----

func.func @phase_args(%n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'graph.grid_phase' op has a body of two index arguments (block, thread)}}
    graph.grid_phase blocks(%n) threads(%n) {
    ^bb0(%b: index):
    }
    gpu.terminator
  }
  return
}

// -----

func.func @phase_ids(%n: index, %out: memref<?xindex>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'graph.grid_phase' op names its blocks and threads by its body's arguments, not by gpu id ops}}
    graph.grid_phase blocks(%n) threads(%n) {
    ^bb0(%b: index, %t: index):
      %id = gpu.thread_id x
      memref.store %id, %out[%b] : memref<?xindex>
    }
    gpu.terminator
  }
  return
}

// -----

func.func @barrier_state(%bar: memref<3xi32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'graph.grid_barrier' op takes its state as memref<2xi32>}}
    graph.grid_barrier %bar : memref<3xi32>
    gpu.terminator
  }
  return
}
