// PageRank, 20 iterations of the pull-direction edge step with damping 0.85;
// prints each vertex's rank one per line.
// Run: graphc examples/pagerank.mlir -o pr && ./pr examples/graphs/quirky.el
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %damp = arith.constant 0.85 : f64
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %n = graph.num_vertices %g : !graph.edgeset
  %n_i64 = arith.index_cast %n : index to i64
  %n_f64 = arith.sitofp %n_i64 : i64 to f64
  %init = arith.divf %one, %n_f64 : f64
  %one_minus_d = arith.subf %one, %damp : f64
  %base = arith.divf %one_minus_d, %n_f64 : f64
  %rank = graph.vector.new %g init(%init : f64) : !graph.edgeset -> !graph.vector<f64>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %new_rank = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %all = graph.vertexset.new %g all : !graph.edgeset
  scf.for %iter = %c0 to %c20 step %c1 {
    graph.vertexset.apply %all label("contrib") {
    ^bb0(%v: index):
      %r = graph.vector.get %rank[%v] : !graph.vector<f64>
      %d = graph.vector.get %degree[%v] : !graph.vector<i32>
      %df = arith.sitofp %d : i32 to f64
      %c = arith.divf %r, %df : f64
      graph.vector.set %contrib[%v], %c : !graph.vector<f64>
    }
    graph.edgeset.apply %g label("s1")
        schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>)
      body {
      ^bb0(%src: index, %dst: index):
        %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
        %changed = graph.reduce add %new_rank[%dst], %c : !graph.vector<f64>
        graph.yield
      } : !graph.edgeset
    graph.vertexset.apply %all label("update") {
    ^bb0(%v: index):
      %s = graph.vector.get %new_rank[%v] : !graph.vector<f64>
      %scaled = arith.mulf %damp, %s : f64
      %r = arith.addf %base, %scaled : f64
      graph.vector.set %rank[%v], %r : !graph.vector<f64>
      graph.vector.set %new_rank[%v], %zero : !graph.vector<f64>
    }
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<f64>
    graph.print %r : f64
  }
  return
}
