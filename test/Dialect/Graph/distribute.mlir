// RUN: graph-opt %s --graph-distribute --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-distribute --split-input-file | graph-opt --graph-distribute --split-input-file | FileCheck %s --check-prefix=TWICE
// RUN: graph-opt %s --graph-distribute=mpi-implementation=MPICH --split-input-file | FileCheck %s --check-prefix=MPICH

// graph-distribute: every load split over the ranks, mirrors after each
// traversal of the vectors its body writes (the tracked one only where it
// changed: at the output set's vertices) and of its output set, prints on
// rank 0, MPI started and stopped in main. Here both vectors go to a
// function, whose reads graph-distribute does not see, so they stay whole on
// every rank.

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// MPICH: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// CHECK-LABEL: func.func @main()
// CHECK-NEXT:    mpi.init
// CHECK-NEXT:    %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK-NEXT:    %[[RANK:.*]] = mpi.comm_rank(%[[WORLD]]) : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ON0:.*]] = arith.cmpi eq, %[[RANK]], %[[ZERO]] : i32
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         %[[NEXT:.*]] = graph.edgeset.apply %[[G]] from(%{{.*}}) track(%[[PARENT:.*]] : !graph.vector<i32>)
// CHECK:         } : !graph.edgeset -> !graph.vertexset
// CHECK-NEXT:    graph.vector.mirror %[[G]], %[[PARENT]] changed(%[[NEXT]]) : !graph.edgeset, !graph.vector<i32>
// CHECK-NEXT:    graph.vector.mirror %[[G]], %[[SUM:.*]] : !graph.edgeset, !graph.vector<f64>
// CHECK-NEXT:    graph.vertexset.mirror %[[G]], %[[NEXT]] : !graph.edgeset
// CHECK:         scf.if %[[ON0]] {
// CHECK-NEXT:      graph.print %{{.*}} : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    mpi.finalize
// CHECK-NEXT:    return
// TWICE-COUNT-1: mpi.init
// TWICE-COUNT-1: graph.vector.mirror %{{.*}}, %{{.*}} changed(%{{.*}}) : !graph.edgeset, !graph.vector<i32>
// TWICE-NOT: graph.vector.mirror %{{.*}}, %{{.*}} changed(%{{.*}}) : !graph.edgeset, !graph.vector<i32>
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f64
  %cm1 = arith.constant -1 : i32
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %parent = graph.vector.new %g init(%cm1 : i32) : !graph.edgeset -> !graph.vector<i32>
  %sum = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  func.call @use(%parent, %sum) : (!graph.vector<i32>, !graph.vector<f64>) -> ()
  %f = graph.vertexset.new %g : !graph.edgeset
  graph.vertexset.insert %f, %c0
  %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
    dst_filter {
    ^bb0(%v: index):
      %p = graph.vector.get %parent[%v] : !graph.vector<i32>
      %fresh = arith.cmpi eq, %p, %cm1 : i32
      graph.yield %fresh : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      %changed = graph.reduce add %sum[%dst], %one : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  %size = graph.vertexset.size %next
  %size64 = arith.index_cast %size : index to i64
  graph.print %size64 : i64
  return
}
func.func private @use(!graph.vector<i32>, !graph.vector<f64>)

// -----

