// RUN: graph-opt %s | graph-opt | FileCheck %s
// RUN: graph-opt %s --mlir-print-op-generic | graph-opt | FileCheck %s

// Round trip of every graph type, attribute and operation form, in the
// pretty and in the generic form.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @edgeset_types(
// CHECK-SAME: !graph.edgeset, !graph.edgeset<i1>, !graph.edgeset<i8>,
// CHECK-SAME: !graph.edgeset<i32>, !graph.edgeset<i64>, !graph.edgeset<f16>,
// CHECK-SAME: !graph.edgeset<bf16>, !graph.edgeset<f32>, !graph.edgeset<f64>)
func.func private @edgeset_types(!graph.edgeset, !graph.edgeset<i1>,
    !graph.edgeset<i8>, !graph.edgeset<i32>, !graph.edgeset<i64>,
    !graph.edgeset<f16>, !graph.edgeset<bf16>, !graph.edgeset<f32>,
    !graph.edgeset<f64>)

// CHECK-LABEL: func.func private @vector_types(
// CHECK-SAME: !graph.vector<i1>, !graph.vector<i8>, !graph.vector<i32>,
// CHECK-SAME: !graph.vector<i64>, !graph.vector<f32>, !graph.vector<f64>)
func.func private @vector_types(!graph.vector<i1>, !graph.vector<i8>,
    !graph.vector<i32>, !graph.vector<i64>, !graph.vector<f32>,
    !graph.vector<f64>)

// CHECK-LABEL: func.func private @other_types(
// CHECK-SAME: !graph.vertexset, !graph.string) -> (!graph.vertexset, !graph.string)
func.func private @other_types(!graph.vertexset, !graph.string)
    -> (!graph.vertexset, !graph.string)

// CHECK-LABEL: func.func private @segments_types(
// CHECK-SAME: !graph.segments<in>, !graph.segments<out>, !graph.segments<in, i32>,
// CHECK-SAME: !graph.segments<out, f64>)
func.func private @segments_types(!graph.segments<in>, !graph.segments<out>,
    !graph.segments<in, i32>, !graph.segments<out, f64>)

//===----------------------------------------------------------------------===//
// #graph.schedule: every option and every enum value. The printer writes the
// options in a fixed order and leaves out those at their default.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @schedules()
// CHECK-SAME: attributes {
// All defaults: the printer spells out one default.
// CHECK-SAME: d00 = #graph.schedule<parallel = serial>,
// CHECK-SAME: d01 = #graph.schedule<parallel = serial>,
// CHECK-SAME: d02 = #graph.schedule<parallel = serial>,
// direction
// CHECK-SAME: dir1 = #graph.schedule<direction = dense_push>,
// CHECK-SAME: dir2 = #graph.schedule<direction = dense_pull>,
// CHECK-SAME: dir3 = #graph.schedule<direction = sparse_push_dense_pull>,
// CHECK-SAME: dir4 = #graph.schedule<direction = sparse_push_dense_push>,
// frontier, frontier_sets
// CHECK-SAME: fr1 = #graph.schedule<frontier = bitvector>,
// CHECK-SAME: fr2 = #graph.schedule<direction = sparse_push_dense_pull, frontier = bitvector, frontier_sets = src>,
// CHECK-SAME: fr3 = #graph.schedule<frontier_sets = dst>,
// CHECK-SAME: fr4 = #graph.schedule<parallel = dynamic_vertex, frontier = sliding_queue>,
// grain
// CHECK-SAME: gr1 = #graph.schedule<grain = 1>,
// CHECK-SAME: gr2 = #graph.schedule<parallel = dynamic_vertex, grain = 1024>,
// numa
// CHECK-SAME: numa1 = #graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4, numa = static_parallel>,
// CHECK-SAME: numa2 = #graph.schedule<direction = dense_push, parallel = static_vertex, segments = argv[2], numa = dynamic_parallel>,
// CHECK-SAME: numa3 = #graph.schedule<direction = dense_pull, parallel = edge_aware_dynamic_vertex, segments = 8>,
// parallel
// CHECK-SAME: par1 = #graph.schedule<parallel = dynamic_vertex>,
// CHECK-SAME: par2 = #graph.schedule<parallel = static_vertex>,
// CHECK-SAME: par3 = #graph.schedule<parallel = edge_aware_dynamic_vertex>,
// segments, segment_strategy
// CHECK-SAME: seg1 = #graph.schedule<direction = dense_pull, segments = 1>,
// CHECK-SAME: seg2 = #graph.schedule<direction = sparse_push_dense_push, segments = 16>,
// CHECK-SAME: seg3 = #graph.schedule<direction = dense_push, segments = argv[1]>,
// CHECK-SAME: seg4 = #graph.schedule<direction = sparse_push_dense_pull, segments = argv[7], segment_strategy = edge_aware_vertex_count>,
// CHECK-SAME: seg5 = #graph.schedule<direction = dense_pull, segments = 2>,
// Everything at once, in canonical order.
// CHECK-SAME: zall = #graph.schedule<direction = sparse_push_dense_pull, parallel = edge_aware_dynamic_vertex, grain = 64, frontier = bitvector, frontier_sets = dst, segments = 12, segment_strategy = edge_aware_vertex_count, numa = static_parallel>}
func.func private @schedules() attributes {
  d00 = #graph.schedule<parallel = serial>,
  d01 = #graph.schedule<direction = sparse_push, grain = 256, frontier = bool_array>,
  d02 = #graph.schedule<frontier_sets = both, segment_strategy = fixed_vertex_count, numa = serial>,
  dir1 = #graph.schedule<direction = dense_push>,
  dir2 = #graph.schedule<direction = dense_pull>,
  dir3 = #graph.schedule<direction = sparse_push_dense_pull>,
  dir4 = #graph.schedule<direction = sparse_push_dense_push>,
  fr1 = #graph.schedule<frontier = bitvector>,
  fr2 = #graph.schedule<frontier_sets = src, frontier = bitvector, direction = sparse_push_dense_pull>,
  fr3 = #graph.schedule<frontier_sets = dst, frontier = bool_array>,
  fr4 = #graph.schedule<frontier = sliding_queue, parallel = dynamic_vertex>,
  gr1 = #graph.schedule<grain = 1>,
  gr2 = #graph.schedule<grain = 1024, parallel = dynamic_vertex>,
  numa1 = #graph.schedule<numa = static_parallel, segments = 4, parallel = dynamic_vertex, direction = dense_pull>,
  numa2 = #graph.schedule<direction = dense_push, parallel = static_vertex, segments = argv[2], numa = dynamic_parallel>,
  numa3 = #graph.schedule<direction = dense_pull, parallel = edge_aware_dynamic_vertex, segments = 8, numa = serial>,
  par1 = #graph.schedule<parallel = dynamic_vertex>,
  par2 = #graph.schedule<parallel = static_vertex>,
  par3 = #graph.schedule<parallel = edge_aware_dynamic_vertex>,
  seg1 = #graph.schedule<direction = dense_pull, segments = 1>,
  seg2 = #graph.schedule<direction = sparse_push_dense_push, segments = 16>,
  seg3 = #graph.schedule<segments = argv[1], direction = dense_push>,
  seg4 = #graph.schedule<direction = sparse_push_dense_pull, segments = argv[7], segment_strategy = edge_aware_vertex_count>,
  seg5 = #graph.schedule<direction = dense_pull, segments = 2, segment_strategy = fixed_vertex_count>,
  zall = #graph.schedule<numa = static_parallel, segment_strategy = edge_aware_vertex_count, segments = 12, frontier_sets = dst, frontier = bitvector, grain = 64, parallel = edge_aware_dynamic_vertex, direction = sparse_push_dense_pull>
}

