// RUN: graph-opt %s --graph-distribute -verify-diagnostics

// An epilogue's writes would stay on the rank that made them.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %out = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-error @below {{'graph.edgeset.apply' op with an epilogue cannot be distributed: its writes would not be mirrored (graph-distribute runs without graph-fuse-epilogue)}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    graph.vector.set %out[%v], %sum : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
