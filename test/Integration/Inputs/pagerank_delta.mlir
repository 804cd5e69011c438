// PageRank-Delta as examples/pagerank_delta.gt computes it: 10 rounds in
// which only the vertices whose rank moved by more than 10% of itself push
// their change (delta) along their out-edges; every vertex is active in the
// first round. Prints each vertex's rank. SCHEDULE is replaced by the test.
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
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %vertices = graph.vertexset.new %g all : !graph.edgeset
  %f0 = graph.vertexset.new %g all : !graph.edgeset
  %last = scf.for %round = %c1 to %c11 step %c1 iter_args(%f = %f0) -> (!graph.vertexset) {
    // Active vertices push delta / out-degree to their out-neighbours.
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
    graph.vertexset.free %f
    // Each vertex takes in its sum; the next frontier is the vertices whose
    // change exceeds epsilon of their rank.
    %first = arith.cmpi eq, %round, %c1 : index
    %next = scf.if %first -> (!graph.vertexset) {
      // The first round adds the teleport term and measures the change
      // against the initial rank 1/n.
      %active = graph.vertexset.filter %vertices {
      ^bb0(%v: index):
        %sum = graph.vector.get %ngh_sum[%v] : !graph.vector<f64>
        %pulled = arith.mulf %damp, %sum : f64
        %d = arith.addf %pulled, %beta : f64
        %r0 = graph.vector.get %rank[%v] : !graph.vector<f64>
        %r = arith.addf %r0, %d : f64
        graph.vector.set %rank[%v], %r : !graph.vector<f64>
        %change = arith.subf %d, %initial : f64
        graph.vector.set %delta[%v], %change : !graph.vector<f64>
        graph.vector.set %ngh_sum[%v], %zero : !graph.vector<f64>
        %size = math.absf %change : f64
        %bound = arith.mulf %epsilon, %r : f64
        %keep = arith.cmpf ogt, %size, %bound : f64
        graph.yield %keep : i1
      }
      scf.yield %active : !graph.vertexset
    } else {
      %active = graph.vertexset.filter %vertices {
      ^bb0(%v: index):
        %sum = graph.vector.get %ngh_sum[%v] : !graph.vector<f64>
        %d = arith.mulf %sum, %damp : f64
        graph.vector.set %delta[%v], %d : !graph.vector<f64>
        %r0 = graph.vector.get %rank[%v] : !graph.vector<f64>
        %r = arith.addf %r0, %d : f64
        graph.vector.set %rank[%v], %r : !graph.vector<f64>
        graph.vector.set %ngh_sum[%v], %zero : !graph.vector<f64>
        %size = math.absf %d : f64
        %bound = arith.mulf %epsilon, %r : f64
        %keep = arith.cmpf ogt, %size, %bound : f64
        graph.yield %keep : i1
      }
      scf.yield %active : !graph.vertexset
    }
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  graph.vertexset.apply %vertices label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<f64>
    graph.print %r : f64
  }
  return
}
