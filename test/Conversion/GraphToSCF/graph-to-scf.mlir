// RUN: graph-opt %s --convert-graph-to-scf --split-input-file -verify-diagnostics | FileCheck %s

// CHECK-DAG: func.func private @graphrt_load(!llvm.ptr, i32, i32) -> !llvm.ptr
// CHECK-DAG: func.func private @graphrt_out_offsets(!llvm.ptr) -> memref<?xi64> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_print_f64(f64)
// CHECK-LABEL: func.func @graphrt_user_main()
// CHECK: %[[PATH:.*]] = call @graphrt_argv(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK: %[[G:.*]] = call @graphrt_load(%[[PATH]], %c1_i32, %c0_i32)
// CHECK: %[[N:.*]] = call @graphrt_num_vertices(%[[G]])
// CHECK: %[[V:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// Fresh vectors are filled in parallel (first touch).
// CHECK: omp.wsloop schedule(static
// CHECK: memref.store %{{.*}}, %[[V]]
// CHECK: call @graphrt_out_offsets(%[[G]]) : (!llvm.ptr) -> memref<?xi64>
// CHECK: memref.atomic_rmw addf %{{.*}}, %[[V]]
// CHECK: %[[OLD:.*]] = memref.load %[[V]]
// CHECK: %[[NEW:.*]] = arith.maximumf %[[OLD]]
// CHECK: memref.store %[[NEW]], %[[V]]
// Vertex set apply: parallel by default, 0..n for the set of all vertices.
// CHECK: omp.parallel
// CHECK: memref.atomic_rmw addi
// CHECK: scf.for
// CHECK: call @graphrt_print_f64
func.func @main() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f64
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  %v = graph.vector.new %g init(%x : f64) : !graph.edgeset<i32> -> !graph.vector<f64>
  %offsets, %nbrs = graph.adjacency out %g : !graph.edgeset<i32> -> memref<?xi64>, memref<?xi32>
  %a = graph.reduce add atomic %v[%c0], %x : !graph.vector<f64>
  %b = graph.reduce max %v[%c0], %x : !graph.vector<f64>
  %all = graph.vertexset.new %g all : !graph.edgeset<i32>
  graph.vertexset.apply %all {
  ^bb0(%u: index):
    %y = graph.vector.get %v[%u] : !graph.vector<f64>
    graph.vector.set %v[%u], %y : !graph.vector<f64>
  }
  graph.vertexset.apply %all schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%u: index):
    %y = graph.vector.get %v[%u] : !graph.vector<f64>
    graph.print %y : f64
  }
  return
}

// -----

// A compare-and-swap is a generic atomic RMW that succeeds when the old
// value was the expected one; vertex sets stay runtime handles across scf.
// CHECK-LABEL: func.func @cas(
// CHECK-SAME: %[[P:.*]]: memref<?xi32>, %[[S:.*]]: !llvm.ptr
// CHECK: %[[OLD:.*]] = memref.generic_atomic_rmw %[[P]]
// CHECK: arith.select
// CHECK: memref.atomic_yield
// CHECK: scf.while (%{{.*}} = %[[S]]) : (!llvm.ptr) -> !llvm.ptr
// CHECK: call @graphrt_vset_size
func.func @cas(%p: !graph.vector<i32>, %s: !graph.vertexset, %i: index,
               %e: i32, %d: i32) -> i1 {
  %won = graph.vector.cas %p[%i], %e, %d : !graph.vector<i32>
  %c0 = arith.constant 0 : index
  %last = scf.while (%f = %s) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    scf.yield %f : !graph.vertexset
  }
  return %won : i1
}

// -----

