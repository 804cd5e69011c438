// RUN: graph-opt %s --graph-fuse-epilogue="remarks=true segmented-epilogue=last-segment" --split-input-file -verify-diagnostics | FileCheck %s

// PageRank (bench/gap/pr.gt): the update loop becomes the pull's epilogue;
// `incoming` starts at 0.0 and the loop resets it to 0.0, so its sum starts
// from 0.0 in a register (reset) and is never stored; `contrib`, which the
// pull reads at its sources, gets a second buffer swapped per iteration.
// CHECK-LABEL: func.func @pagerank
// CHECK: %[[CONTRIB:.*]] = graph.vector.new %[[G:.*]] {graph.field = "contrib"}
// CHECK-NEXT: %[[NEXT:.*]] = graph.vector.new %[[G]] : !graph.edgeset -> !graph.vector<f32>
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[CUR:.*]] = %[[CONTRIB]], %[[NXT:.*]] = %[[NEXT]], %[[SWAPPED:.*]] = %[[FALSE]])
// CHECK-NEXT: graph.vertexset.apply %{{.*}} label("before")
// CHECK: graph.vector.get %[[CUR]]
// CHECK: graph.edgeset.apply %[[G]] reset(0.000000e+00 : f32) label("s1")
// CHECK: graph.vector.get %[[CUR]][%{{.*}}]
// CHECK-NEXT: graph.reduce add %[[INCOMING:.*]][%{{.*}}]
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f32):
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %{{.*}}, %[[SUM]] : f32
// CHECK-NEXT: %[[RANK:.*]] = arith.addf %{{.*}}, %[[SCALED]] : f32
// CHECK-NEXT: graph.vector.set %{{.*}}[%[[V]]], %[[RANK]]
// CHECK-NOT: %[[INCOMING]]
// CHECK: graph.vector.set %[[NXT]][%[[V]]]
// CHECK-NEXT: graph.yield
// CHECK-NEXT: } : !graph.edgeset
// CHECK-NOT: graph.vertexset.apply
// CHECK: graph.vertexset.apply %{{.*}} label("after")
// CHECK: graph.vector.get %[[NXT]]
// CHECK: %[[FLIP:.*]] = arith.xori %[[SWAPPED]], %{{.*}} : i1
// CHECK-NEXT: scf.yield %[[NXT]], %[[CUR]], %[[FLIP]]
// CHECK: scf.if %[[LOOP]]#2 {
// CHECK-NEXT: graph.vector.copy %[[LOOP]]#0, %[[CONTRIB]]
// CHECK: graph.vector.get %[[CONTRIB]]
func.func @pagerank(%g: !graph.edgeset) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %zero = arith.constant 0.0 : f32
  %damp = arith.constant 0.85 : f32
  %base = arith.constant 0.001 : f32
  %all = graph.vertexset.new %g all : !graph.edgeset
  %rank = graph.vector.new %g init(%zero : f32) {graph.field = "rank"} : !graph.edgeset -> !graph.vector<f32>
  %incoming = graph.vector.new %g init(%zero : f32) {graph.field = "incoming"} : !graph.edgeset -> !graph.vector<f32>
  %contrib = graph.vector.new %g {graph.field = "contrib"} : !graph.edgeset -> !graph.vector<f32>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  scf.for %i = %c0 to %c20 step %c1 {
    graph.vertexset.apply %all label("before") {
    ^bb0(%v: index):
      %c = graph.vector.get %contrib[%v] : !graph.vector<f32>
      graph.vector.set %rank[%v], %c : !graph.vector<f32>
    }
    // expected-remark @+1 {{fused vertex loop 'update' into traversal 's1' as its epilogue; the sum starts from 0.000000e+00 : f32 and is not stored; 'contrib' double-buffered}}
    graph.edgeset.apply %g label("s1") schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>) body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %contrib[%src] : !graph.vector<f32>
      %changed = graph.reduce add %incoming[%dst], %c : !graph.vector<f32>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all label("update") schedule(#graph.schedule<parallel = static_vertex>) {
    ^bb0(%v: index):
      %s = graph.vector.get %incoming[%v] : !graph.vector<f32>
      %scaled = arith.mulf %damp, %s : f32
      %r = arith.addf %base, %scaled : f32
      graph.vector.set %rank[%v], %r : !graph.vector<f32>
      graph.vector.set %incoming[%v], %zero : !graph.vector<f32>
      %r2 = graph.vector.get %rank[%v] : !graph.vector<f32>
      %d = graph.vector.get %degree[%v] : !graph.vector<i32>
      %df = arith.sitofp %d : i32 to f32
      %c = arith.divf %r2, %df : f32
      graph.vector.set %contrib[%v], %c : !graph.vector<f32>
    }
    graph.vertexset.apply %all label("after") {
    ^bb0(%v: index):
      %c = graph.vector.get %contrib[%v] : !graph.vector<f32>
      graph.vector.set %rank[%v], %c : !graph.vector<f32>
    }
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %c = graph.vector.get %contrib[%v] : !graph.vector<f32>
    graph.print %c : f32
  }
  return
}

