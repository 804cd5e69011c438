// A program as MLIR 22's GPU path builds it (gpu.launch_func, gpu.alloc,
// gpu.memset, gpu.memcpy, gpu.dealloc), for gpu-abi.test: linked with
// libgraphrt alone, it calls libgraphrt's mgpu* functions as MLIR declares
// them.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @inc(%a: memref<?xi32>, %n: index) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %x = arith.muli %b, %d : index
      %i = arith.addi %x, %t : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v = memref.load %a[%i] : memref<?xi32>
        %one = arith.constant 1 : i32
        %w = arith.addi %v, %one : i32
        memref.store %w, %a[%i] : memref<?xi32>
      }
      gpu.return
    }
  }
  func.func private @graphrt_print_i64(i64)
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %n = arith.constant 5 : index
    %host = memref.alloc(%n) : memref<?xi32>
    %host16 = memref.alloc(%c3) : memref<?xi16>
    %t0 = gpu.wait async
    %dev, %t1 = gpu.alloc async [%t0] (%n) : memref<?xi32>
    %dev16, %t2 = gpu.alloc async [%t1] (%c3) : memref<?xi16>
    %c7 = arith.constant 7 : i32
    %t3 = gpu.memset async [%t2] %dev, %c7 : memref<?xi32>, i32
    %big = arith.constant 4660 : i16
    %t4 = gpu.memset async [%t3] %dev16, %big : memref<?xi16>, i16
    %t5 = gpu.memcpy async [%t4] %host, %dev : memref<?xi32>, memref<?xi32>
    %t6 = gpu.memcpy async [%t5] %host16, %dev16 : memref<?xi16>, memref<?xi16>
    %t7 = gpu.dealloc async [%t6] %dev : memref<?xi32>
    %t8 = gpu.dealloc async [%t7] %dev16 : memref<?xi16>
    gpu.wait [%t8]
    gpu.launch_func @kernels::@inc blocks in (%c3, %c1, %c1)
        threads in (%c128, %c1, %c1) args(%host : memref<?xi32>, %n : index)
    %last = memref.load %host[%c4] : memref<?xi32>
    %last64 = arith.extsi %last : i32 to i64
    func.call @graphrt_print_i64(%last64) : (i64) -> ()
    %h = memref.load %host16[%c2] : memref<?xi16>
    %h64 = arith.extsi %h : i16 to i64
    func.call @graphrt_print_i64(%h64) : (i64) -> ()
    memref.dealloc %host : memref<?xi32>
    memref.dealloc %host16 : memref<?xi16>
    %zero = arith.constant 0 : i32
    return %zero : i32
  }
}