// Building a frontier from ids: the default buffer and seal, and those of a
// push without dedup (a larger buffer, repeats kept).
// CHECK-LABEL: func.func @seal_ids(
// CHECK-SAME: %[[S:.*]]: !llvm.ptr, %[[CAP:.*]]: index, %[[K:.*]]: i64, %[[G:.*]]: !llvm.ptr)
// CHECK: call @graphrt_vset_id_buffer(%[[S]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK: call @graphrt_vset_seal_ids(%[[S]], %[[K]]) : (!llvm.ptr, i64) -> ()
// CHECK: %[[CAP64:.*]] = arith.index_cast %[[CAP]] : index to i64
// CHECK: call @graphrt_vset_id_buffer_n(%[[S]], %[[CAP64]]) : (!llvm.ptr, i64) -> memref<?xi32>
// CHECK: call @graphrt_vset_seal_ids_keep_dups(%[[S]], %[[K]]) : (!llvm.ptr, i64) -> ()
// CHECK: call @graphrt_vset_seal_distinct_ids(%[[S]], %[[K]]) : (!llvm.ptr, i64) -> ()
// CHECK: call @graphrt_vset_seal_counted_ids(%[[S]], %[[K]], %[[K]], %[[G]]) : (!llvm.ptr, i64, i64, !llvm.ptr) -> ()
func.func @seal_ids(%s: !graph.vertexset, %cap: index, %k: i64, %g: !graph.edgeset)
    -> (memref<?xi32>, memref<?xi32>) {
  %a = graph.vertexset.id_buffer %s : memref<?xi32>
  graph.vertexset.seal_ids %s, %k
  %b = graph.vertexset.id_buffer %s capacity(%cap) : memref<?xi32>
  graph.vertexset.seal_ids %s, %k keep_duplicates
  graph.vertexset.seal_ids %s, %k distinct
  graph.vertexset.seal_ids %s, %k distinct degrees %k of %g : !graph.edgeset
  return %a, %b : memref<?xi32>, memref<?xi32>
}

// -----

// A pull's dense output, sealed with the members it counted and their
// out-degree sum.
// CHECK-LABEL: func.func @seal_dense(
// CHECK-SAME: %[[S:.*]]: !llvm.ptr, %[[G:.*]]: !llvm.ptr, %[[K:.*]]: i64, %[[D:.*]]: i64)
// CHECK: call @graphrt_vset_bits(%[[S]]) : (!llvm.ptr) -> memref<?xi64>
// CHECK: call @graphrt_vset_seal_dense(%[[S]], %[[K]], %[[D]], %[[G]]) : (!llvm.ptr, i64, i64, !llvm.ptr) -> ()
func.func @seal_dense(%s: !graph.vertexset, %g: !graph.edgeset, %k: i64,
                      %d: i64) -> memref<?xi64> {
  %bits = graph.vertexset.bits %s : memref<?xi64>
  graph.vertexset.seal_dense %s, %k, %d of %g : !graph.edgeset
  return %bits : memref<?xi64>
}

// -----