//===----------------------------------------------------------------------===//
// Program environment
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @environment(
// CHECK-SAME: %[[I:.*]]: i32, %[[F:.*]]: f64, %[[B:.*]]: i1, %[[H:.*]]: f16)
func.func @environment(%i: i32, %f: f64, %b: i1, %h: f16) -> f64 {
  // CHECK-NEXT: %[[A0:.*]] = graph.argv 0{{$}}
  // CHECK-NEXT: %[[A3:.*]] = graph.argv 3{{$}}
  // CHECK-NEXT: %{{.*}} = graph.atoi %[[A3]] : i32{{$}}
  // CHECK-NEXT: %{{.*}} = graph.atoi %[[A3]] : i64{{$}}
  // CHECK-NEXT: %{{.*}} = graph.atoi %[[A3]] : i1{{$}}
  // CHECK-NEXT: %[[U32:.*]] = graph.atoi %[[A3]] unsigned : i32{{$}}
  // CHECK-NEXT: %[[K:.*]] = arith.index_cast %[[I]] : i32 to index{{$}}
  // CHECK-NEXT: %{{.*}} = graph.argv_at %[[K]]{{$}}
  %a0 = graph.argv 0
  %a3 = graph.argv 3
  %n32 = graph.atoi %a3 : i32
  %n64 = graph.atoi %a3 : i64
  %n1 = graph.atoi %a3 : i1
  %u32 = graph.atoi %a3 unsigned : i32
  %k = arith.index_cast %i : i32 to index
  %ak = graph.argv_at %k
  // CHECK-NEXT: graph.timer.start{{$}}
  graph.timer.start
  // CHECK-NEXT: graph.print %[[I]] : i32{{$}}
  // CHECK-NEXT: graph.print unsigned %[[U32]] : i32{{$}}
  // CHECK-NEXT: graph.print %[[F]] : f64{{$}}
  // CHECK-NEXT: graph.print %[[B]] : i1{{$}}
  // CHECK-NEXT: graph.print %[[H]] : f16{{$}}
  // CHECK-NEXT: graph.print %[[A0]] : !graph.string{{$}}
  // CHECK-NEXT: graph.print "done"{{$}}
  // CHECK-NEXT: graph.print ""{{$}}
  // CHECK-NEXT: graph.print "tab\09quote\22"{{$}}
  graph.print %i : i32
  graph.print unsigned %u32 : i32
  graph.print %f : f64
  graph.print %b : i1
  graph.print %h : f16
  graph.print %a0 : !graph.string
  graph.print "done"
  graph.print ""
  graph.print "tab\09quote\""
  // CHECK-NEXT: %[[T:.*]] = graph.timer.stop{{$}}
  // CHECK-NEXT: return %[[T]] : f64
  %t = graph.timer.stop
  return %t : f64
}

//===----------------------------------------------------------------------===//
// Edgesets
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @edgesets(
// CHECK-SAME: %[[P:.*]]: !graph.string)
func.func @edgesets(%path: !graph.string) -> (index, index) {
  // CHECK-NEXT: %[[G:.*]] = graph.load %[[P]] : !graph.edgeset{{$}}
  // CHECK-NEXT: %{{.*}} = graph.load %[[P]] symmetrize : !graph.edgeset{{$}}
  // CHECK-NEXT: %{{.*}} = graph.load %[[P]] : !graph.edgeset<i32>{{$}}
  // CHECK-NEXT: %[[W:.*]] = graph.load %[[P]] symmetrize : !graph.edgeset<f64>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.load %[[P]] symmetrize distributed : !graph.edgeset<i32>{{$}}
  %g = graph.load %path : !graph.edgeset
  %u = graph.load %path symmetrize : !graph.edgeset
  %w32 = graph.load %path : !graph.edgeset<i32>
  %wf = graph.load %path symmetrize : !graph.edgeset<f64>
  %d = graph.load %path symmetrize distributed : !graph.edgeset<i32>
  // CHECK-NEXT: %[[NV:.*]] = graph.num_vertices %[[G]] : !graph.edgeset{{$}}
  // CHECK-NEXT: %[[NE:.*]] = graph.num_edges %[[W]] : !graph.edgeset<f64>{{$}}
  %nv = graph.num_vertices %g : !graph.edgeset
  %ne = graph.num_edges %wf : !graph.edgeset<f64>
  // CHECK-NEXT: %{{.*}} = graph.is_directed %[[W]] : !graph.edgeset<f64>{{$}}
  %directed = graph.is_directed %wf : !graph.edgeset<f64>
  // CHECK-NEXT: %{{.*}} = graph.near_edge_share %[[G]] window 65536 : !graph.edgeset{{$}}
  %near = graph.near_edge_share %g window 65536 : !graph.edgeset
  // CHECK-NEXT: %{{.*}} = graph.out_degrees %[[G]] : !graph.edgeset -> !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.out_degrees %[[W]] : !graph.edgeset<f64> -> !graph.vector<i64>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.out_degrees %[[G]] : !graph.edgeset -> !graph.vector<i8>{{$}}
  %d32 = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %d64 = graph.out_degrees %wf : !graph.edgeset<f64> -> !graph.vector<i64>
  %d8 = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i8>
  // CHECK-NEXT: %{{.*}} = graph.common_neighbors %[[W]][%[[NV]], %[[NE]]] : !graph.edgeset<f64>{{$}}
  %common = graph.common_neighbors %wf[%nv, %ne] : !graph.edgeset<f64>
  // CHECK-NEXT: return %[[NV]], %[[NE]] : index, index
  return %nv, %ne : index, index
}

//===----------------------------------------------------------------------===//
// Per-vertex vectors
//===----------------------------------------------------------------------===//

// Vectors stored in an array of records (graph-fuse-fields): every vector
// op takes them like plain vectors.
// CHECK-LABEL: func.func @record_vectors(
// CHECK-SAME: %[[G:[^:]*]]: !graph.edgeset, %[[V:[^:]*]]: index, %[[F:[^:]*]]: f64)
func.func @record_vectors(%g: !graph.edgeset, %v: index, %f: f64) {
  // CHECK-NEXT: %[[REC:.*]] = graph.records.new %[[G]] : !graph.edgeset -> !graph.records<16>{{$}}
  // CHECK-NEXT: %[[R:.*]] = graph.vector.new %[[G]] init(%[[F]] : f64) in(%[[REC]] : !graph.records<16>) : !graph.edgeset -> !graph.vector<f64, record<16, 0>>{{$}}
  // CHECK-NEXT: %[[D:.*]] = graph.out_degrees %[[G]] in(%[[REC]] : !graph.records<16>) : !graph.edgeset -> !graph.vector<i32, record<16, 8>>{{$}}
  // CHECK-NEXT: %[[B:.*]] = graph.vector.new %[[G]] in(%[[REC]] : !graph.records<16>) : !graph.edgeset -> !graph.vector<i1, record<16, 12>>{{$}}
  %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
  %r = graph.vector.new %g init(%f : f64) in(%rec : !graph.records<16>) : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
  %d = graph.out_degrees %g in(%rec : !graph.records<16>) : !graph.edgeset -> !graph.vector<i32, record<16, 8>>
  %b = graph.vector.new %g in(%rec : !graph.records<16>) : !graph.edgeset -> !graph.vector<i1, record<16, 12>>
  // CHECK-NEXT: graph.vector.get %[[R]][%[[V]]] : !graph.vector<f64, record<16, 0>>{{$}}
  // CHECK-NEXT: graph.vector.set %[[R]][%[[V]]], %[[F]] : !graph.vector<f64, record<16, 0>>{{$}}
  // CHECK-NEXT: graph.vector.fill %[[R]], %[[F]] : !graph.vector<f64, record<16, 0>>{{$}}
  // CHECK-NEXT: graph.reduce add atomic %[[R]][%[[V]]], %[[F]] : !graph.vector<f64, record<16, 0>>{{$}}
  // CHECK-NEXT: graph.vector.mirror %[[G]], %[[R]] : !graph.edgeset, !graph.vector<f64, record<16, 0>>{{$}}
  %x = graph.vector.get %r[%v] : !graph.vector<f64, record<16, 0>>
  graph.vector.set %r[%v], %f : !graph.vector<f64, record<16, 0>>
  graph.vector.fill %r, %f : !graph.vector<f64, record<16, 0>>
  %c = graph.reduce add atomic %r[%v], %f : !graph.vector<f64, record<16, 0>>
  graph.vector.mirror %g, %r : !graph.edgeset, !graph.vector<f64, record<16, 0>>
  return
}

// CHECK-LABEL: func.func @vectors(
// CHECK-SAME: %[[G:[^:]*]]: !graph.edgeset, %[[V:[^:]*]]: index,
// CHECK-SAME: %[[I:[^:]*]]: i32, %[[F:[^:]*]]: f64, %[[B:[^:]*]]: i1)
func.func @vectors(%g: !graph.edgeset, %v: index, %i: i32, %f: f64, %b: i1) {
  // CHECK-NEXT: %[[VI:.*]] = graph.vector.new %[[G]] : !graph.edgeset -> !graph.vector<i32>{{$}}
  // CHECK-NEXT: %[[VF:.*]] = graph.vector.new %[[G]] init(%[[F]] : f64) : !graph.edgeset -> !graph.vector<f64>{{$}}
  // CHECK-NEXT: %[[VB:.*]] = graph.vector.new %[[G]] init(%[[B]] : i1) : !graph.edgeset -> !graph.vector<i1>{{$}}
  // CHECK-NEXT: %[[VJ:.*]] = graph.vector.new %[[G]] init(%[[I]] : i32) : !graph.edgeset -> !graph.vector<i32>{{$}}
  %vi = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %vf = graph.vector.new %g init(%f : f64) : !graph.edgeset -> !graph.vector<f64>
  %vb = graph.vector.new %g init(%b : i1) : !graph.edgeset -> !graph.vector<i1>
  %vj = graph.vector.new %g init(%i : i32) : !graph.edgeset -> !graph.vector<i32>
  // CHECK-NEXT: %{{.*}} = graph.vector.get %[[VI]][%[[V]]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.vector.get %[[VF]][%[[V]]] : !graph.vector<f64>{{$}}
  // CHECK-NEXT: graph.vector.set %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: graph.vector.set %[[VB]][%[[V]]], %[[B]] : !graph.vector<i1>{{$}}
  // CHECK-NEXT: graph.vector.fill %[[VF]], %[[F]] : !graph.vector<f64>{{$}}
  // CHECK-NEXT: graph.vector.fill %[[VJ]], %[[I]] : !graph.vector<i32>{{$}}
  %x = graph.vector.get %vi[%v] : !graph.vector<i32>
  %y = graph.vector.get %vf[%v] : !graph.vector<f64>
  graph.vector.set %vi[%v], %i : !graph.vector<i32>
  graph.vector.set %vb[%v], %b : !graph.vector<i1>
  graph.vector.fill %vf, %f : !graph.vector<f64>
  graph.vector.fill %vj, %i : !graph.vector<i32>
  // Every reduce kind: arithmetic ones on integers and floats, logical ones
  // on i1 and wider integers.
  // CHECK-NEXT: %{{.*}} = graph.reduce add %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce add %[[VF]][%[[V]]], %[[F]] : !graph.vector<f64>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce sub %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce sub %[[VF]][%[[V]]], %[[F]] : !graph.vector<f64>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce min %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce min %[[VF]][%[[V]]], %[[F]] : !graph.vector<f64>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce max %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce max %[[VF]][%[[V]]], %[[F]] : !graph.vector<f64>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce or %[[VB]][%[[V]]], %[[B]] : !graph.vector<i1>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce or %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce and %[[VB]][%[[V]]], %[[B]] : !graph.vector<i1>{{$}}
  // Whole-vector reductions.
  // CHECK-NEXT: %{{.*}} = graph.vector.reduce add %[[VF]] : !graph.vector<f64>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.vector.reduce maxu %[[VI]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.vector.reduce or %[[VB]] : !graph.vector<i1>{{$}}
  // CHECK-NEXT: %[[R:.*]] = graph.reduce and %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce minu %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce maxu %[[VI]][%[[V]]], %[[I]] : !graph.vector<i32>{{$}}
  %r0 = graph.reduce add %vi[%v], %i : !graph.vector<i32>
  %r1 = graph.reduce add %vf[%v], %f : !graph.vector<f64>
  %r2 = graph.reduce sub %vi[%v], %i : !graph.vector<i32>
  %r3 = graph.reduce sub %vf[%v], %f : !graph.vector<f64>
  %r4 = graph.reduce min %vi[%v], %i : !graph.vector<i32>
  %r5 = graph.reduce min %vf[%v], %f : !graph.vector<f64>
  %r6 = graph.reduce max %vi[%v], %i : !graph.vector<i32>
  %r7 = graph.reduce max %vf[%v], %f : !graph.vector<f64>
  %r8 = graph.reduce or %vb[%v], %b : !graph.vector<i1>
  %r9 = graph.reduce or %vi[%v], %i : !graph.vector<i32>
  %r10 = graph.reduce and %vb[%v], %b : !graph.vector<i1>
  %s0 = graph.vector.reduce add %vf : !graph.vector<f64>
  %s1 = graph.vector.reduce maxu %vi : !graph.vector<i32>
  %s2 = graph.vector.reduce or %vb : !graph.vector<i1>
  %r11 = graph.reduce and %vi[%v], %i : !graph.vector<i32>
  %r12 = graph.reduce minu %vi[%v], %i : !graph.vector<i32>
  %r13 = graph.reduce maxu %vi[%v], %i : !graph.vector<i32>
  // CHECK-NEXT: graph.print %[[R]] : i1
  graph.print %r11 : i1
  return
}

//===----------------------------------------------------------------------===//
// Vertex sets
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @vertexsets(
// CHECK-SAME: %[[G:[^:]*]]: !graph.edgeset, %[[V:[^:]*]]: index,
// CHECK-SAME: %[[VEC:[^:]*]]: !graph.vector<i32>, %[[C:[^:]*]]: i32)
func.func @vertexsets(%g: !graph.edgeset, %v: index, %vec: !graph.vector<i32>, %c: i32) -> index {
  // CHECK-NEXT: %[[E:.*]] = graph.vertexset.new %[[G]] : !graph.edgeset{{$}}
  // CHECK-NEXT: %[[ALL:.*]] = graph.vertexset.new %[[G]] all : !graph.edgeset{{$}}
  // CHECK-NEXT: graph.vertexset.new %[[G]] size(%[[C]] : i32) : !graph.edgeset{{$}}
  // CHECK-NEXT: graph.vertexset.insert %[[E]], %[[V]]{{$}}
  // CHECK-NEXT: %[[N:.*]] = graph.vertexset.size %[[E]]{{$}}
  %empty = graph.vertexset.new %g : !graph.edgeset
  %all = graph.vertexset.new %g all : !graph.edgeset
  %either = graph.vertexset.new %g size(%c : i32) : !graph.edgeset
  graph.vertexset.insert %empty, %v
  %n = graph.vertexset.size %empty

  // The implicit graph.yield of vertexset.apply is left out when printed.
  // CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
  // CHECK-NEXT: graph.vertexset.apply %[[ALL]] {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: index):
  // CHECK-NEXT:   graph.vector.set %[[VEC]][%[[X]]], %[[C7]] : !graph.vector<i32>
  // CHECK-NEXT: }
  %c7 = arith.constant 7 : i32
  graph.vertexset.apply %all {
  ^bb0(%x: index):
    graph.vector.set %vec[%x], %c7 : !graph.vector<i32>
  }
  // CHECK-NEXT: graph.vertexset.apply %[[ALL]] label("l1") {
  // CHECK-NEXT: ^bb0(%{{.*}}: index):
  // CHECK-NEXT: }
  graph.vertexset.apply %all label("l1") {
  ^bb0(%x: index):
    graph.yield
  }
  // CHECK-NEXT: graph.vertexset.apply %[[E]] schedule(#graph.schedule<parallel = serial>) {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: index):
  // CHECK-NEXT:   %[[Y:.*]] = graph.vector.get %[[VEC]][%[[X]]] : !graph.vector<i32>
  // CHECK-NEXT:   graph.print %[[Y]] : i32
  // CHECK-NEXT: }
  graph.vertexset.apply %empty schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%x: index):
    %y = graph.vector.get %vec[%x] : !graph.vector<i32>
    graph.print %y : i32
  }
  // CHECK-NEXT: graph.vertexset.apply %[[ALL]] label("l2") schedule(#graph.schedule<parallel = static_vertex, grain = 32>) {
  // CHECK-NEXT: ^bb0(%{{.*}}: index):
  // CHECK-NEXT: }
  graph.vertexset.apply %all label("l2") schedule(#graph.schedule<grain = 32, parallel = static_vertex>) {
  ^bb0(%x: index):
  }

  // CHECK-NEXT: %{{.*}} = graph.vertexset.filter %[[ALL]] {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: index):
  // CHECK-NEXT:   %[[Y:.*]] = graph.vector.get %[[VEC]][%[[X]]] : !graph.vector<i32>
  // CHECK-NEXT:   %[[K:.*]] = arith.cmpi sgt, %[[Y]], %[[C7]] : i32
  // CHECK-NEXT:   graph.yield %[[K]] : i1
  // CHECK-NEXT: }
  %big = graph.vertexset.filter %all {
  ^bb0(%x: index):
    %y = graph.vector.get %vec[%x] : !graph.vector<i32>
    %keep = arith.cmpi sgt, %y, %c7 : i32
    graph.yield %keep : i1
  }
  // CHECK-NEXT: %[[S:.*]] = graph.vertexset.filter %[[E]] label("f") schedule(#graph.schedule<parallel = dynamic_vertex, grain = 8>) {
  // CHECK-NEXT: ^bb0(%{{.*}}: index):
  // CHECK-NEXT:   %[[T:.*]] = arith.constant true
  // CHECK-NEXT:   graph.yield %[[T]] : i1
  // CHECK-NEXT: }
  %some = graph.vertexset.filter %empty label("f") schedule(#graph.schedule<parallel = dynamic_vertex, grain = 8>) {
  ^bb0(%x: index):
    %t = arith.constant true
    graph.yield %t : i1
  }
  // A loop over the members in [begin, end) only (a rank's owned vertices).
  // CHECK-NEXT: %[[B:.*]], %[[END:.*]] = graph.owned_range %[[G]] : !graph.edgeset
  // CHECK-NEXT: graph.vertexset.apply %[[ALL]][%[[B]] to %[[END]]] label("o") schedule(#graph.schedule<parallel = serial>) {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: index):
  // CHECK-NEXT:   graph.vector.set %[[VEC]][%[[X]]], %[[C7]] : !graph.vector<i32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %{{.*}} = graph.vertexset.filter %[[E]][%[[B]] to %[[END]]] {
  // CHECK-NEXT: ^bb0(%{{.*}}: index):
  // CHECK-NEXT:   %[[T:.*]] = arith.constant true
  // CHECK-NEXT:   graph.yield %[[T]] : i1
  // CHECK-NEXT: }
  %begin, %end = graph.owned_range %g : !graph.edgeset
  graph.vertexset.apply %all[%begin to %end] label("o") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%x: index):
    graph.vector.set %vec[%x], %c7 : !graph.vector<i32>
  }
  %mine = graph.vertexset.filter %empty[%begin to %end] {
  ^bb0(%x: index):
    %t = arith.constant true
    graph.yield %t : i1
  }
  // CHECK-NEXT: graph.vector.mirror %[[G]], %[[VEC]] changed(%[[S]]) : !graph.edgeset, !graph.vector<i32>{{$}}
  // CHECK-NEXT: graph.vector.mirror %[[G]], %[[VEC]] needed changed(%[[S]]) partition mirrored : !graph.edgeset, !graph.vector<i32>{{$}}
  // CHECK-NEXT: graph.vertexset.mirror %[[G]], %[[S]] : !graph.edgeset{{$}}
  // CHECK-NEXT: graph.vertexset.free %[[S]]{{$}}
  // CHECK-NEXT: graph.vertexset.free %[[E]]{{$}}
  // CHECK-NEXT: return %[[N]] : index
  graph.vector.mirror %g, %vec changed(%some) : !graph.edgeset, !graph.vector<i32>
  graph.vector.mirror %g, %vec needed changed(%some) partition mirrored : !graph.edgeset, !graph.vector<i32>
  graph.vertexset.mirror %g, %some : !graph.edgeset
  graph.vertexset.free %some
  graph.vertexset.free %empty
  return %n : index
}

