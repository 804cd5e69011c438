// gpu-stream [BYTES]: the read bandwidth of the GPU it runs on, over a
// buffer of BYTES (default 1 GiB, rounded down to a multiple of 16) in each
// of the places the runtime puts a graph's edges (graphrt_placed_*):
//   device     device memory (gpu.alloc: cuMemAlloc);
//   zero-copy  host memory pinned and mapped for the device (gpu.host_register:
//              cuMemHostRegister), read over the link to the host;
//   managed    managed memory (gpu.alloc host_shared: cuMemAllocManaged)
//              written by the host first, so that its pages start there:
//              the first pass ("cold") moves them to the GPU as it reads,
//              the later passes ("warm") find them there.
// Each pass is one launch of @stream over the whole buffer, timed on the
// host around the launch (which waits for the kernel). Prints, one value a
// line after its name: the bytes a pass reads, then GB/s (bytes / seconds /
// 1e9) of the best of the device passes (after one untimed warm-up
// launch), of the best of the zero-copy passes, of the first managed pass
// and of the best of the later managed passes. scripts/gpu-bundle.sh
// builds it with MLIR's own GPU path (as test/Runtime/gpu-abi.test) into
// the bundle's bin/; run.sh prints its numbers as the `link:` line.
module attributes {gpu.container_module} {
  gpu.module @stream_kernels {
    // Reads a[0, 4 * n4) as vector<4xi32> (16-byte aligned: a's buffer is
    // at least 256-byte aligned), coalesced: in each round the grid's S
    // threads read four consecutive runs of S vectors, thread t the t-th of
    // each, so that a thread has four loads in flight; the vectors past the
    // last whole round one at a time. Each thread stores its sum in
    // out[t], so that the loads are not dead.
    gpu.func @stream(%a: memref<?xi32>, %n4: index, %out: memref<?xi32>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %gdim = gpu.grid_dim x
      %first = arith.muli %bid, %bdim : index
      %t = arith.addi %first, %tid : index
      %s = arith.muli %gdim, %bdim : index
      %round = arith.muli %s, %c4 : index
      %rounds = arith.divui %n4, %round : index
      %zero = arith.constant dense<0> : vector<4xi32>
      %whole = scf.for %r = %c0 to %rounds step %c1
          iter_args(%acc = %zero) -> (vector<4xi32>) {
        %start = arith.muli %r, %round : index
        %v0 = arith.addi %start, %t : index
        %v1 = arith.addi %v0, %s : index
        %v2 = arith.addi %v1, %s : index
        %v3 = arith.addi %v2, %s : index
        %e0 = arith.muli %v0, %c4 : index
        %e1 = arith.muli %v1, %c4 : index
        %e2 = arith.muli %v2, %c4 : index
        %e3 = arith.muli %v3, %c4 : index
        %x0 = vector.load %a[%e0] {alignment = 16}
            : memref<?xi32>, vector<4xi32>
        %x1 = vector.load %a[%e1] {alignment = 16}
            : memref<?xi32>, vector<4xi32>
        %x2 = vector.load %a[%e2] {alignment = 16}
            : memref<?xi32>, vector<4xi32>
        %x3 = vector.load %a[%e3] {alignment = 16}
            : memref<?xi32>, vector<4xi32>
        %y0 = arith.addi %x0, %x1 : vector<4xi32>
        %y1 = arith.addi %x2, %x3 : vector<4xi32>
        %y = arith.addi %y0, %y1 : vector<4xi32>
        %next = arith.addi %acc, %y : vector<4xi32>
        scf.yield %next : vector<4xi32>
      }
      %done = arith.muli %rounds, %round : index
      %rest = arith.addi %done, %t : index
      %all = scf.for %v = %rest to %n4 step %s
          iter_args(%acc = %whole) -> (vector<4xi32>) {
        %e = arith.muli %v, %c4 : index
        %x = vector.load %a[%e] {alignment = 16}
            : memref<?xi32>, vector<4xi32>
        %next = arith.addi %acc, %x : vector<4xi32>
        scf.yield %next : vector<4xi32>
      }
      %sum = vector.reduction <add>, %all : vector<4xi32> into i32
      memref.store %sum, %out[%t] : memref<?xi32>
      gpu.return
    }
  }

  func.func private @graphrt_program_start(i32, !llvm.ptr)
  func.func private @graphrt_program_end()
  func.func private @graphrt_argc() -> i64
  func.func private @graphrt_argv(i64) -> !llvm.ptr
  func.func private @graphrt_atoi(!llvm.ptr) -> i64
  func.func private @graphrt_timer_start()
  func.func private @graphrt_timer_stop() -> f64
  func.func private @graphrt_print_i64(i64)
  func.func private @graphrt_print_f64(f64)
  func.func private @graphrt_print_str(!llvm.ptr)
  func.func private @fputs(!llvm.ptr, !llvm.ptr) -> i32
  func.func private @exit(i32)

