// RUN: graph-opt %s --graph-lower-direction=serial-work=0 --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-lower-direction=hybrid-threshold=7 --split-input-file | FileCheck %s --check-prefix=THRESH

// Parallel sparse push: the frontier's id list, omp.wsloop with the
// requested schedule and a chunk of the grain, but of at most
// 1/(4 x threads) of the frontier and at least 1, atomic reduction, deduplicated output. Each
// thread appends the output ids to a block on its own stack, moves a full
// block to the shared id buffer with one atomic add, and its last, partial
// block when its share of the loop is done. Each iteration first
// prefetches, for writing, the distance of the first destination of the
// frontier vertex 16 iterations ahead (the last one near the end), on any
// graph: a frontier's sources lie anywhere.
// CHECK-LABEL: func.func @sparse_push
// CHECK: %[[IDS:.*]] = graph.vertexset.ids %arg1 unordered :
// CHECK-NOT: graph.near_edge_share
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: %[[BUF:.*]] = graph.vertexset.id_buffer %[[OUT]]
// CHECK: %[[COUNT:.*]] = memref.alloc() : memref<1xi64>
// CHECK: %[[OFF:.*]], %[[NBR:.*]] = graph.adjacency out
// CHECK: %[[SIZE:.*]] = memref.dim %[[IDS]]
// CHECK-NEXT: %[[THREADS:.*]] = graph.max_threads : index
// CHECK-NEXT: %[[THREADS64:.*]] = arith.index_cast %[[THREADS]] : index to i64
// CHECK-NEXT: %[[CHUNKS:.*]] = arith.muli %[[THREADS64]], %c4_i64 : i64
// CHECK-NEXT: %[[SIZE64:.*]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK-NEXT: %[[SHARE:.*]] = arith.divui %[[SIZE64]], %[[CHUNKS]] : i64
// CHECK-NEXT: %[[AT_MOST:.*]] = arith.minui %[[SHARE]], %c128_i64 : i64
// CHECK-NEXT: %[[CHUNK:.*]] = arith.maxui %[[AT_MOST]], %c1_i64 : i64
// CHECK: omp.parallel
// CHECK-NEXT: %[[BLOCK:.*]] = memref.alloca() : memref<2048xi32>
// CHECK-NEXT: %[[FILLED:.*]] = memref.alloca() : memref<1xi64>
// CHECK-NEXT: memref.store %c0_i64, %[[FILLED]][%c0]
// CHECK: scf.while : () -> i64 {
// CHECK: scf.for %[[I:.*]] = 
// CHECK-NEXT: %[[LATER:.*]] = arith.addi %[[I]], %c16 : index
// CHECK-NEXT: %[[END:.*]] = arith.subi %[[SIZE]], %c1 : index
// CHECK-NEXT: %[[AHEAD_AT:.*]] = arith.minui %[[LATER]], %[[END]] : index
// CHECK-NEXT: %[[AHEAD:.*]] = memref.load %[[IDS]][%[[AHEAD_AT]]]
// CHECK-NEXT: %[[AHEAD_V:.*]] = arith.index_cast %[[AHEAD]]
// CHECK-NEXT: memref.load %[[IDS]][%[[I]]]
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: %[[AHEAD_NEXT:.*]] = arith.addi %[[AHEAD_V]], %c1 : index
// CHECK-NEXT: %[[A_BEGIN:.*]] = memref.load %[[OFF]][%[[AHEAD_V]]]
// CHECK-NEXT: %[[A_FIRST:.*]] = arith.index_cast %[[A_BEGIN]]
// CHECK-NEXT: %[[A_END:.*]] = memref.load %[[OFF]][%[[AHEAD_NEXT]]]
// CHECK-NEXT: %[[A_LAST:.*]] = arith.index_cast %[[A_END]]
// CHECK-NEXT: %[[HAS_EDGE:.*]] = arith.cmpi ult, %[[A_FIRST]], %[[A_LAST]] : index
// CHECK-NEXT: scf.if %[[HAS_EDGE]] {
// CHECK-NEXT: %[[A_DST:.*]] = memref.load %[[NBR]][%[[A_FIRST]]]
// CHECK-NEXT: %[[A_DST_I:.*]] = arith.index_cast %[[A_DST]]
// CHECK-NEXT: graph.vector.prefetch %arg2[%[[A_DST_I]]] write : !graph.vector<i32>
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK: %[[CHANGED:.*]] = graph.reduce min atomic %arg2
// CHECK: scf.if %[[CHANGED]]
// CHECK: memref.atomic_rmw assign %{{.*}}, %[[FLAGS]]
// CHECK: %[[N:.*]] = memref.load %[[FILLED]][%c0]
// CHECK: %[[SLOT:.*]] = arith.index_cast %[[N]]
// CHECK: memref.store %{{.*}}, %[[BLOCK]][%[[SLOT]]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[N]], %c1_i64
// CHECK: %[[FULL:.*]] = arith.cmpi eq, %[[NEXT]], %c2048_i64
// CHECK: scf.if %[[FULL]]
// CHECK:   memref.atomic_rmw addi %[[NEXT]], %[[COUNT]][%c0]
// CHECK:   scf.for
// CHECK:     memref.load %[[BLOCK]]
// CHECK:     memref.store %{{.*}}, %[[BUF]]
// CHECK:   memref.store %c0_i64, %[[FILLED]][%c0]
// CHECK: } else {
// CHECK:   memref.store %[[NEXT]], %[[FILLED]][%c0]
// CHECK: } {graph.team_chunk}
// CHECK: %[[LAST:.*]] = memref.load %[[FILLED]][%c0]
// CHECK: memref.atomic_rmw addi %[[LAST]], %[[COUNT]][%c0]
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[BUF]]
// CHECK: omp.terminator
// CHECK: %[[TOTAL:.*]] = memref.load %[[COUNT]][%c0]
// CHECK: graph.vertexset.seal_ids %[[OUT]], %[[TOTAL]] distinct
func.func @sparse_push(%g: !graph.edgeset<i32>, %f: !graph.vertexset,
                       %dist: !graph.vector<i32>) -> !graph.vertexset {
  %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup
      schedule(#graph.schedule<parallel = dynamic_vertex, grain = 128>)
    body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %c = arith.addi %d, %w : i32
      %changed = graph.reduce min %dist[%dst], %c : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32> -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// Serial push: scf.for, no omp, no atomic reduction.
// CHECK-LABEL: func.func @serial_push
// CHECK-NOT: omp.
// CHECK-NOT: atomic %
// CHECK: graph.reduce add %
// CHECK: return
func.func @serial_push(%g: !graph.edgeset, %v: !graph.vector<f64>) {
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %v[%src] : !graph.vector<f64>
    %changed = graph.reduce add %v[%dst], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// A serial push visits its frontier in ascending order; parallel ones take
// the ids in any order (`unordered`, as in @sparse_push).
// CHECK-LABEL: func.func @serial_push_frontier
// CHECK: graph.vertexset.ids %arg1 :
// CHECK-NOT: omp.
func.func @serial_push_frontier(%g: !graph.edgeset, %f: !graph.vertexset,
                                %v: !graph.vector<f64>) {
  graph.edgeset.apply %g from(%f)
      schedule(#graph.schedule<parallel = serial>)
    body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %v[%src] : !graph.vector<f64>
      %changed = graph.reduce add %v[%dst], %x : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
  return
}

// -----

// Pull: in-edges, no atomics, the sum kept in a register (iter_args) and
// stored once per destination; static schedule with its chunk.
// CHECK-LABEL: func.func @pull_accumulates
// CHECK: graph.adjacency in
// CHECK: omp.wsloop schedule(static = %{{.*}} : i64)
// CHECK: %[[INIT:.*]] = graph.vector.get %arg2[%[[DST:.*]]] :
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f64)
// CHECK: %[[NEW:.*]] = arith.addf %[[ACC]]
// CHECK: scf.yield %[[NEW]]
// CHECK: graph.vector.set %arg2[%[[DST]]], %[[SUM]]
// CHECK-NOT: graph.reduce
// CHECK: return
func.func @pull_accumulates(%g: !graph.edgeset, %contrib: !graph.vector<f64>,
                            %sum: !graph.vector<f64>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = static_vertex, grain = 32>)
    body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %contrib[%src] : !graph.vector<f64>
      %changed = graph.reduce add %sum[%dst], %c : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
  return
}

// -----

// The dedup flags stay when a later write could pass the filter again: a
// filter that is no equality test (`< 0` here would do, but is not proven),
// a written value that may equal the filter's constant, and a write that is
// not at the top of the body.
// CHECK-LABEL: func.func @claims_unproven
// CHECK-COUNT-3: memref.atomic_rmw assign
// CHECK-NOT: memref.atomic_rmw assign
func.func @claims_unproven(%g: !graph.edgeset, %f: !graph.vertexset,
                           %parent: !graph.vector<i32>, %x: i32, %c: i1)
    -> (!graph.vertexset, !graph.vertexset, !graph.vertexset) {
  %cm1 = arith.constant -1 : i32
  %c0 = arith.constant 0 : i32
  %a = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = sparse_push, parallel = dynamic_vertex>)
    dst_filter {
    ^bb0(%v: index):
      %p = graph.vector.get %parent[%v] : !graph.vector<i32>
      %fresh = arith.cmpi slt, %p, %c0 : i32
      graph.yield %fresh : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  %b = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = sparse_push, parallel = dynamic_vertex>)
    dst_filter {
    ^bb0(%v: index):
      %p = graph.vector.get %parent[%v] : !graph.vector<i32>
      %fresh = arith.cmpi eq, %p, %cm1 : i32
      graph.yield %fresh : i1
    } body {
    ^bb0(%src: index, %dst: index):
      graph.vector.set %parent[%dst], %x : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  %d = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = sparse_push, parallel = dynamic_vertex>)
    dst_filter {
    ^bb0(%v: index):
      %p = graph.vector.get %parent[%v] : !graph.vector<i32>
      %fresh = arith.cmpi eq, %p, %cm1 : i32
      graph.yield %fresh : i1
    } body {
    ^bb0(%src: index, %dst: index):
      scf.if %c {
        %s = arith.index_cast %src : index to i32
        graph.vector.set %parent[%dst], %s : !graph.vector<i32>
      }
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %a, %b, %d : !graph.vertexset, !graph.vertexset, !graph.vertexset
}

// -----

// Pull with a destination filter: the filter is tested before the in-edge
// range is read (a visited vertex costs no offsets), then an scf.while
// scans the in-edges: an inner scf.while skips to the next source in the
// frontier bitvector, the body runs there, and the filter is re-tested only
// after the body ran, the scan stopping when it turns false. The output is
// a bitvector too, marked with a plain read-modify-write (chunks of 512
// vertices give each thread whole words); each thread counts the members
// it adds, and their out-degrees, in its own counters, added to the shared
// ones when its share is done, and the seal takes both as given.
// CHECK-LABEL: func.func @pull_early_exit
// CHECK: %[[BITS:.*]] = graph.vertexset.bits %arg1
// CHECK: %[[OUT:.*]] = graph.vertexset.new
// CHECK: %[[OUTBITS:.*]] = graph.vertexset.bits %[[OUT]]
// CHECK: %[[DEGREE:.*]], %{{.*}} = graph.adjacency out %arg0
// CHECK: %[[SHARED:.*]] = memref.alloc() : memref<2xi64>
// CHECK: omp.parallel {
// CHECK-NEXT: %[[MINE:.*]] = memref.alloca() : memref<2xi64>
// CHECK: scf.while : () -> i64 {
// CHECK: scf.for %[[V:.*]] = 
// CHECK-NEXT: %[[SEEN:.*]] = graph.vector.get %arg2[%[[V]]]
// CHECK-NEXT: %[[FRESH:.*]] = arith.cmpi eq, %[[SEEN]]
// CHECK-NEXT: scf.if %[[FRESH]] {
// CHECK: memref.load %{{.*}}[%[[V]]] : memref<?xi64>
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: memref.load
// CHECK-NEXT: %[[END:.*]] = arith.index_cast
// CHECK: scf.while (%[[K:.*]] = %{{.*}}) : (index) -> index {
// CHECK-NEXT: %[[FOUND:.*]] = scf.while (%[[J:.*]] = %[[K]]) : (index) -> index {
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[J]], %[[END]]
// CHECK-NEXT: %[[SKIP:.*]] = scf.if %[[IN]] -> (i1) {
// CHECK-NOT: graph.vector.get %arg2
// CHECK: memref.load %[[BITS]]
// CHECK: scf.yield %{{.*}} : i1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %false : i1
// CHECK: scf.condition(%[[SKIP]]) %[[J]] : index
// CHECK: arith.addi
// CHECK: %[[MORE:.*]] = arith.cmpi ult, %[[FOUND]], %[[END]]
// CHECK-NEXT: scf.condition(%[[MORE]]) %[[FOUND]] : index
// CHECK: ^bb0(%[[AT:.*]]: index):
// CHECK: graph.vector.set %arg2
// CHECK-NOT: atomic
// CHECK: %[[MASK:.*]] = arith.shli
// CHECK: %[[WORD:.*]] = memref.load %[[OUTBITS]][%[[W:.*]]]
// CHECK: %[[MARKED:.*]] = arith.ori %[[WORD]], %[[MASK]] : i64
// CHECK: memref.store %[[MARKED]], %[[OUTBITS]][%[[W]]]
// CHECK: %[[WAS:.*]] = arith.andi %[[WORD]], %[[MASK]] : i64
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[WAS]]
// CHECK: scf.if %[[FIRST]] {
// CHECK: memref.load %[[DEGREE]]
// CHECK: memref.load %[[DEGREE]][%[[V]]]
// CHECK: memref.store %{{.*}}, %[[MINE]]
// CHECK: memref.store %{{.*}}, %[[MINE]]
// CHECK: %[[AGAIN:.*]] = graph.vector.get %arg2[%[[V]]]
// CHECK: %[[STILLFRESH:.*]] = arith.cmpi eq, %[[AGAIN]]
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[AT]], %c1
// CHECK-NEXT: %[[GO:.*]] = arith.select %[[STILLFRESH]], %[[NEXT]], %[[END]] : index
// CHECK-NEXT: scf.yield %[[GO]] : index
// CHECK: } {graph.team_chunk}
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[SHARED]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[SHARED]]
// CHECK-NEXT: omp.terminator
// CHECK: %[[COUNT:.*]] = memref.load %[[SHARED]][%{{.*}}]
// CHECK: %[[DEGREES:.*]] = memref.load %[[SHARED]][%{{.*}}]
// CHECK: graph.vertexset.seal_dense %[[OUT]], %[[COUNT]], %[[DEGREES]] of %arg0
func.func @pull_early_exit(%g: !graph.edgeset, %f: !graph.vertexset,
                           %parent: !graph.vector<i32>) -> !graph.vertexset {
  %cm1 = arith.constant -1 : i32
  %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, frontier = bitvector>)
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
  return %next : !graph.vertexset
}

