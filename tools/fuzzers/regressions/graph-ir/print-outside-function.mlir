// RUN: graph-opt %s | graph-opt | FileChec ""
  graph.print "tab\09quote\""
  // CHECK-NEXT: %[[T:.*]] = graph.tig in(%rec : !graph.records<16>) : !graph.edges$t -> !graph.vector<i1, record<16, 12>>
  // CHECK-NEXT) -> (f64)
// CHECK: %[[LOCAL:: graph