// Each vertex's out-degree, from the CSR offsets (i64), computed by a
// gpu.launch of 32-thread blocks (one thread per vertex) and printed one per
// line by the host.
module attributes {gpu.container_module} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %path = graph.argv 1
    %g = graph.load %path : !graph.edgeset
    %n = graph.num_vertices %g : !graph.edgeset
    %offsets, %neighbors = graph.adjacency out %g : !graph.edgeset -> memref<?xi64>, memref<?xi32>
    %degrees = memref.alloc(%n) : memref<?xi64>
    %blocks = arith.ceildivui %n, %c32 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %v = gpu.global_id x
      %inside = arith.cmpi ult, %v, %n : index
      scf.if %inside {
        %next = arith.addi %v, %c1 : index
        %begin = memref.load %offsets[%v] : memref<?xi64>
        %end = memref.load %offsets[%next] : memref<?xi64>
        %degree = arith.subi %end, %begin : i64
        memref.store %degree, %degrees[%v] : memref<?xi64>
      }
      gpu.terminator
    }
    scf.for %v = %c0 to %n step %c1 {
      %degree = memref.load %degrees[%v] : memref<?xi64>
      graph.print %degree : i64
    }
    memref.dealloc %degrees : memref<?xi64>
    return
  }
}
