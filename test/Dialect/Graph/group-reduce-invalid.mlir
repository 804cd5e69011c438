// RUN: graph-opt %s -split-input-file -verify-diagnostics

// graph.group_reduce: a power-of-two group of 32 to 1024 lanes, a value of at
// most 64 bits whose kind combines partial results, a body of one argument
// of its type, in a GPU kernel under scf.if ops only.

func.func @valid(%out: memref<?xf64>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1.0 : f64
    %in = arith.cmpi ult, %tx, %n : index
    scf.if %in {
      graph.group_reduce add %v lanes(32) : f64 {
      ^bb0(%total: f64):
        memref.store %total, %out[%bx] : memref<?xf64>
      }
    }
    gpu.terminator
  }
  return
}

// -----

func.func @lanes(%v: i32) {
  // expected-error @below {{'graph.group_reduce' op groups a warp (32 lanes) to 1024 lanes, a power of two, not 16}}
  graph.group_reduce add %v lanes(16) : i32 {
  ^bb0(%total: i32):
  }
  return
}

// -----

func.func @wide(%v: i128) {
  // expected-error @below {{'graph.group_reduce' op combines values of at most 64 bits, not 'i128'}}
  graph.group_reduce add %v lanes(32) : i128 {
  ^bb0(%total: i128):
  }
  return
}

// -----

func.func @sub(%v: f32) {
  // expected-error @below {{'graph.group_reduce' op combines partial results: a group's partial differences add up (kind add), they do not subtract}}
  graph.group_reduce sub %v lanes(32) : f32 {
  ^bb0(%total: f32):
  }
  return
}

// -----

func.func @or_float(%v: f32) {
  // expected-error @below {{'graph.group_reduce' op kind or needs an integer value}}
  graph.group_reduce or %v lanes(32) : f32 {
  ^bb0(%total: f32):
  }
  return
}

// -----

func.func @body(%v: f32) {
  // expected-error @below {{'graph.group_reduce' op has a body of one argument of the value's type}}
  graph.group_reduce add %v lanes(32) : f32 {
  ^bb0(%total: f64):
  }
  return
}

// -----

func.func @outside(%v: f32) {
  // expected-error @below {{'graph.group_reduce' op must stand in a GPU kernel, in scf.if ops only (every thread of a group reaches it once), not in 'func.func'}}
  graph.group_reduce add %v lanes(32) : f32 {
  ^bb0(%total: f32):
  }
  return
}

// -----

func.func @in_loop(%out: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{'graph.group_reduce' op must stand in a GPU kernel, in scf.if ops only (every thread of a group reaches it once), not in 'scf.for'}}
      graph.group_reduce max %v lanes(32) : f32 {
      ^bb0(%total: f32):
        memref.store %total, %out[%i] : memref<?xf32>
      }
    }
    gpu.terminator
  }
  return
}
