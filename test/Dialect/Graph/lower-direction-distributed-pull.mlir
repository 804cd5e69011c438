// RUN: graph-opt %s --graph-lower-direction=serial-work=0 --split-input-file | FileCheck %s

// A rank of a distributed graph keeps the in-offsets of its own vertices
// only (indexed by vertex id from the first owned vertex on), so every pull
// over such a graph scans the rank's owned range: over a loaded graph, and
// over a graph a function takes in a module whose loads are distributed.
// CHECK-LABEL: func.func @pull_arg
// CHECK-SAME:  (%[[G:.*]]: !graph.edgeset,
// CHECK:       %[[OFF:.*]], %{{.*}} = graph.adjacency in %[[G]]
// CHECK:       %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]] : !graph.edgeset
// CHECK:       scf.for %[[V:.*]] = %[[BEGIN]] to %[[END]]
// CHECK:         memref.load %[[OFF]][%[[V]]] : memref<?xi64>
// CHECK-LABEL: func.func @main
// CHECK:       %[[L:.*]] = graph.load %{{.*}} distributed
// CHECK:       %[[BEGIN2:.*]], %[[END2:.*]] = graph.owned_range %[[L]] : !graph.edgeset
// CHECK:       scf.for %{{.*}} = %[[BEGIN2]] to %[[END2]]
func.func @pull_arg(%g: !graph.edgeset, %sum: !graph.vector<f64>) {
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %s = graph.reduce add %sum[%dst], %one : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

func.func @main(%path: !graph.string) {
  %g = graph.load %path distributed : !graph.edgeset
  %sum = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %s = graph.reduce add %sum[%dst], %one : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Without distributed loads, a pull over a function's graph scans every
// vertex.
// CHECK-LABEL: func.func @local_pull_arg
// CHECK-NOT:   graph.owned_range
// CHECK:       scf.for
// CHECK-NOT:   graph.owned_range
// CHECK:       return
func.func @local_pull_arg(%g: !graph.edgeset, %sum: !graph.vector<f64>) {
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %s = graph.reduce add %sum[%dst], %one : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

func.func @local_main(%path: !graph.string) {
  %g = graph.load %path : !graph.edgeset
  %sum = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  func.call @local_pull_arg(%g, %sum) : (!graph.edgeset, !graph.vector<f64>) -> ()
  return
}
