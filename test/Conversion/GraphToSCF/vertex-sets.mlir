// RUN: graph-opt %s --convert-graph-to-scf --split-input-file | FileCheck %s

// Vertex sets and the loops over them (VertexSets.cpp).

// A set is a libgraphrt handle: a vertex goes in as an int64_t, its views
// (ids, one byte per vertex) are C-interface arrays, its out-degree sum a
// count; a deleted set is null.
// CHECK-DAG: func.func private @graphrt_vset_insert(!llvm.ptr, i64)
// CHECK-DAG: func.func private @graphrt_vset_ids(!llvm.ptr) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_vset_ids_unordered(!llvm.ptr) -> memref<?xi32> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_vset_bools(!llvm.ptr) -> memref<?xi8> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @graphrt_vset_out_degree_sum(!llvm.ptr, !llvm.ptr) -> i64
// CHECK-DAG: func.func private @graphrt_vset_free(!llvm.ptr)
// CHECK-LABEL: func.func @sets(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[S:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: index)
// CHECK-NEXT: %[[V64:.*]] = arith.index_cast %[[V]] : index to i64
// CHECK-NEXT: call @graphrt_vset_insert(%[[S]], %[[V64]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT: %[[IDS:.*]] = call @graphrt_vset_ids(%[[S]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NEXT: %[[ANY:.*]] = call @graphrt_vset_ids_unordered(%[[S]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NEXT: %[[BOOLS:.*]] = call @graphrt_vset_bools(%[[S]]) : (!llvm.ptr) -> memref<?xi8>
// CHECK-NEXT: %[[SUM64:.*]] = call @graphrt_vset_out_degree_sum(%[[S]], %[[G]]) : (!llvm.ptr, !llvm.ptr) -> i64
// CHECK-NEXT: %[[SUM:.*]] = arith.index_cast %[[SUM64]] : i64 to index
// CHECK-NEXT: call @graphrt_vset_free(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[NONE:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: return %[[IDS]], %[[BOOLS]], %[[SUM]], %[[NONE]]
func.func @sets(%g: !graph.edgeset, %s: !graph.vertexset, %v: index)
    -> (memref<?xi32>, memref<?xi8>, index, !graph.vertexset) {
  graph.vertexset.insert %s, %v
  %ids = graph.vertexset.ids %s : memref<?xi32>
  %any = graph.vertexset.ids %s unordered : memref<?xi32>
  %bools = graph.vertexset.bools %s : memref<?xi8>
  %sum = graph.vertexset.out_degree_sum %s, %g : !graph.edgeset
  graph.vertexset.free %s
  %none = graph.vertexset.deleted
  return %ids, %bools, %sum, %none
      : memref<?xi32>, memref<?xi8>, index, !graph.vertexset
}

// -----

// A filter makes an empty set over as many vertices, marks the members the
// predicate keeps in its bool array in a loop over the input's ids (dynamic
// schedule, 256 at a time, by default), then seals it from the marks.
// CHECK-DAG: func.func private @graphrt_vset_num_vertices(!llvm.ptr) -> i64
// CHECK-DAG: func.func private @graphrt_vset_seal_bools(!llvm.ptr)
// CHECK-LABEL: func.func @filter(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[FLAGS:[^:]*]]: memref<?xi8>)
// CHECK-NEXT: %[[N:.*]] = call @graphrt_vset_num_vertices(%[[S]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[EMPTY:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[OUT:.*]] = call @graphrt_vset_new(%[[N]], %[[EMPTY]]) : (i64, i32) -> !llvm.ptr
// CHECK-NEXT: %[[MARKS:.*]] = call @graphrt_vset_bools(%[[OUT]]) : (!llvm.ptr) -> memref<?xi8>
// CHECK:      %[[IDS:.*]] = call @graphrt_vset_ids(%[[S]]) : (!llvm.ptr) -> memref<?xi32>
// CHECK-NEXT: %[[COUNT:.*]] = memref.dim %[[IDS]], %{{.*}} : memref<?xi32>
// CHECK-NEXT: %[[GRAIN:.*]] = arith.constant 256 : i64
// CHECK:      memref.alloca_scope {
// CHECK-NEXT: %[[T:.*]] = func.call @graphrt_max_threads() : () -> i64
// CHECK-NEXT: %[[RANGES:.*]] = arith.index_cast %[[T]] : i64 to index
// CHECK-NEXT: %[[NEXT:.*]] = memref.alloca(%[[RANGES]]) {alignment = 64 : i64} : memref<?x8xi64>
// CHECK:      %[[STRIDE:.*]] = arith.muli %[[GRAIN]], %{{.*}} : i64
// CHECK:      %[[UB:.*]] = arith.index_cast %[[COUNT]] : index to i64
// CHECK:        memref.store %{{.*}}, %[[NEXT]][%{{.*}}, %{{.*}}] : memref<?x8xi64>
// CHECK:        %[[END:.*]] = memref.load %[[NEXT]][%{{.*}}, %{{.*}}] : memref<?x8xi64>
// CHECK:        memref.atomic_rmw addi %[[STRIDE]], %[[NEXT]][%{{.*}}, %{{.*}}] : (i64, memref<?x8xi64>) -> i64
// CHECK:        %[[TO:.*]] = arith.minsi %{{.*}}, %[[END]] : i64
// CHECK:        scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:     %[[ID:.*]] = memref.load %[[IDS]][%[[I]]] : memref<?xi32>
// CHECK-NEXT:     %[[U:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK-NEXT:     %[[FLAG8:.*]] = memref.load %[[FLAGS]][%[[U]]] : memref<?xi8>
// CHECK-NEXT:     %[[KEEP:.*]] = arith.trunci %[[FLAG8]] : i8 to i1
// CHECK-NEXT:     scf.if %[[KEEP]] {
// CHECK-NEXT:       %[[ONE:.*]] = arith.constant 1 : i8
// CHECK-NEXT:       memref.store %[[ONE]], %[[MARKS]][%[[U]]] : memref<?xi8>
// CHECK:      call @graphrt_vset_seal_bools(%[[OUT]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return %[[OUT]]
func.func @filter(%s: !graph.vertexset, %flags: !graph.vector<i1>)
    -> !graph.vertexset {
  %kept = graph.vertexset.filter %s {
  ^bb0(%u: index):
    %keep = graph.vector.get %flags[%u] : !graph.vector<i1>
    graph.yield %keep : i1
  }
  return %kept : !graph.vertexset
}

