// RUN: graph-opt %s --graph-lower-gpu -split-input-file -verify-diagnostics | FileCheck %s

// A fused loop that appends its frontier to a list of vertex sets (GAP's
// BC): the list's levels live in device storage (graph.list.device, room
// for n more ids), the kernel copies the frontier's ids after the top
// level (a phase of a thread per id) and one thread records the level's
// end, the level count, a failure and the largest level. The condition
// checks the room for the frontier's level: when it would not fit, one
// thread records GRAPHRT_VLIST_FULL_BEFORE (4) and the ids needed, and the
// loop stops before the step. The whole runs in a host loop that packs the
// list, launches the kernel, reports a failure (graph.list.device_check)
// and runs again while graph.list.device_resume grew the storage of a
// list that stopped it, from the values the loop stopped with.

// CHECK-LABEL: func.func @append_frontier
// CHECK-SAME: %[[FIRST:[^:]*]]: !graph.vertexset)
// CHECK: %[[R:.*]] = scf.while (%[[F:.*]] = %[[FIRST]]) : (!graph.vertexset) -> !graph.vertexset {
// CHECK: %[[N:.*]] = graph.num_vertices
// CHECK: %[[IDS:.*]], %[[OFFSETS:.*]], %[[STATE:.*]] = graph.list.device %[[L:.*]], %[[N]], %[[N]] : !graph.list<!graph.vertexset> -> memref<?xi32>, memref<?xi64>, memref<?xi64>
// CHECK: %[[IDCAP:.*]] = arith.index_cast
// CHECK: %[[LEVELCAP:.*]] = arith.index_cast
// CHECK: graph.gpu_cooperative
// CHECK: graph.vertexset.ids %[[F]]
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK: scf.while (%{{.*}} = %{{.*}}, %[[COUNT:.*]] = %{{.*}})
// CHECK: %[[FAILED:.*]] = memref.load %[[STATE]][%c3
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[FAILED]]
// CHECK: %[[GO:.*]] = arith.andi %{{.*}}, %[[OK]]
// CHECK: %[[TOPLEVEL:.*]] = memref.load %[[STATE]][%c0
// CHECK: %[[TOP:.*]] = arith.index_cast %[[TOPLEVEL]]
// CHECK: memref.load %[[OFFSETS]][%[[TOP]]]
// CHECK: %[[END:.*]] = arith.addi %{{.*}}, %[[COUNT]]
// CHECK: arith.cmpi ule, %[[END]], %[[IDCAP]]
// CHECK: arith.cmpi ult, %{{.*}}, %[[LEVELCAP]]
// CHECK: %[[FITS:.*]] = arith.andi
// CHECK: %[[FULL:.*]] = arith.xori %[[FITS]], %true
// CHECK: %[[STOP:.*]] = arith.andi %[[GO]], %[[FULL]]
// CHECK: %[[NEEDED:.*]] = arith.index_cast %[[END]] : index to i64
// CHECK: scf.if %[[STOP]] {
// CHECK: graph.grid_barrier
// CHECK: graph.grid_phase blocks(%c1{{.*}}) threads(%c1
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.store %c4_i64, %[[STATE]][%c3
// CHECK-NEXT: memref.store %[[NEEDED]], %[[STATE]][%c4
// CHECK-NEXT: }
// CHECK-NEXT: graph.grid_barrier
// CHECK-NEXT: }
// CHECK-NEXT: %[[GOON:.*]] = arith.andi %[[GO]], %[[FITS]]
// CHECK-NEXT: scf.condition(%[[GOON]])
// CHECK: } do {
// CHECK: %[[LEVELS:.*]] = memref.load %[[STATE]][%c0
// CHECK: %[[TOP:.*]] = arith.index_cast %[[LEVELS]]
// CHECK: memref.load %[[OFFSETS]][%[[TOP]]]
// CHECK: graph.grid_phase
// CHECK: memref.store %{{.*}}, %[[IDS]]
// CHECK: graph.grid_barrier
// CHECK: graph.grid_phase blocks(%c1{{.*}}) threads(%c1
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.store %{{.*}}, %[[OFFSETS]]
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]][%c0
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]][%c3
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]][%c4
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]][%c5
// CHECK-NEXT: }
// CHECK: gpu.terminator
// CHECK: %[[LAST:.*]] = graph.vertexset.new
// CHECK: scf.yield %[[LAST]]
// CHECK: } else {
// CHECK: scf.while
// CHECK-NOT: graph.list.append
// CHECK: graph.vertexset.free
// CHECK: }
// CHECK: graph.list.device_check %[[L]] : !graph.list<!graph.vertexset>
// CHECK: %[[AGAIN:.*]] = graph.list.device_resume %[[L]] : !graph.list<!graph.vertexset>
// CHECK: %[[ANY:.*]] = arith.ori %false, %[[AGAIN]]
// CHECK: scf.condition(%[[ANY]]) %{{.*}} : !graph.vertexset
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[NEXT:.*]]: !graph.vertexset):
// CHECK-NEXT: scf.yield %[[NEXT]]
// CHECK: graph.vertexset.free %[[R]]
func.func @append_frontier(%g: !graph.edgeset, %seen: !graph.vector<i1>,
                           %levels: !graph.list<!graph.vertexset>,
                           %first: !graph.vertexset) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%f = %first) : (!graph.vertexset) -> !graph.vertexset {
    %size = graph.vertexset.size %f
    %go = arith.cmpi ne, %size, %c0 : index
    scf.condition(%go) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%seen : !graph.vector<i1>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>) dst_filter {
    ^bb0(%v: index):
      %s = graph.vector.get %seen[%v] : !graph.vector<i1>
      %false = arith.constant false
      %new = arith.cmpi eq, %s, %false : i1
      graph.yield %new : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %true = arith.constant true
      graph.vector.set %seen[%dst], %true : !graph.vector<i1>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.list.append %levels, %f : !graph.list<!graph.vertexset>
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion}
  graph.vertexset.free %r
  return
}