// A traversal that writes nothing gets no vector mirror; one without an
// output set no set mirror.
// CHECK-LABEL: func.func @main()
// CHECK:         graph.edgeset.apply
// CHECK:         } : !graph.edgeset
// CHECK-NEXT:    graph.vector.mirror %{{.*}}, %[[RANK:.*]] : !graph.edgeset, !graph.vector<f64, record<16, 0>>
// CHECK-NEXT:    graph.edgeset.apply
// CHECK:         } : !graph.edgeset
// CHECK-NEXT:    mpi.finalize
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
  %rank = graph.vector.new %g in(%rec : !graph.records<16>) : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
  graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %r = graph.vector.get %rank[%src] : !graph.vector<f64, record<16, 0>>
    %c = graph.reduce add %rank[%dst], %r : !graph.vector<f64, record<16, 0>>
    graph.yield
  } : !graph.edgeset
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    %r = graph.vector.get %rank[%src] : !graph.vector<f64, record<16, 0>>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A compare-and-swap of the tracked vector does not report to the output
// set, so that vector (which a function call reads whole) is mirrored whole.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[NEXT:.*]] = graph.edgeset.apply
// CHECK:         } : !graph.edgeset -> !graph.vertexset
// CHECK-NEXT:    graph.vector.mirror %{{.*}}, %{{.*}} : !graph.edgeset, !graph.vector<i32>
// CHECK-NEXT:    graph.vertexset.mirror %{{.*}}, %[[NEXT]] : !graph.edgeset
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %cm1 = arith.constant -1 : i32
  %label = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %next = graph.edgeset.apply %g track(%label : !graph.vector<i32>) dedup body {
  ^bb0(%src: index, %dst: index):
    %s = arith.index_cast %src : index to i32
    %won = graph.vector.cas %label[%dst], %cm1, %s : !graph.vector<i32>
    %c = graph.reduce min %label[%dst], %s : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  func.call @use(%label) : (!graph.vector<i32>) -> ()
  return
}
func.func private @use(!graph.vector<i32>)

// -----

// Priority updates: the queue is mirrored after the traversal; bucket
// fusion becomes eager (a rank cannot go on with its own bins alone).
// CHECK-LABEL: func.func @main()
// CHECK:         graph.edgeset.apply %[[G:.*]] from(%{{.*}}) update_priority(%[[PQ:.*]] : !graph.priority_queue<i32>) schedule(#graph.schedule<parallel = serial>) body
// CHECK:         } : !graph.edgeset<i32>
// CHECK-NEXT:    graph.pq.mirror %[[G]], %[[PQ]] : !graph.edgeset<i32>, !graph.priority_queue<i32>
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  %dist = graph.vector.new %g : !graph.edgeset<i32> -> !graph.vector<i32>
  %c2 = arith.constant 2 : index
  %pq = graph.pq.new %dist lower_first update(eager) delta(%c2) open_buckets(%c2) : !graph.vector<i32> -> !graph.priority_queue<i32>
  %frontier = graph.pq.dequeue %pq : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%frontier) update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<priority_update = eager_with_fusion>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %d = graph.vector.get %dist[%src] : !graph.vector<i32>
    %nd = arith.addi %d, %w : i32
    %c = graph.pq.update min %pq[%dst], %nd : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// Scalars the body updates are combined over the ranks after the traversal:
