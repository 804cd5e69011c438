// PageRank-Delta as examples/pagerank_delta.gt computes it (10 rounds; only
// vertices whose rank moved by more than 10% of itself push their delta),
// but with the update as a vertex loop that flags the next frontier's
// vertices in `active`, which a filter then reads: graph-fuse-epilogue fuses
// "update" into "s1" (double-buffering delta), and with a hybrid schedule
// only the pull runs it per destination. Prints each vertex's rank, or with
// PRINT printing %b its bits. SCHEDULE is replaced by the test.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %damp = arith.constant 0.85 : f64
  %epsilon = arith.constant 0.1 : f64
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %n = graph.num_vertices %g : !graph.edgeset
  %n_i32 = arith.index_cast %n : index to i32
  %n_f64 = arith.sitofp %n_i32 : i32 to f64
  %initial = arith.divf %one, %n_f64 : f64
  %teleport = arith.subf %one, %damp : f64
  %beta = arith.divf %teleport, %n_f64 : f64
  %rank = graph.vector.new %g init(%zero : f64) : !graph.edgeset -> !graph.vector<f64>
  %ngh_sum = graph.vector.new %g init(%zero : f64) : !graph.edgeset -> !graph.vector<f64>
  %delta = graph.vector.new %g init(%initial : f64) : !graph.edgeset -> !graph.vector<f64>
  %active = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %vertices = graph.vertexset.new %g all : !graph.edgeset
  %f0 = graph.vertexset.new %g all : !graph.edgeset
  %last = scf.for %round = %c1 to %c11 step %c1 iter_args(%f = %f0) -> (!graph.vertexset) {
    %first = arith.cmpi eq, %round, %c1 : index
    graph.edgeset.apply %g from(%f) label("s1") schedule(#graph.schedule<SCHEDULE>)
      body {
      ^bb0(%src: index, %dst: index):
        %d = graph.vector.get %delta[%src] : !graph.vector<f64>
        %deg = graph.vector.get %degree[%src] : !graph.vector<i32>
        %deg_f64 = arith.sitofp %deg : i32 to f64
        %share = arith.divf %d, %deg_f64 : f64
        %changed = graph.reduce add %ngh_sum[%dst], %share : !graph.vector<f64>
        graph.yield
      } : !graph.edgeset
    graph.vertexset.apply %vertices label("update") {
    ^bb0(%v: index):
      %sum = graph.vector.get %ngh_sum[%v] : !graph.vector<f64>
      %pulled = arith.mulf %damp, %sum : f64
      // The first round adds the teleport term and measures the change
      // against the initial rank 1/n.
      %d = scf.if %first -> f64 {
        %t = arith.addf %pulled, %beta : f64
        scf.yield %t : f64
      } else {
        scf.yield %pulled : f64
      }
      %r0 = graph.vector.get %rank[%v] : !graph.vector<f64>
      %r = arith.addf %r0, %d : f64
      graph.vector.set %rank[%v], %r : !graph.vector<f64>
      %change = scf.if %first -> f64 {
        %t = arith.subf %d, %initial : f64
        scf.yield %t : f64
      } else {
        scf.yield %d : f64
      }
      graph.vector.set %delta[%v], %change : !graph.vector<f64>
      graph.vector.set %ngh_sum[%v], %zero : !graph.vector<f64>
      %size = math.absf %change : f64
      %bound = arith.mulf %epsilon, %r : f64
      %keep = arith.cmpf ogt, %size, %bound : f64
      %flag = arith.extui %keep : i1 to i32
      graph.vector.set %active[%v], %flag : !graph.vector<i32>
    }
    graph.vertexset.free %f
    %next = graph.vertexset.filter %vertices {
    ^bb0(%v: index):
      %flag = graph.vector.get %active[%v] : !graph.vector<i32>
      %c0_i32 = arith.constant 0 : i32
      %keep = arith.cmpi ne, %flag, %c0_i32 : i32
      graph.yield %keep : i1
    }
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  graph.vertexset.apply %vertices label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<f64>
    %b = arith.bitcast %r : f64 to i64
    PRINT
  }
  return
}
