// RUN: graph-opt %s --graph-lower-direction=serial-work=0 --split-input-file | FileCheck %s

// A parallel push over a source set that lists each member once (BC's
// backward step over a popped level): each source is scanned by one
// thread, so its reduction into dep[src] is a plain read-modify-write.
// CHECK-LABEL: func.func @distinct_sources
// CHECK: omp.parallel
// CHECK: graph.reduce add %arg2[%{{.*}}], %{{.*}} : !graph.vector<f64>
// CHECK-NOT: atomic
// CHECK: return
func.func @distinct_sources(%g: !graph.edgeset, %f: !graph.vertexset,
                            %dep: !graph.vector<f64>) {
  graph.edgeset.apply %g from(%f distinct)
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %dep[%dst] : !graph.vector<f64>
    %c = graph.reduce add %dep[%src], %d : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// The same without `distinct`: the set may list a source twice, and two
// threads would then add into dep[src] at once.
// CHECK-LABEL: func.func @may_repeat
// CHECK: graph.reduce add atomic %arg2[%{{.*}}], %{{.*}} : !graph.vector<f64>
func.func @may_repeat(%g: !graph.edgeset, %f: !graph.vertexset,
                      %dep: !graph.vector<f64>) {
  graph.edgeset.apply %g from(%f)
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %dep[%dst] : !graph.vector<f64>
    %c = graph.reduce add %dep[%src], %d : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A push over every vertex scans each source once too.
// CHECK-LABEL: func.func @every_vertex
// CHECK: omp.parallel
// CHECK: graph.reduce add %arg1[%{{.*}}], %{{.*}} : !graph.vector<f64>
// CHECK-NOT: atomic
// CHECK: return
func.func @every_vertex(%g: !graph.edgeset, %dep: !graph.vector<f64>) {
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_push, parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %dep[%dst] : !graph.vector<f64>
    %c = graph.reduce add %dep[%src], %d : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Where the body also writes the vector at the destination, another
// thread may be adding into this thread's source: both stay atomic. So
// do writes at the source of a vector that may be the one another write
// reaches elsewhere (two arguments may be one vector); two vectors of
// their own allocations are known apart.
// CHECK-LABEL: func.func @written_elsewhere
// CHECK: graph.reduce add atomic %arg2[%{{.*}}], %{{.*}} : !graph.vector<f64>
// CHECK: graph.reduce add atomic %arg2[%{{.*}}], %{{.*}} : !graph.vector<f64>
// CHECK: graph.reduce add atomic %arg2[%{{.*}}], %{{.*}} : !graph.vector<f64>
// CHECK: graph.reduce add atomic %arg3[%{{.*}}], %{{.*}} : !graph.vector<f64>
// CHECK: %[[A:.*]] = graph.vector.new
// CHECK: %[[B:.*]] = graph.vector.new
// CHECK: graph.reduce add %[[A]][%{{.*}}], %{{.*}} : !graph.vector<f64>
// CHECK: graph.reduce add atomic %[[B]][%{{.*}}], %{{.*}} : !graph.vector<f64>
func.func @written_elsewhere(%g: !graph.edgeset, %f: !graph.vertexset,
                             %dep: !graph.vector<f64>,
                             %other: !graph.vector<f64>) {
  graph.edgeset.apply %g from(%f distinct)
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %dep[%dst] : !graph.vector<f64>
    %c = graph.reduce add %dep[%src], %d : !graph.vector<f64>
    %e = graph.reduce add %dep[%dst], %d : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.edgeset.apply %g from(%f distinct)
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %dep[%dst] : !graph.vector<f64>
    %c = graph.reduce add %dep[%src], %d : !graph.vector<f64>
    %e = graph.reduce add %other[%dst], %d : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %zero = arith.constant 0.0 : f64
  %a = graph.vector.new %g init(%zero : f64) : !graph.edgeset -> !graph.vector<f64>
  %b = graph.vector.new %g init(%zero : f64) : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g from(%f distinct)
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %dep[%dst] : !graph.vector<f64>
    %c = graph.reduce add %a[%src], %d : !graph.vector<f64>
    %e = graph.reduce add %b[%dst], %d : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
