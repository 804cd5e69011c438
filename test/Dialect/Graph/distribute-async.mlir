// RUN: graph-opt %s --graph-distribute | FileCheck %s
// RUN: sed 's/dynamic_vertex, async>/dynamic_vertex, async = ordered, delta = 4>/' %s | graph-opt --graph-distribute | FileCheck %s

// A distributed asynchronous loop keeps its rounds: graph-distribute drops
// async (ordered too, with its delta), and the mirrors after each
// traversal bring the other ranks' changes before the next round.
// CHECK-LABEL: func.func @main()
// CHECK: scf.while
// CHECK: graph.edgeset.apply %{{.*}} from(%{{.*}}) track(%{{.*}} : !graph.vector<i32>) schedule(#graph.schedule<parallel = dynamic_vertex>)
// CHECK: graph.vector.mirror
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %init = graph.vertexset.new %g all : !graph.edgeset
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
        schedule(#graph.schedule<parallel = dynamic_vertex, async>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}
