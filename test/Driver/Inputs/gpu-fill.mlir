// A 2-D grid of 2-D blocks: 2 x 2 blocks of 2 x 3 threads, 24 in all. Thread
// i (blocks numbered x fastest, then the threads of a block x fastest)
// writes i * i + 7 to element i, through a private scratch array, and adds
// i + 1 to a shared sum with an atomic. The host prints the 24 elements,
// then the sum (1 + ... + 24 = 300). Then 4096 blocks of 256 threads each
// take a 512-byte private array (512 MiB if the host kept them all) and
// count themselves: 1048576.
module attributes {gpu.container_module} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c24 = arith.constant 24 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    %unset = arith.constant -1 : i64
    %zero = arith.constant 0 : i64
    %values = memref.alloc(%c24) : memref<?xi64>
    %sum = memref.alloc() : memref<1xi64>
    scf.for %i = %c0 to %c24 step %c1 {
      memref.store %unset, %values[%i] : memref<?xi64>
    }
    memref.store %zero, %sum[%c0] : memref<1xi64>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c3, %sz = %c1) {
      %block_row = arith.muli %by, %gx : index
      %block = arith.addi %block_row, %bx : index
      %threads = arith.muli %sx, %sy : index
      %first = arith.muli %block, %threads : index
      %row = arith.muli %ty, %sx : index
      %in_block = arith.addi %row, %tx : index
      %i = arith.addi %first, %in_block : index
      %i64 = arith.index_cast %i : index to i64
      %square = arith.muli %i64, %i64 : i64
      %c7 = arith.constant 7 : i64
      %value = arith.addi %square, %c7 : i64
      %scratch = memref.alloca() : memref<2xi64>
      %slot = arith.remui %i, %c2 : index
      memref.store %value, %scratch[%slot] : memref<2xi64>
      %kept = memref.load %scratch[%slot] : memref<2xi64>
      memref.store %kept, %values[%i] : memref<?xi64>
      %one = arith.constant 1 : i64
      %count = arith.addi %i64, %one : i64
      %old = memref.atomic_rmw addi %count, %sum[%c0] : (i64, memref<1xi64>) -> i64
      gpu.terminator
    }
    scf.for %i = %c0 to %c24 step %c1 {
      %v = memref.load %values[%i] : memref<?xi64>
      graph.print %v : i64
    }
    %total = memref.load %sum[%c0] : memref<1xi64>
    graph.print %total : i64

    %threads = memref.alloc() : memref<1xi64>
    memref.store %zero, %threads[%c0] : memref<1xi64>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4096, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %scratch = memref.alloca() : memref<64xi64>
      %slot = arith.remui %tx, %c64 : index
      %one = arith.constant 1 : i64
      memref.store %one, %scratch[%slot] : memref<64xi64>
      %kept = memref.load %scratch[%slot] : memref<64xi64>
      %old = memref.atomic_rmw addi %kept, %threads[%c0] : (i64, memref<1xi64>) -> i64
      gpu.terminator
    }
    %counted = memref.load %threads[%c0] : memref<1xi64>
    graph.print %counted : i64
    memref.dealloc %values : memref<?xi64>
    memref.dealloc %sum : memref<1xi64>
    memref.dealloc %threads : memref<1xi64>
    return
  }
}