// a sum adds every rank's change (the value before is loaded before the
// traversal), a maximum keeps the largest, and a flag assigned in the body
// flips if any rank changed it.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[SUM_BEFORE:.*]] = memref.load %[[SUM:.*]][] : memref<f64>
// CHECK-NEXT:    %[[MAX_BEFORE:.*]] = memref.load %[[MAX:.*]][] : memref<i32>
// CHECK-NEXT:    %[[FLAG_BEFORE:.*]] = memref.load %[[FLAG:.*]][] : memref<i1>
// CHECK-NEXT:    graph.edgeset.apply
// CHECK:         } : !graph.edgeset<i32>
// CHECK:         %[[FLAG_NOW:.*]] = memref.load %[[FLAG]][] : memref<i1>
// CHECK-NEXT:    %[[CHANGED:.*]] = arith.cmpi ne, %[[FLAG_NOW]], %[[FLAG_BEFORE]] : i1
// CHECK-NEXT:    %[[MINE:.*]] = arith.extui %[[CHANGED]] : i1 to i32
// CHECK:         memref.store %[[MINE]], %[[FBUF:.*]][%{{.*}}] : memref<1xi32>
// CHECK:         mpi.allreduce(%[[FBUF]], %[[FBUF]], MPI_MAX, %{{.*}}) : memref<1xi32>, memref<1xi32>
// CHECK:         %[[ANY:.*]] = memref.load %[[FBUF]]
// CHECK-NEXT:    %[[ANY1:.*]] = arith.trunci %[[ANY]] : i32 to i1
// CHECK:         %[[FLIPPED:.*]] = arith.xori %[[FLAG_BEFORE]], %{{.*}} : i1
// CHECK-NEXT:    %[[FLAG_NEW:.*]] = arith.select %[[ANY1]], %[[FLIPPED]], %[[FLAG_BEFORE]] : i1
// CHECK-NEXT:    memref.store %[[FLAG_NEW]], %[[FLAG]][] : memref<i1>
// CHECK:         %[[MAX_NOW:.*]] = memref.load %[[MAX]][] : memref<i32>
// CHECK:         memref.store %[[MAX_NOW]], %[[MBUF:.*]][%{{.*}}] : memref<1xi32>
// CHECK:         mpi.allreduce(%[[MBUF]], %[[MBUF]], MPI_MAX, %{{.*}}) : memref<1xi32>, memref<1xi32>
// CHECK:         %[[SUM_NOW:.*]] = memref.load %[[SUM]][] : memref<f64>
// CHECK-NEXT:    %[[DELTA:.*]] = arith.subf %[[SUM_NOW]], %[[SUM_BEFORE]] : f64
// CHECK:         memref.store %[[DELTA]], %[[SBUF:.*]][%{{.*}}] : memref<1xf64>
// CHECK:         mpi.allreduce(%[[SBUF]], %[[SBUF]], MPI_SUM, %{{.*}}) : memref<1xf64>, memref<1xf64>
// CHECK:         %[[ALL:.*]] = memref.load %[[SBUF]]
// CHECK-NEXT:    %[[SUM_NEW:.*]] = arith.addf %[[SUM_BEFORE]], %[[ALL]] : f64
// CHECK-NEXT:    memref.store %[[SUM_NEW]], %[[SUM]][] : memref<f64>
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  %sum = memref.alloca() : memref<f64>
  %max = memref.alloca() : memref<i32>
  %flag = memref.alloca() : memref<i1>
  %half = arith.constant 0.5 : f64
  %true = arith.constant true
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %a = memref.atomic_rmw addf %half, %sum[] : (f64, memref<f64>) -> f64
    %b = memref.atomic_rmw maxs %w, %max[] : (i32, memref<i32>) -> i32
    memref.store %true, %flag[] : memref<i1>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// Vertex loops that cannot run over owned vertices (this one assigns a
// global) run on every rank, and OpenMP may combine them in another order on
// each: every rank takes rank 0's value of the scalars a loop writes. A
// float vector.reduce of a vector right at owned vertices reduces the owned
// range and adds the ranks' sums with one allreduce (one value on every
// rank), with no gather of the vector.
// CHECK-LABEL: func.func @main()
// CHECK:         graph.vertexset.apply
// CHECK:         }
// CHECK-NEXT:    %[[ERR:.*]] = memref.load %[[ERROR:.*]][] : memref<f64>
// CHECK:         %[[MINE:.*]] = arith.select %{{.*}}, %[[ERR]], %{{.*}} : f64
// CHECK:         mpi.allreduce(%[[BUF:.*]], %[[BUF]], MPI_SUM, %{{.*}}) : memref<1xf64>, memref<1xf64>
// CHECK:         %[[AGREED:.*]] = memref.load %[[BUF]]
// CHECK-NEXT:    memref.store %[[AGREED]], %[[ERROR]][] : memref<f64>
// CHECK-NOT:     graph.vector.mirror
// CHECK:         %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G:.*]] : !graph.edgeset
// CHECK-NEXT:    %[[SUM:.*]] = graph.vector.reduce add %[[V:.*]][%[[BEGIN]] to %[[END]]] : !graph.vector<f64>
// CHECK-NOT:     arith.select
// CHECK:         memref.store %[[SUM]], %[[SBUF:.*]][%{{.*}}] : memref<1xf64>
// CHECK:         mpi.allreduce(%[[SBUF]], %[[SBUF]], MPI_SUM, %{{.*}}) : memref<1xf64>, memref<1xf64>
// CHECK-NEXT:    %[[ALL:.*]] = memref.load %[[SBUF]]
// CHECK-NEXT:    memref.store %[[ALL]], %[[ERROR]][] : memref<f64>
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %all = graph.vertexset.new %g all : !graph.edgeset
  %error = memref.alloca() : memref<f64>
  %last = memref.alloca() : memref<f64>
  graph.vertexset.apply %all schedule(#graph.schedule<parallel = dynamic_vertex>) {
  ^bb0(%x: index):
    %r = graph.vector.get %v[%x] : !graph.vector<f64>
    %a = memref.atomic_rmw addf %r, %error[] : (f64, memref<f64>) -> f64
    memref.store %r, %last[] : memref<f64>
  }
  %sum = graph.vector.reduce add %v : !graph.vector<f64>
  memref.store %sum, %error[] : memref<f64>
  return
}