// Bool vectors store a byte per vertex (0 or 1), so atomic or/and are byte
// atomics; reads truncate, writes and compare-and-swap widen. An atomic
// min, max, or, and runs only when a plain read says it would change the
// element (these only move one way).
// CHECK-LABEL: func.func @bool_vector(
// CHECK-SAME: %[[G:.*]]: !llvm.ptr, %[[I:.*]]: index, %[[X:.*]]: i1) -> i1
// CHECK: %[[TRUE8:.*]] = arith.extui %true : i1 to i8
// CHECK: %[[V:.*]] = memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK: memref.store %[[TRUE8]], %[[V]]
// CHECK: %[[CUR8:.*]] = memref.load %[[V]][%[[I]]] : memref<?xi8>
// CHECK: %[[CUR:.*]] = arith.trunci %[[CUR8]] : i8 to i1
// CHECK: %[[WOULD:.*]] = arith.ori %[[CUR]], %[[X]] : i1
// CHECK: %[[CHANGES:.*]] = arith.cmpi ne, %[[WOULD]], %[[CUR]] : i1
// CHECK: %[[OLD:.*]] = scf.if %[[CHANGES]] -> (i1) {
// CHECK: %[[X8:.*]] = arith.extui %[[X]] : i1 to i8
// CHECK: %[[OLD8:.*]] = memref.atomic_rmw ori %[[X8]], %[[V]][%[[I]]] : (i8, memref<?xi8>) -> i8
// CHECK: %[[ATOMIC:.*]] = arith.trunci %[[OLD8]] : i8 to i1
// CHECK: scf.yield %[[ATOMIC]] : i1
// CHECK: } else {
// CHECK: scf.yield %[[CUR]] : i1
// CHECK: %[[NEW:.*]] = arith.ori %[[OLD]], %[[X]] : i1
// CHECK: arith.cmpi ne, %[[NEW]], %[[OLD]] : i1
// CHECK: %[[Y8:.*]] = arith.extui %[[X]] : i1 to i8
// CHECK: memref.atomic_rmw andi %[[Y8]], %[[V]][%[[I]]] : (i8, memref<?xi8>) -> i8
// CHECK: %[[LOADED:.*]] = memref.load %[[V]][%[[I]]] : memref<?xi8>
// CHECK: arith.trunci %[[LOADED]] : i8 to i1
// CHECK: arith.andi %{{.*}}, %[[X]] : i1
// CHECK: %[[AND8:.*]] = arith.extui %{{.*}} : i1 to i8
// CHECK: memref.store %[[AND8]], %[[V]][%[[I]]] : memref<?xi8>
// CHECK: memref.generic_atomic_rmw %[[V]][%[[I]]] : memref<?xi8>
// CHECK: %[[GOT8:.*]] = memref.load %[[V]][%[[I]]] : memref<?xi8>
// CHECK: %[[GOT:.*]] = arith.trunci %[[GOT8]] : i8 to i1
// CHECK: return %[[GOT]] : i1
func.func @bool_vector(%g: !graph.edgeset, %i: index, %x: i1) -> i1 {
  %t = arith.constant true
  %v = graph.vector.new %g init(%t : i1) : !graph.edgeset -> !graph.vector<i1>
  %a = graph.reduce or atomic %v[%i], %x : !graph.vector<i1>
  %b = graph.reduce and atomic %v[%i], %x : !graph.vector<i1>
  %c = graph.reduce and %v[%i], %x : !graph.vector<i1>
  %d = graph.vector.cas %v[%i], %x, %t : !graph.vector<i1>
  %y = graph.vector.get %v[%i] : !graph.vector<i1>
  return %y : i1
}

// -----

