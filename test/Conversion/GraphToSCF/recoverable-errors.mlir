// RUN: graph-opt %s --convert-graph-to-scf=recoverable-errors | FileCheck %s
// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s --check-prefix=EXIT

// In an export library's code (recoverable-errors), a failed index check
// reports (graphrt_index_error, which may return: not noreturn) and goes on
// with index 0, and each outermost OpenMP region is followed by
// graphrt_export_poll, which fails the call with an error a thread of the
// region deferred. Elsewhere the error does not return and nothing polls.

// CHECK-DAG:  func.func private @graphrt_index_error(i64, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) attributes {passthrough = ["cold"]}
// CHECK-DAG:  func.func private @graphrt_export_poll()

// CHECK-LABEL: func.func @region(
// CHECK-SAME:  %[[V:[^:]*]]: memref<?xi32>, %[[I:[^:]*]]: index)
// CHECK:      omp.parallel {
// CHECK:        %[[N:.*]] = memref.dim %[[V]], %{{.*}} : memref<?xi32>
// CHECK-NEXT:   %[[OUT:.*]] = arith.cmpi uge, %[[I]], %[[N]] : index
// CHECK-NEXT:   %[[SAFE:.*]] = scf.if %[[OUT]] -> (index) {
// CHECK:          func.call @graphrt_index_error(
// CHECK-NEXT:     %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:     scf.yield %[[ZERO]] : index
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %[[I]] : index
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.store %{{.*}}, %[[V]][%[[SAFE]]] : memref<?xi32>
// The inner region is not followed by a poll; the outer one is, once.
// CHECK:        omp.parallel {
// CHECK:        omp.terminator
// CHECK-NEXT:   }
// CHECK-NEXT:   omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: call @graphrt_export_poll() : () -> ()
// CHECK-NOT:  graphrt_export_poll
// CHECK:      return

// EXIT:       func.func private @graphrt_index_error(i64, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) attributes {passthrough = ["noreturn", "cold"]}
// EXIT-NOT:   graphrt_export_poll
func.func @region(%v: !graph.vector<i32>, %i: index) {
  %c1 = arith.constant 1 : i32
  omp.parallel {
    %a = graph.check_index %i in %v "'vals'" : !graph.vector<i32>
    graph.vector.set %v[%a], %c1 : !graph.vector<i32>
    omp.parallel {
      omp.terminator
    }
    omp.terminator
  }
  return
}
