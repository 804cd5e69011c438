// RUN: graph-opt %s --graph-segment --split-input-file | FileCheck %s --check-prefix=SEG
// RUN: graph-opt %s --graph-segment --graph-lower-direction --split-input-file | FileCheck %s

// PageRank's pull with 16 segments: graph-segment builds the in-edge
// segments; lowered, a sequential loop over them runs the schedule's
// omp.wsloop over each segment's destinations, the sum in a register
// across the destination's in-edges of the segment and stored once per
// segment.
// SEG-LABEL: func.func @pull
// SEG: %[[C16:.*]] = arith.constant 16 : index
// SEG: %[[SEGS:.*]] = graph.segments %arg0 count(%[[C16]]) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>
// SEG: graph.edgeset.apply %arg0 segments(%[[SEGS]] : !graph.segments<in>)
// CHECK-LABEL: func.func @pull
// CHECK-NOT: graph.adjacency
// CHECK: %[[SEGS:.*]] = graph.segments %arg0 count(%{{.*}}) fixed_vertex_count
// CHECK: %[[N:.*]] = graph.segments.count %[[SEGS]]
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %[[N]]
// CHECK: %[[DSTS:.*]], %[[OFFS:.*]], %[[SRCS:.*]] = graph.segment.view %[[SEGS]][%[[S]]]
// CHECK: %[[SIZE:.*]] = memref.dim %[[DSTS]]
// CHECK: omp.parallel
// CHECK: scf.while : () -> i64 {
// CHECK: scf.for %[[I:.*]] = 
// CHECK: %[[D32:.*]] = memref.load %[[DSTS]][%[[I]]]
// CHECK: %[[DST:.*]] = arith.index_cast %[[D32]]
// CHECK: memref.load %[[OFFS]][%[[I]]]
// CHECK: %[[INIT:.*]] = graph.vector.get %arg2[%[[DST]]]
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f64)
// CHECK: memref.load %[[SRCS]]
// CHECK-NOT: graph.reduce
// CHECK: arith.addf %[[ACC]]
// CHECK: scf.yield
// CHECK: graph.vector.set %arg2[%[[DST]]], %[[SUM]]
// CHECK-NEXT: } {graph.team_chunk}
// CHECK-NOT: graph.vector.set
// CHECK: return
func.func @pull(%g: !graph.edgeset, %contrib: !graph.vector<f64>,
                %rank: !graph.vector<f64>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               grain = 512, segments = 16>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// The count from argv[3] at run time, the edge-aware strategy, a weighted
// graph (the segment's weights), a static serial schedule: scf.for inside.
// SEG-LABEL: func.func @argv_weighted
// SEG: %[[ARG:.*]] = graph.argv 3
// SEG: %[[K:.*]] = graph.atoi %[[ARG]] : i64
// SEG: %[[COUNT:.*]] = arith.index_cast %[[K]] : i64 to index
// SEG: graph.segments %arg0 count(%[[COUNT]]) edge_aware_vertex_count : !graph.edgeset<i32> -> !graph.segments<in, i32>
// CHECK-LABEL: func.func @argv_weighted
// CHECK: graph.argv 3
// CHECK: %[[SEGS:.*]] = graph.segments
// CHECK: scf.for %[[S:.*]] =
// CHECK: graph.segment.view %[[SEGS]][%[[S]]]
// CHECK: %[[W:.*]] = graph.segment.weights %[[SEGS]][%[[S]]] : !graph.segments<in, i32> -> memref<?xi32>
// CHECK-NOT: omp.
// CHECK: scf.for
// CHECK: scf.for {{.*}} iter_args
// CHECK: memref.load %[[W]]
// CHECK: arith.minsi
func.func @argv_weighted(%g: !graph.edgeset<i32>, %old: !graph.vector<i32>,
                         %dist: !graph.vector<i32>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, segments = argv[3],
                               segment_strategy = edge_aware_vertex_count>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %old[%src] : !graph.vector<i32>
    %c = arith.addi %d, %w : i32
    %changed = graph.reduce min %dist[%dst], %c : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// A tracked pull: the register accumulator, one output frontier for all
// segments, marked per segment when the destination's value changed, sealed
// once after the last one.
// CHECK-LABEL: func.func @tracked
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: scf.for
// CHECK: graph.segment.view
// CHECK: omp.wsloop nowait schedule(static = %c256_i64 : i64)
// CHECK: %[[INIT:.*]] = graph.vector.get %arg2
// CHECK: %[[NEW:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]])
// CHECK: arith.minsi
// CHECK: graph.vector.set %arg2[%[[DST:.*]]], %[[NEW]]
// CHECK: %[[CHANGED:.*]] = arith.cmpi ne, %[[NEW]], %[[INIT]]
// CHECK: scf.if %[[CHANGED]]
// CHECK: memref.store %{{.*}}, %[[FLAGS]][%[[DST]]]
// CHECK: omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: graph.vertexset.seal_dense %[[OUT]]
// CHECK-NEXT: return %[[OUT]]
func.func @tracked(%g: !graph.edgeset, %old: !graph.vector<i32>,
                    %ids: !graph.vector<i32>) -> !graph.vertexset {
  %m = graph.edgeset.apply %g track(%ids : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = dense_pull, parallel = static_vertex,
                               segments = 3>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %old[%src] : !graph.vector<i32>
    %changed = graph.reduce min %ids[%dst], %x : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %m : !graph.vertexset
}

// -----

// Dense push: out-edge segments grouped by source, the frontier tested per
// source, atomic reductions into the destinations.
// SEG-LABEL: func.func @push
// SEG: graph.segments %arg0 count(%{{.*}}) fixed_vertex_count : !graph.edgeset -> !graph.segments<out>
// CHECK-LABEL: func.func @push
// CHECK: %[[SEGS:.*]] = graph.segments {{.*}} -> !graph.segments<out>
// CHECK: %[[FROM:.*]] = graph.vertexset.bools %arg1
// CHECK: scf.for %[[S:.*]] =
// CHECK: %[[SRCS:.*]], %{{.*}}, %[[DSTS:.*]] = graph.segment.view %[[SEGS]][%[[S]]]
// CHECK: scf.while : () -> i64 {
// CHECK: %[[SRC32:.*]] = memref.load %[[SRCS]]
// CHECK: %[[SRC:.*]] = arith.index_cast %[[SRC32]]
// CHECK: memref.load %[[FROM]][%[[SRC]]]
// CHECK: scf.if
// CHECK: memref.load %[[DSTS]]
// CHECK: graph.reduce add atomic %arg2
func.func @push(%g: !graph.edgeset, %f: !graph.vertexset, %v: !graph.vector<f64>) {
  graph.edgeset.apply %g from(%f)
      schedule(#graph.schedule<direction = dense_push, parallel = dynamic_vertex,
                               segments = 2>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %v[%src] : !graph.vector<f64>
    %changed = graph.reduce add %v[%dst], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A hybrid: the dense branch loops over the segments, the sparse branch
// scans the frontier's out-edges unsegmented.
// SEG-LABEL: func.func @hybrid
// SEG: %[[SEGS:.*]] = graph.segments {{.*}} -> !graph.segments<in>
// SEG: graph.edgeset.apply %arg0 from(%arg1) segments(%[[SEGS]] : !graph.segments<in>) {{.*}}direction = sparse_push_dense_pull
// CHECK-LABEL: func.func @hybrid
// CHECK: %[[SEGS:.*]] = graph.segments
// CHECK: scf.if
// CHECK: graph.segments.count %[[SEGS]]
// CHECK: graph.segment.view %[[SEGS]]
// CHECK: } else {
// CHECK-NOT: graph.segment
// CHECK: graph.vertexset.ids %arg1
// CHECK: graph.adjacency out %arg0
// CHECK-NOT: graph.segment
// CHECK: return
func.func @hybrid(%g: !graph.edgeset, %f: !graph.vertexset, %v: !graph.vector<f64>) {
  graph.edgeset.apply %g from(%f)
      schedule(#graph.schedule<direction = sparse_push_dense_pull, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %v[%src] : !graph.vector<f64>
    %changed = graph.reduce add %v[%dst], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Unsegmented schedules and traversals that already have their segments
// are left alone.
// SEG-LABEL: func.func @untouched
// SEG-NOT: graph.segments %
// SEG: graph.edgeset.apply %arg0 body
// SEG: graph.edgeset.apply %arg0 segments(%arg1 : !graph.segments<in>)
// SEG-NOT: graph.segments %
// SEG: return
func.func @untouched(%g: !graph.edgeset, %s: !graph.segments<in>) {
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  graph.edgeset.apply %g segments(%s : !graph.segments<in>)
      schedule(#graph.schedule<direction = dense_pull, segments = 2>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Segments are built right after the graph is loaded, outside the loop
// that traverses them, once for all traversals with the same options.
// SEG-LABEL: func.func @shared
// SEG: %[[G:.*]] = graph.load
// SEG-NEXT: %[[C4:.*]] = arith.constant 4 : index
// SEG-NEXT: %[[SEGS:.*]] = graph.segments %[[G]] count(%[[C4]]) fixed_vertex_count
// SEG-NOT: graph.segments %
// SEG: scf.for
// SEG: graph.edgeset.apply %[[G]] segments(%[[SEGS]] : !graph.segments<in>)
// SEG: graph.edgeset.apply %[[G]] segments(%[[SEGS]] : !graph.segments<in>)
// SEG-NOT: graph.segments %
// SEG: return
func.func @shared(%path: !graph.string, %n: index, %v: !graph.vector<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = graph.load %path : !graph.edgeset
  scf.for %i = %c0 to %n step %c1 {
    graph.edgeset.apply %g
        schedule(#graph.schedule<direction = dense_pull, segments = 4>) body {
    ^bb0(%src: index, %dst: index):
      graph.yield
    } : !graph.edgeset
    graph.edgeset.apply %g
        schedule(#graph.schedule<direction = sparse_push_dense_pull, segments = 4>) body {
    ^bb0(%src: index, %dst: index):
      graph.yield
    } : !graph.edgeset
  }
  return
}

// -----

// A segmented pull marking a bitvector output: a segment's destinations come
// from its vertex list, not from the loop index, so two threads may mark the
// same word and the mark is an atomic or, whose old word says whether it
// added the vertex. The chunk still covers whole cache lines of bits.
// CHECK-LABEL: func.func @pull_bits
// CHECK: %[[OUT:.*]] = graph.vertexset.new
// CHECK: %[[OUTBITS:.*]] = graph.vertexset.bits %[[OUT]] : memref<?xi64>
// CHECK: graph.segment.view
// CHECK: scf.while : () -> i64 {
// CHECK: graph.vector.set %arg2
// CHECK: %[[MASK:.*]] = arith.shli
// CHECK: %[[OLD:.*]] = memref.atomic_rmw ori %[[MASK]], %[[OUTBITS]][%{{.*}}] : (i64, memref<?xi64>) -> i64
// CHECK: %[[WAS:.*]] = arith.andi %[[OLD]], %[[MASK]] : i64
// CHECK: arith.cmpi eq, %[[WAS]]
func.func @pull_bits(%g: !graph.edgeset, %f: !graph.vertexset,
                     %parent: !graph.vector<i32>) -> !graph.vertexset {
  %cm1 = arith.constant -1 : i32
  %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                               frontier = bitvector, segments = 4>)
    dst_filter {
    ^bb0(%v: index):
      %p = graph.vector.get %parent[%v] : !graph.vector<i32>
      %fresh = arith.cmpi eq, %p, %cm1 : i32
      graph.yield %fresh : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %next : !graph.vertexset
}
