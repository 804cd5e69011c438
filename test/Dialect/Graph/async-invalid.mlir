// RUN: graph-opt %s --graph-lower-async --split-input-file -verify-diagnostics

// An async traversal must be the one body of a loop over its frontier.
func.func @not_in_loop(%g: !graph.edgeset, %v: !graph.vector<i32>, %f: !graph.vertexset) {
  // expected-error @below {{asynchronous schedule of 's1': the traversal must be the body of a while loop that changes no variable but the frontier the traversal starts from}}
  %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>) label("s1")
      schedule(#graph.schedule<async>) body {
  ^bb0(%src: index, %dst: index):
    %l = graph.vector.get %v[%src] : !graph.vector<i32>
    %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

// A loop that counts its rounds depends on them.
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
        schedule(#graph.schedule<async>) body {
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

// The loop must run until the frontier is empty.
func.func @bounded(%g: !graph.edgeset, %v: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c10 = arith.constant 10 : index
    %more = arith.cmpi ugt, %n, %c10 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    // expected-error @below {{asynchronous schedule: the loop must run while its frontier is not empty}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
        schedule(#graph.schedule<async>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// Anything else in the loop (here a print) would run once per round.
func.func @more_in_loop(%g: !graph.edgeset, %v: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    // expected-error @below {{asynchronous schedule: the loop may only run the traversal, delete the frontier and make the traversal's output the next frontier}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
        schedule(#graph.schedule<async>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    %n = graph.vertexset.size %next
    %n32 = arith.index_cast %n : index to i32
    graph.print %n32 : i32
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// A destination filter's answer depends on when it is tested.
func.func @filtered(%g: !graph.edgeset, %v: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    // expected-error @below {{asynchronous schedule: the traversal may not filter its sources or destinations}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
        schedule(#graph.schedule<async>) dst_filter {
    ^bb0(%d: index):
      %x = graph.vector.get %v[%d] : !graph.vector<i32>
      %cm1 = arith.constant -1 : i32
      %open = arith.cmpi eq, %x, %cm1 : i32
      graph.yield %open : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// A sum is not order-independent: each arrival would add again.
func.func @sum(%g: !graph.edgeset, %v: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    // expected-error @below {{asynchronous schedule: the traversal's body must only update the tracked vector at the destination with one of min, max, or, and (updates whose result does not depend on their order), and read anything else}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
        schedule(#graph.schedule<async>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce add %v[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// A write of another vector (BFS's parent) is not a monotone update of the
// tracked one.
func.func @other_write(%g: !graph.edgeset, %v: !graph.vector<i32>, %parent: !graph.vector<i32>, %init: !graph.vertexset) {
  %final = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    // expected-error @below {{asynchronous schedule: the traversal's body must only update the tracked vector}}
    %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
        schedule(#graph.schedule<async>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %v[%src] : !graph.vector<i32>
      %c = graph.reduce min %v[%dst], %l : !graph.vector<i32>
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %final
  return
}

// -----

// The schedule verifier: a worklist pushes single vertices of a sparse push.
// expected-error @+1 {{async needs direction = sparse_push and no gpu, segments or numa}}
func.func private @dense() attributes {s = #graph.schedule<direction = dense_pull, async>}

// -----

// expected-error @+1 {{async needs direction = sparse_push and no gpu, segments or numa}}
func.func private @hybrid() attributes {s = #graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex, async>}
