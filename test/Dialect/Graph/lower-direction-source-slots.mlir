// RUN: graph-opt %s --graph-lower-direction=serial-work=0 --split-input-file | FileCheck %s

// graph-distribute reads a `partition mirrored` vector at a traversal's
// source through the graph's slot map (graph.mirror_slot). A pull over the
// rank's in-edges reads in-edge k's slot from graph.mirror_sources (the
// sources renumbered into slots at load) instead: one load per edge, at k,
// where the slot map would add a second random load; with no read left,
// the slot map goes. The source's id stays where the body needs the vertex
// itself (`parent[dst] = src`).
// CHECK-LABEL: func.func @pull
// CHECK-NOT:  graph.mirror_slots
// CHECK:      %[[G:.*]] = graph.load
// CHECK:      %[[CONTRIB:.*]] = graph.vector.new %[[G]] partition mirrored
// CHECK:      %[[PARENT:.*]] = graph.vector.new %[[G]] partition owned : !graph.edgeset -> !graph.vector<i32>
// CHECK:      %[[SOURCES:.*]] = graph.mirror_sources %[[G]] : !graph.edgeset -> memref<?xi32>
// CHECK:      graph.adjacency in %[[G]]
// CHECK:      scf.for
// CHECK:      scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NEXT:   %[[SLOT:.*]] = memref.load %[[SOURCES]][%[[K]]] : memref<?xi32>
// CHECK-NEXT:   %[[AT:.*]] = arith.index_castui %[[SLOT]] : i32 to index
// CHECK-NEXT:   %[[C:.*]] = graph.vector.get %[[CONTRIB]][%[[AT]]] : !graph.vector<f64>
// CHECK-NEXT:   arith.addf %{{.*}}, %[[C]] : f64
// CHECK:      %[[SOURCES2:.*]] = graph.mirror_sources %[[G]]
// CHECK:      %{{.*}}, %[[NBR:.*]] = graph.adjacency in %[[G]]
// CHECK:      scf.for
// CHECK:      scf.for %[[K2:.*]] =
// CHECK-NEXT:   %[[SRC32:.*]] = memref.load %[[NBR]][%[[K2]]] : memref<?xi32>
// CHECK-NEXT:   %[[SRC:.*]] = arith.index_cast %[[SRC32]] : i32 to index
// CHECK-NEXT:   %[[SLOT2:.*]] = memref.load %[[SOURCES2]][%[[K2]]] : memref<?xi32>
// CHECK-NEXT:   %[[AT2:.*]] = arith.index_castui %[[SLOT2]] : i32 to index
// CHECK-NEXT:   graph.vector.get %[[CONTRIB]][%[[AT2]]] : !graph.vector<f64>
// CHECK:        scf.if
// CHECK-NEXT:     %[[ID:.*]] = arith.index_cast %[[SRC]] : index to i32
// CHECK-NEXT:     graph.vector.set %[[PARENT]][%{{.*}}], %[[ID]] : !graph.vector<i32>
// CHECK:      return
func.func @pull(%path: !graph.string) {
  %g = graph.load %path distributed : !graph.edgeset
  %slots = graph.mirror_slots %g : !graph.edgeset -> memref<?xi64>
  %lo, %hi = graph.owned_range %g : !graph.edgeset
  %contrib = graph.vector.new %g partition mirrored : !graph.edgeset -> !graph.vector<f64>
  %sum = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  %parent = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<i32>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %at = graph.mirror_slot %slots[%src] owned(%lo, %hi) : memref<?xi64>
    %c = graph.vector.get %contrib[%at] : !graph.vector<f64>
    %s = graph.reduce add %sum[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %at = graph.mirror_slot %slots[%src] owned(%lo, %hi) : memref<?xi64>
    %c = graph.vector.get %contrib[%at] : !graph.vector<f64>
    %zero = arith.constant 0.0 : f64
    %big = arith.cmpf ogt, %c, %zero : f64
    scf.if %big {
      %id = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %id : !graph.vector<i32>
    }
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A source filter's read of a mirrored vector, and one nested in the body,
// take in-edge k's slot too.
// CHECK-LABEL: func.func @filtered_pull
// CHECK-NOT:  graph.mirror_slots
// CHECK:      %[[SOURCES:.*]] = graph.mirror_sources
// CHECK:      scf.for
// CHECK:      scf.for %[[K:.*]] =
// CHECK:        %[[SLOT:.*]] = memref.load %[[SOURCES]][%[[K]]] : memref<?xi32>
// CHECK-NEXT:   %[[AT:.*]] = arith.index_castui %[[SLOT]] : i32 to index
// CHECK-NEXT:   graph.vector.get %[[CONTRIB:.*]][%[[AT]]] : !graph.vector<f64>
// CHECK:          scf.if %true
// CHECK-NEXT:     graph.vector.get %[[CONTRIB]][%[[AT]]] : !graph.vector<f64>
// CHECK:      return
func.func @filtered_pull(%path: !graph.string) {
  %g = graph.load %path distributed : !graph.edgeset
  %slots = graph.mirror_slots %g : !graph.edgeset -> memref<?xi64>
  %lo, %hi = graph.owned_range %g : !graph.edgeset
  %contrib = graph.vector.new %g partition mirrored : !graph.edgeset -> !graph.vector<f64>
  %sum = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>)
    src_filter {
    ^bb0(%v: index):
      %at = graph.mirror_slot %slots[%v] owned(%lo, %hi) : memref<?xi64>
      %x = graph.vector.get %contrib[%at] : !graph.vector<f64>
      %zero = arith.constant 0.0 : f64
      %keep = arith.cmpf ogt, %x, %zero : f64
      graph.yield %keep : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %true = arith.constant true
      scf.if %true {
        %at = graph.mirror_slot %slots[%src] owned(%lo, %hi) : memref<?xi64>
        %c = graph.vector.get %contrib[%at] : !graph.vector<f64>
        %s = graph.reduce add %sum[%dst], %c : !graph.vector<f64>
      }
      graph.yield
    } : !graph.edgeset
  return
}

// -----

// A push looks its source's slot up in the slot map once, before the
// source's edges, not once per edge. The rank's out-offsets are rows by
// slot (its own vertices', then its mirrors'): the push reads its source's
// edge range at the source's slot, and a source whose slot is neither its
// own id nor a mirror's (one with no edge into the rank) gets an empty
// range.
// CHECK-LABEL: func.func @push
// CHECK:      %[[SLOTS:.*]] = graph.mirror_slots
// CHECK-NEXT: %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range
// CHECK-NOT:  graph.mirror_sources
// CHECK:      %[[IDS:.*]] = graph.vertexset.ids
// CHECK:      %[[OFF:.*]], %{{.*}} = graph.adjacency out
// CHECK-NOT:  graph.mirror_slots
// CHECK-NOT:  graph.owned_range
// CHECK:      scf.for %[[I:.*]] =
// CHECK:      %[[SRC32:.*]] = memref.load %[[IDS]][%[[I]]] : memref<?xi32>
// CHECK-NEXT: %[[SRC:.*]] = arith.index_cast %[[SRC32]] : i32 to index
// CHECK:      %[[SLOT:.*]] = graph.mirror_slot %[[SLOTS]][%[[SRC]]] owned(%[[BEGIN]], %[[END]]) : memref<?xi64>
// CHECK:      %[[ROW:.*]] = graph.mirror_slot %[[SLOTS]][%[[SRC]]] owned(%[[BEGIN]], %[[END]]) : memref<?xi64>
// CHECK-NEXT: %[[OWN:.*]] = arith.cmpi eq, %[[ROW]], %[[SRC]] : index
// CHECK-NEXT: %[[MIRROR:.*]] = arith.cmpi uge, %[[ROW]], %[[END]] : index
// CHECK-NEXT: %[[HAS:.*]] = arith.ori %[[OWN]], %[[MIRROR]] : i1
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK-NEXT: %[[LAST:.*]] = arith.select %[[HAS]], %[[NEXT]], %[[ROW]] : index
// CHECK-NEXT: memref.load %[[OFF]][%[[ROW]]] : memref<?xi64>
// CHECK:      memref.load %[[OFF]][%[[LAST]]] : memref<?xi64>
// CHECK:      scf.for
// CHECK-NOT:    graph.mirror_slot
// CHECK:        graph.vector.get %{{.*}}[%[[SLOT]]] : !graph.vector<f64>
// CHECK:      return
func.func @push(%path: !graph.string, %front: !graph.vertexset) {
  %g = graph.load %path distributed : !graph.edgeset
  %slots = graph.mirror_slots %g : !graph.edgeset -> memref<?xi64>
  %lo, %hi = graph.owned_range %g : !graph.edgeset
  %contrib = graph.vector.new %g partition mirrored : !graph.edgeset -> !graph.vector<f64>
  %sum = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g from(%front) schedule(#graph.schedule<direction = sparse_push>) body {
  ^bb0(%src: index, %dst: index):
    %at = graph.mirror_slot %slots[%src] owned(%lo, %hi) : memref<?xi64>
    %c = graph.vector.get %contrib[%at] : !graph.vector<f64>
    %s = graph.reduce add %sum[%dst], %c : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A push over every vertex whose body reads no mirrored vector makes the
// graph's slot map itself, to find each vertex's row.
// CHECK-LABEL: func.func @push_all
// CHECK:      %[[OFF:.*]], %{{.*}} = graph.adjacency out
// CHECK-NEXT: %[[SLOTS:.*]] = graph.mirror_slots %{{.*}} : !graph.edgeset -> memref<?xi64>
// CHECK-NEXT: %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range
// CHECK:      scf.for %[[V:.*]] =
// CHECK:      %[[ROW:.*]] = graph.mirror_slot %[[SLOTS]][%[[V]]] owned(%[[BEGIN]], %[[END]]) : memref<?xi64>
// CHECK:      memref.load %[[OFF]][%[[ROW]]] : memref<?xi64>
// CHECK:      return
func.func @push_all(%path: !graph.string) {
  %g = graph.load %path distributed : !graph.edgeset
  %sum = graph.vector.new %g partition owned : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_push>) body {
  ^bb0(%src: index, %dst: index):
    %one = arith.constant 1.0 : f64
    %s = graph.reduce add %sum[%dst], %one : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}