// -----

// Memory the body allocates itself is the body's own: no combining, no error.
// (The vector goes to a function, so it stays whole.)
// CHECK-LABEL: func.func @main()
// CHECK:         memref.alloca() : memref<i32>
// CHECK:         } : !graph.edgeset
// CHECK-NEXT:    graph.vector.mirror
// CHECK-NEXT:    mpi.finalize
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  func.call @keep(%v) : (!graph.vector<i32>) -> ()
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    %local = memref.alloca() : memref<i32>
    %s = arith.index_cast %src : index to i32
    memref.store %s, %local[] : memref<i32>
    %x = memref.load %local[] : memref<i32>
    %c = graph.reduce max %v[%dst], %x : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  return
}
func.func private @keep(!graph.vector<i32>)

// -----

// Vertex loops that write only their own vertex run over the rank's owned
// vertices (graph.owned_range). A vector read at a traversal's source is
// mirrored by need (to the ranks whose edges read each vertex) after every
// loop or traversal that writes it; one read only at owned vertices is not
// mirrored at all, and a loop that reads it elsewhere (the printing loop
// runs on every rank) reads a gathered whole copy.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         %[[RANK:.*]] = graph.vector.new %[[G]] init
// CHECK-NEXT:    %[[CONTRIB:.*]] = graph.vector.new %[[G]] partition mirrored :
// CHECK-NEXT:    %[[NEW:.*]] = graph.vector.new %[[G]] partition owned :
// CHECK:         %[[ALL:.*]] = graph.vertexset.new %[[G]] all
// CHECK:         %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]] : !graph.edgeset
// CHECK-NEXT:    graph.vertexset.apply %[[ALL]][%[[BEGIN]] to %[[END]]] label("contrib") {
// CHECK-NEXT:    ^bb0(%[[V:.*]]: index):
// CHECK-NOT:       scf.if
// CHECK:           graph.vector.set %[[CONTRIB]][%[[V]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    graph.vector.mirror %[[G]], %[[CONTRIB]] needed partition mirrored : !graph.edgeset, !graph.vector<f64>
// CHECK-NEXT:    graph.edgeset.apply %[[G]] label("s1")
// CHECK:         } : !graph.edgeset
// CHECK-NEXT:    %[[UB:.*]], %[[UE:.*]] = graph.owned_range %[[G]]
// CHECK-NEXT:    graph.vertexset.apply %[[ALL]][%[[UB]] to %[[UE]]] label("update")
// CHECK-NOT:     graph.vector.mirror
// CHECK:         %[[WHOLE:.*]] = graph.vector.gather %[[G]], %[[RANK]] : !graph.edgeset, !graph.vector<f64>
// CHECK-NEXT:    graph.vertexset.apply %[[ALL]] label("print")
// CHECK-NOT:       arith.andi
// CHECK:           graph.print
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %rank = graph.vector.new %g init(%one : f64) : !graph.edgeset -> !graph.vector<f64>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %new_rank = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %degree = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i32>
  %all = graph.vertexset.new %g all : !graph.edgeset
  scf.for %iter = %c0 to %c5 step %c1 {
    graph.vertexset.apply %all label("contrib") {
    ^bb0(%v: index):
      %r = graph.vector.get %rank[%v] : !graph.vector<f64>
      %d = graph.vector.get %degree[%v] : !graph.vector<i32>
      %df = arith.sitofp %d : i32 to f64
      %c = arith.divf %r, %df : f64
      graph.vector.set %contrib[%v], %c : !graph.vector<f64>
    }
    graph.edgeset.apply %g label("s1") body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
      %changed = graph.reduce add %new_rank[%dst], %c : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.apply %all label("update") {
    ^bb0(%v: index):
      %s = graph.vector.get %new_rank[%v] : !graph.vector<f64>
      graph.vector.set %rank[%v], %s : !graph.vector<f64>
      graph.vector.set %new_rank[%v], %zero : !graph.vector<f64>
    }
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<f64>
    graph.print %r : f64
  }
  return
}

