// RUN: graph-opt %s --graph-distribute --split-input-file | FileCheck %s

// Partitioned vertex data: each vector of a loaded graph gets its partition.
// `contrib` is read at the pull's sources, so each rank holds its owned
// elements and its mirrors' (`mirrored`), and the pull reads it at the slot
// graph.mirror_slot gives; `sum` is read only at owned vertices (`owned`);
// the print loop reads `sum` at every vertex, from a gathered copy; the
// element read in main reads the first owned element on the ranks that do
// not own vertex %k; `filled` is filled whole, so it stays whole.

// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed
// CHECK-NEXT:    %[[SLOTS:.*]] = graph.mirror_slots %[[G]] : !graph.edgeset -> memref<?xi64>
// CHECK-NEXT:    %[[LO:.*]], %[[HI:.*]] = graph.owned_range %[[G]]
// CHECK:         %[[CONTRIB:.*]] = graph.vector.new %[[G]] partition mirrored :
// CHECK-NEXT:    %[[SUM:.*]] = graph.vector.new %[[G]] partition owned :
// CHECK-NEXT:    %[[FILLED:.*]] = graph.vector.new %[[G]] partition whole :
// CHECK:         graph.vector.mirror %[[G]], %[[CONTRIB]] needed
// CHECK-NEXT:    graph.edgeset.apply %[[G]]
// CHECK-NEXT:    ^bb0(%[[SRC:.*]]: index, %[[DST:.*]]: index):
// CHECK-NEXT:      %[[AT:.*]] = graph.mirror_slot %[[SLOTS]][%[[SRC]]] owned(%[[LO]], %[[HI]]) : memref<?xi64>
// CHECK-NEXT:      %[[C:.*]] = graph.vector.get %[[CONTRIB]][%[[AT]]]
// CHECK-NEXT:      graph.reduce add %[[SUM]][%[[DST]]], %[[C]]
// CHECK:         graph.owned_range %[[G]]
// CHECK-NEXT:    %[[BEGIN:.*]], %{{.*}} = graph.owned_range %[[G]]
// CHECK-NEXT:    arith.cmpi uge, %[[C3:.*]], %[[BEGIN]]
// CHECK:         %[[OWNS:.*]] = arith.andi
// CHECK-NEXT:    %[[K:.*]] = arith.select %[[OWNS]], %[[C3]], %[[BEGIN]] : index
// CHECK-NEXT:    graph.vector.get %[[SUM]][%[[K]]]
// CHECK:         mpi.allreduce
// CHECK:         %[[WHOLE:.*]] = graph.vector.gather %[[G]], %[[SUM]] : !graph.edgeset, !graph.vector<f64>
// CHECK-NEXT:    graph.vertexset.apply
// CHECK-NEXT:    ^bb0(%[[V:.*]]: index):
// CHECK-NEXT:      graph.vector.get %[[WHOLE]][%[[V]]]
// CHECK:         graph.vector.fill %[[FILLED]]
// CHECK-NOT:     graph.vector.mirror %[[G]], %[[SUM]]
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %sum = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %filled = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %one = arith.constant 1.0 : f64
    graph.vector.set %contrib[%v], %one : !graph.vector<f64>
  }
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %s = graph.reduce add %sum[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %c3 = arith.constant 3 : index
  %x = graph.vector.get %sum[%c3] : !graph.vector<f64>
  graph.print %x : f64
  graph.vertexset.apply %all schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %y = graph.vector.get %sum[%v] : !graph.vector<f64>
    graph.print %y : f64
  }
  %zero = arith.constant 0.0 : f64
  graph.vector.fill %filled, %zero : !graph.vector<f64>
  return
}

// -----

// A loop that reads `label` at another vertex than its own also writes it,
// so no gathered copy can serve it: `label` stays whole.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[LABEL:.*]] = graph.vector.new %{{.*}} partition whole :
// CHECK:         graph.vector.mirror %{{.*}}, %[[LABEL]] :
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %label = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %c0 = arith.constant 0 : index
    %first = graph.vector.get %label[%c0] : !graph.vector<i32>
    graph.vector.set %label[%v], %first : !graph.vector<i32>
  }
  return
}

// -----