// -----

// The accumulated vector is printed after the loop, so its sum is stored
// (no reset) and the epilogue's reset stays; the loop reads it as the sum.
// A loop writing only what the traversal does not read needs no buffers.
// Side-effect free ops between the two move before the traversal.
// CHECK-LABEL: func.func @kept_sum
// CHECK: %[[NEW:.*]] = arith.mulf
// CHECK-NEXT: graph.edgeset.apply %{{.*}} label("s1")
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[SUM]], %[[NEW]] : f64
// CHECK-NEXT: graph.vector.set %{{.*}}[%[[V]]], %[[T]]
// CHECK-NEXT: graph.vector.set %[[ACC:.*]][%[[V]]], %{{.*}} : !graph.vector<f64>
// CHECK-NEXT: graph.yield
// CHECK-NEXT: } : !graph.edgeset
// CHECK-NEXT: graph.vertexset.apply %{{.*}} label("print")
// CHECK: graph.vector.get %[[ACC]]
func.func @kept_sum(%g: !graph.edgeset, %x: f64) {
  %zero = arith.constant 0.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %out = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal 's1' as its epilogue}}
  graph.edgeset.apply %g label("s1") schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %new = arith.mulf %x, %x : f64
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    %t = arith.addf %s, %new : f64
    graph.vector.set %out[%v], %t : !graph.vector<f64>
    graph.vector.set %acc[%v], %zero : !graph.vector<f64>
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.print %s : f64
  }
  return
}

// -----

// A conditional write of a double-buffered vector: the epilogue first
// copies v's old element into the next buffer.
// CHECK-LABEL: func.func @conditional_write
// CHECK: iter_args(%[[CUR:.*]] = %{{.*}}, %[[NXT:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: i32):
// CHECK-NEXT: %[[OLD:.*]] = graph.vector.get %[[CUR]][%[[V]]] : !graph.vector<i32>
// CHECK-NEXT: graph.vector.set %[[NXT]][%[[V]]], %[[OLD]] : !graph.vector<i32>
// CHECK: scf.if
// CHECK-NEXT: graph.vector.set %[[NXT]][%[[V]]], %[[SUM]]
func.func @conditional_write(%g: !graph.edgeset) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %big = arith.constant 1000000 : i32
  %all = graph.vertexset.new %g all : !graph.edgeset
  %label = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %best = graph.vector.new %g init(%big : i32) : !graph.edgeset -> !graph.vector<i32>
  scf.for %i = %c0 to %c5 step %c1 {
    // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; the sum starts from 1000000 : i32 and is not stored; a vector double-buffered}}
    graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>) body {
    ^bb0(%src: index, %dst: index):
      %l = graph.vector.get %label[%src] : !graph.vector<i32>
      %changed = graph.reduce min %best[%dst], %l : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all {
    ^bb0(%v: index):
      %b = graph.vector.get %best[%v] : !graph.vector<i32>
      %l = graph.vector.get %label[%v] : !graph.vector<i32>
      %lower = arith.cmpi slt, %b, %l : i32
      scf.if %lower {
        graph.vector.set %label[%v], %b : !graph.vector<i32>
      }
      graph.vector.set %best[%v], %big : !graph.vector<i32>
    }
  }
  return
}

