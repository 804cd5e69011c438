// PageRank as bench/gap/pr.gt computes it (the update loop writes the next
// iteration's contributions), 20 pull iterations in FT (f32 or f64; BT is
// the integer of its width). graph-fuse-epilogue fuses "update" into "s1",
// double-buffering contrib. Prints each vertex's rank, or with PRINT
// printing %b its bits.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
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
  %rank = graph.vector.new %g init(%init : FT) : !graph.edgeset -> !graph.vector<FT>
  %incoming = graph.vector.new %g init(%zero : FT) : !graph.edgeset -> !graph.vector<FT>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<FT>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  graph.vertexset.apply %all label("contrib") {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<FT>
    %d = graph.vector.get %degree[%v] : !graph.vector<i32>
    %df = arith.sitofp %d : i32 to FT
    %c = arith.divf %r, %df : FT
    graph.vector.set %contrib[%v], %c : !graph.vector<FT>
  }
  scf.for %iter = %c0 to %c20 step %c1 {
    graph.edgeset.apply %g label("s1") schedule(#graph.schedule<SCHEDULE>) body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %contrib[%src] : !graph.vector<FT>
      %changed = graph.reduce add %incoming[%dst], %c : !graph.vector<FT>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all label("update") {
    ^bb0(%v: index):
      %s = graph.vector.get %incoming[%v] : !graph.vector<FT>
      %scaled = arith.mulf %damp, %s : FT
      %r = arith.addf %base, %scaled : FT
      graph.vector.set %rank[%v], %r : !graph.vector<FT>
      graph.vector.set %incoming[%v], %zero : !graph.vector<FT>
      %d = graph.vector.get %degree[%v] : !graph.vector<i32>
      %df = arith.sitofp %d : i32 to FT
      %c = arith.divf %r, %df : FT
      graph.vector.set %contrib[%v], %c : !graph.vector<FT>
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
