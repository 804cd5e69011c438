// RUN: graph-opt %s --guard-parallel-iterations | FileCheck %s

// An iteration that allocates, or calls a runtime function that may fail
// without returning, runs under a setjmp guard; the rest of the iteration
// (all but the terminator) moves into the `if`.

// CHECK-LABEL: func.func @allocates
// CHECK:       omp.loop_nest (%[[I:.*]]) : index
// CHECK-NEXT:    %[[ENV:.*]] = func.call @graphrt_iteration_guard() : () -> !llvm.ptr
// CHECK-NEXT:    %[[JUMPED:.*]] = func.call @_setjmp(%[[ENV]]) : (!llvm.ptr) -> i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[FIRST:.*]] = arith.cmpi eq, %[[JUMPED]], %[[ZERO]] : i32
// CHECK-NEXT:    scf.if %[[FIRST]] {
// CHECK-NEXT:      %[[BLOCK:.*]] = memref.alloc(%[[I]]) : memref<?xi32>
// CHECK-NEXT:      memref.dealloc %[[BLOCK]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.call @graphrt_iteration_done() : () -> ()
// CHECK-NEXT:    omp.yield
func.func @allocates(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %block = memref.alloc(%i) : memref<?xi32>
        memref.dealloc %block : memref<?xi32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// CHECK-LABEL: func.func @makes_sets
// CHECK:       func.call @graphrt_iteration_guard()
// CHECK:       scf.if
// CHECK:         func.call @graphrt_vset_new
// CHECK:       func.call @graphrt_iteration_done()
func.func private @graphrt_vset_new(i64, i32) -> !llvm.ptr
func.func @makes_sets(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %size = arith.index_cast %i : index to i64
        %c0_i32 = arith.constant 0 : i32
        %set = func.call @graphrt_vset_new(%size, %c0_i32) : (i64, i32) -> !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// Traversal loops: the runtime calls they make defer their failures, and
// the program's own functions do not reach the runtime: no guard.
// CHECK-LABEL: func.func @traverses
// CHECK-NOT:   graphrt_iteration_guard
// CHECK:       return
func.func private @graphrt_pq_push(!llvm.ptr, index, i64)
func.func private @graphrt_index_error(i64, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr)
func.func private @user_extern(i32) -> i32
func.func @traverses(%n: index, %q: !llvm.ptr, %s: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %p = arith.index_cast %i : index to i64
        func.call @graphrt_pq_push(%q, %i, %p) : (!llvm.ptr, index, i64) -> ()
        func.call @graphrt_index_error(%p, %p, %s, %s, %s) : (i64, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
        %v = arith.trunci %p : i64 to i32
        %w = func.call @user_extern(%v) : (i32) -> i32
        omp.yield
      }
    }
    omp.terminator
  }
  return
}


// The chunks of a dynamic loop whose threads claim them from a counter
// (OpenMPExecution.cpp): each iteration of the chunk's scf.for, marked
// graph.team_chunk, is guarded like an omp.wsloop iteration; an unmarked
// scf.for is not.
// CHECK-LABEL: func.func @claimed_chunks
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    %[[ENV:.*]] = func.call @graphrt_iteration_guard() : () -> !llvm.ptr
// CHECK-NEXT:    %[[JUMPED:.*]] = func.call @_setjmp(%[[ENV]]) : (!llvm.ptr) -> i32
// CHECK:         scf.if
// CHECK-NEXT:      %[[BLOCK:.*]] = memref.alloc(%[[I]]) : memref<?xi32>
// CHECK-NEXT:      memref.dealloc %[[BLOCK]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.call @graphrt_iteration_done() : () -> ()
// CHECK-NEXT:  } {graph.team_chunk}
// CHECK:       scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    memref.alloc(%[[J]])
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:  }
func.func @claimed_chunks(%lb: index, %n: index) {
  %c1 = arith.constant 1 : index
  omp.parallel {
    scf.for %i = %lb to %n step %c1 {
      %block = memref.alloc(%i) : memref<?xi32>
      memref.dealloc %block : memref<?xi32>
    } {graph.team_chunk}
    scf.for %j = %lb to %n step %c1 {
      %block = memref.alloc(%j) : memref<?xi32>
      memref.dealloc %block : memref<?xi32>
    }
    omp.terminator
  }
  return
}

// The setjmp is declared returns_twice, once.
// CHECK:     func.func private @_setjmp(!llvm.ptr) -> i32 attributes {passthrough = ["returns_twice"]}
// CHECK-NOT: func.func private @_setjmp
