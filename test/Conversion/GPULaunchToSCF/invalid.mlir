// RUN: graph-opt %s --convert-gpu-launch-to-scf --split-input-file -verify-diagnostics

// A kernel that cannot run with the threads of a block one after another,
// or a gpu op without a host lowering, fails the pass with one error at
// that op.

func.func @barrier(%out: memref<?xi32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.barrier' cannot run on the host: --target=gpu-host runs the threads of a block one after another, so its kernels must not synchronize or exchange values between threads}}
    gpu.barrier
    gpu.terminator
  }
  return
}

// -----

func.func @shuffle(%out: memref<?xi32>, %v: i32) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : i32
  %o = arith.constant 1 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %true = arith.constant true
    scf.if %true {
      // expected-error @below {{'gpu.shuffle' cannot run on the host: --target=gpu-host runs the threads of a block one after another}}
      %s, %valid = gpu.shuffle xor %v, %o, %c32 : i32
      memref.store %s, %out[%tx] : memref<?xi32>
    }
    gpu.terminator
  }
  return
}

// -----

func.func @rotate(%v: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.rotate' cannot run on the host: --target=gpu-host runs the threads of a block one after another}}
    %r, %valid = gpu.rotate %v, 1, 32 : i32
    gpu.terminator
  }
  return
}

// -----

func.func @subgroup_reduce(%v: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.subgroup_reduce' cannot run on the host: --target=gpu-host runs the threads of a block one after another, so its kernels must not synchronize or exchange values between threads}}
    %sum = gpu.subgroup_reduce add %v : (i32) -> i32
    gpu.terminator
  }
  return
}

// -----

func.func @all_reduce(%v: f32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.all_reduce' cannot run on the host: --target=gpu-host runs the threads of a block one after another}}
    %sum = gpu.all_reduce add %v {} : (f32) -> f32
    gpu.terminator
  }
  return
}

// -----

func.func @subgroup_broadcast(%v: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.subgroup_broadcast' cannot run on the host: --target=gpu-host runs the threads of a block one after another}}
    %b = gpu.subgroup_broadcast %v, first_active_lane : i32
    gpu.terminator
  }
  return
}

// -----

func.func @workgroup_memory() {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' cannot run on the host: --target=gpu-host kernels have no shared (workgroup) memory}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%shared : memref<32xf32, #gpu.address_space<workgroup>>) {
    gpu.terminator
  }
  return
}

// -----

func.func @dynamic_shared_memory_size(%bytes: i32) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' cannot run on the host: --target=gpu-host kernels have no shared (workgroup) memory}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    gpu.terminator
  }
  return
}

// -----

func.func @dynamic_shared_memory() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.dynamic_shared_memory' cannot run on the host: --target=gpu-host kernels have no shared (workgroup) memory}}
    %shared = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @private_memory() {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' cannot run on the host: --target=gpu-host kernels take thread-private memory from memref.alloca, not from private attributions}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             private(%mine : memref<4xf32, #gpu.address_space<private>>) {
    gpu.terminator
  }
  return
}

// -----

func.func @async(%dep: !gpu.async.token) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' cannot run on the host: --target=gpu-host runs each gpu.launch to its end where it stands, with no async dependencies or token}}
  %t = gpu.launch async [%dep]
             blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @clusters() {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' cannot run on the host: --target=gpu-host has no thread-block clusters}}
  gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c1, %ncy = %c1, %ncz = %c1)
             blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @nested() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.launch' cannot run on the host: --target=gpu-host kernels cannot launch kernels}}
    gpu.launch blocks(%bx2, %by2, %bz2) in (%gx2 = %c1, %gy2 = %c1, %gz2 = %c1)
               threads(%tx2, %ty2, %tz2) in (%sx2 = %c1, %sy2 = %c1, %sz2 = %c1) {
      gpu.terminator
    }
    gpu.terminator
  }
  return
}

// -----

func.func @printf(%v: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.printf' cannot run on the host: --target=gpu-host runs gpu.launch kernels and their thread, block and subgroup ids, and no other gpu op}}
    gpu.printf "%d\n", %v : i32
    gpu.terminator
  }
  return
}

// -----

// A thread id outside a kernel (in a function a kernel calls) has no value.
func.func @helper() -> index {
  // expected-error @below {{'gpu.thread_id' cannot run on the host: outside the body of a gpu.launch it has no value}}
  %t = gpu.thread_id x
  return %t : index
}

// -----

// Outlined kernels are not inlined back.
module attributes {gpu.container_module} {
  // expected-error @below {{'gpu.module' cannot run on the host: --target=gpu-host runs gpu.launch kernels and their thread, block and subgroup ids, and no other gpu op}}
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// A fused kernel's code outside its grid phases is uniform: no thread ids.
func.func @uniform_ids(%out: memref<?xindex>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{'gpu.thread_id' cannot run on the host: a kernel of grid phases runs its code outside them as one uniform program, of no thread or block}}
    %id = gpu.thread_id x
    graph.grid_phase blocks(%n) threads(%n) {
    ^bb0(%b: index, %t: index):
      memref.store %id, %out[%b] : memref<?xindex>
    }
    gpu.terminator
  }
  return
}
