// RUN: graph-opt %s --graph-fuse-epilogue=remarks=true --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefixes=AUTO,ALL
// RUN: graph-opt %s --graph-fuse-epilogue="remarks=true segmented-epilogue=auto" --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefixes=AUTO,ALL
// RUN: graph-opt %s --graph-fuse-epilogue="remarks=true segmented-epilogue=last-segment" --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefixes=LAST,ALL
// RUN: graph-opt %s --graph-fuse-epilogue="remarks=true segmented-epilogue=own-loop" --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefixes=OWN,ALL
// RUN: graph-opt %s --graph-fuse-epilogue="remarks=true segmented-epilogue=auto" --graph-segment --split-input-file | FileCheck %s --check-prefix=IR

// Under plain segments, where the loop after the pull runs (option
// segmented-epilogue): auto fuses it into the last segment only when it
// accesses nothing per vertex but the accumulated vector (a stream the
// segments have anyway); last-segment always, own-loop never. Segments
// spread over sockets and unsegmented pulls are not concerned.

// PageRank's update under 4 segments: 'rank' and 'contrib' (whose second
// buffer the update assigns first, so the old one is not read) and the
// out-degrees, 8 bytes each.
// AUTO: remark: traversal 's1' not fused with the vertex loop after it: under plain segments the loop keeps a pass of its own: its per-vertex streams ('rank', 'degree', 'contrib': 24 bytes per vertex) would join the last segment's working set, which the segment count was chosen to fit in cache (segmented-epilogue=last-segment fuses it){{$}}
// LAST: remark: fused vertex loop 'update' into traversal 's1' as its epilogue; it runs in the last segment, which lists every destination; the last segment leaves 0.000000e+00 : f64 in the accumulated vector; 'contrib' double-buffered{{$}}
// OWN: remark: traversal 's1' not fused with the vertex loop after it: under plain segments the loop keeps a pass of its own (segmented-epilogue=own-loop){{$}}
// IR-LABEL: func.func @pagerank
// IR: graph.segments %{{.*}} count(%{{.*}}) fixed_vertex_count :
// IR-NOT: epilogue
func.func @pagerank(%g: !graph.edgeset, %damp: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %incoming = graph.vector.new %g {graph.field = "incoming"} : !graph.edgeset -> !graph.vector<f64>
  %contrib = graph.vector.new %g {graph.field = "contrib"} : !graph.edgeset -> !graph.vector<f64>
  %rank = graph.vector.new %g {graph.field = "rank"} : !graph.edgeset -> !graph.vector<f64>
  %degree = graph.vector.new %g {graph.field = "degree"} : !graph.edgeset -> !graph.vector<f64>
  scf.for %i = %c0 to %c10 step %c1 {
  graph.edgeset.apply %g label("s1") schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %changed = graph.reduce add %incoming[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all label("update") {
  ^bb0(%v: index):
    %s = graph.vector.get %incoming[%v] : !graph.vector<f64>
    %r = arith.mulf %damp, %s : f64
    graph.vector.set %rank[%v], %r : !graph.vector<f64>
    %d = graph.vector.get %degree[%v] : !graph.vector<f64>
    %q = arith.divf %r, %d : f64
    graph.vector.set %contrib[%v], %q : !graph.vector<f64>
    graph.vector.set %incoming[%v], %zero : !graph.vector<f64>
  }
  }
  return
}

// -----

// A loop that only scales the accumulated vector in place adds no stream:
// auto fuses it into the last segment.
// AUTO: remark: fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; it runs in the last segment, which lists every destination; it adds no per-vertex stream to the last segment{{$}}
// LAST: remark: fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; it runs in the last segment, which lists every destination; it adds no per-vertex stream to the last segment{{$}}
// OWN: remark: traversal (unlabelled) not fused with the vertex loop after it: under plain segments the loop keeps a pass of its own (segmented-epilogue=own-loop){{$}}
// IR-LABEL: func.func @in_place
// IR: graph.segments %{{.*}} count(%{{.*}}) fixed_vertex_count last_lists_all
// IR: } epilogue {
func.func @in_place(%g: !graph.edgeset, %damp: f64) {
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, segments = 2>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    %r = arith.mulf %damp, %s : f64
    graph.vector.set %acc[%v], %r : !graph.vector<f64>
  }
  return
}

// -----

// A filter after reductions into rows (CF's error rows) that steps the
// latent rows, double-buffered (a row is copied before the step: two
// buffers of 4 f32), and builds a kept set.
// AUTO: remark: traversal (unlabelled) not fused with the vertex loop after it: under plain segments the loop keeps a pass of its own: its per-vertex streams ('latent' (two buffers): 32 bytes per vertex, and the kept set) would join the last segment's working set, which the segment count was chosen to fit in cache (segmented-epilogue=last-segment fuses it){{$}}
// LAST: remark: fused vertex filter (unlabelled) into traversal (unlabelled) as its epilogue; it runs in the last segment, which lists every destination; it reads the rows of 'error' the traversal summed; 'latent' double-buffered; it builds the kept set per destination{{$}}
// OWN: remark: traversal (unlabelled) not fused with the vertex loop after it: under plain segments the loop keeps a pass of its own (segmented-epilogue=own-loop){{$}}
// IR-LABEL: func.func @rows_filter
// IR-NOT: epilogue
func.func @rows_filter(%g: !graph.edgeset, %step: f32) -> !graph.vertexset {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %latent = graph.vector.new %g {graph.field = "latent"} : !graph.edgeset -> !graph.vector<?x4xf32>
  %error = graph.vector.new %g {graph.field = "error"} : !graph.edgeset -> !graph.vector<?x4xf32>
  %all = graph.vertexset.new %g all : !graph.edgeset
  scf.for %i = %c0 to %c4 step %c1 {
    graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, segments = 3>) body {
    ^bb0(%src: index, %dst: index):
      scf.for %k = %c0 to %c4 step %c1 {
        %l = graph.vector.get %latent[%src, %k] : !graph.vector<?x4xf32>
        %changed = graph.reduce add %error[%dst, %k], %l : !graph.vector<?x4xf32>
      }
      graph.yield
    } : !graph.edgeset
    %kept = graph.vertexset.filter %all {
    ^bb0(%v: index):
      %e = graph.vector.get %error[%v, %c0] : !graph.vector<?x4xf32>
      %x = arith.mulf %step, %e : f32
      %changed = graph.reduce add %latent[%v, %c0], %x : !graph.vector<?x4xf32>
      %keep = arith.cmpf ogt, %e, %step : f32
      graph.yield %keep : i1
    }
  }
  %none = graph.vertexset.new %g : !graph.edgeset
  return %none : !graph.vertexset
}

// -----

// Segments spread over sockets, and unsegmented pulls, fuse whatever the
// option says.
// ALL: remark: fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; it reads the rows of a vector the traversal summed; with segments spread over sockets it runs in one pass over the vertices after them{{$}}
// ALL: remark: fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue{{$}}
// IR-LABEL: func.func @not_plain
func.func @not_plain(%g: !graph.edgeset) {
  %c0 = arith.constant 0 : index
  %all = graph.vertexset.new %g all : !graph.edgeset
  %error = graph.vector.new %g : !graph.edgeset -> !graph.vector<?x4xf64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %y = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 2, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %error[%dst, %c0], %c : !graph.vector<?x4xf64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %e = graph.vector.get %error[%v, %c0] : !graph.vector<?x4xf64>
    graph.vector.set %x[%v], %e : !graph.vector<f64>
  }
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %x[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %x[%v] : !graph.vector<f64>
    graph.vector.set %y[%v], %s : !graph.vector<f64>
  }
  return
}