// -----

// Declined: the loop reads a neighbour's element of a vector it writes.
// CHECK-LABEL: func.func @neighbour
// CHECK-NOT: epilogue
// CHECK: graph.vertexset.apply
func.func @neighbour(%g: !graph.edgeset) {
  %c1 = arith.constant 1 : index
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{traversal 's1' not fused with the vertex loop after it: the loop accesses a vector, which it writes, at another vertex}}
  graph.edgeset.apply %g label("s1") schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    %u = arith.addi %v, %c1 : index
    %n = graph.vector.get %x[%u] : !graph.vector<f64>
    %t = arith.addf %s, %n : f64
    graph.vector.set %x[%v], %t : !graph.vector<f64>
  }
  return
}

// -----

// Declined: the loop reads the accumulated vector at another vertex.
// CHECK-LABEL: func.func @neighbour_sum
// CHECK-NOT: epilogue
func.func @neighbour_sum(%g: !graph.edgeset, %u: index) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g {graph.field = "acc"} : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{the loop reads 'acc' at another vertex}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%u] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
  }
  return
}

// -----

// Declined: the loop reads a vector the traversal writes (at the source).
// CHECK-LABEL: func.func @traversal_writes
// CHECK-NOT: epilogue
func.func @traversal_writes(%g: !graph.edgeset) {
  %one = arith.constant 1.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %seen = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{the traversal's body writes more than its reduction into the destination}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    graph.vector.set %seen[%src], %one : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %one : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %seen[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
  }
  return
}

// -----

// Declined: another set than the traversal's vertices.
// CHECK-LABEL: func.func @other_set
// CHECK-NOT: epilogue
func.func @other_set(%g: !graph.edgeset, %some: !graph.vertexset) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{the loop runs over another set than the traversal's vertices}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %some {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
  }
  return
}

// -----

// Declined: push directions, GPU.
// CHECK-LABEL: func.func @schedules
// CHECK-NOT: epilogue
func.func @schedules(%g: !graph.edgeset, %f: !graph.vertexset) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{the traversal's direction is 'dense_push', which does not pull}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_push>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
  }
  // expected-remark @+1 {{the traversal runs on the GPU}}
  graph.edgeset.apply %g schedule(#graph.schedule<gpu = #graph.gpu_schedule<direction = pull>>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
  }
  return
}

// -----

// Declined: an op between the two reads the accumulated vector; the loop
// prints; the loop reads the sum after resetting it.
// CHECK-LABEL: func.func @effects
// CHECK-NOT: epilogue
func.func @effects(%g: !graph.edgeset, %u: index) {
  %zero = arith.constant 0.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{'graph.vector.get' comes between the traversal and the loop after it}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %first = graph.vector.get %acc[%u] : !graph.vector<f64>
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    %t = arith.addf %s, %first : f64
    graph.vector.set %x[%v], %t : !graph.vector<f64>
  }
  // expected-remark @+1 {{the loop has 'graph.print', which may have other effects}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.print %s : f64
  }
  // expected-remark @+1 {{the loop reads a vector after assigning it}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    graph.vector.set %acc[%v], %zero : !graph.vector<f64>
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
  }
  return
}

// -----

