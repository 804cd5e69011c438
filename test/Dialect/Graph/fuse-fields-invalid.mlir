// RUN: graph-opt %s --graph-fuse-fields --split-input-file -verify-diagnostics

// expected-error @+1 {{fuseFields group ["rank", "degree"]: no vector named 'degree' (a graph.vector.new or graph.out_degrees with graph.field = "degree")}}
module attributes {graph.fused_fields = [["rank", "degree"]]} {
  func.func @missing(%g: !graph.edgeset) {
    %r = graph.vector.new %g {graph.field = "rank"} : !graph.edgeset -> !graph.vector<f64>
    return
  }
}

// -----

module attributes {graph.fused_fields = [["a", "b"], ["b", "c"]]} {
  func.func @twice(%g: !graph.edgeset) {
    %a = graph.vector.new %g {graph.field = "a"} : !graph.edgeset -> !graph.vector<f64>
    // expected-error @+1 {{vector 'b' is in more than one fuseFields group}}
    %b = graph.vector.new %g {graph.field = "b"} : !graph.edgeset -> !graph.vector<f64>
    %c = graph.vector.new %g {graph.field = "c"} : !graph.edgeset -> !graph.vector<f64>
    return
  }
}

// -----

module attributes {graph.fused_fields = [["a", "b"]]} {
  func.func @two_graphs(%g: !graph.edgeset, %h: !graph.edgeset) {
    %a = graph.vector.new %g {graph.field = "a"} : !graph.edgeset -> !graph.vector<f64>
    // expected-error @+1 {{fuseFields group ["a", "b"]: 'b' belongs to another graph than the group's first vector}}
    %b = graph.vector.new %h {graph.field = "b"} : !graph.edgeset -> !graph.vector<f64>
    return
  }
}

// -----

// A vector carried through a loop cannot change type with its field.
module attributes {graph.fused_fields = [["a", "b"]]} {
  func.func @carried(%g: !graph.edgeset, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = graph.vector.new %g {graph.field = "a"} : !graph.edgeset -> !graph.vector<f64>
    %b = graph.vector.new %g {graph.field = "b"} : !graph.edgeset -> !graph.vector<f64>
    // expected-error @+1 {{vector 'a' of fuseFields group ["a", "b"] is used by 'scf.for'; only graph ops take a vector stored in records}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %a) -> (!graph.vector<f64>) {
      scf.yield %v : !graph.vector<f64>
    }
    return
  }
}