// -----

// A fused loop that pops a level a step and reads it in a traversal: the
// storage gets no room, the top level's range is copied into a buffer of
// the largest level (GRAPHRT_VLIST_LARGEST), which the traversal reads;
// one thread records the new level count (a failure when the list is
// empty).

// CHECK-LABEL: func.func @pop_levels
// CHECK: %[[IDS:.*]], %[[OFFSETS:.*]], %[[STATE:.*]] = graph.list.device %[[L:.*]], %{{.*}}, %c0{{.*}} :
// CHECK: %[[LARGEST:.*]] = arith.maxui
// CHECK: %[[LEVEL:.*]] = memref.alloc(%[[LARGEST]]) : memref<?xi32>
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK: } do {
// CHECK: memref.load %[[STATE]][%c0
// CHECK: %[[START:.*]] = memref.load %[[OFFSETS]]
// CHECK: %[[END:.*]] = memref.load %[[OFFSETS]]
// CHECK: graph.grid_phase blocks(%c1{{.*}}) threads(%c1
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]][%c0
// CHECK-NEXT: memref.store %{{.*}}, %[[STATE]][%c3
// CHECK-NEXT: }
// CHECK: graph.grid_phase
// CHECK: memref.load %[[IDS]]
// CHECK: memref.store %{{.*}}, %[[LEVEL]]
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[LEVEL]]
// CHECK: graph.grid_phase
// CHECK: memref.load %[[VIEW]]
// CHECK: gpu.terminator
// CHECK: graph.list.device_check %[[L]]
// CHECK: memref.dealloc %[[LEVEL]]
func.func @pop_levels(%g: !graph.edgeset, %count: !graph.vector<i32>,
                      %levels: !graph.list<!graph.vertexset>, %depth: i32) {
  %r = scf.while (%d = %depth) : (i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %go = arith.cmpi sgt, %d, %c0_i32 : i32
    scf.condition(%go) %d : i32
  } do {
  ^bb0(%d: i32):
    %level = graph.list.pop %levels : !graph.list<!graph.vertexset>
    graph.edgeset.apply %g from(%level) schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>) body {
    ^bb0(%src: index, %dst: index):
      %one = arith.constant 1 : i32
      %old = graph.reduce add %count[%src], %one : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset
    graph.vertexset.free %level
    %c1_i32 = arith.constant 1 : i32
    %next = arith.subi %d, %c1_i32 : i32
    scf.yield %next : i32
  } attributes {graph.kernel_fusion}
  return
}

// -----

// GraphIt's GPU form of BC: `levels.insert(next)` appends a copy of the
// next frontier (a filter keeping every vertex), which the kernel makes of
// the next frontier's queue; when it does not fit the append copies
// nothing and records GRAPHRT_VLIST_FULL_AFTER (5), and the loop stops
// after the step (its condition sees the record): graph.list.device_resume
// then appends the loop's last frontier, which is that level.
// `levels.retrieve(frontier)` makes the popped level the next frontier,
// copied into the other queue; the list is only popped, so no host loop.