// A hybrid traversal with a fused loop sums into `acc` in a register when it
// pulls, but its push sums into `acc` and the loop then reads and resets it
// at every vertex: `acc` stays whole. `out`, written at the epilogue's own
// vertex, is partitioned.
// CHECK-LABEL: func.func @main()
// CHECK:         graph.vector.new %{{.*}} partition whole :
// CHECK-NEXT:    graph.vector.new %{{.*}} partition owned :
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %out = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.edgeset.apply %g from(%all) reset(0.0 : f64) schedule(#graph.schedule<direction = sparse_push_dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %s = graph.reduce add %acc[%dst], %one : !graph.vector<f64>
    graph.yield
  } epilogue {
  ^bb0(%v: index, %total: f64):
    graph.vector.set %out[%v], %total : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %m = graph.vector.reduce max %out : !graph.vector<f64>
  graph.print %m : f64
  return
}

// -----

// BFS's parent vector: the traversal tracks it (`applyModified`), writes it
// and tests it only at its destinations, which the rank owns, and main
// assigns the root's element: `parent` holds the owned range, only the
// root's owner stores, and nothing mirrors it after the traversal (only the
// output set travels).
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed
// CHECK:         %[[PARENT:.*]] = graph.vector.new %[[G]] init(%{{.*}} : i32) partition owned :
// CHECK:         %[[ROOT:.*]] = graph.check_index
// CHECK-NEXT:    %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]]
// CHECK-NEXT:    %[[GE:.*]] = arith.cmpi uge, %[[ROOT]], %[[BEGIN]] : index
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpi ult, %[[ROOT]], %[[END]] : index
// CHECK-NEXT:    %[[OWNS:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:    scf.if %[[OWNS]] {
// CHECK-NEXT:      graph.vector.set %[[PARENT]][%[[ROOT]]]
// CHECK-NEXT:    }
// CHECK:         %[[OUT:.*]] = graph.edgeset.apply %[[G]] from(%{{.*}}) track(%[[PARENT]] : !graph.vector<i32>) dedup
// CHECK-NOT:     graph.vector.mirror
// CHECK:         graph.vertexset.mirror %[[G]], %[[OUT]] : !graph.edgeset partition mirrored
// CHECK-NOT:     graph.vector.mirror
// CHECK-NOT:     graph.vector.gather
// CHECK:         return
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %minus = arith.constant -1 : i32
  %parent = graph.vector.new %g init(%minus : i32) : !graph.edgeset -> !graph.vector<i32>
  %frontier = graph.vertexset.new %g : !graph.edgeset
  %arg = graph.argv 2
  %root32 = graph.atoi %arg : i32
  %root = arith.index_cast %root32 : i32 to index
  graph.vertexset.insert %frontier, %root
  %checked = graph.check_index %root in %parent "'parent'" from "argv[2]" : !graph.vector<i32>
  graph.vector.set %parent[%checked], %root32 : !graph.vector<i32>
  %last = scf.while (%f = %frontier) : (!graph.vertexset) -> !graph.vertexset {
    %size = graph.vertexset.size %f
    %c0 = arith.constant 0 : index
    %more = arith.cmpi ne, %size, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %out = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup schedule(#graph.schedule<direction = sparse_push_dense_pull, frontier = bitvector>) dst_filter {
    ^bb0(%v: index):
      %p = graph.vector.get %parent[%v] : !graph.vector<i32>
      %m = arith.constant -1 : i32
      %unvisited = arith.cmpi eq, %p, %m : i32
      graph.yield %unvisited : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %out : !graph.vertexset
  }
  graph.vertexset.free %last
  %reached = graph.vector.reduce max %parent : !graph.vector<i32>
  graph.print %reached : i32
  return
}

// -----

// A vector read at a traversal's sources and assigned in main (SSSP's
// dist[root] = 0) is mirrored: the vertex's owner stores at its place and
// every rank that mirrors it at its mirror's slot (a slot at or after the
// owned range's end), so the mirrors stay right without a message.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed
// CHECK-NEXT:    %[[SLOTS:.*]] = graph.mirror_slots %[[G]]
// CHECK-NEXT:    %[[LO:.*]], %[[HI:.*]] = graph.owned_range %[[G]]
// CHECK:         %[[LEVEL:.*]] = graph.vector.new %[[G]] init(%{{.*}} : i32) partition mirrored :
// CHECK:         %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]]
// CHECK:         %[[OWNS:.*]] = arith.andi
// CHECK-NEXT:    %[[SLOT:.*]] = graph.mirror_slot %[[SLOTS]][%[[C3:.*]]] owned(%[[LO]], %[[HI]]) : memref<?xi64>
// CHECK-NEXT:    %[[MIRRORS:.*]] = arith.cmpi uge, %[[SLOT]], %[[END]] : index
// CHECK-NEXT:    %[[STORES:.*]] = arith.ori %[[OWNS]], %[[MIRRORS]] : i1
// CHECK-NEXT:    scf.if %[[STORES]] {
// CHECK-NEXT:      graph.vector.set %[[LEVEL]][%[[SLOT]]]
// CHECK-NEXT:    }
// CHECK:         graph.edgeset.apply
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %zero = arith.constant 0 : i32
  %level = graph.vector.new %g init(%zero : i32) : !graph.edgeset -> !graph.vector<i32>
  %sum = graph.vector.new %g init(%zero : i32) : !graph.edgeset -> !graph.vector<i32>
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  graph.vector.set %level[%c3], %one : !graph.vector<i32>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %l = graph.vector.get %level[%src] : !graph.vector<i32>
    %s = graph.reduce add %sum[%dst], %l : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  %total = graph.vector.reduce add %sum : !graph.vector<i32>
  graph.print %total : i32
  return
}

