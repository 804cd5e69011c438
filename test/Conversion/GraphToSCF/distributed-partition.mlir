// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// A partitioned vector's storage comes from libgraphrt (the bytes of its
// vertices and the partition: 1 owned, 2 mirrored, 0 whole); the rank fills
// its elements, then views the storage from begin elements before it, so
// that vertex v's element is at index v. A mirror by need of a mirrored
// vector fills its mirrors' slots; the slot map is the graph's, and a
// vertex's slot in it (graph.mirror_slot) is its own id in the owned range,
// else, for a mirror (its bit set in its word of 64), its word's first slot
// plus the mirrors before it in the word (a popcount), else the owned
// range's begin; a gather views libgraphrt's whole copy.

// CHECK-LABEL: func.func @partitioned
// CHECK-SAME:   %[[K:[^:]*]]: index)
// CHECK:      %[[G:.*]] = call @graphrt_dist_load(
// CHECK:      %[[SLOTS:.*]] = call @graphrt_dist_slots(%[[G]]) : (!llvm.ptr) -> memref<?xi64>
// CHECK:      %[[OWNED:.*]] = arith.constant 1 : i32
// CHECK:      %[[STORE:.*]] = call @graphrt_dist_vector_new(%[[G]], %{{.*}}, %[[OWNED]]) : (!llvm.ptr, i64, i32) -> memref<?xi8>
// CHECK:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:      %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK:      %[[BYTES:.*]] = memref.dim %[[STORE]], %{{.*}} : memref<?xi8>
// CHECK:      %[[COUNT:.*]] = arith.divui %[[BYTES]], %[[EIGHT]] : index
// CHECK:      %[[MINE:.*]] = memref.view %[[STORE]][%[[ZERO]]][%[[COUNT]]] : memref<?xi8> to memref<?xf64>
// CHECK:      omp.wsloop
// CHECK:        memref.store %{{.*}}, %[[MINE]]
// CHECK:      %[[BEGIN64:.*]] = call @graphrt_dist_owned_begin(%[[G]])
// CHECK:      %[[BEGIN:.*]] = arith.index_cast %[[BEGIN64]] : i64 to index
// CHECK:      %[[BEFORE:.*]] = arith.muli %[[BEGIN]], %[[EIGHT]] : index
// CHECK:      %[[SHIFT:.*]] = arith.subi %[[ZERO]], %[[BEFORE]] : index
// CHECK:      %[[N:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:      %[[V:.*]] = memref.view %[[STORE]][%[[SHIFT]]][%[[N]]] : memref<?xi8> to memref<?xf64>
// CHECK:      call @graphrt_dist_vector_new(%[[G]], %{{.*}}, %{{.*}})
// CHECK:      memref.view
// CHECK:      %[[M:.*]] = memref.view
// CHECK:      %[[LO64:.*]] = call @graphrt_dist_owned_begin(%[[G]])
// CHECK-NEXT: %[[LO:.*]] = arith.index_cast %[[LO64]] : i64 to index
// CHECK-NEXT: %[[HI64:.*]] = call @graphrt_dist_owned_end(%[[G]])
// CHECK-NEXT: %[[HI:.*]] = arith.index_cast %[[HI64]] : i64 to index
// CHECK:      %[[WORD:.*]] = arith.shrui %[[K]], %{{.*}} : index
// CHECK:      %[[AT0:.*]] = arith.shli %[[WORD]], %{{.*}} : index
// CHECK-NEXT: %[[BITS:.*]] = memref.load %[[SLOTS]][%[[AT0]]] : memref<?xi64>
// CHECK:      %[[AT1:.*]] = arith.addi %[[AT0]], %{{.*}} : index
// CHECK-NEXT: %[[FIRST:.*]] = memref.load %[[SLOTS]][%[[AT1]]] : memref<?xi64>
// CHECK:      %[[J:.*]] = arith.andi %[[K]], %{{.*}} : index
// CHECK-NEXT: %[[SHIFT:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK:      %[[BIT:.*]] = arith.shli %{{.*}}, %[[SHIFT]] : i64
// CHECK:      %[[MASK:.*]] = arith.subi %[[BIT]], %{{.*}} : i64
// CHECK-NEXT: %[[BELOW:.*]] = arith.andi %[[BITS]], %[[MASK]] : i64
// CHECK-NEXT: %[[COUNT:.*]] = llvm.intr.ctpop(%[[BELOW]]) : (i64) -> i64
// CHECK-NEXT: %[[MIRROR:.*]] = arith.addi %[[FIRST]], %[[COUNT]] : i64
// CHECK-NEXT: %[[HERE:.*]] = arith.shrui %[[BITS]], %[[SHIFT]] : i64
// CHECK-NEXT: %[[IS:.*]] = arith.trunci %[[HERE]] : i64 to i1
// CHECK-NEXT: %[[FROM:.*]] = arith.subi %[[K]], %[[LO]] : index
// CHECK-NEXT: %[[OWNED:.*]] = arith.subi %[[HI]], %[[LO]] : index
// CHECK-NEXT: %[[MINE:.*]] = arith.cmpi ult, %[[FROM]], %[[OWNED]] : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.index_cast %[[MIRROR]] : i64 to index
// CHECK-NEXT: %[[OTHER:.*]] = arith.select %[[IS]], %[[SLOT]], %[[LO]] : index
// CHECK-NEXT: %[[AT:.*]] = arith.select %[[MINE]], %[[K]], %[[OTHER]] : index
// CHECK:      memref.load %[[M]][%[[AT]]] : memref<?xf64>
// CHECK:      call @graphrt_dist_mirror_slots(%[[G]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:      %[[S:.*]] = call @graphrt_vset_new(
// CHECK:      call @graphrt_dist_mirror_slots_changed(%[[G]], %{{.*}}, %{{.*}}, %{{.*}}, %[[S]])
// CHECK:      %[[COPY:.*]] = call @graphrt_dist_gather(%[[G]], %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64) -> memref<?xi8>
// CHECK:      %[[WHOLE:.*]] = memref.view %[[COPY]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xf64>
// CHECK:      memref.load %[[WHOLE]]
// CHECK:      memref.dealloc %[[V]]
// CHECK-NEXT: memref.dealloc %[[M]]
// CHECK-NEXT: memref.dealloc %[[WHOLE]]
func.func @partitioned(%path: !graph.string, %k: index) -> f64 {
  %g = graph.load %path distributed : !graph.edgeset
  %slots = graph.mirror_slots %g : !graph.edgeset -> memref<?xi64>
  %v = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  %m = graph.vector.new %g partition mirrored : !graph.edgeset -> !graph.vector<f64>
  %c3 = arith.constant 3 : index
  %lo, %hi = graph.owned_range %g : !graph.edgeset
  %at = graph.mirror_slot %slots[%k] owned(%lo, %hi) : memref<?xi64>
  %x = graph.vector.get %m[%at] : !graph.vector<f64>
  graph.vector.mirror %g, %m needed partition mirrored : !graph.edgeset, !graph.vector<f64>
  %s = graph.vertexset.new %g : !graph.edgeset
  graph.vector.mirror %g, %m needed changed(%s) partition mirrored : !graph.edgeset, !graph.vector<f64>
  %whole = graph.vector.gather %g, %v : !graph.edgeset, !graph.vector<f64>
  %y = graph.vector.get %whole[%c3] : !graph.vector<f64>
  %z = arith.addf %x, %y : f64
  return %z : f64
}