// -----

// Parallel push of a tracked assignment under a filter reading it: one
// compare-and-swap from the value the filter saw. The hybrid test uses the
// frontier size, its out-degree sum and |E| (threshold 20, or 7 when set):
// dense when (size + sum) * 20 > |E|. The size alone settles it, without
// the sum, when it exceeds |E| / 20 (dense) or is at most
// |E| / 20 / (max out-degree + 1) (sparse: the sum is at most size times
// the max out-degree).
// The filter is `parent[v] == -1` and a vertex id is written: the winning
// write closes the filter, so the winner appends dst with no dedup flag.
// CHECK-LABEL: func.func @hybrid_cas
// CHECK: %[[SIZE:.*]] = graph.vertexset.size %arg1
// CHECK-NEXT: %[[M:.*]] = graph.num_edges %arg0
// CHECK-NEXT: %[[BUDGET:.*]] = arith.divui %[[M]], %c20
// CHECK-NEXT: %[[TOO_MANY:.*]] = arith.cmpi ugt, %[[SIZE]], %[[BUDGET]]
// CHECK-NEXT: %[[MAX_DEG:.*]] = graph.max_out_degree %arg0
// CHECK-NEXT: %[[PER_MEMBER:.*]] = arith.addi %[[MAX_DEG]], %c1
// CHECK-NEXT: %[[BOUND:.*]] = arith.divui %[[BUDGET]], %[[PER_MEMBER]]
// CHECK-NEXT: %[[FEW:.*]] = arith.cmpi ule, %[[SIZE]], %[[BOUND]]
// CHECK-NEXT: %[[SETTLED:.*]] = arith.ori %[[TOO_MANY]], %[[FEW]]
// CHECK-NEXT: %[[DENSE:.*]] = scf.if %[[SETTLED]] -> (i1) {
// CHECK-NEXT:   scf.yield %[[TOO_MANY]] : i1
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[DEG:.*]] = graph.vertexset.out_degree_sum %arg1, %arg0
// CHECK-NEXT:   %[[WORK:.*]] = arith.addi %[[SIZE]], %[[DEG]]
// CHECK-NEXT:   %[[SCALED:.*]] = arith.muli %[[WORK]], %c20
// CHECK-NEXT:   %[[BY_SUM:.*]] = arith.cmpi ugt, %[[SCALED]], %[[M]]
// CHECK-NEXT:   scf.yield %[[BY_SUM]] : i1
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[DENSE]] -> (!graph.vertexset)
// CHECK: graph.adjacency in
// CHECK: } else {
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK-NOT: graph.vertexset.bools %[[OUT]]
// CHECK: graph.adjacency out
// CHECK: %[[SEEN:.*]] = graph.vector.get %arg2[%[[D:.*]]] :
// CHECK: %[[WON:.*]] = graph.vector.cas %arg2[%[[D]]], %[[SEEN]], %{{.*}} :
// CHECK: scf.if %[[WON]]
// CHECK-NOT: memref.atomic_rmw assign
// CHECK: memref.atomic_rmw addi
// CHECK: graph.vertexset.seal_ids %[[OUT]], %{{[^ ]*}} distinct{{$}}
// THRESH-LABEL: func.func @hybrid_cas
// THRESH: arith.divui %{{.*}}, %c7
// THRESH: arith.muli %{{.*}}, %c7
func.func @hybrid_cas(%g: !graph.edgeset, %f: !graph.vertexset,
                      %parent: !graph.vector<i32>) -> !graph.vertexset {
  %cm1 = arith.constant -1 : i32
  %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex>)
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
  return %next : !graph.vertexset
}