func.func @unlowered(%g: !graph.edgeset) {
  // expected-error @+1 {{graph.edgeset.apply must be lowered by graph-lower-direction before convert-graph-to-scf}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Counting common neighbours is one runtime call (a sorted-list merge).
// CHECK-LABEL: func.func @common_neighbors(
// CHECK-SAME: %[[G:.*]]: !llvm.ptr, %[[U:.*]]: index, %[[V:.*]]: index
// CHECK: %[[K:.*]] = call @graphrt_common_neighbors(%[[G]], %[[U]], %[[V]]) : (!llvm.ptr, index, index) -> i64
// CHECK: %[[R:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK: return %[[R]] : index
func.func @common_neighbors(%g: !graph.edgeset, %u: index, %v: index) -> index {
  %k = graph.common_neighbors %g[%u, %v] : !graph.edgeset
  return %k : index
}

// -----

// Segments are runtime calls: graphrt_segments_get(graph, count, direction
// (0 pull, 1 push), strategy (0 fixed, 1 edge-aware)), one C-interface call
// per array of a segment.
// CHECK-DAG: func.func private @graphrt_segments_get(!llvm.ptr, i64, i32, i32) -> !llvm.ptr
// CHECK-DAG: func.func private @graphrt_segments_count(!llvm.ptr) -> i64
// CHECK-DAG: func.func private @graphrt_segment_vertices(!llvm.ptr, i64) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_segment_offsets(!llvm.ptr, i64) -> memref<?xi64> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_segment_neighbors(!llvm.ptr, i64) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_segment_weights(!llvm.ptr, i64) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @segments(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[GW:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: index, %[[I:[^:]*]]: index
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[PULL:.*]] = arith.constant 0 : i32
// CHECK: %[[FIXED:.*]] = arith.constant 0 : i32
// CHECK: %[[IN:.*]] = call @graphrt_segments_get(%[[G]], %[[N64]], %[[PULL]], %[[FIXED]])
// CHECK: %[[PUSH:.*]] = arith.constant 1 : i32
// CHECK: %[[EDGE:.*]] = arith.constant 1 : i32
// CHECK: %[[OUT:.*]] = call @graphrt_segments_get(%[[GW]], %{{.*}}, %[[PUSH]], %[[EDGE]])
// CHECK: %[[K:.*]] = call @graphrt_segments_count(%[[IN]]) : (!llvm.ptr) -> i64
// CHECK: %[[R:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: call @graphrt_segment_vertices(%[[OUT]], %[[I64]])
// CHECK: call @graphrt_segment_offsets(%[[OUT]], %[[I64]])
// CHECK: call @graphrt_segment_neighbors(%[[OUT]], %[[I64]])
// CHECK: call @graphrt_segment_weights(%[[OUT]], %{{.*}})
// CHECK: return %[[R]]
func.func @segments(%g: !graph.edgeset, %gw: !graph.edgeset<i32>, %n: index,
                    %i: index) -> (index, memref<?xi32>, memref<?xi64>,
                                   memref<?xi32>, memref<?xi32>) {
  %in = graph.segments %g count(%n) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>
  %out = graph.segments %gw count(%n) edge_aware_vertex_count : !graph.edgeset<i32> -> !graph.segments<out, i32>
  %k = graph.segments.count %in : !graph.segments<in>
  %v, %o, %nb = graph.segment.view %out[%i] : !graph.segments<out, i32> -> memref<?xi32>, memref<?xi64>, memref<?xi32>
  %w = graph.segment.weights %out[%i] : !graph.segments<out, i32> -> memref<?xi32>
  return %k, %v, %o, %nb, %w : index, memref<?xi32>, memref<?xi64>, memref<?xi32>, memref<?xi32>
}

// -----

// Segments whose last one lists every destination (a pull running its
// epilogue there) come from their own runtime entry.
// CHECK: func.func private @graphrt_segments_get_all_last(!llvm.ptr, i64, i32, i32) -> !llvm.ptr
// CHECK-LABEL: func.func @segments_all_last(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: index
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[PULL:.*]] = arith.constant 0 : i32
// CHECK: %[[EDGE:.*]] = arith.constant 1 : i32
// CHECK: call @graphrt_segments_get_all_last(%[[G]], %[[N64]], %[[PULL]], %[[EDGE]])
func.func @segments_all_last(%g: !graph.edgeset, %n: index) -> index {
  %in = graph.segments %g count(%n) edge_aware_vertex_count last_lists_all : !graph.edgeset -> !graph.segments<in>
  %k = graph.segments.count %in : !graph.segments<in>
  return %k : index
}

// -----

// The team sizes of NUMA traversals come from the runtime.
// CHECK-DAG: func.func private @graphrt_numa_sockets() -> i64
// CHECK-DAG: func.func private @graphrt_numa_threads_per_socket() -> i64
// CHECK-DAG: func.func private @graphrt_max_threads() -> i64
// CHECK-LABEL: func.func @numa
// CHECK: %[[S:.*]] = call @graphrt_numa_sockets() : () -> i64
// CHECK: %[[SI:.*]] = arith.index_cast %[[S]] : i64 to index
// CHECK: %[[T:.*]] = call @graphrt_numa_threads_per_socket() : () -> i64
// CHECK: %[[TI:.*]] = arith.index_cast %[[T]] : i64 to index
// CHECK: %[[M:.*]] = call @graphrt_max_threads() : () -> i64
// CHECK: %[[MI:.*]] = arith.index_cast %[[M]] : i64 to index
// CHECK: return %[[SI]], %[[TI]], %[[MI]]
func.func @numa() -> (index, index, index) {
  %s = graph.numa.sockets : index
  %t = graph.numa.threads_per_socket : index
  %m = graph.max_threads : index
  return %s, %t, %m : index, index, index
}