// Declined: the vector to double-buffer is outside a counted loop, or a
// field of records.
// CHECK-LABEL: func.func @no_second_buffer
// CHECK-NOT: epilogue
func.func @no_second_buffer(%g: !graph.edgeset, %rec: !graph.records<16>) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g {graph.field = "w"} : !graph.edgeset -> !graph.vector<f64>
  %r = graph.vector.new %g in(%rec : !graph.records<16>) {graph.field = "r"} : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
  // expected-remark @+1 {{the traversal reads 'w', which the loop writes: its two buffers swap only in an scf.for that holds the traversal and is inside the vector's scope}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %w[%v], %s : !graph.vector<f64>
  }
  // expected-remark @+1 {{the traversal reads 'r', which the loop writes and which is a field of records: it has no second buffer}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %r[%src] : !graph.vector<f64, record<16, 0>>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %r[%v], %s : !graph.vector<f64, record<16, 0>>
  }
  return
}

// -----

// The loop keeps its own iteration arguments; a second fused loop in the
// same iteration writes the vector's next buffer, which is the latest after
// the first traversal.
// CHECK-LABEL: func.func @two_traversals
// CHECK: %[[LOOP:.*]]:4 = scf.for %{{.*}} iter_args(%[[S:.*]] = %{{.*}}, %[[CUR:.*]] = %[[A:.*]], %[[NXT:.*]] = %{{.*}}, %[[SW:.*]] = %{{.*}}) -> (f64, !graph.vector<f64>, !graph.vector<f64>, i1)
// CHECK: graph.vector.get %[[CUR]]
// CHECK: } epilogue {
// CHECK: graph.vector.set %[[NXT]]
// CHECK: } epilogue {
// CHECK: graph.vector.set %[[NXT]]
// CHECK: %[[S2:.*]] = arith.addf %[[S]], %[[S]] : f64
// CHECK: scf.yield %[[S2]], %[[NXT]], %[[CUR]], %{{.*}} : f64, !graph.vector<f64>, !graph.vector<f64>, i1
// CHECK: scf.if %[[LOOP]]#3 {
// CHECK-NEXT: graph.vector.copy %[[LOOP]]#1, %[[A]]
// CHECK: return %[[LOOP]]#0 : f64
func.func @two_traversals(%g: !graph.edgeset, %s0: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %a = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %b = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %acc2 = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%s = %s0) -> f64 {
    // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue}}
    graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %a[%src] : !graph.vector<f64>
      %ch = graph.reduce add %acc[%dst], %x : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all {
    ^bb0(%v: index):
      %t = graph.vector.get %acc[%v] : !graph.vector<f64>
      graph.vector.set %a[%v], %t : !graph.vector<f64>
      graph.vector.set %acc[%v], %zero : !graph.vector<f64>
    }
    // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue}}
    graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %b[%src] : !graph.vector<f64>
      %ch = graph.reduce add %acc2[%dst], %x : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all {
    ^bb0(%v: index):
      %t = graph.vector.get %acc2[%v] : !graph.vector<f64>
      graph.vector.set %a[%v], %t : !graph.vector<f64>
      graph.vector.set %acc2[%v], %zero : !graph.vector<f64>
    }
    %s2 = arith.addf %s, %s : f64
    scf.yield %s2 : f64
  }
  return %r : f64
}

// -----

// A hybrid fuses: graph-lower-direction runs the epilogue in its pull and
// as a vertex loop after its push (lower-direction-epilogue.mlir).
// CHECK-LABEL: func.func @hybrid
// CHECK: graph.edgeset.apply %{{.*}} from(%{{.*}}) reset(0.000000e+00 : f64) schedule(#graph.schedule<direction = sparse_push_dense_pull>)
// CHECK: } epilogue {
func.func @hybrid(%g: !graph.edgeset, %f: !graph.vertexset) {
  %zero = arith.constant 0.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; the sum starts from 0.000000e+00 : f64 and is not stored}}
  graph.edgeset.apply %g from(%f) schedule(#graph.schedule<direction = sparse_push_dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
    graph.vector.set %acc[%v], %zero : !graph.vector<f64>
  }
  return
}

// -----