// -----

// Over the set of all vertices the loop is 0..n, without an id list; a
// serial schedule makes it an scf.for.
// CHECK-LABEL: func.func @filter_all(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[FLAGS:[^:]*]]: memref<?xi8>)
// CHECK:      %[[ALL:.*]] = call @graphrt_vset_new(
// CHECK-NEXT: %[[SIZE:.*]] = call @graphrt_vset_num_vertices(%[[ALL]])
// CHECK:      %[[OUT:.*]] = call @graphrt_vset_new(%[[SIZE]],
// CHECK-NEXT: %[[MARKS:.*]] = call @graphrt_vset_bools(%[[OUT]])
// CHECK-NOT:  graphrt_vset_ids
// CHECK:      %[[N64:.*]] = call @graphrt_num_vertices(%[[G]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[N64]] : i64 to index
// CHECK-NOT:  omp.
// CHECK:      scf.for %[[U:.*]] = %{{.*}} to %[[N]] step
// CHECK-NEXT:   %[[FLAG8:.*]] = memref.load %[[FLAGS]][%[[U]]] : memref<?xi8>
// CHECK:          memref.store %{{.*}}, %[[MARKS]][%[[U]]] : memref<?xi8>
// CHECK:      call @graphrt_vset_seal_bools(%[[OUT]])
func.func @filter_all(%g: !graph.edgeset, %flags: !graph.vector<i1>)
    -> !graph.vertexset {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %kept = graph.vertexset.filter %all schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%u: index):
    %keep = graph.vector.get %flags[%u] : !graph.vector<i1>
    graph.yield %keep : i1
  }
  return %kept : !graph.vertexset
}

// -----

// A loop with `[%lo to %hi]` (graph-distribute's loop over owned vertices)
// visits only the members in that range: the sorted ids in it for a set,
// the vertices lo..hi for all vertices; a filter seals from the marks in
// the range alone.
// CHECK-DAG: func.func private @graphrt_vset_ids_in(!llvm.ptr, i64, i64) -> memref<?xi32>
// CHECK-DAG: func.func private @graphrt_vset_seal_bools_in(!llvm.ptr, i64, i64)
// CHECK-LABEL: func.func @owned_members(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[G:[^:]*]]: !llvm.ptr, %[[LO:[^:]*]]: index, %[[HI:[^:]*]]: index, %[[FLAGS:[^:]*]]: memref<?xi8>)
// CHECK:      %[[LO64:.*]] = arith.index_cast %[[LO]] : index to i64
// CHECK-NEXT: %[[HI64:.*]] = arith.index_cast %[[HI]] : index to i64
// CHECK-NEXT: %[[IDS:.*]] = call @graphrt_vset_ids_in(%[[S]], %[[LO64]], %[[HI64]])
// CHECK-NEXT: %[[COUNT:.*]] = memref.dim %[[IDS]], %{{.*}} : memref<?xi32>
// CHECK:      scf.for %{{.*}} = %{{.*}} to %[[COUNT]] step
// CHECK:      call @graphrt_num_vertices(%[[G]])
// CHECK:      %[[END:.*]] = arith.minui %[[HI]], %{{.*}} : index
// CHECK:      scf.for %{{.*}} = %[[LO]] to %[[END]] step
// CHECK:      call @graphrt_vset_seal_bools_in(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64) -> ()
// CHECK-NOT:  graphrt_vset_ids(
// CHECK:      return
func.func @owned_members(%s: !graph.vertexset, %g: !graph.edgeset,
                         %lo: index, %hi: index, %flags: !graph.vector<i1>)
    -> !graph.vertexset {
  graph.vertexset.apply %s[%lo to %hi] schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %one = arith.constant true
    graph.vector.set %flags[%v], %one : !graph.vector<i1>
  }
  %all = graph.vertexset.new %g all : !graph.edgeset
  %kept = graph.vertexset.filter %all[%lo to %hi] schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %flag = graph.vector.get %flags[%v] : !graph.vector<i1>
    graph.yield %flag : i1
  }
  return %kept : !graph.vertexset
}

