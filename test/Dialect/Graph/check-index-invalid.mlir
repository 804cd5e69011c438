// RUN: graph-opt %s -split-input-file -verify-diagnostics

// graph.check_index checks a column only in a vector with rows, names what
// it indexes, and indexes only vectors and graphs.

func.func @column_without_rows(%v: !graph.vector<i32>, %i: index) -> index {
  // expected-error @+1 {{'graph.check_index' op checks a column only in a vector with rows, got '!graph.vector<i32>'}}
  %c = graph.check_index %i in %v column "'v'" : !graph.vector<i32>
  return %c : index
}

// -----

func.func @column_of_graph(%g: !graph.edgeset, %i: index) -> index {
  // expected-error @+1 {{'graph.check_index' op checks a column only in a vector with rows, got '!graph.edgeset'}}
  %c = graph.check_index %i in %g column "'g'" : !graph.edgeset
  return %c : index
}

// -----

func.func @nothing_named(%v: !graph.vector<i32>, %i: index) -> index {
  // expected-error @+1 {{'graph.check_index' op needs a description of what the index indexes}}
  %c = graph.check_index %i in %v "" : !graph.vector<i32>
  return %c : index
}

// -----

func.func @not_a_range(%s: !graph.vertexset, %i: index) -> index {
  // expected-error @+1 {{'graph.check_index' op operand #1 must be per-vertex data, or a fixed-length vector or an immutable graph, optionally with edge weights, but got '!graph.vertexset'}}
  %c = graph.check_index %i in %s "'s'" : !graph.vertexset
  return %c : index
}

// -----

func.func @defer_graph_check(%g: !graph.edgeset, %i: index, %slot: memref<2xi64>) -> index {
  // expected-error @+1 {{'graph.check_index' op defers only the check of a vector index; a graph's vertex count is the runtime's}}
  %c = graph.check_index %i in %g "'g'" defer to %slot : memref<2xi64> : !graph.edgeset
  return %c : index
}

// -----

func.func @defer_to_wrong_slot(%v: !graph.vector<i32>, %i: index, %slot: memref<3xi64>) -> index {
  // expected-error @+1 {{'graph.check_index' op defers to a memref<2xi64>, got 'memref<3xi64>'}}
  %c = graph.check_index %i in %v "'v'" defer to %slot : memref<3xi64> : !graph.vector<i32>
  return %c : index
}