// CHECK-LABEL: func.func @insert_copy
// CHECK: scf.while
// CHECK: graph.list.device
// CHECK-NOT: graph.vertexset.filter
// CHECK: gpu.launch {{.*}} function(@graph_grid_0)
// CHECK: } do {
// CHECK: arith.cmpi ule
// CHECK: %[[FITS:.*]] = arith.andi
// CHECK: %[[FAILED:.*]] = memref.load %{{.*}}[%c3
// CHECK: %[[CODE:.*]] = arith.select %[[FITS]], %[[FAILED]], %c5_i64
// CHECK: graph.grid_phase blocks(%c1{{.*}}) threads(%c1
// CHECK: memref.store %[[CODE]], %{{.*}}[%c3
// CHECK: gpu.terminator
// CHECK: graph.list.device_check %[[L:[^ ]*]]
// CHECK: %[[AGAIN:.*]] = graph.list.device_resume %[[L]], %[[LAST:.*]] : !graph.list<!graph.vertexset>, !graph.vertexset
// CHECK: scf.condition(%{{.*}}) %[[LAST]] : !graph.vertexset
// CHECK-LABEL: func.func @retrieve_next
// CHECK-NOT: scf.while
// CHECK: %[[IDS:.*]], %[[OFFSETS:.*]], %[[STATE:.*]] = graph.list.device
// CHECK: %[[LARGEST:.*]] = arith.maxui
// CHECK: %[[CAPACITY:.*]] = arith.maxui %{{.*}}, %[[LARGEST]]
// CHECK: %[[Q0:.*]] = memref.alloc(%[[CAPACITY]]) : memref<?xi32>
// CHECK: %[[Q1:.*]] = memref.alloc(%[[CAPACITY]]) : memref<?xi32>
// CHECK: gpu.launch {{.*}} function(@graph_grid_1)
// CHECK: } do {
// CHECK: %[[OTHER:.*]] = arith.select %{{.*}}, %[[Q1]], %[[Q0]]
// CHECK: graph.grid_phase
// CHECK: memref.load %[[IDS]]
// CHECK: memref.store %{{.*}}, %[[OTHER]]
// CHECK: gpu.terminator
// CHECK: graph.list.device_check
// CHECK-NOT: graph.list.device_resume
func.func @insert_copy(%g: !graph.edgeset, %seen: !graph.vector<i1>,
                       %levels: !graph.list<!graph.vertexset>,
                       %first: !graph.vertexset) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%f = %first) : (!graph.vertexset) -> !graph.vertexset {
    %size = graph.vertexset.size %f
    %go = arith.cmpi ne, %size, %c0 : index
    scf.condition(%go) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%seen : !graph.vector<i1>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>) dst_filter {
    ^bb0(%v: index):
      %s = graph.vector.get %seen[%v] : !graph.vector<i1>
      %false = arith.constant false
      %new = arith.cmpi eq, %s, %false : i1
      graph.yield %new : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %true = arith.constant true
      graph.vector.set %seen[%dst], %true : !graph.vector<i1>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.vertexset.free %f
    %copy = graph.vertexset.filter %next {
    ^bb0(%v: index):
      %true = arith.constant true
      graph.yield %true : i1
    }
    graph.list.append %levels, %copy : !graph.list<!graph.vertexset>
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion}
  graph.vertexset.free %r
  return
}

func.func @retrieve_next(%g: !graph.edgeset, %count: !graph.vector<i32>,
                         %levels: !graph.list<!graph.vertexset>,
                         %first: !graph.vertexset, %depth: i32) {
  %r:2 = scf.while (%f = %first, %d = %depth) : (!graph.vertexset, i32) -> (!graph.vertexset, i32) {
    %c0_i32 = arith.constant 0 : i32
    %go = arith.cmpi sgt, %d, %c0_i32 : i32
    scf.condition(%go) %f, %d : !graph.vertexset, i32
  } do {
  ^bb0(%f: !graph.vertexset, %d: i32):
    graph.edgeset.apply %g from(%f) schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>) body {
    ^bb0(%src: index, %dst: index):
      %one = arith.constant 1 : i32
      %old = graph.reduce add %count[%dst], %one : !graph.vector<i32>
      graph.yield
    } : !graph.edgeset
    %level = graph.list.pop %levels : !graph.list<!graph.vertexset>
    %c1_i32 = arith.constant 1 : i32
    %next = arith.subi %d, %c1_i32 : i32
    scf.yield %level, %next : !graph.vertexset, i32
  } attributes {graph.kernel_fusion}
  graph.vertexset.free %r#0
  return
}

