// Graph ops inside a kernel, lowered by convert-graph-to-scf as anywhere
// else: a thread per vertex adds 1 to each out-neighbour's in-degree with an
// atomic graph.reduce, in blocks of 4 threads that run concurrently on the
// host; the host prints each vertex's in-degree with graph.vector.get.
module attributes {gpu.container_module} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %path = graph.argv 1
    %g = graph.load %path : !graph.edgeset
    %n = graph.num_vertices %g : !graph.edgeset
    %offsets, %neighbors = graph.adjacency out %g : !graph.edgeset -> memref<?xi64>, memref<?xi32>
    %in = graph.vector.new %g init(%zero : i32) : !graph.edgeset -> !graph.vector<i32>
    %blocks = arith.ceildivui %n, %c4 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = gpu.global_id x
      %inside = arith.cmpi ult, %v, %n : index
      scf.if %inside {
        %next = arith.addi %v, %c1 : index
        %begin64 = memref.load %offsets[%v] : memref<?xi64>
        %end64 = memref.load %offsets[%next] : memref<?xi64>
        %begin = arith.index_cast %begin64 : i64 to index
        %end = arith.index_cast %end64 : i64 to index
        scf.for %e = %begin to %end step %c1 {
          %u32 = memref.load %neighbors[%e] : memref<?xi32>
          %u = arith.index_cast %u32 : i32 to index
          %changed = graph.reduce add atomic %in[%u], %one : !graph.vector<i32>
        }
      }
      gpu.terminator
    }
    scf.for %v = %c0 to %n step %c1 {
      %d = graph.vector.get %in[%v] : !graph.vector<i32>
      graph.print %d : i32
    }
    return
  }
}