// PageRank-delta as GraphIt writes it (examples/pagerank_delta.gt): the
// pull, the old frontier freed, then the next frontier is one of two
// filters over all vertices, picked by the round. Both become the
// epilogue, an scf.if yielding whether to keep v; the traversal returns the
// kept vertices, which replace the filters' set; the free stays after it.
// `delta`, read at sources and written by the filters, is double-buffered.
// CHECK-LABEL: func.func @delta_filters
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK-NEXT: %[[NEXT:.*]] = graph.edgeset.apply %{{.*}} from(%[[F:.*]]) reset(0.000000e+00 : f64) label("s1")
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f64):
// CHECK: %[[KEEP:.*]] = scf.if %[[FIRST]] -> (i1) {
// CHECK: arith.mulf %{{.*}}, %[[SUM]] : f64
// CHECK: scf.yield %{{.*}} : i1
// CHECK-NEXT: } else {
// CHECK: arith.mulf %[[SUM]], %{{.*}} : f64
// CHECK: scf.yield %{{.*}} : i1
// CHECK-NEXT: }
// CHECK-NEXT: graph.yield %[[KEEP]] : i1
// CHECK-NEXT: } : !graph.edgeset -> !graph.vertexset
// CHECK-NEXT: graph.vertexset.free %[[F]]
// CHECK-NOT: graph.vertexset.filter
// CHECK: scf.yield %[[NEXT]], %{{.*}}, %{{.*}}, %{{.*}} : !graph.vertexset, !graph.vector<f64>, !graph.vector<f64>, i1
func.func @delta_filters(%g: !graph.edgeset) {
  %c1 = arith.constant 1 : i32
  %c11 = arith.constant 11 : i32
  %zero = arith.constant 0.0 : f64
  %damp = arith.constant 0.85 : f64
  %beta = arith.constant 0.0001 : f64
  %eps = arith.constant 0.1 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %rank = graph.vector.new %g init(%zero : f64) : !graph.edgeset -> !graph.vector<f64>
  %sum = graph.vector.new %g init(%zero : f64) {graph.field = "ngh_sum"} : !graph.edgeset -> !graph.vector<f64>
  %delta = graph.vector.new %g {graph.field = "delta"} : !graph.edgeset -> !graph.vector<f64>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %f0 = graph.vertexset.new %g all : !graph.edgeset
  %last = scf.for %i = %c1 to %c11 step %c1 iter_args(%f = %f0) -> (!graph.vertexset) : i32 {
    // expected-remark @+1 {{fused vertex filters (unlabelled) and (unlabelled) (one chosen per run) into traversal 's1' as its epilogue; the sum starts from 0.000000e+00 : f64 and is not stored; 'delta' double-buffered; it builds the kept set per destination}}
    graph.edgeset.apply %g from(%f) label("s1") schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex>) body {
    ^bb0(%src: index, %dst: index):
      %d = graph.vector.get %delta[%src] : !graph.vector<f64>
      %deg = graph.vector.get %degree[%src] : !graph.vector<i32>
      %degf = arith.sitofp %deg : i32 to f64
      %c = arith.divf %d, %degf : f64
      %ch = graph.reduce add %sum[%dst], %c : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.free %f
    %first = arith.cmpi eq, %i, %c1 : i32
    %next = scf.if %first -> (!graph.vertexset) {
      %s = graph.vertexset.filter %all {
      ^bb0(%v: index):
        %n = graph.vector.get %sum[%v] : !graph.vector<f64>
        %p = arith.mulf %damp, %n : f64
        %d = arith.addf %p, %beta : f64
        graph.vector.set %delta[%v], %d : !graph.vector<f64>
        %r = graph.reduce add %rank[%v], %d : !graph.vector<f64>
        %a = math.absf %d : f64
        %rv = graph.vector.get %rank[%v] : !graph.vector<f64>
        %b = arith.mulf %eps, %rv : f64
        %keep = arith.cmpf ogt, %a, %b : f64
        graph.vector.set %sum[%v], %zero : !graph.vector<f64>
        graph.yield %keep : i1
      }
      scf.yield %s : !graph.vertexset
    } else {
      %s = graph.vertexset.filter %all {
      ^bb0(%v: index):
        %n = graph.vector.get %sum[%v] : !graph.vector<f64>
        %d = arith.mulf %n, %damp : f64
        graph.vector.set %delta[%v], %d : !graph.vector<f64>
        %r = graph.reduce add %rank[%v], %d : !graph.vector<f64>
        graph.vector.set %sum[%v], %zero : !graph.vector<f64>
        %a = math.absf %d : f64
        %rv = graph.vector.get %rank[%v] : !graph.vector<f64>
        %b = arith.mulf %eps, %rv : f64
        %keep = arith.cmpf ogt, %a, %b : f64
        graph.yield %keep : i1
      }
      scf.yield %s : !graph.vertexset
    }
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  return
}

// -----

// One filter right after the pull: the epilogue yields the filter's
// predicate and the traversal returns the kept set.
// CHECK-LABEL: func.func @filter
// CHECK: %[[KEPT:.*]] = graph.edgeset.apply %{{.*}} label("s1")
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index, %[[SUM:.*]]: f32):
// CHECK: %[[KEEP:.*]] = arith.cmpf ogt, %[[SUM]], %{{.*}} : f32
// CHECK-NEXT: graph.yield %[[KEEP]] : i1
// CHECK-NEXT: } : !graph.edgeset -> !graph.vertexset
// CHECK-NEXT: %{{.*}} = graph.vertexset.size %[[KEPT]]
func.func @filter(%g: !graph.edgeset, %half: f32) -> index {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  // expected-remark @+1 {{fused vertex filter 'big' into traversal 's1' as its epilogue; it builds the kept set per destination}}
  graph.edgeset.apply %g label("s1") schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f32>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  %big = graph.vertexset.filter %all label("big") {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f32>
    graph.vector.set %x[%v], %s : !graph.vector<f32>
    %keep = arith.cmpf ogt, %s, %half : f32
    graph.yield %keep : i1
  }
  %n = graph.vertexset.size %big
  return %n : index
}

