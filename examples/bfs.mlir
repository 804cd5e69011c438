// Breadth-first search from the vertex given as argv[2]; prints each
// vertex's parent (-1 when unreachable) one per line.
// Run: graphc examples/bfs.mlir -o bfs && ./bfs examples/graphs/quirky.el 0
func.func @main() {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %root_arg = graph.argv 2
  %root_i32 = graph.atoi %root_arg : i32
  %root = arith.index_cast %root_i32 : i32 to index
  %parent = graph.vector.new %g init(%cm1 : i32) : !graph.edgeset -> !graph.vector<i32>
  %f0 = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f0, %root
  graph.vector.set %parent[%root], %root_i32 : !graph.vector<i32>
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
        label("s1")
        schedule(#graph.schedule<direction = sparse_push_dense_pull,
                                 parallel = dynamic_vertex, frontier = bitvector>)
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
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %p = graph.vector.get %parent[%v] : !graph.vector<i32>
    graph.print %p : i32
  }
  return
}
