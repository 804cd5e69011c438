// PageRank-delta without a frontier, 20 rounds in FT (f32 or f64; BT is
// the integer of its width): each round pulls delta[src] / out_degree[src]
// into ngh_sum, then the update loop (its first round adds the teleport
// term and measures the change against 1/n) computes the new delta, adds it
// to the rank and zeroes ngh_sum. The rank after 20 rounds is PageRank's
// after 20 iterations. graph-fuse-epilogue fuses "update" into "s1",
// double-buffering delta. Prints each vertex's rank, or with PRINT
// printing %b its bits.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c21 = arith.constant 21 : index
  %zero = arith.constant 0.0 : FT
  %one = arith.constant 1.0 : FT
  %damp = arith.constant 0.85 : FT
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %n = graph.num_vertices %g : !graph.edgeset
  %n_i64 = arith.index_cast %n : index to i64
  %n_f = arith.sitofp %n_i64 : i64 to FT
  %init = arith.divf %one, %n_f : FT
  %one_minus_d = arith.subf %one, %damp : FT
  %base = arith.divf %one_minus_d, %n_f : FT
  %all = graph.vertexset.new %g all : !graph.edgeset
  %rank = graph.vector.new %g init(%zero : FT) : !graph.edgeset -> !graph.vector<FT>
  %ngh_sum = graph.vector.new %g init(%zero : FT) : !graph.edgeset -> !graph.vector<FT>
  %delta = graph.vector.new %g init(%init : FT) : !graph.edgeset -> !graph.vector<FT>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  scf.for %round = %c1 to %c21 step %c1 {
    %first = arith.cmpi eq, %round, %c1 : index
    graph.edgeset.apply %g label("s1") schedule(#graph.schedule<SCHEDULE>) body {
    ^bb0(%src: index, %dst: index):
      %d = graph.vector.get %delta[%src] : !graph.vector<FT>
      %deg = graph.vector.get %degree[%src] : !graph.vector<i32>
      %degf = arith.sitofp %deg : i32 to FT
      %c = arith.divf %d, %degf : FT
      %changed = graph.reduce add %ngh_sum[%dst], %c : !graph.vector<FT>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all label("update") {
    ^bb0(%v: index):
      %s = graph.vector.get %ngh_sum[%v] : !graph.vector<FT>
      %pulled = arith.mulf %damp, %s : FT
      %d = scf.if %first -> FT {
        %t = arith.addf %pulled, %base : FT
        scf.yield %t : FT
      } else {
        scf.yield %pulled : FT
      }
      %r = graph.vector.get %rank[%v] : !graph.vector<FT>
      %r2 = arith.addf %r, %d : FT
      graph.vector.set %rank[%v], %r2 : !graph.vector<FT>
      %next = scf.if %first -> FT {
        %t = arith.subf %d, %init : FT
        scf.yield %t : FT
      } else {
        scf.yield %d : FT
      }
      graph.vector.set %delta[%v], %next : !graph.vector<FT>
      graph.vector.set %ngh_sum[%v], %zero : !graph.vector<FT>
    }
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<FT>
    %b = arith.bitcast %r : FT to BT
    PRINT
  }
  return
}