  llvm.mlir.global external @stderr() : !llvm.ptr
  llvm.mlir.global internal constant @bytes_name("bytes\00")
  llvm.mlir.global internal constant @device_name("device GB/s\00")
  llvm.mlir.global internal constant @zero_copy_name("zero-copy GB/s\00")
  llvm.mlir.global internal constant @cold_name("managed cold GB/s\00")
  llvm.mlir.global internal constant @warm_name("managed warm GB/s\00")
  llvm.mlir.global internal constant @too_few(
      "gpu-stream: the byte count (argument 1) must be at least 16\0A\00")
  llvm.mlir.global internal constant @no_host_memory(
      "gpu-stream: out of host memory\0A\00")

  // The grid of every pass: 4096 blocks of 256 threads, several times as
  // many as an H100 or H200 holds at once, so that the last wave is short.
  func.func private @threads() -> (index, index) {
    %blocks = arith.constant 4096 : index
    %threads = arith.constant 256 : index
    return %blocks, %threads : index, index
  }

  // Seconds of one pass over a[0, 4 * n4).
  func.func private @one_pass(%a: memref<?xi32>, %n4: index,
                              %out: memref<?xi32>) -> f64 {
    %c1 = arith.constant 1 : index
    %blocks, %threads = func.call @threads() : () -> (index, index)
    func.call @graphrt_timer_start() : () -> ()
    gpu.launch_func @stream_kernels::@stream
        blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%a : memref<?xi32>, %n4 : index, %out : memref<?xi32>)
    %seconds = func.call @graphrt_timer_stop() : () -> f64
    return %seconds : f64
  }

  // `passes` passes: the seconds of the first and the least of the others.
  func.func private @time_passes(%a: memref<?xi32>, %n4: index,
                                 %out: memref<?xi32>, %passes: index)
      -> (f64, f64) {
    %c1 = arith.constant 1 : index
    %inf = arith.constant 0x7FF0000000000000 : f64
    %first = func.call @one_pass(%a, %n4, %out)
        : (memref<?xi32>, index, memref<?xi32>) -> f64
    %best = scf.for %p = %c1 to %passes step %c1
        iter_args(%least = %inf) -> (f64) {
      %seconds = func.call @one_pass(%a, %n4, %out)
          : (memref<?xi32>, index, memref<?xi32>) -> f64
      %less = arith.minimumf %least, %seconds : f64
      scf.yield %less : f64
    }
    return %first, %best : f64, f64
  }

  // Prints `name`, then bytes / seconds / 1e9.
  func.func private @print_rate(%name: !llvm.ptr, %bytes: f64,
                                %seconds: f64) {
    %giga = arith.constant 1.0e9 : f64
    %per_second = arith.divf %bytes, %seconds : f64
    %rate = arith.divf %per_second, %giga : f64
    func.call @graphrt_print_str(%name) : (!llvm.ptr) -> ()
    func.call @graphrt_print_f64(%rate) : (f64) -> ()
    return
  }

  // Writes 1 to a[0, n) on the host (the first touch of its pages).
  func.func private @fill(%a: memref<?xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %a[%i] : memref<?xi32>
    }
    return
  }

  // Writes `message` on stderr and exits with status 1.
  func.func private @fail(%message: !llvm.ptr) {
    %stderr_address = llvm.mlir.addressof @stderr : !llvm.ptr
    %stderr = llvm.load %stderr_address : !llvm.ptr -> !llvm.ptr
    %ignored = func.call @fputs(%message, %stderr)
        : (!llvm.ptr, !llvm.ptr) -> i32
    %status = arith.constant 1 : i32
    func.call @exit(%status) : (i32) -> ()
    return
  }

  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    func.call @graphrt_program_start(%argc, %argv) : (i32, !llvm.ptr) -> ()
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %passes = arith.constant 5 : index
    %one = arith.constant 1 : i64
    %sixteen = arith.constant 16 : i64
    %gib = arith.constant 1073741824 : i64
    %args = func.call @graphrt_argc() : () -> i64
    %given = arith.cmpi sgt, %args, %one : i64
    %asked = scf.if %given -> (i64) {
      %text = func.call @graphrt_argv(%one) : (i64) -> !llvm.ptr
      %value = func.call @graphrt_atoi(%text) : (!llvm.ptr) -> i64
      scf.yield %value : i64
    } else {
      scf.yield %gib : i64
    }
    %too_few = arith.cmpi slt, %asked, %sixteen : i64
    scf.if %too_few {
      %message = llvm.mlir.addressof @too_few : !llvm.ptr
      func.call @fail(%message) : (!llvm.ptr) -> ()
    }
    // n4 vectors of 4 i32, n elements, `bytes` bytes.
    %n4_i64 = arith.divui %asked, %sixteen : i64
    %bytes = arith.muli %n4_i64, %sixteen : i64
    %bytes_f = arith.uitofp %bytes : i64 to f64
    %n4 = arith.index_cast %n4_i64 : i64 to index
    %n = arith.muli %n4, %c4 : index
    %bytes_name = llvm.mlir.addressof @bytes_name : !llvm.ptr
    func.call @graphrt_print_str(%bytes_name) : (!llvm.ptr) -> ()
    func.call @graphrt_print_i64(%bytes) : (i64) -> ()

    // Device memory, and the threads' sums (device memory too).
    %blocks, %threads = func.call @threads() : () -> (index, index)
    %grid = arith.muli %blocks, %threads : index
    %w0 = gpu.wait async
    %out, %w1 = gpu.alloc async [%w0] (%grid) : memref<?xi32>
    %device, %w2 = gpu.alloc async [%w1] (%n) : memref<?xi32>
    %one_i32 = arith.constant 1 : i32
    %w3 = gpu.memset async [%w2] %device, %one_i32 : memref<?xi32>, i32
    gpu.wait [%w3]
    %warm_up = func.call @one_pass(%device, %n4, %out)
        : (memref<?xi32>, index, memref<?xi32>) -> f64
    %d_first, %d_rest = func.call @time_passes(%device, %n4, %out, %passes)
        : (memref<?xi32>, index, memref<?xi32>, index) -> (f64, f64)
    %d_best = arith.minimumf %d_first, %d_rest : f64
    %device_name = llvm.mlir.addressof @device_name : !llvm.ptr
    func.call @print_rate(%device_name, %bytes_f, %d_best)
        : (!llvm.ptr, f64, f64) -> ()
    %w4 = gpu.wait async
    %w5 = gpu.dealloc async [%w4] %device : memref<?xi32>
    gpu.wait [%w5]

    // Zero-copy: host memory (page-aligned), pinned and mapped.
    %host = memref.alloc(%n) {alignment = 4096} : memref<?xi32>
    %host_address = memref.extract_aligned_pointer_as_index %host
        : memref<?xi32> -> index
    %no_host = arith.cmpi eq, %host_address, %c0 : index
    scf.if %no_host {
      %message = llvm.mlir.addressof @no_host_memory : !llvm.ptr
      func.call @fail(%message) : (!llvm.ptr) -> ()
    }
    func.call @fill(%host, %n) : (memref<?xi32>, index) -> ()
    %unranked = memref.cast %host : memref<?xi32> to memref<*xi32>
    gpu.host_register %unranked : memref<*xi32>
    %z_first, %z_rest = func.call @time_passes(%host, %n4, %out, %passes)
        : (memref<?xi32>, index, memref<?xi32>, index) -> (f64, f64)
    %z_best = arith.minimumf %z_first, %z_rest : f64
    %zero_copy_name = llvm.mlir.addressof @zero_copy_name : !llvm.ptr
    func.call @print_rate(%zero_copy_name, %bytes_f, %z_best)
        : (!llvm.ptr, f64, f64) -> ()
    gpu.host_unregister %unranked : memref<*xi32>
    memref.dealloc %host : memref<?xi32>

    // Managed memory, its pages on the host: written there first.
    %managed = gpu.alloc host_shared (%n) : memref<?xi32>
    func.call @fill(%managed, %n) : (memref<?xi32>, index) -> ()
    %m_cold, %m_warm = func.call @time_passes(%managed, %n4, %out, %passes)
        : (memref<?xi32>, index, memref<?xi32>, index) -> (f64, f64)
    %cold_name = llvm.mlir.addressof @cold_name : !llvm.ptr
    func.call @print_rate(%cold_name, %bytes_f, %m_cold)
        : (!llvm.ptr, f64, f64) -> ()
    %warm_name = llvm.mlir.addressof @warm_name : !llvm.ptr
    func.call @print_rate(%warm_name, %bytes_f, %m_warm)
        : (!llvm.ptr, f64, f64) -> ()
    %w6 = gpu.wait async
    %w7 = gpu.dealloc async [%w6] %managed : memref<?xi32>
    %w8 = gpu.dealloc async [%w7] %out : memref<?xi32>
    gpu.wait [%w8]
    func.call @graphrt_program_end() : () -> ()
    %status = arith.constant 0 : i32
    return %status : i32
  }
}