// -----

// Declined filter: over a frontier (not every vertex); a filter after a
// segmented traversal fuses.
// CHECK-LABEL: func.func @filters_declined
// CHECK-NOT: epilogue
func.func @filters_declined(%g: !graph.edgeset, %some: !graph.vertexset, %half: f32) {
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  // expected-remark @+1 {{the loop runs over another set than the traversal's vertices}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f32>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  %a = graph.vertexset.filter %some {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f32>
    %keep = arith.cmpf ogt, %s, %half : f32
    graph.yield %keep : i1
  }
  return
}

// -----

// Segments spread over sockets (numa) fuse: the merge of the sockets' sums
// runs the epilogue per destination (numa-epilogue.mlir).
// CHECK-LABEL: func.func @numa
// CHECK: graph.edgeset.apply %{{.*}} reset(0.000000e+00 : f64) schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4, numa = static_parallel>)
// CHECK: } epilogue {
func.func @numa(%g: !graph.edgeset) {
  %zero = arith.constant 0.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; the sum starts from 0.000000e+00 : f64 and is not stored}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4, numa = static_parallel>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
    graph.vector.set %acc[%v], %zero : !graph.vector<f64>
  }
  return
}

// -----

// Plain segments (no numa) fuse with segmented-epilogue=last-segment (by
// default these loops keep a pass of their own:
// fuse-epilogue-segmented.mlir): the epilogue runs in the last segment,
// which lists every destination (segment-epilogue.mlir); with reset the last
// segment leaves 0.0 in the accumulated vector. A filter after a segmented
// traversal fuses too.
// CHECK-LABEL: func.func @segmented
// CHECK: graph.edgeset.apply %{{.*}} reset(0.000000e+00 : f64) schedule(#graph.schedule<direction = dense_pull, segments = 4>)
// CHECK: } epilogue {
// CHECK: graph.edgeset.apply %{{.*}} schedule(#graph.schedule<direction = dense_pull, segments = 2>)
// CHECK: } epilogue {
// CHECK: } : !graph.edgeset -> !graph.vertexset
func.func @segmented(%g: !graph.edgeset, %half: f32) -> !graph.vertexset {
  %zero = arith.constant 0.0 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; it runs in the last segment, which lists every destination; the last segment leaves 0.000000e+00 : f64 in the accumulated vector}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc[%v] : !graph.vector<f64>
    graph.vector.set %x[%v], %s : !graph.vector<f64>
    graph.vector.set %acc[%v], %zero : !graph.vector<f64>
  }
  %acc32 = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  %w32 = graph.vector.new %g : !graph.edgeset -> !graph.vector<f32>
  // expected-remark @+1 {{fused vertex filter (unlabelled) into traversal (unlabelled) as its epilogue; it runs in the last segment, which lists every destination; it builds the kept set per destination}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, segments = 2>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w32[%src] : !graph.vector<f32>
    %changed = graph.reduce add %acc32[%dst], %c : !graph.vector<f32>
    graph.yield
  } : !graph.edgeset
  %b = graph.vertexset.filter %all {
  ^bb0(%v: index):
    %s = graph.vector.get %acc32[%v] : !graph.vector<f32>
    %keep = arith.cmpf ogt, %s, %half : f32
    graph.yield %keep : i1
  }
  return %b : !graph.vertexset
}