// -----

// A BFS loop: the push's output is the next round's frontier, whose hybrid
// test sums its out-degrees. The push counts them as it appends, in per-thread
// counters added once per thread, and the seal keeps the sum; a push whose
// output no degree sum reads (@push_output_unread) counts nothing.
// CHECK-LABEL: func.func @push_feeds_hybrid
// CHECK: scf.while (%[[FRONTIER:.*]] = %arg1)
// CHECK: graph.vertexset.out_degree_sum %[[FRONTIER]], %arg0
// CHECK: } else {
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK: %[[OFF:[^ ,]*]], %{{.*}} = graph.adjacency out %arg0
// CHECK: %[[SHARED:.*]] = memref.alloc() : memref<2xi64>
// CHECK: omp.parallel {
// CHECK: %[[MINE:.*]] = memref.alloca() : memref<2xi64>
// CHECK: scf.while : () -> i64 {
// CHECK: graph.vector.cas
// CHECK: memref.store %{{.*}}, %[[BLOCK:.*]][%{{.*}}] : memref<2048xi32>
// CHECK: memref.load %[[OFF]]
// CHECK: memref.load %[[OFF]]
// CHECK: memref.store %{{.*}}, %[[MINE]][%c1]
// CHECK: } {graph.team_chunk}
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[SHARED]][%c1]
// CHECK: omp.terminator
// CHECK: %[[DEGREES:.*]] = memref.load %[[SHARED]][%c1]
// CHECK: graph.vertexset.seal_ids %[[OUT]], %{{.*}} distinct degrees %[[DEGREES]] of %arg0 : !graph.edgeset
// CHECK-LABEL: func.func @push_output_unread
// CHECK-NOT: memref.alloca() : memref<2xi64>
// CHECK: graph.vertexset.seal_ids %{{.*}}, %{{[^ ]*}} distinct{{$}}
func.func @push_feeds_hybrid(%g: !graph.edgeset, %f: !graph.vertexset,
                             %parent: !graph.vector<i32>) {
  %cm1 = arith.constant -1 : i32
  %c0 = arith.constant 0 : index
  %last = scf.while (%frontier = %f) : (!graph.vertexset) -> !graph.vertexset {
    %size = graph.vertexset.size %frontier
    %more = arith.cmpi ne, %size, %c0 : index
    scf.condition(%more) %frontier : !graph.vertexset
  } do {
  ^bb0(%frontier: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%frontier) track(%parent : !graph.vector<i32>) dedup
        schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex>)
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
    graph.vertexset.free %frontier
    scf.yield %next : !graph.vertexset
  }
  graph.vertexset.free %last
  return
}

