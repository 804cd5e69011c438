// Reachability from argv[2] by bool reductions: each round marks the
// frontier's out-neighbours `visited` (or) and clears their `unseen` flag
// (and); the newly visited form the next frontier and get the round as their
// level. Prints each vertex's level, 2147483647 when unreachable or still
// flagged unseen: on an unweighted graph, its shortest-path distance.
// SCHEDULE is replaced by the test.
func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %inf = arith.constant 2147483647 : i32
  %true = arith.constant true
  %false = arith.constant false
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %root_arg = graph.argv 2
  %root_i32 = graph.atoi %root_arg : i32
  %root = arith.index_cast %root_i32 : i32 to index
  %visited = graph.vector.new %g : !graph.edgeset -> !graph.vector<i1>
  %unseen = graph.vector.new %g init(%true : i1) : !graph.edgeset -> !graph.vector<i1>
  %level = graph.vector.new %g init(%inf : i32) : !graph.edgeset -> !graph.vector<i32>
  graph.vector.set %visited[%root], %true : !graph.vector<i1>
  graph.vector.set %unseen[%root], %false : !graph.vector<i1>
  graph.vector.set %level[%root], %zero : !graph.vector<i32>
  %f0 = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f0, %root
  %last:2 = scf.while (%f = %f0, %round = %zero) : (!graph.vertexset, i32) -> (!graph.vertexset, i32) {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f, %round : !graph.vertexset, i32
  } do {
  ^bb0(%f: !graph.vertexset, %round: i32):
    %next = graph.edgeset.apply %g from(%f) track(%visited : !graph.vector<i1>) dedup
        schedule(#graph.schedule<SCHEDULE>)
      body {
      ^bb0(%src: index, %dst: index):
        %marked = graph.reduce or %visited[%dst], %true : !graph.vector<i1>
        %cleared = graph.reduce and %unseen[%dst], %false : !graph.vector<i1>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    %next_round = arith.addi %round, %one : i32
    graph.vertexset.apply %next {
    ^bb0(%v: index):
      graph.vector.set %level[%v], %next_round : !graph.vector<i32>
    }
    graph.vertexset.free %f
    scf.yield %next, %next_round : !graph.vertexset, i32
  }
  graph.vertexset.free %last#0
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %u = graph.vector.get %unseen[%v] : !graph.vector<i1>
    %l = graph.vector.get %level[%v] : !graph.vector<i32>
    %shown = arith.select %u, %inf, %l : i32
    graph.print %shown : i32
  }
  return
}
