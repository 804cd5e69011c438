// RUN: graph-opt %s --graph-distribute --split-input-file | FileCheck %s

// Vertex sets by need: graph-distribute mirrors the set a traversal or an
// owned filter makes by need where every use can do with a rank's part of it.
// A BFS frontier, carried by the loop into the next traversal and otherwise
// only counted and freed, is `mirrored`: each rank keeps its owned members
// and receives those its edges read (the hybrid direction test then reads
// the whole set's size and out-degree sum, reduced with the mirror). The
// vector the traversal tracks is read only at owned vertices, so nothing
// mirrors it.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         scf.while
// CHECK:           graph.vertexset.size
// CHECK:         %[[NEXT:.*]] = graph.edgeset.apply %[[G]] from(%{{.*}})
// CHECK:         } : !graph.edgeset -> !graph.vertexset
// CHECK-NEXT:    graph.vertexset.mirror %[[G]], %[[NEXT]] : !graph.edgeset partition mirrored
// CHECK-NOT:     graph.vector.mirror
func.func @main() {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %parent = graph.vector.new %g init(%cm1 : i32) : !graph.edgeset -> !graph.vector<i32>
  %f0 = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f0, %c0
  %last = scf.while (%f = %f0) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %f
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
        schedule(#graph.schedule<direction = sparse_push_dense_pull, frontier = bitvector>)
      dst_filter {
      ^bb0(%v: index):
        %p = graph.vector.get %parent[%v] : !graph.vector<i32>
        %fresh = arith.cmpi eq, %p, %cm1 : i32
        graph.yield %fresh : i1
      } body {
      ^bb0(%src: index, %dst: index):
        %s = arith.index_cast %src : index to i32
        graph.vector.set %parent[%dst], %s : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  return
}

// -----

// A filter over owned vertices whose set is only counted and freed, in a
// loop on its size: `owned`, no rank needs another's members.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         %[[FIRST:.*]] = graph.vertexset.filter
// CHECK:         graph.vertexset.mirror %[[G]], %[[FIRST]] : !graph.edgeset partition owned
// CHECK:         scf.while
// CHECK:         %[[AGAIN:.*]] = graph.vertexset.filter
// CHECK:         graph.vertexset.mirror %[[G]], %[[AGAIN]] : !graph.edgeset partition owned
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %deg = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %all = graph.vertexset.new %g all : !graph.edgeset
  %limit = memref.alloca() : memref<i32>
  %zero = arith.constant 0 : i32
  memref.store %zero, %limit[] : memref<i32>
  %first = graph.vertexset.filter %all {
  ^bb0(%v: index):
    %d = graph.vector.get %deg[%v] : !graph.vector<i32>
    %l = memref.load %limit[] : memref<i32>
    %k = arith.cmpi sgt, %d, %l : i32
    graph.yield %k : i1
  }
  %last = scf.while (%s = %first) : (!graph.vertexset) -> !graph.vertexset {
    %n = graph.vertexset.size %s
    %more = arith.cmpi ne, %n, %c0 : index
    scf.condition(%more) %s : !graph.vertexset
  } do {
  ^bb0(%s: !graph.vertexset):
    graph.vertexset.free %s
    %l = memref.load %limit[] : memref<i32>
    %l2 = arith.addi %l, %c1 : i32
    memref.store %l2, %limit[] : memref<i32>
    %again = graph.vertexset.filter %all {
    ^bb0(%v: index):
      %d = graph.vector.get %deg[%v] : !graph.vector<i32>
      %lv = memref.load %limit[] : memref<i32>
      %k = arith.cmpi sgt, %d, %lv : i32
      graph.yield %k : i1
    }
    scf.yield %again : !graph.vertexset
  }
  graph.vertexset.free %last
  return
}

// -----

// Sets that are read whole stay whole on every rank (no partition): one a
// function gets, one whose members a vertex loop prints (a loop that runs
// on every rank), one a traversal of another graph starts from.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         %[[H:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         %[[A:.*]] = graph.edgeset.apply %[[G]]
// CHECK:         graph.vertexset.mirror %[[G]], %[[A]] : !graph.edgeset{{$}}
// CHECK:         %[[B:.*]] = graph.edgeset.apply %[[G]]
// CHECK:         graph.vertexset.mirror %[[G]], %[[B]] : !graph.edgeset{{$}}
// CHECK:         %[[C:.*]] = graph.edgeset.apply %[[G]]
// CHECK:         graph.vertexset.mirror %[[G]], %[[C]] : !graph.edgeset{{$}}
// CHECK:         graph.edgeset.apply %[[H]] from(%[[C]])
// CHECK:         graph.vertexset.mirror %[[H]], %{{.*}} : !graph.edgeset partition owned
func.func private @use(!graph.vertexset)
func.func @main() {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : i32
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %h = graph.load %path : !graph.edgeset
  %parent = graph.vector.new %g init(%cm1 : i32) : !graph.edgeset -> !graph.vector<i32>
  %f = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f, %c0
  %a = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  func.call @use(%a) : (!graph.vertexset) -> ()
  %b = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  graph.vertexset.apply %b schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %i = arith.index_cast %v : index to i64
    graph.print %i : i64
  }
  %c = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  %d = graph.edgeset.apply %h from(%c) track(%parent : !graph.vector<i32>) dedup body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  %n = graph.vertexset.size %d
  %n64 = arith.index_cast %n : index to i64
  graph.print %n64 : i64
  return
}
