// Connected components by label propagation: every vertex ends with the
// smallest id that reaches it. SCHEDULE is replaced by the test.
func.func @main() {
  %c0 = arith.constant 0 : index
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %ids = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %id = arith.index_cast %v : index to i32
    graph.vector.set %ids[%v], %id : !graph.vector<i32>
  }
  %last = scf.while (%f = %all) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%ids : !graph.vector<i32>) dedup
        schedule(#graph.schedule<SCHEDULE>)
      body {
      ^bb0(%src: index, %dst: index):
        %label = graph.vector.get %ids[%src] : !graph.vector<i32>
        %changed = graph.reduce min %ids[%dst], %label : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  %print_all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %print_all schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %l = graph.vector.get %ids[%v] : !graph.vector<i32>
    graph.print %l : i32
  }
  return
}