// -----

// A thread's number and its team's size are libomp's, declared once.
// CHECK-DAG: func.func private @omp_get_thread_num() -> i32
// CHECK-DAG: func.func private @omp_get_num_threads() -> i32
// CHECK-LABEL: func.func @team
// CHECK-NEXT: %[[T:.*]] = call @omp_get_thread_num() : () -> i32
// CHECK-NEXT: %[[TI:.*]] = arith.index_cast %[[T]] : i32 to index
// CHECK-NEXT: %[[N:.*]] = call @omp_get_num_threads() : () -> i32
// CHECK-NEXT: %[[NI:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK-NEXT: %[[T2:.*]] = call @omp_get_thread_num() : () -> i32
// CHECK-NEXT: %[[T2I:.*]] = arith.index_cast %[[T2]] : i32 to index
// CHECK-NEXT: return %[[TI]], %[[NI]], %[[T2I]]
func.func @team() -> (index, index, index) {
  %t = graph.thread_num : index
  %n = graph.num_threads : index
  %t2 = graph.thread_num : index
  return %t, %n, %t2 : index, index, index
}

// -----

// Whole-vector reductions: an scf.parallel whose scf.reduce combines by the
// kind (min and max as compare and select, the form convert-scf-to-openmp
// turns into an omp.wsloop reduction), starting from the kind's identity.
// CHECK-LABEL: func.func @vector_reductions
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[SUM:.*]] = scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%[[ZERO]]) -> f64
// CHECK:   %[[X:.*]] = memref.load %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK:   scf.reduce(%[[X]] : f64)
// CHECK:     %[[S:.*]] = arith.addf
// CHECK:     scf.reduce.return %[[S]] : f64
// CHECK: %[[NONE:.*]] = arith.constant 0 : i32
// CHECK: scf.parallel {{.*}} init (%[[NONE]]) -> i32
// CHECK:     %[[GT:.*]] = arith.cmpi ugt, %[[A:.*]], %[[B:.*]] : i32
// CHECK:     %[[M:.*]] = arith.select %[[GT]], %[[A]], %[[B]] : i32
// CHECK:     scf.reduce.return %[[M]] : i32
// CHECK: %[[TOP:.*]] = arith.constant 2147483647 : i32
// CHECK: scf.parallel {{.*}} init (%[[TOP]]) -> i32
// CHECK:     arith.cmpi slt
func.func @vector_reductions(%v: !graph.vector<f64>, %w: !graph.vector<i32>) -> (f64, i32, i32) {
  %s = graph.vector.reduce add %v : !graph.vector<f64>
  %m = graph.vector.reduce maxu %w : !graph.vector<i32>
  %n = graph.vector.reduce min %w : !graph.vector<i32>
  return %s, %m, %n : f64, i32, i32
}

// -----

