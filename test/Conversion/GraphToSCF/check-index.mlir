// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// graph.check_index lowers to an unsigned compare with the vector's size
// (so that a negative index fails too), its row length with `column`, or
// the graph's vertex count, and a call of graphrt_index_error, declared
// noreturn and cold, with the location, what is indexed and where the
// index came from; the index itself is used as it is.

// The texts: a location, what is indexed, and the source (empty if unknown).
// CHECK-DAG:  llvm.mlir.global internal constant @[[WHERE_TEXT:graphrt_text_[0-9]+]]("p.gt:12:5\00")
// CHECK-DAG:  llvm.mlir.global internal constant @[[WHAT_TEXT:graphrt_text_[0-9]+]]("'vals'\00")
// CHECK-DAG:  llvm.mlir.global internal constant @[[FROM_TEXT:graphrt_text_[0-9]+]]("argv[2]\00")
// CHECK-DAG:  llvm.mlir.global internal constant @{{.*}}("\00")
// CHECK-DAG:  func.func private @graphrt_index_error(i64, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) attributes {passthrough = ["noreturn", "cold"]}

// CHECK-LABEL: func.func @checks(
// CHECK-SAME:  %[[G:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: memref<?xi32>, %[[F:[^:]*]]: memref<4xi32>, %[[R:[^:]*]]: memref<?x3xf64>, %[[I:[^:]*]]: index)
// CHECK:      %[[N:.*]] = memref.dim %[[V]], %{{.*}} : memref<?xi32>
// CHECK-NEXT: %[[OUT:.*]] = arith.cmpi uge, %[[I]], %[[N]] : index
// CHECK-NEXT: scf.if %[[OUT]] {
// CHECK-NEXT:   %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:   %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT:   llvm.mlir.addressof @[[WHERE_TEXT]]
// CHECK-NEXT:   %[[WHERE:.*]] = llvm.getelementptr
// CHECK-NEXT:   llvm.mlir.addressof @[[WHAT_TEXT]]
// CHECK-NEXT:   %[[WHAT:.*]] = llvm.getelementptr
// CHECK-NEXT:   llvm.mlir.addressof @[[FROM_TEXT]]
// CHECK-NEXT:   %[[FROM:.*]] = llvm.getelementptr
// CHECK-NEXT:   func.call @graphrt_index_error(%[[I64]], %[[N64]], %[[WHERE]], %[[WHAT]], %[[FROM]])
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %{{.*}}, %[[V]][%[[I]]] : memref<?xi32>
// A fixed length.
// CHECK:      %[[FN:.*]] = memref.dim %[[F]], %{{.*}} : memref<4xi32>
// CHECK-NEXT: arith.cmpi uge, %[[I]], %[[FN]] : index
// CHECK:      call @graphrt_index_error
// CHECK:      memref.store %{{.*}}, %[[F]][%[[I]]] : memref<4xi32>
// A column: the row length.
// CHECK:      %[[RN:.*]] = memref.dim %[[R]], %{{.*}} : memref<?x3xf64>
// CHECK-NEXT: arith.cmpi uge, %[[I]], %[[RN]] : index
// CHECK:      call @graphrt_index_error
// CHECK:      memref.load %[[R]][%{{.*}}, %[[I]]] : memref<?x3xf64>
// A graph: its vertex count.
// CHECK:      %[[GN:.*]] = call @graphrt_num_vertices(%[[G]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[GNI:.*]] = arith.index_cast %[[GN]] : i64 to index
// CHECK-NEXT: arith.cmpi uge, %[[I]], %[[GNI]] : index
// CHECK:      call @graphrt_index_error
func.func @checks(%g: !graph.edgeset, %v: !graph.vector<i32>,
                  %f: !graph.vector<4xi32>, %r: !graph.vector<?x3xf64>,
                  %i: index) -> f64 {
  %c1 = arith.constant 1 : i32
  %a = graph.check_index %i in %v "'vals'" from "argv[2]" : !graph.vector<i32> loc("p.gt":12:5)
  graph.vector.set %v[%a], %c1 : !graph.vector<i32>
  %b = graph.check_index %i in %f "'four'" : !graph.vector<4xi32>
  graph.vector.set %f[%b], %c1 : !graph.vector<4xi32>
  %c = graph.check_index %i in %r column "the rows of 'r'" : !graph.vector<?x3xf64>
  %x = graph.vector.get %r[%i, %c] : !graph.vector<?x3xf64>
  %d = graph.check_index %i in %g "the vertices of 'g'" : !graph.edgeset
  graph.vector.set %v[%d], %c1 : !graph.vector<i32>
  return %x : f64
}
