// RUN: graph-opt %s --graph-lower-async --split-input-file -verify-diagnostics

// An ordered asynchronous loop orders its worklist by the tracked vector's
// values, lowest first: a max reduction is not a fit.
func.func @max_labels(%g: !graph.edgeset, %v: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    // expected-error @below {{asynchronous schedule of 's1': an ordered asynchronous loop orders its worklist by the tracked vector's values, lowest first: the body's updates must be min reductions of an int or int64 vector, got max of i32}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>) label("s1")
        schedule(#graph.schedule<async = ordered>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce max %v[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// Nor are float distances, which have no buckets.
func.func @float_distances(%g: !graph.edgeset<f64>, %v: !graph.vector<f64>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    // expected-error @below {{asynchronous schedule: an ordered asynchronous loop orders its worklist by the tracked vector's values, lowest first: the body's updates must be min reductions of an int or int64 vector, got min of f64}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<f64>)
        schedule(#graph.schedule<async = ordered, parallel = dynamic_vertex>) body {
    ^bb0(%src: index, %dst: index, %w: f64):
      %d = graph.vector.get %v[%src] : !graph.vector<f64>
      %nd = arith.addf %d, %w : f64
      %c = graph.reduce min %v[%dst], %nd : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset<f64> -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// The loop's other conditions are those of async: here a round counter.
func.func @counts_rounds(%g: !graph.edgeset, %v: !graph.vector<i32>, %init: !graph.vertexset) {
  %c0 = arith.constant 0 : index
  %final:2 = scf.while (%f = %init, %r = %c0) : (!graph.vertexset, index) -> (!graph.vertexset, index) {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f, %r : !graph.vertexset, index
  } do {
  ^bb0(%f: !graph.vertexset, %r: index):
    // expected-error @below {{asynchronous schedule of 's1': the traversal must be the body of a while loop that changes no variable but the frontier the traversal starts from}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>) label("s1")
        schedule(#graph.schedule<async = ordered>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    %c1 = arith.constant 1 : index
    %r1 = arith.addi %r, %c1 : index
    scf.yield %next, %r1 : !graph.vertexset, index
  }
  graph.vertexset.free %final#0
  return
}

// -----

// The schedule verifier: only an ordered worklist has buckets.
// expected-error @+1 {{delta is the bucket width of async = ordered; async = unordered has no buckets}}
func.func private @unordered_delta() attributes {s = #graph.schedule<async, delta = 8>}

// -----

// expected-error @+1 {{async needs direction = sparse_push and no gpu, segments or numa}}
func.func private @ordered_pull() attributes {s = #graph.schedule<direction = dense_pull, async = ordered>}

// -----

// expected-error @+1 {{priority_update = obim needs direction = sparse_push and no segments, numa or async}}
func.func private @ordered_obim() attributes {s = #graph.schedule<priority_update = obim, async = ordered>}

// -----

// expected-error @+1 {{unknown async 'sideways'; expected one of: unordered, ordered}}
func.func private @sideways() attributes {s = #graph.schedule<async = sideways>}

// -----

// expected-error @+1 {{unknown async 'none'; expected one of: unordered, ordered}}
func.func private @none() attributes {s = #graph.schedule<async = none>}

// -----

func.func @float_values(%s: !graph.vertexset, %v: !graph.vector<f32>, %d: index) {
  // expected-error @below {{'graph.worklist.new_by_value' op values must be i32 or i64, got 'f32'}}
  %w = graph.worklist.new_by_value %s, %v delta(%d) : !graph.vector<f32>
  return
}

// -----

func.func @record_values(%s: !graph.vertexset, %v: !graph.vector<i32, record<8, 0>>, %d: index) {
  // expected-error @below {{'graph.worklist.new_by_value' op values cannot be a vector of records (fused fields)}}
  %w = graph.worklist.new_by_value %s, %v delta(%d) : !graph.vector<i32, record<8, 0>>
  return
}
