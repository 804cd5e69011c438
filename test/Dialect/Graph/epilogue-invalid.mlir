// RUN: graph-opt %s -split-input-file -verify-diagnostics

// One case per rule of graph.edgeset.apply's epilogue and reset(...).

func.func @reset_without_epilogue(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{reset(...) needs an epilogue}}
  graph.edgeset.apply %g reset(0.0 : f32) schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @push(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{an epilogue needs direction 'dense_pull' or 'sparse_push_dense_pull', got 'dense_push'}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_push>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @gpu(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{an epilogue needs a CPU schedule}}
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull>>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Plain segments run the epilogue in their last segment, which must list
// every destination.
func.func @segmented(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  %c2 = arith.constant 2 : index
  %segs = graph.segments %g count(%c2) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>
  // expected-error @+1 {{an epilogue runs in the last segment, which must list every destination: segments of graph.segments ... last_lists_all}}
  graph.edgeset.apply %g segments(%segs : !graph.segments<in>) schedule(#graph.schedule<direction = dense_pull, segments = 2>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @to(%g: !graph.edgeset, %s: !graph.vertexset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{an epilogue runs for every destination: no to(...), dst_filter, track(...), result or update_priority(...)}}
  graph.edgeset.apply %g to(%s) schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @no_reduction(%g: !graph.edgeset, %x: !graph.vector<f32>) {
  // expected-error @+1 {{an epilogue needs the body's one graph.reduce into a per-vertex vector at dst, which nothing else in the body and filters accesses}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    graph.vector.set %x[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @arguments(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{epilogue must take (vertex: index, sum: 'f32') but takes 2 argument(s) of type(s) 'index', 'f64'}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f64):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @reset_type(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{reset value 0.000000e+00 : f64 is not of the accumulated type 'f32'}}
  graph.edgeset.apply %g reset(0.0 : f64) schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @reset_access(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{with reset(...) the epilogue does not access the accumulated vector}}
  graph.edgeset.apply %g reset(0.0 : f32) schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.vector.set %acc[%v], %sum : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @acc_elsewhere(%g: !graph.edgeset, %acc: !graph.vector<f32>, %u: index) {
  // expected-error @+1 {{epilogue accesses the accumulated vector only at its vertex}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %x = graph.vector.get %acc[%u] : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @written_elsewhere(%g: !graph.edgeset, %acc: !graph.vector<f32>, %x: !graph.vector<f32>, %u: index) {
  // expected-error @+1 {{epilogue accesses the vectors it writes only at its vertex, with graph.vector.get, graph.vector.set and graph.reduce}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.vector.set %x[%u], %sum : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @jacobi(%g: !graph.edgeset, %acc: !graph.vector<f32>, %contrib: !graph.vector<f32>) {
  // expected-error @+1 {{epilogue writes a vector the traversal reads (schedule epilogue = in_place allows it)}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.vector.set %contrib[%v], %sum : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// In place, only a pulling direction has the epilogue.
func.func @in_place_push(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{epilogue = in_place needs direction = dense_pull or sparse_push_dense_pull and no gpu or async}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_push, epilogue = in_place>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @in_place_unknown(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{unknown epilogue 'gauss_seidel'}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, epilogue = gauss_seidel>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @reads_written(%g: !graph.edgeset, %acc: !graph.vector<f32>, %seen: !graph.vector<f32>) {
  // expected-error @+1 {{epilogue reads a vector the body writes}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    graph.vector.set %seen[%src], %one : !graph.vector<f32>
    %changed = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %s = graph.vector.get %seen[%v] : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @keep_without_result(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{an epilogue that yields whether to keep its vertex needs a result: the set of kept vertices}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %true = arith.constant true
    graph.yield %true : i1
  } : !graph.edgeset
  return
}

// -----

func.func @keep_not_i1(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{epilogue must yield one i1 (keep the vertex?), yields 1 value(s) of type(s) 'f32'}}
  %s = graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield %sum : f32
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @keep_twice(%g: !graph.edgeset, %acc: !graph.vector<f32>) {
  // expected-error @+1 {{the body and the epilogue cannot both yield whether to keep a vertex}}
  %s = graph.edgeset.apply %g dedup schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %acc[%dst], %one : !graph.vector<f32>
    %true = arith.constant true
    graph.yield %true : i1
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    %true = arith.constant true
    graph.yield %true : i1
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

// After reductions into rows (CF) there is no sum: the epilogue takes the
// vertex alone, has no reset(...), and segments are not spread over sockets.
func.func @rows_with_sum(%g: !graph.edgeset, %error: !graph.vector<?x4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{an epilogue after reductions into rows must take (vertex: index) but takes 2 argument(s) of type(s) 'index', 'f32'}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %error[%dst, %c0], %one : !graph.vector<?x4xf32>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %sum: f32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @rows_reset(%g: !graph.edgeset, %error: !graph.vector<?x4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{reset(...) needs the body's one graph.reduce into an element per destination, not into rows}}
  graph.edgeset.apply %g reset(0.0 : f32) schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f32
    %c = graph.reduce add %error[%dst, %c0], %one : !graph.vector<?x4xf32>
    graph.yield
  } epilogue {
  ^bb0(%v: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// The body reads the rows elsewhere than through its reductions at dst.
func.func @rows_read_at_source(%g: !graph.edgeset, %error: !graph.vector<?x4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{(or graph.reduce only into dst's row of a vector of rows, which nothing else accesses)}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %e = graph.vector.get %error[%src, %c0] : !graph.vector<?x4xf32>
    %c = graph.reduce add %error[%dst, %c0], %e : !graph.vector<?x4xf32>
    graph.yield
  } epilogue {
  ^bb0(%v: index):
    graph.yield
  } : !graph.edgeset
  return
}