// Lists of vertex sets and transposed graphs are runtime handles, released
// at the end of the block that makes them (a list's sets are not).
// CHECK: llvm.mlir.global internal constant @[[RETRIEVE:graphrt_text_[0-9]+]]("p.gt:9:5: retrieve\00")
// CHECK-LABEL: func.func @lists_and_transpose
// CHECK: %[[T:.*]] = call @graphrt_transpose(%{{.*}}) : (!llvm.ptr) -> !llvm.ptr
// CHECK: %[[L:.*]] = call @graphrt_vlist_new() : () -> !llvm.ptr
// CHECK: call @graphrt_vlist_append(%[[L]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// A pop's name for its run-time error is its location and what the
// program called it (`pop` unless `as`).
// CHECK: %[[P:.*]] = call @graphrt_vlist_pop(%[[L]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: llvm.mlir.addressof @[[RETRIEVE]] : !llvm.ptr
// CHECK: call @graphrt_vlist_pop(%[[L]], %{{.*}})
// CHECK: call @graphrt_graph_free(%[[T]])
// CHECK: call @graphrt_vlist_free(%[[L]])
// CHECK: return %[[P]]
func.func @lists_and_transpose(%g: !graph.edgeset, %s: !graph.vertexset) -> !graph.vertexset {
  %t = graph.transpose %g : !graph.edgeset
  %l = graph.list.new : !graph.list<!graph.vertexset>
  graph.list.append %l, %s : !graph.list<!graph.vertexset>
  %p = graph.list.pop %l : !graph.list<!graph.vertexset>
  %q = graph.list.pop %l as "retrieve" : !graph.list<!graph.vertexset> loc("p.gt":9:5)
  %m = graph.num_edges %t : !graph.edgeset
  return %p : !graph.vertexset
}

// A graph is directed unless the runtime knows its in-edges are its
// out-edges.
// CHECK-LABEL: func.func @is_directed
// CHECK: %[[SYM:.*]] = call @graphrt_is_symmetric(%{{.*}}) : (!llvm.ptr) -> i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[DIRECTED:.*]] = arith.cmpi eq, %[[SYM]], %[[ZERO]] : i32
// CHECK: return %[[DIRECTED]] : i1
func.func @is_directed(%g: !graph.edgeset) -> i1 {
  %directed = graph.is_directed %g : !graph.edgeset
  return %directed : i1
}

// Lists of numbers hold packed values of the element's size, passed as the
// bits of an i64: an i32 is zero-extended in and truncated out, an f32
// bitcast as well, an index cast.
// CHECK-LABEL: func.func @number_lists
// CHECK: %[[C4:.*]] = arith.constant 4 : i64
// CHECK: %[[I:.*]] = call @graphrt_list_new(%[[C4]]) : (i64) -> !llvm.ptr
// CHECK: %[[IBITS:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: call @graphrt_list_append(%[[I]], %[[IBITS]]) : (!llvm.ptr, i64) -> ()
// CHECK: %[[IPOP:.*]] = call @graphrt_list_pop(%[[I]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> i64
// CHECK: arith.trunci %[[IPOP]] : i64 to i32
// CHECK: %[[F:.*]] = call @graphrt_list_new(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK: %[[FINT:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.extui %[[FINT]] : i32 to i64
// CHECK: %[[FPOP:.*]] = call @graphrt_list_pop(%[[F]], %{{.*}})
// CHECK: %[[FTRUNC:.*]] = arith.trunci %[[FPOP]] : i64 to i32
// CHECK: arith.bitcast %[[FTRUNC]] : i32 to f32
// CHECK: %[[C8:.*]] = arith.constant 8 : i64
// CHECK: %[[X:.*]] = call @graphrt_list_new(%[[C8]])
// CHECK: arith.index_cast %{{.*}} : index to i64
// CHECK: %[[XPOP:.*]] = call @graphrt_list_pop(%[[X]], %{{.*}})
// CHECK: arith.index_cast %[[XPOP]] : i64 to index
// CHECK: call @graphrt_list_free(%[[I]])
// CHECK: call @graphrt_list_free(%[[F]])
// CHECK: call @graphrt_list_free(%[[X]])
func.func @number_lists(%i: i32, %f: f32, %x: index) -> (i32, f32, index) {
  %li = graph.list.new : !graph.list<i32>
  graph.list.append %li, %i : !graph.list<i32>
  %pi = graph.list.pop %li : !graph.list<i32>
  %lf = graph.list.new : !graph.list<f32>
  graph.list.append %lf, %f : !graph.list<f32>
  %pf = graph.list.pop %lf : !graph.list<f32>
  %lx = graph.list.new : !graph.list<index>
  graph.list.append %lx, %x : !graph.list<index>
  %px = graph.list.pop %lx : !graph.list<index>
  return %pi, %pf, %px : i32, f32, index
}