// -----

// Collaborative filtering (examples/cf.gt): the body reduces only into the
// destination's row of `error`, a vector of rows, so the update loop fuses
// as an epilogue of (v) alone that reads the rows from memory and still
// zeroes them; `latent`, read by the body at both ends and written by the
// loop, is double-buffered, the epilogue copying v's old row first.
// CHECK-LABEL: func.func @cf
// CHECK: %[[LATENT:.*]] = graph.vector.new %arg0 init(%{{.*}}) {graph.field = "latent"}
// CHECK: %[[NEXT:.*]] = graph.vector.new %arg0 : !graph.edgeset<i32> -> !graph.vector<?x4xf64>
// CHECK: %[[ERROR:.*]] = graph.vector.new %arg0 {graph.field = "error"}
// CHECK: %[[LOOP:.*]]:3 = scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[LATENT]], %[[NXT:.*]] = %[[NEXT]], %[[SWAPPED:.*]] = %false)
// CHECK: graph.edgeset.apply %arg0 schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>) body {
// CHECK: graph.vector.get %[[CUR]][%{{.*}}, %{{.*}}]
// CHECK: graph.reduce add %[[ERROR]][
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%[[V:.*]]: index):
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %c4{{.*}} step
// CHECK-NEXT: %[[OLD:.*]] = graph.vector.get %[[CUR]][%[[V]], %[[K]]]
// CHECK-NEXT: graph.vector.set %[[NXT]][%[[V]], %[[K]]], %[[OLD]]
// CHECK: graph.vector.get %[[NXT]][%[[V]], %{{.*}}]
// CHECK: graph.vector.get %[[ERROR]][%[[V]], %{{.*}}]
// CHECK: graph.reduce add %[[NXT]][%[[V]], %{{.*}}]
// CHECK: graph.vector.set %[[ERROR]][%[[V]], %{{.*}}], %{{.*}}
// CHECK: scf.yield %[[NXT]], %[[CUR]]
// CHECK: scf.if %[[LOOP]]#2 {
// CHECK-NEXT: graph.vector.copy %[[LOOP]]#0, %[[LATENT]]
func.func @cf(%g: !graph.edgeset<i32>, %step: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %all = graph.vertexset.new %g all : !graph.edgeset<i32>
  %latent = graph.vector.new %g init(%half : f64) {graph.field = "latent"} : !graph.edgeset<i32> -> !graph.vector<?x4xf64>
  %error = graph.vector.new %g {graph.field = "error"} : !graph.edgeset<i32> -> !graph.vector<?x4xf64>
  scf.for %iter = %c0 to %c10 step %c1 {
    // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; it reads the rows of 'error' the traversal summed; 'latent' double-buffered}}
    graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>) body {
    ^bb0(%src: index, %dst: index, %rating: i32):
      %r = arith.sitofp %rating : i32 to f64
      scf.for %i = %c0 to %c4 step %c1 {
        %ls = graph.vector.get %latent[%src, %i] : !graph.vector<?x4xf64>
        %ld = graph.vector.get %latent[%dst, %i] : !graph.vector<?x4xf64>
        %p = arith.mulf %ls, %ld : f64
        %x = arith.subf %r, %p : f64
        %changed = graph.reduce add %error[%dst, %i], %x : !graph.vector<?x4xf64>
      }
      graph.yield
    } : !graph.edgeset<i32>
    graph.vertexset.apply %all {
    ^bb0(%v: index):
      scf.for %i = %c0 to %c4 step %c1 {
        %l = graph.vector.get %latent[%v, %i] : !graph.vector<?x4xf64>
        %e = graph.vector.get %error[%v, %i] : !graph.vector<?x4xf64>
        %s = arith.addf %l, %e : f64
        %x = arith.mulf %step, %s : f64
        %changed = graph.reduce add %latent[%v, %i], %x : !graph.vector<?x4xf64>
        graph.vector.set %error[%v, %i], %zero : !graph.vector<?x4xf64>
      }
    }
  }
  return
}

