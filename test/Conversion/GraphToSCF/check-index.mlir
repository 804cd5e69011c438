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

// The counter of a while loop with an exit (a GraphIt `for` with a break)
// is proven in range when the loop has been built: it starts at 0, the
// condition keeps it below the vertex count, the body adds 1. A counter
// that counts down, or whose condition does not bound it, keeps its check.
// CHECK-LABEL: func.func @while_counter(
// CHECK:       scf.while
// CHECK-NOT:   graphrt_index_error
// CHECK:       memref.store
// CHECK:       scf.while
// CHECK:       call @graphrt_index_error
// CHECK:       scf.while
// CHECK:       call @graphrt_index_error
// CHECK:       return
func.func @while_counter(%g: !graph.edgeset, %v: !graph.vector<i32>,
                         %stop: i1) {
  %n = graph.num_vertices %g : !graph.edgeset
  %n32 = arith.index_cast %n : index to i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %up:2 = scf.while (%i = %c0, %done = %stop) : (i32, i1) -> (i32, i1) {
    %below = arith.cmpi slt, %i, %n32 : i32
    %go = arith.andi %below, %done : i1
    scf.condition(%go) %i, %done : i32, i1
  } do {
  ^bb0(%i: i32, %done: i1):
    %x = arith.index_cast %i : i32 to index
    %a = graph.check_index %x in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%a], %i : !graph.vector<i32>
    %next = arith.addi %i, %c1 : i32
    scf.yield %next, %done : i32, i1
  }
  %down:2 = scf.while (%i = %c0, %done = %stop) : (i32, i1) -> (i32, i1) {
    %below = arith.cmpi slt, %i, %n32 : i32
    %go = arith.andi %below, %done : i1
    scf.condition(%go) %i, %done : i32, i1
  } do {
  ^bb0(%i: i32, %done: i1):
    %x = arith.index_cast %i : i32 to index
    %a = graph.check_index %x in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%a], %i : !graph.vector<i32>
    %next = arith.addi %i, %cm1 : i32
    scf.yield %next, %done : i32, i1
  }
  %unbounded:2 = scf.while (%i = %c0, %done = %stop) : (i32, i1) -> (i32, i1) {
    scf.condition(%done) %i, %done : i32, i1
  } do {
  ^bb0(%i: i32, %done: i1):
    %x = arith.index_cast %i : i32 to index
    %a = graph.check_index %x in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%a], %i : !graph.vector<i32>
    %next = arith.addi %i, %c1 : i32
    scf.yield %next, %done : i32, i1
  }
  return
}