// A vector of rows is an n x K memref: made by one allocation filled row by
// row, its elements reached with the vertex and the column.
// CHECK-LABEL: func.func @rows
// CHECK: %[[M:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf64>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}}
// CHECK:   memref.store %{{.*}}, %[[M]][%{{.*}}, %[[K]]] : memref<?x4xf64>
// CHECK: memref.load %[[M]][%{{.*}}, %{{.*}}] : memref<?x4xf64>
// CHECK: memref.atomic_rmw addf %{{.*}}, %[[M]][%{{.*}}, %{{.*}}] : (f64, memref<?x4xf64>) -> f64
// CHECK: memref.store %{{.*}}, %[[M]][%{{.*}}, %{{.*}}] : memref<?x4xf64>
// CHECK: memref.dealloc %[[M]] : memref<?x4xf64>
func.func @rows(%g: !graph.edgeset, %v: index, %k: index) -> f64 {
  %half = arith.constant 0.5 : f64
  %m = graph.vector.new %g init(%half : f64) : !graph.edgeset -> !graph.vector<?x4xf64>
  %x = graph.vector.get %m[%v, %k] : !graph.vector<?x4xf64>
  %c = graph.reduce add atomic %m[%v, %k], %x : !graph.vector<?x4xf64>
  graph.vector.set %m[%v, %k], %half : !graph.vector<?x4xf64>
  return %x : f64
}

// -----

// Union-find link: a loop over the two roots found, pointing the larger at
// the smaller by compare-and-swap (a generic atomic RMW) when it still is a
// root, else retrying from the grandparent and the smaller's parent. Find:
// path compression until the parent is a root.
// CHECK-LABEL: func.func @union_find(
// CHECK-SAME: %[[F:.*]]: memref<?xi32>, %[[U:.*]]: index, %[[V:.*]]: index
// CHECK: %[[PU:.*]] = memref.load %[[F]][%[[U]]] : memref<?xi32>
// CHECK: %[[PV:.*]] = memref.load %[[F]][%[[V]]] : memref<?xi32>
// CHECK: scf.while (%[[A:.*]] = %[[PU]], %[[B:.*]] = %[[PV]]) : (i32, i32) -> (i32, i32)
// CHECK: %[[DIFFER:.*]] = arith.cmpi ne, %[[A]], %[[B]] : i32
// CHECK: scf.if %[[DIFFER]] -> (i1, i32, i32)
// CHECK: %[[HIGH:.*]] = arith.maxsi %[[A]], %[[B]] : i32
// CHECK: %[[LOW:.*]] = arith.minsi %[[A]], %[[B]] : i32
// CHECK: %[[HP:.*]] = memref.load %[[F]]
// CHECK: %[[ROOT:.*]] = arith.cmpi eq, %[[HP]], %[[HIGH]] : i32
// CHECK: scf.if %[[ROOT]] -> (i1)
// CHECK: memref.generic_atomic_rmw %[[F]]
// CHECK: arith.select %{{.*}}, %[[LOW]], %{{.*}} : i32
// CHECK: scf.condition
// CHECK: %[[FOUND:.*]]:2 = scf.while : () -> (i32, i32)
// CHECK: %[[P:.*]] = memref.load %[[F]][%[[U]]]
// CHECK: %[[GP:.*]] = memref.load %[[F]]
// CHECK: %[[NOTROOT:.*]] = arith.cmpi ne, %[[P]], %[[GP]] : i32
// CHECK: scf.condition(%[[NOTROOT]]) %[[P]], %[[GP]]
// CHECK: ^bb0(%{{.*}}: i32, %[[UP:.*]]: i32):
// CHECK: memref.store %[[UP]], %[[F]][%[[U]]]
// CHECK: return %[[FOUND]]#0 : i32
func.func @union_find(%f: !graph.vector<i32>, %u: index, %v: index) -> i32 {
  graph.vector.link %f[%u, %v] : !graph.vector<i32>
  %root = graph.vector.find %f[%u] : !graph.vector<i32>
  return %root : i32
}