//===----------------------------------------------------------------------===//
// Segmented subgraphs
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @segments(
// CHECK-SAME: %[[G:[^:]*]]: !graph.edgeset, %[[GW:[^:]*]]: !graph.edgeset<i32>,
// CHECK-SAME: %[[N:[^:]*]]: index, %[[I:[^:]*]]: index, %[[V:[^:]*]]: !graph.vector<f64>)
func.func @segments(%g: !graph.edgeset, %gw: !graph.edgeset<i32>, %n: index,
                    %i: index, %v: !graph.vector<f64>) -> index {
  // CHECK-NEXT: %[[IN:.*]] = graph.segments %[[G]] count(%[[N]]) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>{{$}}
  // CHECK-NEXT: %[[OUT:.*]] = graph.segments %[[GW]] count(%[[N]]) edge_aware_vertex_count : !graph.edgeset<i32> -> !graph.segments<out, i32>{{$}}
  %in = graph.segments %g count(%n) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>
  %out = graph.segments %gw count(%n) edge_aware_vertex_count : !graph.edgeset<i32> -> !graph.segments<out, i32>
  // CHECK-NEXT: %[[C:.*]] = graph.segments.count %[[IN]] : !graph.segments<in>{{$}}
  %c = graph.segments.count %in : !graph.segments<in>
  // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = graph.segment.view %[[OUT]][%[[I]]] : !graph.segments<out, i32> -> memref<?xi32>, memref<?xi64>, memref<?xi32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.segment.weights %[[OUT]][%[[I]]] : !graph.segments<out, i32> -> memref<?xi32>{{$}}
  %vertices, %offsets, %neighbors = graph.segment.view %out[%i] : !graph.segments<out, i32> -> memref<?xi32>, memref<?xi64>, memref<?xi32>
  %weights = graph.segment.weights %out[%i] : !graph.segments<out, i32> -> memref<?xi32>
  // CHECK-NEXT: graph.edgeset.apply %[[G]] segments(%[[IN]] : !graph.segments<in>) schedule(#graph.schedule<direction = sparse_push_dense_pull, segments = 4>) body {
  graph.edgeset.apply %g segments(%in : !graph.segments<in>)
      schedule(#graph.schedule<direction = sparse_push_dense_pull, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %v[%src] : !graph.vector<f64>
    %changed = graph.reduce add %v[%dst], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  // CHECK: return %[[C]] : index
  return %c : index
}

// CHECK-LABEL: func.func @numa(
func.func @numa() -> (index, index, index) {
  // CHECK-NEXT: %[[S:.*]] = graph.numa.sockets : index{{$}}
  // CHECK-NEXT: %[[T:.*]] = graph.numa.threads_per_socket : index{{$}}
  // CHECK-NEXT: %[[M:.*]] = graph.max_threads : index{{$}}
  // CHECK-NEXT: return %[[S]], %[[T]], %[[M]]
  %s = graph.numa.sockets : index
  %t = graph.numa.threads_per_socket : index
  %m = graph.max_threads : index
  return %s, %t, %m : index, index, index
}

// CHECK-LABEL: func.func @team(
func.func @team() -> (index, index) {
  // CHECK-NEXT: %[[T:.*]] = graph.thread_num : index{{$}}
  // CHECK-NEXT: %[[N:.*]] = graph.num_threads : index{{$}}
  // CHECK-NEXT: return %[[T]], %[[N]]
  %t = graph.thread_num : index
  %n = graph.num_threads : index
  return %t, %n : index, index
}

// CHECK-LABEL: func.func @lists_and_transpose(
func.func @lists_and_transpose(%g: !graph.edgeset<i32>, %s: !graph.vertexset) -> !graph.vertexset {
  // CHECK-NEXT: %[[T:.*]] = graph.transpose %{{.*}} : !graph.edgeset<i32>{{$}}
  // CHECK-NEXT: %[[L:.*]] = graph.list.new : !graph.list<!graph.vertexset>{{$}}
  // CHECK-NEXT: graph.list.append %[[L]], %{{.*}} : !graph.list<!graph.vertexset>{{$}}
  // CHECK-NEXT: %[[P:.*]] = graph.list.pop %[[L]] : !graph.list<!graph.vertexset>{{$}}
  // CHECK-NEXT: graph.list.pop %[[L]] as "retrieve" : !graph.list<!graph.vertexset>{{$}}
  // CHECK-NEXT: graph.num_edges %[[T]]
  // CHECK-NEXT: %[[N:.*]] = graph.list.new : !graph.list<f64>{{$}}
  // CHECK-NEXT: arith.constant
  // CHECK-NEXT: graph.list.append %[[N]], %{{.*}} : !graph.list<f64>{{$}}
  // CHECK-NEXT: graph.list.pop %[[N]] : !graph.list<f64>{{$}}
  %t = graph.transpose %g : !graph.edgeset<i32>
  %l = graph.list.new : !graph.list<!graph.vertexset>
  graph.list.append %l, %s : !graph.list<!graph.vertexset>
  %p = graph.list.pop %l : !graph.list<!graph.vertexset>
  %r = graph.list.pop %l as "retrieve" : !graph.list<!graph.vertexset>
  %m = graph.num_edges %t : !graph.edgeset<i32>
  %n = graph.list.new : !graph.list<f64>
  %x = arith.constant 1.5 : f64
  graph.list.append %n, %x : !graph.list<f64>
  %y = graph.list.pop %n : !graph.list<f64>
  return %p : !graph.vertexset
}

// CHECK-LABEL: func.func @export(
func.func @export(%v: !graph.vector<f64>) {
  // CHECK-NEXT: graph.vector.export %{{.*}} as "rank" : !graph.vector<f64>{{$}}
  graph.vector.export %v as "rank" : !graph.vector<f64>
  return
}

//===----------------------------------------------------------------------===//
// graph.edgeset.apply
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @edgeset_apply(
// CHECK-SAME: %[[G:[^:]*]]: !graph.edgeset, %[[FR:[^:]*]]: !graph.vertexset,
// CHECK-SAME: %[[TO:[^:]*]]: !graph.vertexset, %[[VI:[^:]*]]: !graph.vector<i32>,
// CHECK-SAME: %[[VF:[^:]*]]: !graph.vector<f64>)
func.func @edgeset_apply(%g: !graph.edgeset, %from: !graph.vertexset,
                         %to: !graph.vertexset, %vi: !graph.vector<i32>,
                         %vf: !graph.vector<f64>) {
  // The smallest form: a body and no result.
  // CHECK-NEXT: graph.edgeset.apply %[[G]] body {
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index):
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset{{$}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset

  // from, to, label and a schedule; no result.
  // CHECK-NEXT: graph.edgeset.apply %[[G]] from(%[[FR]]) body {
  // CHECK-NEXT: ^bb0(%[[S:.*]]: index, %[[D:.*]]: index):
  // CHECK-NEXT:   %[[X:.*]] = graph.vector.get %[[VF]][%[[S]]] : !graph.vector<f64>
  // CHECK-NEXT:   %{{.*}} = graph.reduce add %[[VF]][%[[D]]], %[[X]] : !graph.vector<f64>
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset{{$}}
  graph.edgeset.apply %g from(%from) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %vf[%src] : !graph.vector<f64>
    %c = graph.reduce add %vf[%dst], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  // A source set that lists each member once (graph-infer-distinct-sets).
  // CHECK-NEXT: graph.edgeset.apply %[[G]] from(%[[FR]] distinct) to(%[[TO]]) body {
  // CHECK:      } : !graph.edgeset{{$}}
  graph.edgeset.apply %g from(%from distinct) to(%to) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %vf[%dst] : !graph.vector<f64>
    %c = graph.reduce add %vf[%src], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  // CHECK-NEXT: graph.edgeset.apply %[[G]] to(%[[TO]]) label("only_to") body {
  // CHECK:      } : !graph.edgeset{{$}}
  graph.edgeset.apply %g to(%to) label("only_to") body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  // CHECK-NEXT: graph.edgeset.apply %[[G]] from(%[[FR]]) to(%[[TO]]) schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = argv[4], numa = dynamic_parallel>) body {
  // CHECK:      } : !graph.edgeset{{$}}
  graph.edgeset.apply %g from(%from) to(%to)
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = argv[4], numa = dynamic_parallel>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset

  // Filters: src_filter alone, dst_filter alone, both.
  // CHECK-NEXT: graph.edgeset.apply %[[G]] src_filter {
  // CHECK-NEXT: ^bb0(%[[V:.*]]: index):
  // CHECK-NEXT:   %[[Y:.*]] = graph.vector.get %[[VI]][%[[V]]] : !graph.vector<i32>
  // CHECK-NEXT:   %[[K:.*]] = arith.trunci %[[Y]] : i32 to i1
  // CHECK-NEXT:   graph.yield %[[K]] : i1
  // CHECK-NEXT: } body {
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index):
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset{{$}}
  graph.edgeset.apply %g src_filter {
  ^bb0(%v: index):
    %y = graph.vector.get %vi[%v] : !graph.vector<i32>
    %keep = arith.trunci %y : i32 to i1
    graph.yield %keep : i1
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  // CHECK-NEXT: graph.edgeset.apply %[[G]] dst_filter {
  // CHECK-NEXT: ^bb0(%{{.*}}: index):
  // CHECK-NEXT:   %[[F:.*]] = arith.constant false
  // CHECK-NEXT:   graph.yield %[[F]] : i1
  // CHECK-NEXT: } body {
  // CHECK:      } : !graph.edgeset{{$}}
  graph.edgeset.apply %g dst_filter {
  ^bb0(%v: index):
    %f = arith.constant false
    graph.yield %f : i1
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  // CHECK-NEXT: graph.edgeset.apply %[[G]] from(%[[FR]]) label("both") src_filter {
  // CHECK:      } dst_filter {
  // CHECK:      } body {
  // CHECK:      } : !graph.edgeset{{$}}
  graph.edgeset.apply %g from(%from) label("both") src_filter {
  ^bb0(%v: index):
    %t = arith.constant true
    graph.yield %t : i1
  } dst_filter {
  ^bb0(%v: index):
    %t = arith.constant true
    graph.yield %t : i1
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset

  // track(...) with a result: written by graph.reduce, or by graph.vector.set
  // (here nested in an scf.if), with and without dedup.
  // CHECK-NEXT: %[[M1:.*]] = graph.edgeset.apply %[[G]] from(%[[FR]]) track(%[[VI]] : !graph.vector<i32>) body {
  // CHECK-NEXT: ^bb0(%[[S:.*]]: index, %[[D:.*]]: index):
  // CHECK-NEXT:   %[[X:.*]] = graph.vector.get %[[VI]][%[[S]]] : !graph.vector<i32>
  // CHECK-NEXT:   %{{.*}} = graph.reduce min %[[VI]][%[[D]]], %[[X]] : !graph.vector<i32>
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset -> !graph.vertexset{{$}}
  %m1 = graph.edgeset.apply %g from(%from) track(%vi : !graph.vector<i32>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %vi[%src] : !graph.vector<i32>
    %c = graph.reduce min %vi[%dst], %x : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  // CHECK-NEXT: %[[M2:.*]] = graph.edgeset.apply %[[G]] from(%[[M1]]) track(%[[VI]] : !graph.vector<i32>) dedup label("bfs") schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex, frontier = bitvector>) dst_filter {
  // CHECK:      } body {
  // CHECK-NEXT: ^bb0(%[[S:.*]]: index, %[[D:.*]]: index):
  // CHECK-NEXT:   %[[C:.*]] = arith.constant true
  // CHECK-NEXT:   scf.if %[[C]] {
  // CHECK-NEXT:     %[[X:.*]] = arith.index_cast %[[S]] : index to i32
  // CHECK-NEXT:     graph.vector.set %[[VI]][%[[D]]], %[[X]] : !graph.vector<i32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset -> !graph.vertexset{{$}}
  %m2 = graph.edgeset.apply %g from(%m1) track(%vi : !graph.vector<i32>) dedup
      label("bfs")
      schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex, frontier = bitvector>)
    dst_filter {
    ^bb0(%v: index):
      %t = arith.constant true
      graph.yield %t : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %t = arith.constant true
      scf.if %t {
        %s = arith.index_cast %src : index to i32
        graph.vector.set %vi[%dst], %s : !graph.vector<i32>
      }
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  // CHECK-NEXT: graph.vertexset.free %[[M2]]
  graph.vertexset.free %m2
  return
}

// Weighted edgesets: the body takes the weight as a third argument.
// CHECK-LABEL: func.func @weighted(
// CHECK-SAME: %[[GI:[^:]*]]: !graph.edgeset<i32>, %[[GL:[^:]*]]: !graph.edgeset<i64>,
// CHECK-SAME: %[[GF:[^:]*]]: !graph.edgeset<f32>, %[[GD:[^:]*]]: !graph.edgeset<f64>,
// CHECK-SAME: %[[VI:[^:]*]]: !graph.vector<i32>, %[[VD:[^:]*]]: !graph.vector<f64>,
// CHECK-SAME: %[[FR:[^:]*]]: !graph.vertexset)
func.func @weighted(%gi: !graph.edgeset<i32>, %gl: !graph.edgeset<i64>,
                    %gf: !graph.edgeset<f32>, %gd: !graph.edgeset<f64>,
                    %vi: !graph.vector<i32>, %vd: !graph.vector<f64>,
                    %from: !graph.vertexset) {
  // CHECK-NEXT: %{{.*}} = graph.edgeset.apply %[[GI]] from(%[[FR]]) track(%[[VI]] : !graph.vector<i32>) dedup schedule(#graph.schedule<direction = sparse_push_dense_push, parallel = dynamic_vertex, segments = 4, segment_strategy = edge_aware_vertex_count>) body {
  // CHECK-NEXT: ^bb0(%[[S:.*]]: index, %[[D:.*]]: index, %[[W:.*]]: i32):
  // CHECK-NEXT:   %[[X:.*]] = graph.vector.get %[[VI]][%[[S]]] : !graph.vector<i32>
  // CHECK-NEXT:   %[[Y:.*]] = arith.addi %[[X]], %[[W]] : i32
  // CHECK-NEXT:   %{{.*}} = graph.reduce min %[[VI]][%[[D]]], %[[Y]] : !graph.vector<i32>
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset<i32> -> !graph.vertexset{{$}}
  %m = graph.edgeset.apply %gi from(%from) track(%vi : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = sparse_push_dense_push, parallel = dynamic_vertex, segments = 4, segment_strategy = edge_aware_vertex_count>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %x = graph.vector.get %vi[%src] : !graph.vector<i32>
    %y = arith.addi %x, %w : i32
    %c = graph.reduce min %vi[%dst], %y : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset<i32> -> !graph.vertexset
  // CHECK-NEXT: graph.edgeset.apply %[[GL]] body {
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: i64):
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset<i64>{{$}}
  graph.edgeset.apply %gl body {
  ^bb0(%src: index, %dst: index, %w: i64):
    graph.yield
  } : !graph.edgeset<i64>
  // CHECK-NEXT: graph.edgeset.apply %[[GF]] src_filter {
  // CHECK:      } body {
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: f32):
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset<f32>{{$}}
  graph.edgeset.apply %gf src_filter {
  ^bb0(%v: index):
    %t = arith.constant true
    graph.yield %t : i1
  } body {
  ^bb0(%src: index, %dst: index, %w: f32):
    graph.yield
  } : !graph.edgeset<f32>
  // CHECK-NEXT: graph.edgeset.apply %[[GD]] label("w") schedule(#graph.schedule<direction = dense_pull, parallel = static_vertex, grain = 16>) body {
  // CHECK-NEXT: ^bb0(%[[S:.*]]: index, %[[D:.*]]: index, %[[W:.*]]: f64):
  // CHECK-NEXT:   %[[X:.*]] = graph.vector.get %[[VD]][%[[S]]] : !graph.vector<f64>
  // CHECK-NEXT:   %[[Y:.*]] = arith.mulf %[[X]], %[[W]] : f64
  // CHECK-NEXT:   %{{.*}} = graph.reduce max %[[VD]][%[[D]]], %[[Y]] : !graph.vector<f64>
  // CHECK-NEXT:   graph.yield{{$}}
  // CHECK-NEXT: } : !graph.edgeset<f64>{{$}}
  graph.edgeset.apply %gd label("w") schedule(#graph.schedule<direction = dense_pull, parallel = static_vertex, grain = 16>) body {
  ^bb0(%src: index, %dst: index, %w: f64):
    %x = graph.vector.get %vd[%src] : !graph.vector<f64>
    %y = arith.mulf %x, %w : f64
    %c = graph.reduce max %vd[%dst], %y : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset<f64>
  return
}

//===----------------------------------------------------------------------===//
// Traversal building blocks (what graph-lower-direction produces)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @traversal_blocks(
// CHECK-SAME: %[[G:[^:]*]]: !graph.edgeset, %[[GW:[^:]*]]: !graph.edgeset<i32>,
// CHECK-SAME: %[[S:[^:]*]]: !graph.vertexset, %[[V:[^:]*]]: !graph.vector<i32>,
// CHECK-SAME: %[[B:[^:]*]]: !graph.vector<i1>, %[[I:[^:]*]]: index,
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[K:[^:]*]]: i64) -> index
func.func @traversal_blocks(%g: !graph.edgeset, %gw: !graph.edgeset<i32>,
                            %s: !graph.vertexset, %v: !graph.vector<i32>,
                            %b: !graph.vector<i1>, %i: index, %x: i32,
                            %k: i64) -> index {
  // CHECK-NEXT: %{{.*}}, %{{.*}} = graph.adjacency out %[[G]] : !graph.edgeset -> memref<?xi64>, memref<?xi32>{{$}}
  // CHECK-NEXT: %{{.*}}, %{{.*}} = graph.adjacency in %[[GW]] : !graph.edgeset<i32> -> memref<?xi64>, memref<?xi32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.adjacency_weights out %[[GW]] : !graph.edgeset<i32> -> memref<?xi32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.adjacency_weights in %[[GW]] : !graph.edgeset<i32> -> memref<?xi32>{{$}}
  %out_offsets, %out_nbrs = graph.adjacency out %g : !graph.edgeset -> memref<?xi64>, memref<?xi32>
  %in_offsets, %in_nbrs = graph.adjacency in %gw : !graph.edgeset<i32> -> memref<?xi64>, memref<?xi32>
  %out_w = graph.adjacency_weights out %gw : !graph.edgeset<i32> -> memref<?xi32>
  %in_w = graph.adjacency_weights in %gw : !graph.edgeset<i32> -> memref<?xi32>
  // CHECK-NEXT: %{{.*}} = graph.vertexset.ids %[[S]] : memref<?xi32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.vertexset.ids %[[S]] unordered : memref<?xi32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.vertexset.bools %[[S]] : memref<?xi8>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.vertexset.bits %[[S]] : memref<?xi64>{{$}}
  // CHECK-NEXT: %[[DEG:.*]] = graph.vertexset.out_degree_sum %[[S]], %[[G]] : !graph.edgeset{{$}}
  %ids = graph.vertexset.ids %s : memref<?xi32>
  %any_order = graph.vertexset.ids %s unordered : memref<?xi32>
  %bools = graph.vertexset.bools %s : memref<?xi8>
  %bits = graph.vertexset.bits %s : memref<?xi64>
  %deg = graph.vertexset.out_degree_sum %s, %g : !graph.edgeset
  // CHECK-NEXT: %{{.*}} = graph.vertexset.id_buffer %[[S]] : memref<?xi32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.vertexset.id_buffer %[[S]] capacity(%[[DEG]]) : memref<?xi32>{{$}}
  // CHECK-NEXT: graph.vertexset.seal_ids %[[S]], %[[K]]{{$}}
  // CHECK-NEXT: graph.vertexset.seal_ids %[[S]], %[[K]] keep_duplicates{{$}}
  // CHECK-NEXT: graph.vertexset.seal_ids %[[S]], %[[K]] distinct{{$}}
  // CHECK-NEXT: graph.vertexset.seal_ids %[[S]], %[[K]] distinct degrees %[[K]] of %[[G]] : !graph.edgeset{{$}}
  // CHECK-NEXT: graph.vertexset.seal_dense %[[S]], %[[K]], %[[K]] of %[[G]] : !graph.edgeset{{$}}
  %buf = graph.vertexset.id_buffer %s : memref<?xi32>
  %big = graph.vertexset.id_buffer %s capacity(%deg) : memref<?xi32>
  graph.vertexset.seal_ids %s, %k
  graph.vertexset.seal_ids %s, %k keep_duplicates
  graph.vertexset.seal_ids %s, %k distinct
  graph.vertexset.seal_ids %s, %k distinct degrees %k of %g : !graph.edgeset
  graph.vertexset.seal_dense %s, %k, %k of %g : !graph.edgeset
  // CHECK-NEXT: %[[WON:.*]] = graph.vector.cas %[[V]][%[[I]]], %[[X]], %[[X]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %[[T:.*]] = arith.constant true
  // CHECK-NEXT: %{{.*}} = graph.reduce min atomic %[[V]][%[[I]]], %[[X]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce or atomic %[[B]][%[[I]]], %[[T]] : !graph.vector<i1>{{$}}
  // CHECK-NEXT: %{{.*}} = graph.reduce and atomic %[[B]][%[[I]]], %[[WON]] : !graph.vector<i1>{{$}}
  // CHECK-NEXT: return %[[DEG]] : index
  %won = graph.vector.cas %v[%i], %x, %x : !graph.vector<i32>
  %t = arith.constant true
  %r1 = graph.reduce min atomic %v[%i], %x : !graph.vector<i32>
  %r2 = graph.reduce or atomic %b[%i], %t : !graph.vector<i1>
  %r3 = graph.reduce and atomic %b[%i], %won : !graph.vector<i1>
  return %deg : index
}

// CHECK-LABEL: func.func @rows(
func.func @rows(%g: !graph.edgeset, %v: index, %k: index, %x: f64) {
  // CHECK-NEXT: %[[M:.*]] = graph.vector.new %{{.*}} : !graph.edgeset -> !graph.vector<?x20xf64>{{$}}
  // CHECK-NEXT: graph.vector.get %[[M]][%{{.*}}, %{{.*}}] : !graph.vector<?x20xf64>{{$}}
  // CHECK-NEXT: graph.vector.set %[[M]][%{{.*}}, %{{.*}}], %{{.*}} : !graph.vector<?x20xf64>{{$}}
  // CHECK-NEXT: graph.reduce add atomic %[[M]][%{{.*}}, %{{.*}}], %{{.*}} : !graph.vector<?x20xf64>{{$}}
  %m = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x20xf64>
  %y = graph.vector.get %m[%v, %k] : !graph.vector<?x20xf64>
  graph.vector.set %m[%v, %k], %x : !graph.vector<?x20xf64>
  %c = graph.reduce add atomic %m[%v, %k], %y : !graph.vector<?x20xf64>
  return
}

// Prefetch hints, for reading and for writing, on vectors with and without
// rows.
// CHECK-LABEL: func.func @prefetch(
// CHECK-SAME: %[[F:.*]]: !graph.vector<i32>, %[[M:.*]]: !graph.vector<?x4xf32>, %[[V:.*]]: index
func.func @prefetch(%f: !graph.vector<i32>, %m: !graph.vector<?x4xf32>,
                    %v: index) {
  // CHECK-NEXT: graph.vector.prefetch %[[F]][%[[V]]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: graph.vector.prefetch %[[F]][%[[V]]] write : !graph.vector<i32>{{$}}
  // CHECK-NEXT: graph.vector.prefetch %[[M]][%[[V]]] : !graph.vector<?x4xf32>{{$}}
  graph.vector.prefetch %f[%v] : !graph.vector<i32>
  graph.vector.prefetch %f[%v] write : !graph.vector<i32>
  graph.vector.prefetch %m[%v] : !graph.vector<?x4xf32>
  return
}

// Union-find forests (Afforest) and neighbour ranges.
// CHECK-LABEL: func.func @union_find(
// CHECK-SAME: %[[G:.*]]: !graph.edgeset, %[[F:.*]]: !graph.vector<i32>, %[[U:.*]]: index, %[[V:.*]]: index
func.func @union_find(%g: !graph.edgeset, %f: !graph.vector<i32>, %u: index,
                      %v: index) -> i32 {
  // CHECK-NEXT: graph.vector.link %[[F]][%[[U]], %[[V]]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: %[[R:.*]] = graph.vector.find %[[F]][%[[U]]] : !graph.vector<i32>{{$}}
  // CHECK-NEXT: graph.edgeset.apply %[[G]] neighbors_from(%[[U]]) neighbors_until(%[[V]]) body {
  // CHECK: graph.edgeset.apply %[[G]] neighbors_from(%[[V]]) schedule(#graph.schedule<direction = dense_push>) body {
  // CHECK: return %[[R]] : i32
  graph.vector.link %f[%u, %v] : !graph.vector<i32>
  %root = graph.vector.find %f[%u] : !graph.vector<i32>
  graph.edgeset.apply %g neighbors_from(%u) neighbors_until(%v) body {
  ^bb0(%src: index, %dst: index):
    graph.vector.link %f[%src, %dst] : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  graph.edgeset.apply %g neighbors_from(%v)
      schedule(#graph.schedule<direction = dense_push>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return %root : i32
}