// -----

// An assignment right after its vector is made moves under its guard too.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[LEVEL:.*]] = graph.vector.new %{{.*}} partition mirrored :
// CHECK:         scf.if
// CHECK-NEXT:      graph.vector.set %[[LEVEL]]
// CHECK-NEXT:    }
// CHECK:         graph.edgeset.apply
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %arg = graph.argv 2
  %root32 = graph.atoi %arg : i32
  %root = arith.index_cast %root32 : i32 to index
  %zero = arith.constant 0 : i32
  %level = graph.vector.new %g init(%root32 : i32) : !graph.edgeset -> !graph.vector<i32>
  graph.vector.set %level[%root], %zero : !graph.vector<i32>
  %f = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f, %root
  %next = graph.edgeset.apply %g from(%f) track(%level : !graph.vector<i32>) dedup schedule(#graph.schedule<direction = sparse_push>) body {
  ^bb0(%src: index, %dst: index):
    %l = graph.vector.get %level[%src] : !graph.vector<i32>
    %m = graph.reduce min %level[%dst], %l : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

// Out-degrees read only at owned vertices (PageRank's contributions) are
// partitioned to the owned range: each rank fills them from its own global
// out-offsets, and nothing mirrors them.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed
// CHECK:         %[[DEG:.*]] = graph.out_degrees %[[G]] partition owned : !graph.edgeset -> !graph.vector<i32>
// CHECK-NOT:     graph.vector.mirror %[[G]], %[[DEG]]
// CHECK:         graph.vertexset.apply
// CHECK:           graph.vector.get %[[DEG]][
// CHECK-NOT:     graph.vector.mirror %[[G]], %[[DEG]]
// CHECK-NOT:     graph.vector.gather %[[G]], %[[DEG]]
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %deg = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %sum = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %d = graph.vector.get %deg[%v] : !graph.vector<i32>
    %df = arith.sitofp %d : i32 to f64
    graph.vector.set %contrib[%v], %df : !graph.vector<f64>
  }
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
    %s = graph.reduce add %sum[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  %total = graph.vector.reduce add %sum : !graph.vector<f64>
  graph.print %total : f64
  return
}

// -----

// Out-degrees read at a traversal's sources get their mirrors' slots too,
// filled by a mirror by need right after the op; the pull reads the
// source's slot.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed
// CHECK-NEXT:    %[[SLOTS:.*]] = graph.mirror_slots %[[G]]
// CHECK-NEXT:    %[[LO:.*]], %[[HI:.*]] = graph.owned_range %[[G]]
// CHECK:         %[[DEG:.*]] = graph.out_degrees %[[G]] partition mirrored : !graph.edgeset -> !graph.vector<i32>
// CHECK-NEXT:    graph.vector.mirror %[[G]], %[[DEG]] needed partition mirrored : !graph.edgeset, !graph.vector<i32>
// CHECK:         graph.edgeset.apply %[[G]]
// CHECK-NEXT:    ^bb0(%[[SRC:.*]]: index, %[[DST:.*]]: index):
// CHECK-NEXT:      %[[AT:.*]] = graph.mirror_slot %[[SLOTS]][%[[SRC]]] owned(%[[LO]], %[[HI]]) : memref<?xi64>
// CHECK-NEXT:      graph.vector.get %[[DEG]][%[[AT]]] : !graph.vector<i32>
// CHECK-NOT:     graph.vector.gather %[[G]], %[[DEG]]
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %deg = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %sum = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %d = graph.vector.get %deg[%src] : !graph.vector<i32>
    %s = graph.reduce add %sum[%dst], %d : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  %total = graph.vector.reduce add %sum : !graph.vector<i32>
  graph.print %total : i32
  return
}