// -----

// A filter over owned vertices keeps only the rank's own ones, then is
// mirrored (graph.vertexset.mirror; by need, distribute-sets.mlir): its
// size is global. A
// loop's sum over owned vertices adds every rank's part (mpi.allreduce); a
// vector.reduce max reduces the owned range and takes the maximum over the
// ranks (mpi.allreduce MPI_MAX) without gathering the vector.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         %[[X:.*]] = graph.vector.new %[[G]]
// CHECK:         %[[BEFORE:.*]] = memref.load %[[TOTAL:.*]][] : memref<i64>
// CHECK-NEXT:    %[[AB:.*]], %[[AE:.*]] = graph.owned_range %[[G]]
// CHECK-NEXT:    graph.vertexset.apply %{{.*}}[%[[AB]] to %[[AE]]] {
// CHECK-NOT:       scf.if
// CHECK:           memref.atomic_rmw addi
// CHECK:         %[[NOW:.*]] = memref.load %[[TOTAL]][] : memref<i64>
// CHECK-NEXT:    %[[MINE:.*]] = arith.subi %[[NOW]], %[[BEFORE]] : i64
// CHECK:         mpi.allreduce(%{{.*}}, %{{.*}}, MPI_SUM, %{{.*}}) : memref<1xi64>, memref<1xi64>
// CHECK:         %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]]
// CHECK-NEXT:    %[[BIG:.*]] = graph.vertexset.filter %{{.*}}[%[[BEGIN]] to %[[END]]] {
// CHECK-NOT:       scf.if
// CHECK:           %[[KEEP:.*]] = arith.cmpi sgt
// CHECK-NEXT:      graph.yield %[[KEEP]] : i1
// CHECK-NEXT:    }
// CHECK-NEXT:    graph.vertexset.mirror %[[G]], %[[BIG]] : !graph.edgeset
// CHECK-NEXT:    graph.vertexset.size %[[BIG]]
// CHECK-NOT:     graph.vector.mirror
// CHECK:         %[[MB:.*]], %[[ME:.*]] = graph.owned_range %[[G]]
// CHECK-NEXT:    %[[M:.*]] = graph.vector.reduce max %[[X]][%[[MB]] to %[[ME]]] : !graph.vector<i64>
// CHECK:         memref.store %[[M]], %[[MBUF:.*]][%{{.*}}] : memref<1xi64>
// CHECK:         mpi.allreduce(%[[MBUF]], %[[MBUF]], MPI_MAX, %{{.*}}) : memref<1xi64>, memref<1xi64>
// CHECK-NEXT:    %[[MAX:.*]] = memref.load %[[MBUF]]
// CHECK:         graph.print %[[MAX]] : i64
// CHECK-NOT:     graph.vector.mirror
func.func @main() {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<i64>
  %all = graph.vertexset.new %g all : !graph.edgeset
  %total = memref.alloca() : memref<i64>
  memref.store %c0, %total[] : memref<i64>
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %i = arith.index_cast %v : index to i64
    graph.vector.set %x[%v], %i : !graph.vector<i64>
    %a = memref.atomic_rmw addi %i, %total[] : (i64, memref<i64>) -> i64
  }
  %big = graph.vertexset.filter %all {
  ^bb0(%v: index):
    %e = graph.vector.get %x[%v] : !graph.vector<i64>
    %k = arith.cmpi sgt, %e, %c3 : i64
    graph.yield %k : i1
  }
  %n = graph.vertexset.size %big
  %n64 = arith.index_cast %n : index to i64
  graph.print %n64 : i64
  %m = graph.vector.reduce max %x : !graph.vector<i64>
  graph.print %m : i64
  %t = memref.load %total[] : memref<i64>
  graph.print %t : i64
  return
}

