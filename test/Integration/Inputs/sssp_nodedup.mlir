// Bellman-Ford over frontiers from argv[2] without dedup (GraphIt's
// applyModified(f, dist, false)): a vertex whose distance drops several times
// in a round is in the next frontier as often. Prints each vertex's distance
// (2147483647 when unreachable). SCHEDULE is replaced by the test.
func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %inf = arith.constant 2147483647 : i32
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  %root_arg = graph.argv 2
  %root_i32 = graph.atoi %root_arg : i32
  %root = arith.index_cast %root_i32 : i32 to index
  %dist = graph.vector.new %g init(%inf : i32) : !graph.edgeset<i32> -> !graph.vector<i32>
  graph.vector.set %dist[%root], %zero : !graph.vector<i32>
  %f0 = graph.vertexset.new %g : !graph.edgeset<i32>
  graph.vertexset.insert %f0, %root
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>)
        schedule(#graph.schedule<SCHEDULE>)
      body {
      ^bb0(%src: index, %dst: index, %w: i32):
        %ds = graph.vector.get %dist[%src] : !graph.vector<i32>
        %cand = arith.addi %ds, %w : i32
        %changed = graph.reduce min %dist[%dst], %cand : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset<i32> -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  %all = graph.vertexset.new %g all : !graph.edgeset<i32>
  graph.vertexset.apply %all schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %d = graph.vector.get %dist[%v] : !graph.vector<i32>
    graph.print %d : i32
  }
  return
}