// -----

// List uses the device storage does not take keep the loop's kernels
// unfused, after a warning naming the op and why.

func.func @append_and_pop(%levels: !graph.list<!graph.vertexset>,
                          %first: !graph.vertexset, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{kernel fusion does not apply to this loop: 'graph.list.pop' appends to and pops from one list in a loop, whose device storage would be overwritten while a popped set is read; each step launches its own kernels}}
  %r:2 = scf.while (%f = %first, %i = %c0) : (!graph.vertexset, index) -> (!graph.vertexset, index) {
    %go = arith.cmpi ult, %i, %steps : index
    scf.condition(%go) %f, %i : !graph.vertexset, index
  } do {
  ^bb0(%f: !graph.vertexset, %i: index):
    graph.list.append %levels, %f : !graph.list<!graph.vertexset>
    %back = graph.list.pop %levels : !graph.list<!graph.vertexset>
    %j = arith.addi %i, %c1 : index
    scf.yield %back, %j : !graph.vertexset, index
  } attributes {graph.kernel_fusion}
  return
}

func.func @pop_in_branch(%levels: !graph.list<!graph.vertexset>,
                         %steps: index, %odd: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{kernel fusion does not apply to this loop: 'graph.list.pop' runs in a branch or an inner loop of the step, but the list's device storage takes one append or pop a step; each step launches its own kernels}}
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi ult, %i, %steps : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    scf.if %odd {
      %level = graph.list.pop %levels : !graph.list<!graph.vertexset>
      graph.vertexset.free %level
    }
    %j = arith.addi %i, %c1 : index
    scf.yield %j : index
  } attributes {graph.kernel_fusion}
  return
}

func.func @append_other(%g: !graph.edgeset, %levels: !graph.list<!graph.vertexset>,
                        %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{kernel fusion does not apply to this loop: 'graph.list.append' keeps a vertex set that is neither the step's frontier nor a copy of the next one, which the device does not hold; each step launches its own kernels}}
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi ult, %i, %steps : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %all = graph.vertexset.new %g all : !graph.edgeset
    graph.list.append %levels, %all : !graph.list<!graph.vertexset>
    %j = arith.addi %i, %c1 : index
    scf.yield %j : index
  } attributes {graph.kernel_fusion}
  return
}

func.func @append_writing_condition(%g: !graph.edgeset, %seen: !graph.vector<i1>,
                                    %levels: !graph.list<!graph.vertexset>,
                                    %first: !graph.vertexset,
                                    %steps: !graph.vector<i32>) {
  %c0 = arith.constant 0 : index
  // expected-warning @+1 {{kernel fusion does not apply to this loop: 'graph.list.append' appends to a list in a loop whose condition writes memory, which would run again when the loop resumes after growing the list's device storage; each step launches its own kernels}}
  %r = scf.while (%f = %first) : (!graph.vertexset) -> !graph.vertexset {
    %one = arith.constant 1 : i32
    %old = graph.reduce add %steps[%c0], %one : !graph.vector<i32>
    %size = graph.vertexset.size %f
    %go = arith.cmpi ne, %size, %c0 : index
    scf.condition(%go) %f : !graph.vertexset
  } do {
  ^bb0(%f: !graph.vertexset):
    %next = graph.edgeset.apply %g from(%f) track(%seen : !graph.vector<i1>) dedup schedule(#graph.schedule<gpu = #graph.gpu_schedule<>>) dst_filter {
    ^bb0(%v: index):
      %s = graph.vector.get %seen[%v] : !graph.vector<i1>
      %false = arith.constant false
      %new = arith.cmpi eq, %s, %false : i1
      graph.yield %new : i1
    } body {
    ^bb0(%src: index, %dst: index):
      %true = arith.constant true
      graph.vector.set %seen[%dst], %true : !graph.vector<i1>
      graph.yield
    } : !graph.edgeset -> !graph.vertexset
    graph.list.append %levels, %f : !graph.list<!graph.vertexset>
    scf.yield %next : !graph.vertexset
  } attributes {graph.kernel_fusion}
  graph.vertexset.free %r
  return
}
