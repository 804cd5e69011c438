// RUN: graph-opt %s --split-input-file --graph-segment --graph-lower-direction | FileCheck %s

// A pull over plain segments (no numa) with an epilogue (graph-fuse-epilogue's
// PageRank update): graph-segment builds segments whose last one lists every
// destination (last_lists_all), apart from the segments of a traversal
// without an epilogue. The segments but the last fold into the vector as
// unfused; the last segment's scan, a loop of its own over every
// destination, loads the earlier segments' sum, adds its own in-edges,
// leaves reset's 0.0 in the vector for the next run and runs the epilogue
// on the complete sum.
// CHECK-LABEL: func.func @segmented_epilogue
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[PLAIN:.*]] = graph.segments %arg0 count(%{{.*}}) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>
// CHECK-DAG: %[[ALL:.*]] = graph.segments %arg0 count(%{{.*}}) fixed_vertex_count last_lists_all : !graph.edgeset -> !graph.segments<in>
// CHECK: %[[INCOMING:.*]] = graph.vector.new
// CHECK: %[[CONTRIB:.*]] = graph.vector.new
// CHECK: %[[RANK:.*]] = graph.vector.new
// CHECK: %[[COUNT:.*]] = graph.segments.count %[[ALL]]
// CHECK: %[[LAST:.*]] = arith.subi %[[COUNT]], %[[ONE]] : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[LAST]]
// CHECK: graph.segment.view %[[ALL]]
// CHECK: scf.for
// CHECK: %[[PART:.*]] = graph.vector.get %[[INCOMING]][%[[D:.*]]]
// CHECK: %[[S:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[PART]]) -> (f32)
// CHECK: graph.vector.set %[[INCOMING]][%[[D]]], %[[S]]
// CHECK-NOT: arith.mulf
// CHECK: omp.terminator
// CHECK: graph.segment.view %[[ALL]][%[[LAST]]]
// CHECK: scf.for
// CHECK: %[[EARLIER:.*]] = graph.vector.get %[[INCOMING]][%[[V:.*]]]
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[EARLIER]]) -> (f32)
// CHECK: }
// CHECK-NEXT: graph.vector.set %[[INCOMING]][%[[V]]], %[[ZERO]]
// CHECK-NEXT: %[[R:.*]] = arith.mulf %arg1, %[[SUM]] : f32
// CHECK-NEXT: graph.vector.set %[[RANK]][%[[V]]], %[[R]]
// CHECK: omp.terminator
// The traversal without an epilogue scans all its segments in one loop.
// CHECK: %[[COUNT2:.*]] = graph.segments.count %[[PLAIN]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[COUNT2]]
// CHECK: graph.segment.view %[[PLAIN]]
// CHECK-NOT: graph.segment.view
// CHECK: return
func.func @segmented_epilogue(%g: !graph.edgeset, %damp: f32) {
  %incoming = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %rank = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  graph.edgeset.apply %g reset(0.0 : f32)
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
    %changed = graph.reduce add %incoming[%dst], %c : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %r = arith.mulf %damp, %sum : f32
    graph.vector.set %rank[%v], %r : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
    %changed = graph.reduce add %rank[%dst], %c : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Without reset the last segment stores the complete sum, then runs the
// epilogue; a fused filter's kept destinations join the output there.
// CHECK-LABEL: func.func @segmented_filter
// CHECK: %[[ALL:.*]] = graph.segments %arg0 count(%{{.*}}) edge_aware_vertex_count last_lists_all
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0 : !graph.edgeset
// CHECK: scf.for
// CHECK: graph.segment.view %[[ALL]]
// CHECK-NOT: arith.cmpf
// CHECK: graph.segment.view %[[ALL]]
// CHECK: %[[SUM:.*]] = scf.for {{.*}} -> (f64)
// CHECK: }
// CHECK-NEXT: graph.vector.set %[[ACC:.*]][%[[V:.*]]], %[[SUM]]
// CHECK-NEXT: %[[KEEP:.*]] = arith.cmpf ogt, %[[SUM]], %arg1 : f64
// CHECK-NEXT: scf.if %[[KEEP]] {
// CHECK: graph.vertexset.seal_dense %[[OUT]]
func.func @segmented_filter(%g: !graph.edgeset, %half: f64) -> !graph.vertexset {
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %kept = graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, segments = 3, segment_strategy = edge_aware_vertex_count>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    %keep = arith.cmpf ogt, %sum, %half : f64
    graph.yield %keep : i1
  } : !graph.edgeset -> !graph.vertexset
  return %kept : !graph.vertexset
}