// -----

// A body that tests a range itself is only a body: the loop still visits
// every member (only `[%lo to %hi]` narrows it).
// CHECK-LABEL: func.func @guarded_body(
// CHECK:      call @graphrt_vset_ids(
// CHECK-NOT:  graphrt_vset_ids_in
func.func @guarded_body(%s: !graph.vertexset, %lo: index, %hi: index,
                        %flags: !graph.vector<i1>) {
  graph.vertexset.apply %s schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %from = arith.cmpi uge, %v, %lo : index
    %below = arith.cmpi ult, %v, %hi : index
    %owns = arith.andi %from, %below : i1
    scf.if %owns {
      %one = arith.constant true
      graph.vector.set %flags[%v], %one : !graph.vector<i1>
    }
  }
  return
}

// -----

// graph.parallel_for: a dynamically scheduled loop, one iteration at a time
// unless scheduled otherwise, with the body inlined.
// CHECK-LABEL: func.func @parallel_for(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[V:[^:]*]]: memref<?xi32>)
// CHECK:      %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[GRAIN:.*]] = arith.constant 1 : i64
// CHECK:      %[[STRIDE:.*]] = arith.muli %[[GRAIN]], %{{.*}} : i64
// CHECK-NEXT: omp.parallel {
// CHECK:        %[[UB:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:          %[[END:.*]] = memref.load %{{.*}} : memref<?x8xi64>
// CHECK:          memref.atomic_rmw addi %[[STRIDE]], %{{.*}} : (i64, memref<?x8xi64>) -> i64
// CHECK:          %[[TO:.*]] = arith.minsi %{{.*}}, %[[END]] : i64
// CHECK:          scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:       memref.store %[[ONE]], %[[V]][%[[I]]] : memref<?xi32>
// CHECK-NEXT:     } {graph.team_chunk}
func.func @parallel_for(%n: index, %v: !graph.vector<i32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  graph.parallel_for %c0 to %n {
  ^bb0(%i: index):
    graph.vector.set %v[%i], %one : !graph.vector<i32>
    graph.yield
  }
  return
}

// -----

// A static schedule gives each thread one contiguous block of whole grains,
// ceil(n / (threads * grain)) grains (at least one), rather than grains in
// turn: the block is computed before the team starts, from
// graph.max_threads.
// CHECK-LABEL: func.func @apply_static(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: memref<?xi32>)
// CHECK:      call @graphrt_vset_new(
// CHECK:      %[[N64:.*]] = call @graphrt_num_vertices(%[[G]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[N64]] : i64 to index
// CHECK:      %[[TRIPS:.*]] = arith.subi %[[N]], %[[LB:.*]] : index
// CHECK-NEXT: %[[TRIPS64:.*]] = arith.index_cast %[[TRIPS]] : index to i64
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[NONNEG:.*]] = arith.maxsi %[[TRIPS64]], %[[ZERO]] : i64
// CHECK-NEXT: %[[T64:.*]] = call @graphrt_max_threads() : () -> i64
// CHECK-NEXT: %[[T:.*]] = arith.index_cast %[[T64]] : i64 to index
// CHECK-NEXT: %[[TI:.*]] = arith.index_cast %[[T]] : index to i64
// CHECK-NEXT: %[[GRAIN:.*]] = arith.constant 64 : i64
// CHECK-NEXT: %[[SPAN:.*]] = arith.muli %[[TI]], %[[GRAIN]] : i64
// CHECK-NEXT: %[[GRAINS:.*]] = arith.ceildivui %[[NONNEG]], %[[SPAN]] : i64
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[ATLEAST:.*]] = arith.maxui %[[GRAINS]], %[[ONE]] : i64
// CHECK-NEXT: %[[GRAIN2:.*]] = arith.constant 64 : i64
// CHECK-NEXT: %[[BLOCK:.*]] = arith.muli %[[ATLEAST]], %[[GRAIN2]] : i64
// CHECK:      omp.parallel {
// CHECK-NEXT:   omp.wsloop schedule(static = %[[BLOCK]] : i64) {
// CHECK-NEXT:     omp.loop_nest (%[[U:.*]]) : index = (%[[LB]]) to (%[[N]])
// CHECK-NEXT:       memref.store %{{.*}}, %[[V]][%[[U]]] : memref<?xi32>
func.func @apply_static(%g: !graph.edgeset, %v: !graph.vector<i32>) {
  %one = arith.constant 1 : i32
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all schedule(#graph.schedule<parallel = static_vertex, grain = 64>) {
  ^bb0(%u: index):
    graph.vector.set %v[%u], %one : !graph.vector<i32>
    graph.yield
  }
  return
}
