// RUN: graph-opt %s | graph-opt | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// graph.relabel, graph.empty_graph and graph.load like(...): a graph released at the end of
// its block, or kept to the end of the program when a loop yields it; a
// reload checks its vertex count against the first graph.

// ROUND-LABEL: func.func @reload
// ROUND: graph.load %{{.*}} like(%{{.*}} : !graph.edgeset) : !graph.edgeset
// ROUND: graph.relabel %{{.*}} : !graph.edgeset

// CHECK-LABEL: func.func @reload
// CHECK:      %[[FIRST:.*]] = call @graphrt_load(
// CHECK:      scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[FIRST]])
// CHECK:        %[[NEW:.*]] = func.call @graphrt_load(%[[PATH:.*]], %{{.*}}, %{{.*}})
// CHECK-NEXT:   func.call @graphrt_check_vertex_count(%[[NEW]], %[[FIRST]], %[[PATH]])
// CHECK-NEXT:   %[[R:.*]] = func.call @graphrt_relabel(%[[NEW]])
// CHECK-NEXT:   func.call @graphrt_graph_keep(%[[R]])
// CHECK:        func.call @graphrt_graph_free(%[[NEW]])
// CHECK-NEXT:   scf.yield %[[R]]
// CHECK:      call @graphrt_graph_free(%[[FIRST]])
func.func @reload(%path: !graph.string) {
  %g = graph.load %path : !graph.edgeset
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %g) -> (!graph.edgeset) {
    %h = graph.load %path like(%g : !graph.edgeset) : !graph.edgeset
    %r = graph.relabel %h : !graph.edgeset
    scf.yield %r : !graph.edgeset
  }
  return
}

// A relabelled graph used only in its block is freed there.
// CHECK-LABEL: func.func @local
// CHECK: %[[R:.*]] = call @graphrt_relabel(
// CHECK-NOT: graphrt_graph_keep
// CHECK: call @graphrt_graph_free(%[[R]])
func.func @local(%g: !graph.edgeset<i32>) -> index {
  %r = graph.relabel %g : !graph.edgeset<i32>
  %n = graph.num_edges %r : !graph.edgeset<i32>
  return %n : index
}

// An edgeless graph of n vertices, released like a loaded one.
// CHECK-LABEL: func.func @edgeless
// CHECK: %[[COUNT:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[G:.*]] = call @graphrt_graph_empty(%[[COUNT]])
// CHECK: call @graphrt_num_vertices(%[[G]])
// CHECK: call @graphrt_graph_free(%[[G]])
func.func @edgeless(%n: index) -> index {
  %g = graph.empty_graph %n : !graph.edgeset
  %m = graph.num_vertices %g : !graph.edgeset
  return %m : index
}
