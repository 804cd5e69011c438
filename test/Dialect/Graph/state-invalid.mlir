// RUN: graph-opt %s --split-input-file --verify-diagnostics

func.func @missing() -> index {
  // expected-error @+1 {{'graph.global.load' op refers to @nowhere, not a graph.global}}
  %n = graph.global.load @nowhere : index
  return %n : index
}

// -----

graph.global @graphit_state_count : index
func.func @mistyped(%x: i32) {
  // expected-error @+1 {{'graph.global.store' op has type 'i32', but @graphit_state_count holds 'index'}}
  graph.global.store %x, @graphit_state_count : i32
  return
}

// -----

func.func @nested() {
  // expected-error @+1 {{'graph.global' op expects parent op 'builtin.module'}}
  graph.global @graphit_state_inner : index
  return
}
