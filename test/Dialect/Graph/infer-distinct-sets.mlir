// RUN: graph-opt %s --graph-infer-distinct-sets --split-input-file | FileCheck %s

// Brandes' BC: the forward BFS appends each level, the dedup output of a
// push (or, first, the set holding the source), to a list; the backward
// loop pops them. Every set appended is distinct, so every popped one is.
// CHECK-LABEL: func.func @levels
// CHECK: graph.edgeset.apply %arg0 from(%{{.*}}) track
// CHECK: graph.edgeset.apply %arg0 from(%{{.*}} distinct) label("backward")
func.func @levels(%g: !graph.edgeset, %paths: !graph.vector<f64>,
                  %dep: !graph.vector<f64>, %source: index) {
  %first = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %first, %source
  %levels = graph.list.new : !graph.list<!graph.vertexset>
  %c0 = arith.constant 0 : index
  %last = scf.while (%frontier = %first) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %frontier
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %frontier : !graph.vertexset
  } do {
  ^bb0(%frontier: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%frontier) track(%paths : !graph.vector<f64>) dedup
        schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex>) body {
    ^bb0(%src: index, %dst: index):
      %p = graph.vector.get %paths[%src] : !graph.vector<f64>
      %c = graph.reduce add %paths[%dst], %p : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.list.append %levels, %frontier : !graph.list<!graph.vertexset>
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  %upper = graph.list.pop %levels : !graph.list<!graph.vertexset>
  graph.edgeset.apply %g from(%upper) label("backward")
      schedule(#graph.schedule<parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %dep[%dst] : !graph.vector<f64>
    %c = graph.reduce add %dep[%src], %d : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A push without dedup may list a destination once per change: neither
// its output, nor a loop's set that may be that output, nor a set popped
// from a list it was appended to, is distinct. A pull's output is.
// CHECK-LABEL: func.func @repeats
// CHECK: graph.edgeset.apply %arg0 from(%{{.*}}) track
// CHECK: graph.edgeset.apply %arg0 from(%{{.*}}) label("after_nodedup")
// CHECK: graph.edgeset.apply %arg0 from(%{{.*}}) label("popped")
// CHECK: graph.edgeset.apply %arg0 from(%{{.*}} distinct) label("after_pull")
func.func @repeats(%g: !graph.edgeset, %v: !graph.vector<f64>) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %levels = graph.list.new : !graph.list<!graph.vertexset>
  graph.list.append %levels, %all : !graph.list<!graph.vertexset>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %set = scf.for %i = %c0 to %c3 step %c1 iter_args(%f = %all) -> !graph.vertexset {
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<f64>)
        schedule(#graph.schedule<parallel = dynamic_vertex>) body {
    ^bb0(%src: index, %dst: index):
      %p = graph.vector.get %v[%src] : !graph.vector<f64>
      %c = graph.reduce add %v[%dst], %p : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    scf.yield %next : !graph.vertexset
  }
  graph.edgeset.apply %g from(%set) label("after_nodedup") body {
  ^bb0(%src: index, %dst: index):
    %c = graph.reduce add %v[%src], %z : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.list.append %levels, %set : !graph.list<!graph.vertexset>
  %popped = graph.list.pop %levels : !graph.list<!graph.vertexset>
  graph.edgeset.apply %g from(%popped) label("popped") body {
  ^bb0(%src: index, %dst: index):
    %c = graph.reduce add %v[%src], %z : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %pulled = graph.edgeset.apply %g from(%all) track(%v : !graph.vector<f64>)
      schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %p = graph.vector.get %v[%src] : !graph.vector<f64>
    %c = graph.reduce add %v[%dst], %p : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  graph.edgeset.apply %g from(%pulled) label("after_pull") body {
  ^bb0(%src: index, %dst: index):
    %c = graph.reduce add %v[%src], %z : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A function's argument may repeat a member; so may a set popped from a
// list that a loop carries (its appends are not all in sight).
// CHECK-LABEL: func.func @unknown
// CHECK: graph.edgeset.apply %arg0 from(%arg1) label("argument")
// CHECK: graph.edgeset.apply %arg0 from(%{{.*}}) label("carried_list")
func.func @unknown(%g: !graph.edgeset, %f: !graph.vertexset,
                   %v: !graph.vector<f64>) {
  %c0 = arith.constant 0.0 : f64
  graph.edgeset.apply %g from(%f) label("argument") body {
  ^bb0(%src: index, %dst: index):
    %c = graph.reduce add %v[%src], %c0 : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %new = graph.vertexset.new %g : !graph.edgeset
  %levels = graph.list.new : !graph.list<!graph.vertexset>
  graph.list.append %levels, %new : !graph.list<!graph.vertexset>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %l = scf.for %i = %i0 to %i1 step %i1 iter_args(%list = %levels) -> !graph.list<!graph.vertexset> {
    scf.yield %list : !graph.list<!graph.vertexset>
  }
  %popped = graph.list.pop %l : !graph.list<!graph.vertexset>
  graph.edgeset.apply %g from(%popped) label("carried_list") body {
  ^bb0(%src: index, %dst: index):
    %c = graph.reduce add %v[%src], %c0 : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// An external function given a set could make its ids repeat: the module
// gets no marks at all.
// CHECK-LABEL: func.func @external
// CHECK-NOT: distinct
func.func private @touch(!graph.vertexset)
func.func @external(%g: !graph.edgeset, %v: !graph.vector<f64>) {
  %c0 = arith.constant 0.0 : f64
  %new = graph.vertexset.new %g all : !graph.edgeset
  func.call @touch(%new) : (!graph.vertexset) -> ()
  graph.edgeset.apply %g from(%new) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.reduce add %v[%src], %c0 : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