// -----

// An element read in main of a vector right only at owned vertices takes
// the owner's value: its bits, summed over the ranks with the others' zeros
// (mpi.allreduce), with no gather; the index check reads only the length.
// A whole-vector `or` of flags is combined as i32 (MPI_BOR). An unsigned min
// still gathers the vector first: MPI would compare signed values.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed : !graph.edgeset
// CHECK:         %[[V:.*]] = graph.vector.new %[[G]] partition owned : !graph.edgeset -> !graph.vector<f64>
// CHECK:         %[[U:.*]] = graph.vector.new %[[G]] partition owned : !graph.edgeset -> !graph.vector<i32>
// CHECK-NOT:     graph.vector.mirror
// CHECK:         %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]] : !graph.edgeset
// CHECK-NEXT:    %[[B2:.*]], %{{.*}} = graph.owned_range %[[G]] : !graph.edgeset
// CHECK-NEXT:    arith.cmpi uge, %[[K:.*]], %[[B2]] : index
// CHECK:         %[[AT:.*]] = arith.select %{{.*}}, %[[K]], %[[B2]] : index
// CHECK-NEXT:    %[[X:.*]] = graph.vector.get %[[V]][%[[AT]]] : !graph.vector<f64>
// CHECK-NEXT:    %[[AFTER:.*]] = arith.cmpi uge, %[[K]], %[[BEGIN]] : index
// CHECK-NEXT:    %[[BELOW:.*]] = arith.cmpi ult, %[[K]], %[[END]] : index
// CHECK-NEXT:    %[[OWNS:.*]] = arith.andi %[[AFTER]], %[[BELOW]] : i1
// CHECK-NEXT:    %[[BITS:.*]] = arith.bitcast %[[X]] : f64 to i64
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[MINE:.*]] = arith.select %[[OWNS]], %[[BITS]], %[[ZERO]] : i64
// CHECK:         memref.store %[[MINE]], %[[BUF:.*]][%{{.*}}] : memref<1xi64>
// CHECK:         mpi.allreduce(%[[BUF]], %[[BUF]], MPI_SUM, %{{.*}}) : memref<1xi64>, memref<1xi64>
// CHECK-NEXT:    %[[ALL:.*]] = memref.load %[[BUF]]
// CHECK-NEXT:    %[[OWNERS:.*]] = arith.bitcast %[[ALL]] : i64 to f64
// CHECK:         graph.print %[[OWNERS]] : f64
// CHECK:         %[[UW:.*]] = graph.vector.gather %[[G]], %[[U]] : !graph.edgeset, !graph.vector<i32>
// CHECK-NEXT:    graph.vector.reduce minu %[[UW]] : !graph.vector<i32>
// CHECK:         %[[FB:.*]], %[[FE:.*]] = graph.owned_range %[[G]]
// CHECK-NEXT:    %[[ANY:.*]] = graph.vector.reduce or %{{.*}}[%[[FB]] to %[[FE]]] : !graph.vector<i1>
// CHECK-NEXT:    %[[WIDE:.*]] = arith.extui %[[ANY]] : i1 to i32
// CHECK:         mpi.allreduce(%{{.*}}, %{{.*}}, MPI_BOR, %{{.*}}) : memref<1xi32>, memref<1xi32>
// CHECK:         arith.trunci %{{.*}} : i32 to i1
func.func @main() {
  %c5 = arith.constant 5 : index
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %u = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %k = graph.check_index %c5 in %v "'v'" : !graph.vector<f64>
  %x = graph.vector.get %v[%k] : !graph.vector<f64>
  graph.print %x : f64
  %m = graph.vector.reduce minu %u : !graph.vector<i32>
  graph.print %m : i32
  %b = graph.vector.new %g : !graph.edgeset -> !graph.vector<i1>
  %o = graph.vector.reduce or %b : !graph.vector<i1>
  graph.print %o : i1
  return
}