// Partitioned out-degrees: libgraphrt's storage of 4-byte elements, which
// graphrt_dist_owned_degrees fills with the rank's owned degrees (from the
// first element on), viewed from the first owned vertex; whole ones are
// libgraphrt's gathered vector as in a single process.
// CHECK-LABEL: func.func @degrees
// CHECK:      %[[G:.*]] = call @graphrt_dist_load(
// CHECK:      %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK:      %[[OWNED:.*]] = arith.constant 1 : i32
// CHECK:      %[[STORE:.*]] = call @graphrt_dist_vector_new(%[[G]], %[[FOUR]], %[[OWNED]]) : (!llvm.ptr, i64, i32) -> memref<?xi8>
// CHECK:      %[[MINE:.*]] = memref.view %[[STORE]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi32>
// CHECK:      %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[MINE]]
// CHECK:      %[[ADDR64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK:      %[[PTR:.*]] = llvm.inttoptr %[[ADDR64]] : i64 to !llvm.ptr
// CHECK:      %[[BYTES:.*]] = arith.constant 4 : i64
// CHECK:      call @graphrt_dist_owned_degrees(%[[G]], %[[PTR]], %[[BYTES]]) : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK:      call @graphrt_dist_owned_begin(%[[G]])
// CHECK:      %[[D:.*]] = memref.view %[[STORE]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi32>
// CHECK:      %[[MIRRORED:.*]] = arith.constant 2 : i32
// CHECK:      call @graphrt_dist_vector_new(%[[G]], %{{.*}}, %[[MIRRORED]])
// CHECK:      call @graphrt_dist_owned_degrees(%[[G]], %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK:      %[[M:.*]] = memref.view
// CHECK:      %[[W:.*]] = call @graphrt_out_degrees(%[[G]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NOT:  graphrt_dist_owned_degrees
// CHECK:      memref.load %[[D]]
// CHECK:      memref.load %[[M]]
// CHECK:      memref.load %[[W]]
func.func @degrees(%path: !graph.string) -> i32 {
  %g = graph.load %path distributed : !graph.edgeset
  %d = graph.out_degrees %g partition owned : !graph.edgeset -> !graph.vector<i32>
  %m = graph.out_degrees %g partition mirrored : !graph.edgeset -> !graph.vector<i32>
  %w = graph.out_degrees %g partition whole : !graph.edgeset -> !graph.vector<i32>
  %c3 = arith.constant 3 : index
  %x = graph.vector.get %d[%c3] : !graph.vector<i32>
  %y = graph.vector.get %m[%c3] : !graph.vector<i32>
  %z = graph.vector.get %w[%c3] : !graph.vector<i32>
  %xy = arith.addi %x, %y : i32
  %r = arith.addi %xy, %z : i32
  return %r : i32
}
