// RUN: graph-opt %s --graph-distribute=remarks=1 --split-input-file -verify-diagnostics

// With `remarks`, graph-distribute says at each vector of a loaded graph
// that stays whole on every rank, and at each vertex set mirrored whole,
// why (graphc --print-distribution). Partitioned ones get no remark.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %zero = arith.constant 0.0 : f64
  // expected-remark @+1 {{vector stays whole on every rank: 'func.call' uses it, which a rank cannot serve from its own part}}
  %passed = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{vector stays whole on every rank: an operation reads or writes it whole}}
  %filled = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %owned = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  func.call @keep(%passed) : (!graph.vector<f64>) -> ()
  graph.vector.fill %filled, %zero : !graph.vector<f64>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %filled[%src] : !graph.vector<f64>
    %c = graph.reduce add %owned[%dst], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
func.func private @keep(!graph.vector<f64>)

// -----

// A traversal's output that a loop prints runs whole on every rank.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %parent = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  // expected-remark @+1 {{vertex set stays whole on every rank: a vertex loop that runs on every rank reads it ('graph.vertexset.apply')}}
  %next = graph.edgeset.apply %g track(%parent : !graph.vector<i32>) dedup body {
  ^bb0(%src: index, %dst: index):
    %s = arith.index_cast %src : index to i32
    graph.vector.set %parent[%dst], %s : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  graph.vertexset.apply %next schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %i = arith.index_cast %v : index to i64
    graph.print %i : i64
  }
  return
}