// -----

// After reductions into rows, segments spread over sockets fuse: graph-numa
// runs the epilogue in one pass over the vertices after the sockets' scans
// (numa-epilogue.mlir).
// CHECK-LABEL: func.func @rows_numa
// CHECK: graph.edgeset.apply %{{.*}} schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 2, numa = static_parallel>) body {
// CHECK: } epilogue {
// CHECK-NEXT: ^bb0(%{{.*}}: index):
func.func @rows_numa(%g: !graph.edgeset) {
  %c0 = arith.constant 0 : index
  %all = graph.vertexset.new %g all : !graph.edgeset
  %error = graph.vector.new %g {graph.field = "error"} : !graph.edgeset -> !graph.vector<?x4xf64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{fused vertex loop (unlabelled) into traversal (unlabelled) as its epilogue; it reads the rows of 'error' the traversal summed; with segments spread over sockets it runs in one pass over the vertices after them}}
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
  return
}

// -----

// Declined after reductions into rows: a body that reads the rows
// elsewhere than through its reductions at dst, and a loop that reads
// another vertex's row.
// CHECK-LABEL: func.func @rows_declined
// CHECK-NOT: epilogue
func.func @rows_declined(%g: !graph.edgeset, %other: index) {
  %c0 = arith.constant 0 : index
  %all = graph.vertexset.new %g all : !graph.edgeset
  %error = graph.vector.new %g {graph.field = "error"} : !graph.edgeset -> !graph.vector<?x4xf64>
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %w = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  // expected-remark @+1 {{the traversal's body has no single reduction into the destination, nor reductions only into its row of a vector of rows}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %error[%src, %c0] : !graph.vector<?x4xf64>
    %changed = graph.reduce add %error[%dst, %c0], %c : !graph.vector<?x4xf64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %e = graph.vector.get %error[%v, %c0] : !graph.vector<?x4xf64>
    graph.vector.set %x[%v], %e : !graph.vector<f64>
  }
  // expected-remark @+1 {{the loop reads 'error' at another vertex}}
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %w[%src] : !graph.vector<f64>
    %changed = graph.reduce add %error[%dst, %c0], %c : !graph.vector<?x4xf64>
    graph.yield
  } : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %e = graph.vector.get %error[%other, %c0] : !graph.vector<?x4xf64>
    graph.vector.set %x[%v], %e : !graph.vector<f64>
  }
  return
}
