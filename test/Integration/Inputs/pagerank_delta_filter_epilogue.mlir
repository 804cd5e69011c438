// PageRank-Delta in the shape GraphIt gives examples/pagerank_delta.gt (10
// rounds in FT, f32 or f64; BT is the integer of its width): the pull from
// the frontier, the frontier freed, then the next frontier is one of two
// filters over all vertices (the first round's adds the teleport term and
// measures the change against 1/n), each updating delta and the rank and
// zeroing ngh_sum. graph-fuse-epilogue fuses both filters into "s1" as one
// epilogue that builds the next frontier (double-buffering delta). Prints
// each vertex's rank, or with PRINT printing %b its bits. SCHEDULE is
// replaced by the test.
func.func @main() {
  %c1 = arith.constant 1 : i32
  %c11 = arith.constant 11 : i32
  %zero = arith.constant 0.0 : FT
  %one = arith.constant 1.0 : FT
  %damp = arith.constant 0.85 : FT
  %epsilon = arith.constant 0.1 : FT
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %n = graph.num_vertices %g : !graph.edgeset
  %n_i32 = arith.index_cast %n : index to i32
  %n_f = arith.sitofp %n_i32 : i32 to FT
  %initial = arith.divf %one, %n_f : FT
  %teleport = arith.subf %one, %damp : FT
  %beta = arith.divf %teleport, %n_f : FT
  %vertices = graph.vertexset.new %g all : !graph.edgeset
  %rank = graph.vector.new %g init(%zero : FT) : !graph.edgeset -> !graph.vector<FT>
  %ngh_sum = graph.vector.new %g init(%zero : FT) : !graph.edgeset -> !graph.vector<FT>
  %delta = graph.vector.new %g init(%initial : FT) : !graph.edgeset -> !graph.vector<FT>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %f0 = graph.vertexset.new %g all : !graph.edgeset
  %last = scf.for %round = %c1 to %c11 step %c1 iter_args(%f = %f0) -> (!graph.vertexset) : i32 {
    graph.edgeset.apply %g from(%f) label("s1") schedule(#graph.schedule<SCHEDULE>) body {
    ^bb0(%src: index, %dst: index):
      %d = graph.vector.get %delta[%src] : !graph.vector<FT>
      %deg = graph.vector.get %degree[%src] : !graph.vector<i32>
      %deg_f = arith.sitofp %deg : i32 to FT
      %share = arith.divf %d, %deg_f : FT
      %changed = graph.reduce add %ngh_sum[%dst], %share : !graph.vector<FT>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.free %f
    %first = arith.cmpi eq, %round, %c1 : i32
    %next = scf.if %first -> (!graph.vertexset) {
      %s = graph.vertexset.filter %vertices {
      ^bb0(%v: index):
        %sum = graph.vector.get %ngh_sum[%v] : !graph.vector<FT>
        %pulled = arith.mulf %damp, %sum : FT
        %d = arith.addf %pulled, %beta : FT
        graph.vector.set %delta[%v], %d : !graph.vector<FT>
        %r = graph.reduce add %rank[%v], %d : !graph.vector<FT>
        %d1 = graph.vector.get %delta[%v] : !graph.vector<FT>
        %change = arith.subf %d1, %initial : FT
        graph.vector.set %delta[%v], %change : !graph.vector<FT>
        %size = math.absf %change : FT
        %rv = graph.vector.get %rank[%v] : !graph.vector<FT>
        %bound = arith.mulf %epsilon, %rv : FT
        %keep = arith.cmpf ogt, %size, %bound : FT
        graph.vector.set %ngh_sum[%v], %zero : !graph.vector<FT>
        graph.yield %keep : i1
      }
      scf.yield %s : !graph.vertexset
    } else {
      %s = graph.vertexset.filter %vertices {
      ^bb0(%v: index):
        %sum = graph.vector.get %ngh_sum[%v] : !graph.vector<FT>
        %d = arith.mulf %sum, %damp : FT
        graph.vector.set %delta[%v], %d : !graph.vector<FT>
        %r = graph.reduce add %rank[%v], %d : !graph.vector<FT>
        graph.vector.set %ngh_sum[%v], %zero : !graph.vector<FT>
        %size = math.absf %d : FT
        %rv = graph.vector.get %rank[%v] : !graph.vector<FT>
        %bound = arith.mulf %epsilon, %rv : FT
        %keep = arith.cmpf ogt, %size, %bound : FT
        graph.yield %keep : i1
      }
      scf.yield %s : !graph.vertexset
    }
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  graph.vertexset.apply %vertices label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<FT>
    %b = arith.bitcast %r : FT to BT
    PRINT
  }
  return
}