func.func @push_output_unread(%g: !graph.edgeset, %f: !graph.vertexset,
                              %parent: !graph.vector<i32>) -> !graph.vertexset {
  %cm1 = arith.constant -1 : i32
  %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = sparse_push, parallel = dynamic_vertex>)
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
  return %next : !graph.vertexset
}

// -----

// Push without dedup: no per-destination flag exchange; every change
// appends dst to an id buffer sized for one entry per traversed out-edge
// of the frontier, and the seal keeps repeats. The dedup variant below
// claims dst with an atomic exchange on the output's bool array first, so
// its ids are distinct as they are sealed.
// CHECK-LABEL: func.func @push_no_dedup
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK-NOT: graph.vertexset.bools
// CHECK: %[[CAP:.*]] = graph.vertexset.out_degree_sum %arg1, %arg0
// CHECK: %[[BUF:.*]] = graph.vertexset.id_buffer %[[OUT]] capacity(%[[CAP]])
// CHECK: %[[CHANGED:.*]] = graph.reduce min atomic %arg2
// CHECK-NEXT: scf.if %[[CHANGED]] {
// CHECK-NOT: memref.atomic_rmw assign
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<2048xi32>
// CHECK: memref.store %{{.*}}, %[[BUF]]
// CHECK: graph.vertexset.seal_ids %[[OUT]], %{{.*}} keep_duplicates
// CHECK-LABEL: func.func @push_dedup
// CHECK: %[[OUT:.*]] = graph.vertexset.new %arg0
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: %[[BUF:.*]] = graph.vertexset.id_buffer %[[OUT]] :
// CHECK: %[[CHANGED:.*]] = graph.reduce min atomic %arg2
// CHECK-NEXT: scf.if %[[CHANGED]] {
// CHECK: %[[OLD:.*]] = memref.atomic_rmw assign %{{.*}}, %[[FLAGS]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]]
// CHECK: scf.if %[[FIRST]] {
// CHECK: memref.atomic_rmw addi
// CHECK: memref.store %{{.*}}, %[[BUF]]
// CHECK: graph.vertexset.seal_ids %[[OUT]], %{{[^ ]*}} distinct{{$}}
func.func @push_no_dedup(%g: !graph.edgeset<i32>, %f: !graph.vertexset,
                         %dist: !graph.vector<i32>) -> !graph.vertexset {
  %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>)
      schedule(#graph.schedule<parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %c = arith.addi %d, %w : i32
      %changed = graph.reduce min %dist[%dst], %c : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32> -> !graph.vertexset
  return %next : !graph.vertexset
}
func.func @push_dedup(%g: !graph.edgeset<i32>, %f: !graph.vertexset,
                      %dist: !graph.vector<i32>) -> !graph.vertexset {
  %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup
      schedule(#graph.schedule<parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %c = arith.addi %d, %w : i32
      %changed = graph.reduce min %dist[%dst], %c : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32> -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// Serial dense push without a frontier and with two tracked writes per
// edge: room for two entries per edge of the graph.
// CHECK-LABEL: func.func @dense_push_no_dedup_two_writes
// CHECK: %[[M:.*]] = graph.num_edges %arg0
// CHECK: %[[CAP:.*]] = arith.muli %[[M]], %c2
// CHECK: graph.vertexset.id_buffer %{{.*}} capacity(%[[CAP]])
// CHECK-NOT: omp.
// CHECK: graph.vertexset.seal_ids %{{.*}} keep_duplicates
func.func @dense_push_no_dedup_two_writes(%g: !graph.edgeset,
                                          %v: !graph.vector<i32>) -> !graph.vertexset {
  %next = graph.edgeset.apply %g track(%v : !graph.vector<i32>)
      schedule(#graph.schedule<direction = dense_push>)
    body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      %a = graph.reduce max %v[%dst], %s : !graph.vector<i32>
      %b = graph.reduce min %v[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// A pull marking a bitvector output hands each thread whole cache lines of
// it: the grain of 100 becomes a chunk of 512 vertices, so the mark is a
// plain read-modify-write of the thread's own word.
// CHECK-LABEL: func.func @pull_bits_whole_lines
// CHECK: %[[OUT:.*]] = graph.vertexset.new
// CHECK: %[[OUTBITS:.*]] = graph.vertexset.bits %[[OUT]]
// CHECK: scf.while : () -> i64 {
// CHECK: graph.vector.set %arg2
// CHECK: %[[MASK:.*]] = arith.shli
// CHECK: %[[OLD:.*]] = memref.load %[[OUTBITS]]
// CHECK: %[[NEW:.*]] = arith.ori %[[OLD]], %[[MASK]]
// CHECK: memref.store %[[NEW]], %[[OUTBITS]]
// CHECK-NOT: memref.atomic_rmw ori
func.func @pull_bits_whole_lines(%g: !graph.edgeset, %f: !graph.vertexset,
                                  %parent: !graph.vector<i32>) -> !graph.vertexset {
  %cm1 = arith.constant -1 : i32
  %next = graph.edgeset.apply %g from(%f) track(%parent : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, grain = 100, frontier = bitvector>)
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
  return %next : !graph.vertexset
}

// -----

// Pull without dedup: one visit per destination, so the bool array as with
// dedup.
// CHECK-LABEL: func.func @pull_no_dedup
// CHECK: %[[OUT:.*]] = graph.vertexset.new
// CHECK: graph.vertexset.bools %[[OUT]]
// CHECK-NOT: id_buffer
// CHECK: graph.vertexset.seal_dense %[[OUT]]
func.func @pull_no_dedup(%g: !graph.edgeset, %f: !graph.vertexset,
                         %v: !graph.vector<i32>) -> !graph.vertexset {
  %next = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>)
      schedule(#graph.schedule<direction = dense_pull>)
    body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      %a = graph.reduce max %v[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// Or/and reductions of bool vectors in a parallel push are atomic like any
// other; the tracked one reports the change.
// CHECK-LABEL: func.func @bool_reductions
// CHECK: scf.while : () -> i64 {
// CHECK: %[[MARKED:.*]] = graph.reduce or atomic %arg2[%[[D:.*]]], %true : !graph.vector<i1>
// CHECK-NEXT: scf.if %[[MARKED]]
// CHECK: graph.reduce and atomic %arg3[%[[D]]], %false : !graph.vector<i1>
func.func @bool_reductions(%g: !graph.edgeset, %f: !graph.vertexset,
                           %seen: !graph.vector<i1>,
                           %fresh: !graph.vector<i1>) -> !graph.vertexset {
  %t = arith.constant true
  %fl = arith.constant false
  %next = graph.edgeset.apply %g from(%f) track(%seen : !graph.vector<i1>) dedup
      schedule(#graph.schedule<parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index):
      %a = graph.reduce or %seen[%dst], %t : !graph.vector<i1>
      %b = graph.reduce and %fresh[%dst], %fl : !graph.vector<i1>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// A filter may yield a value defined above the traversal (the greedy driver
// hoists constants out of regions): the lowering uses it as it is. Once a
// crash, found by graph-ir-fuzzer.
// CHECK-LABEL: func.func @filter_yields_outer_value
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK:         scf.if %[[TRUE]] {
// CHECK:           scf.while
// CHECK:             graph.vector.set
func.func @filter_yields_outer_value(%g: !graph.edgeset, %f: !graph.vertexset,
                                     %vi: !graph.vector<i32>) -> !graph.vertexset {
  %t = arith.constant true
  %m = graph.edgeset.apply %g from(%f) track(%vi : !graph.vector<i32>) dedup
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>)
    dst_filter {
    ^bb0(%v: index):
      graph.yield %t : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %s = arith.index_cast %src : index to i32
      graph.vector.set %vi[%dst], %s : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
  return %m : !graph.vertexset
}

// -----

// frontier = sliding_queue (GraphIt's name for a push building its output
// in per-thread blocks) lowers as every parallel push does.
// CHECK-LABEL: func.func @sliding_queue
// CHECK: omp.parallel
// CHECK-NEXT: memref.alloca() : memref<2048xi32>
// CHECK: scf.while : () -> i64 {
func.func @sliding_queue(%g: !graph.edgeset<i32>, %f: !graph.vertexset,
                         %dist: !graph.vector<i32>) -> !graph.vertexset {
  %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup
      schedule(#graph.schedule<parallel = dynamic_vertex, frontier = sliding_queue>)
    body {
    ^bb0(%src: index, %dst: index, %w: i32):
      %d = graph.vector.get %dist[%src] : !graph.vector<i32>
      %c = arith.addi %d, %w : i32
      %changed = graph.reduce min %dist[%dst], %c : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset<i32> -> !graph.vertexset
  return %next : !graph.vertexset
}

// -----

// Inside another parallel loop the push's team is nested in the outer one's
// threads; its blocks are on the stacks of the inner team's threads.
// CHECK-LABEL: func.func @push_nested
// CHECK: graph.vertexset.apply
// CHECK: omp.parallel
// CHECK-NEXT: memref.alloca() : memref<2048xi32>
// CHECK: scf.while : () -> i64 {
// CHECK: return
func.func @push_nested(%g: !graph.edgeset<i32>, %f: !graph.vertexset,
                       %all: !graph.vertexset, %dist: !graph.vector<i32>) {
  graph.vertexset.apply %all {
  ^bb0(%v: index):
    %next = graph.edgeset.apply %g from(%f) track(%dist : !graph.vector<i32>) dedup
        schedule(#graph.schedule<parallel = dynamic_vertex>)
      body {
      ^bb0(%src: index, %dst: index, %w: i32):
        %changed = graph.reduce min %dist[%dst], %w : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset<i32> -> !graph.vertexset
    graph.vertexset.free %next
  }
  return
}

// -----

// A body yielding whether to keep dst: a parallel push appends each kept
// destination once (first flagger wins), under scf.if of the yielded flag.
// CHECK-LABEL: func.func @keep_push
// CHECK: %[[OUT:.*]] = graph.vertexset.new %{{.*}} : !graph.edgeset<i32>
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: scf.while : () -> i64 {
// CHECK:   %[[KEEP:.*]] = graph.reduce min atomic
// CHECK:   scf.if %[[KEEP]] {
// CHECK:     memref.atomic_rmw assign %{{.*}}, %[[FLAGS]]
// CHECK: graph.vertexset.seal_ids %[[OUT]]
func.func @keep_push(%g: !graph.edgeset<i32>, %f: !graph.vertexset, %d: !graph.vector<i32>) -> !graph.vertexset {
  %m = graph.edgeset.apply %g from(%f) dedup
      schedule(#graph.schedule<direction = sparse_push, parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %s = graph.vector.get %d[%src] : !graph.vector<i32>
    %n = arith.addi %s, %w : i32
    %lowered = graph.reduce min %d[%dst], %n : !graph.vector<i32>
    graph.yield %lowered : i1
  } : !graph.edgeset<i32> -> !graph.vertexset
  return %m : !graph.vertexset
}

// -----

// A pull marks the kept destinations in its bool array; a serial one counts
// them straight in the shared counters.
// CHECK-LABEL: func.func @keep_pull
// CHECK: %[[OUT:.*]] = graph.vertexset.new
// CHECK: %[[FLAGS:.*]] = graph.vertexset.bools %[[OUT]]
// CHECK: %[[SHARED:.*]] = memref.alloc() : memref<2xi64>
// CHECK-NOT: memref.alloca
// CHECK: scf.if %{{.*}} {
// CHECK:   %[[WAS:.*]] = memref.load %[[FLAGS]][%[[DST:.*]]] : memref<?xi8>
// CHECK:   memref.store %{{.*}}, %[[FLAGS]][%[[DST]]] : memref<?xi8>
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[WAS]], %{{.*}} : i8
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     memref.store %{{.*}}, %[[SHARED]]
// CHECK-NOT: atomic
// CHECK: graph.vertexset.seal_dense %[[OUT]]
func.func @keep_pull(%g: !graph.edgeset, %f: !graph.vertexset, %d: !graph.vector<i32>) -> !graph.vertexset {
  %m = graph.edgeset.apply %g from(%f) dedup
      schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    %s = graph.vector.get %d[%src] : !graph.vector<i32>
    %big = arith.constant 5 : i32
    %keep = arith.cmpi slt, %s, %big : i32
    graph.yield %keep : i1
  } : !graph.edgeset -> !graph.vertexset
  return %m : !graph.vertexset
}

// -----

// A vector of rows: a parallel pull adds into the destination's row with
// plain stores (the destination belongs to one thread) and keeps no
// register accumulator (a row has several elements); a parallel push
// makes the same additions atomic.
// CHECK-LABEL: func.func @rows_pull
// CHECK: scf.while : () -> i64 {
// CHECK: graph.vector.get %arg1[%{{.*}}, %arg2]
// CHECK: graph.reduce add %arg1[%{{.*}}, %arg2], %{{.*}} : !graph.vector<?x4xf64>
// CHECK-LABEL: func.func @rows_push
// CHECK: scf.while : () -> i64 {
// CHECK: graph.reduce add atomic %arg1[%{{.*}}, %arg2], %{{.*}} : !graph.vector<?x4xf64>
func.func @rows_pull(%g: !graph.edgeset, %m: !graph.vector<?x4xf64>, %k: index) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %m[%src, %k] : !graph.vector<?x4xf64>
      %c = graph.reduce add %m[%dst, %k], %x : !graph.vector<?x4xf64>
      graph.yield
    } : !graph.edgeset
  return
}
func.func @rows_push(%g: !graph.edgeset, %m: !graph.vector<?x4xf64>, %k: index) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_push, parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %m[%src, %k] : !graph.vector<?x4xf64>
      %c = graph.reduce add %m[%dst, %k], %x : !graph.vector<?x4xf64>
      graph.yield
    } : !graph.edgeset
  return
}

// -----

// A neighbour range clips each source's out-edge range [begin, end) to
// [min(begin + first, end), min(begin + until, end)); the same range of the
// source 16 ahead gives the destination whose element is prefetched. This
// push scans every vertex in id order, so it prefetches only if fewer than
// 3/4 of the graph's edges join ids at most 65536 apart (asked once, before
// the loop): on a grid or a road map the data is in cache already.
// CHECK-LABEL: func.func @neighbor_range(
// CHECK-SAME: %[[G:.*]]: !graph.edgeset, %[[F:.*]]: !graph.vector<i32>, %[[LO:.*]]: index, %[[HI:.*]]: index
// CHECK: %[[THREE_QUARTERS:.*]] = arith.constant 7.500000e-01 : f64
// CHECK: %[[NEAR:.*]] = graph.near_edge_share %[[G]] window 65536 : !graph.edgeset
// CHECK-NEXT: %[[FAR:.*]] = arith.cmpf olt, %[[NEAR]], %[[THREE_QUARTERS]] : f64
// CHECK: scf.while
// CHECK: scf.for %[[SRC:.*]] = 
// CHECK: scf.if %[[FAR]] {
// CHECK: %[[A_BEGIN:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[A_END:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[A_LO:.*]] = arith.addi %[[A_BEGIN]], %[[LO]] : index
// CHECK: %[[A_FIRST:.*]] = arith.minui %[[A_LO]], %[[A_END]] : index
// CHECK: %[[A_HI:.*]] = arith.addi %[[A_BEGIN]], %[[HI]] : index
// CHECK: %[[A_LAST:.*]] = arith.minui %[[A_HI]], %[[A_END]] : index
// CHECK: %[[HAS_EDGE:.*]] = arith.cmpi ult, %[[A_FIRST]], %[[A_LAST]] : index
// CHECK: scf.if %[[HAS_EDGE]] {
// CHECK: memref.load %{{.*}}[%[[A_FIRST]]] : memref<?xi32>
// CHECK: graph.vector.prefetch %[[F]][%{{.*}}] write : !graph.vector<i32>
// CHECK: %[[BEGIN:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[END:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[A:.*]] = arith.addi %[[BEGIN]], %[[LO]] : index
// CHECK: %[[FIRST:.*]] = arith.minui %[[A]], %[[END]] : index
// CHECK: %[[B:.*]] = arith.addi %[[BEGIN]], %[[HI]] : index
// CHECK: %[[LAST:.*]] = arith.minui %[[B]], %[[END]] : index
// CHECK: scf.for %[[K:.*]] = %[[FIRST]] to %[[LAST]] step
// CHECK: graph.vector.link %[[F]][%[[SRC]], %{{.*}}] : !graph.vector<i32>
func.func @neighbor_range(%g: !graph.edgeset, %f: !graph.vector<i32>,
                          %lo: index, %hi: index) {
  graph.edgeset.apply %g neighbors_from(%lo) neighbors_until(%hi)
      schedule(#graph.schedule<direction = sparse_push, parallel = dynamic_vertex>) body {
  ^bb0(%src: index, %dst: index):
    graph.vector.link %f[%src, %dst] : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// No prefetch where a push may skip the vertex ahead (a source filter, a
// dense frontier's test), where the body touches no data at the destination,
// or in a pull.
// CHECK-LABEL: func.func @no_prefetch
// CHECK-NOT: graph.vector.prefetch
// CHECK: return
func.func @no_prefetch(%g: !graph.edgeset, %f: !graph.vertexset,
                       %a: !graph.vector<i32>, %b: !graph.vector<i32>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_push, parallel = dynamic_vertex>)
    src_filter {
    ^bb0(%v: index):
      %x = graph.vector.get %a[%v] : !graph.vector<i32>
      %zero = arith.constant 0 : i32
      %keep = arith.cmpi ne, %x, %zero : i32
      graph.yield %keep : i1
    } body {
    ^bb0(%src: index, %dst: index):
      graph.vector.link %a[%src, %dst] : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset
  graph.edgeset.apply %g from(%f)
      schedule(#graph.schedule<direction = dense_push, parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index):
      graph.vector.link %a[%src, %dst] : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = sparse_push, parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %a[%src] : !graph.vector<i32>
      graph.vector.set %b[%src], %x : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %a[%src] : !graph.vector<i32>
      %c = graph.reduce add %b[%dst], %x : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset
  return
}

// -----

// A pull whose body reads the source's out-list (triangle counting's
// intersections) prefetches, at each in-edge k, the offsets of the source
// 8 in-edges ahead and the list of the source 4 ahead (both clamped to the
// destination's last in-edge; the list start to the last edge).
// CHECK-LABEL: func.func @pull_source_lists(
// CHECK-SAME: %[[G:[^:]*]]: !graph.edgeset
// CHECK: %[[OUT_OFF:.*]], %[[OUT_NBR:.*]] = graph.adjacency out %[[G]]
// CHECK: %[[IN_OFF:.*]], %[[IN_NBR:.*]] = graph.adjacency in %[[G]]
// CHECK: scf.while : () -> i64 {
// CHECK: scf.for %[[V:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[END:.*]] step
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[END]], %c1 : index
// CHECK-NEXT: %[[K8:.*]] = arith.addi %[[K]], %c8 : index
// CHECK-NEXT: %[[AT8:.*]] = arith.minui %[[K8]], %[[LAST]] : index
// CHECK-NEXT: %[[SRC8:.*]] = memref.load %[[IN_NBR]][%[[AT8]]]
// CHECK-NEXT: %[[SRC8I:.*]] = arith.index_cast %[[SRC8]]
// CHECK-NEXT: memref.prefetch %[[OUT_OFF]][%[[SRC8I]]], read, locality<3>, data
// CHECK-NEXT: %[[M:.*]] = memref.dim %[[OUT_NBR]], %c0
// CHECK-NEXT: %[[LAST_EDGE:.*]] = arith.subi %[[M]], %c1 : index
// CHECK-NEXT: %[[K4:.*]] = arith.addi %[[K]], %c4 : index
// CHECK-NEXT: %[[AT4:.*]] = arith.minui %[[K4]], %[[LAST]] : index
// CHECK-NEXT: %[[SRC4:.*]] = memref.load %[[IN_NBR]][%[[AT4]]]
// CHECK-NEXT: %[[SRC4I:.*]] = arith.index_cast %[[SRC4]]
// CHECK-NEXT: %[[FIRST:.*]] = memref.load %[[OUT_OFF]][%[[SRC4I]]]
// CHECK-NEXT: %[[FIRSTI:.*]] = arith.index_cast %[[FIRST]]
// CHECK-NEXT: %[[FIRST_IN:.*]] = arith.minui %[[FIRSTI]], %[[LAST_EDGE]] : index
// CHECK-NEXT: memref.prefetch %[[OUT_NBR]][%[[FIRST_IN]]], read, locality<3>, data
// CHECK: graph.common_neighbors %[[G]]
// A destination filter's scan stops early: no prefetch there.
// CHECK-LABEL: func.func @pull_source_lists_filtered(
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @pull_source_lists(%g: !graph.edgeset, %count: !graph.vector<i64>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>)
    body {
    ^bb0(%src: index, %dst: index):
      %below = arith.cmpi slt, %src, %dst : index
      scf.if %below {
        %c = graph.common_neighbors %g[%dst, %src] : !graph.edgeset
        %c64 = arith.index_cast %c : index to i64
        %r = graph.reduce add %count[%dst], %c64 : !graph.vector<i64>
      }
      graph.yield
    } : !graph.edgeset
  return
}

func.func @pull_source_lists_filtered(%g: !graph.edgeset,
                                      %count: !graph.vector<i64>) {
  graph.edgeset.apply %g
      schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex>)
    dst_filter {
    ^bb0(%v: index):
      %x = graph.vector.get %count[%v] : !graph.vector<i64>
      %zero = arith.constant 0 : i64
      %keep = arith.cmpi eq, %x, %zero : i64
      graph.yield %keep : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %c = graph.common_neighbors %g[%dst, %src] : !graph.edgeset
      %c64 = arith.index_cast %c : index to i64
      graph.vector.set %count[%dst], %c64 : !graph.vector<i64>
      graph.yield
    } : !graph.edgeset
  return
}