// A prefetch hint is memref.prefetch of the element (of the row's first
// element on a vector with rows), kept in all cache levels.
// CHECK-LABEL: func.func @prefetch(
// CHECK-SAME: %[[F:.*]]: memref<?xi32>, %[[M:.*]]: memref<?x4xf32>, %[[V:.*]]: index
// CHECK-NEXT: memref.prefetch %[[F]][%[[V]]], read, locality<3>, data : memref<?xi32>
// CHECK-NEXT: memref.prefetch %[[F]][%[[V]]], write, locality<3>, data : memref<?xi32>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.prefetch %[[M]][%[[V]], %[[C0]]], read, locality<3>, data : memref<?x4xf32>
func.func @prefetch(%f: !graph.vector<i32>, %m: !graph.vector<?x4xf32>,
                    %v: index) {
  graph.vector.prefetch %f[%v] : !graph.vector<i32>
  graph.vector.prefetch %f[%v] write : !graph.vector<i32>
  graph.vector.prefetch %m[%v] : !graph.vector<?x4xf32>
  return
}

// -----

// A set of all vertices or none, decided at run time by its size.
// CHECK-LABEL: func.func @vertexset_sized(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[SIZE:[^:]*]]: i32)
// CHECK: %[[N:.*]] = call @graphrt_num_vertices(%[[G]])
// CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[SIZE]], %{{.*}} : i32
// CHECK: %[[ALL:.*]] = arith.extui %[[NZ]] : i1 to i32
// CHECK: call @graphrt_vset_new(%[[N]], %[[ALL]])
func.func @vertexset_sized(%g: !graph.edgeset, %size: i32) -> index {
  %s = graph.vertexset.new %g size(%size : i32) : !graph.edgeset
  %n = graph.vertexset.size %s
  return %n : index
}

// -----

// Unsigned integers parse and print without a sign: graph.atoi unsigned
// checks [0, 2^bits - 1], graph.print unsigned zero-extends.
// CHECK-LABEL: func.func @unsigned_values(
// CHECK: %[[BITS:.*]] = arith.constant 32 : i32
// CHECK: %[[P:.*]] = call @graphrt_atou_bits(%{{.*}}, %[[BITS]])
// CHECK: %[[U:.*]] = arith.trunci %[[P]] : i64 to i32
// CHECK: %[[W:.*]] = arith.extui %[[U]] : i32 to i64
// CHECK: call @graphrt_print_u64(%[[W]])
// CHECK: call @graphrt_print_u64(%{{.*}}) : (i64) -> ()
// CHECK: %[[S:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: call @graphrt_print_i64(%[[S]])
func.func @unsigned_values(%big: i64) {
  %a = graph.argv 2
  %u = graph.atoi %a unsigned : i32
  graph.print unsigned %u : i32
  graph.print unsigned %big : i64
  graph.print %u : i32
  return
}

// -----

// An unscheduled vertex loop (apply or filter) runs in parallel unless it
// prints: printing keeps vertex order.
// CHECK-LABEL: func.func @print_in_order(
// CHECK-NOT: omp.parallel
// CHECK: scf.for
// CHECK: call @graphrt_print_i64
// CHECK: scf.for
// CHECK: call @graphrt_print_i64
// CHECK-NOT: omp.parallel
// CHECK: return
func.func @print_in_order(%g: !graph.edgeset, %v: !graph.vector<i32>) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%u: index):
    %y = graph.vector.get %v[%u] : !graph.vector<i32>
    graph.print %y : i32
  }
  %kept = graph.vertexset.filter %all {
  ^bb0(%u: index):
    %y = graph.vector.get %v[%u] : !graph.vector<i32>
    graph.print %y : i32
    %t = arith.constant true
    graph.yield %t : i1
  }
  return
}
