// RUN: graph-opt %s --convert-graph-to-scf --split-input-file | FileCheck %s

// Vectors and records (Vectors.cpp).

// A fixed-length vector is a static memref filled serially (a small vector,
// perhaps inside a parallel loop already): from its init value, else zero.
// A copy is an element loop too, and vectors are freed at the end of their
// block. A per-vertex vector's fill is a parallel loop.
// CHECK-LABEL: func.func @alloc_copy_fill(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[X:[^:]*]]: f64)
// CHECK:      %[[A:.*]] = memref.alloc() : memref<3xf64>
// CHECK:      %[[AN:.*]] = memref.dim %[[A]], %{{.*}} : memref<3xf64>
// CHECK:      scf.for %[[I:.*]] = %{{.*}} to %[[AN]] step
// CHECK-NEXT:   memref.store %[[X]], %[[A]][%[[I]]] : memref<3xf64>
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<3xf64>
// CHECK:      scf.for %[[J:.*]] =
// CHECK-NEXT:   memref.store %[[ZERO]], %[[B]][%[[J]]] : memref<3xf64>
// CHECK:      %[[BN:.*]] = memref.dim %[[B]], %{{.*}} : memref<3xf64>
// CHECK:      scf.for %[[K:.*]] = %{{.*}} to %[[BN]] step
// CHECK-NEXT:   %[[E:.*]] = memref.load %[[A]][%[[K]]] : memref<3xf64>
// CHECK-NEXT:   memref.store %[[E]], %[[B]][%[[K]]] : memref<3xf64>
// CHECK:      %[[V:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:      omp.parallel
// CHECK:      omp.parallel
// CHECK-NEXT:   omp.wsloop schedule(static = %{{.*}} : i64)
// CHECK-NEXT:     omp.loop_nest (%[[L:.*]]) : index
// CHECK-NEXT:       memref.store %[[X]], %[[V]][%[[L]]] : memref<?xf64>
// CHECK:      %[[Y:.*]] = memref.load %[[B]][%{{.*}}] : memref<3xf64>
// CHECK-NEXT: memref.dealloc %[[A]] : memref<3xf64>
// CHECK-NEXT: memref.dealloc %[[B]] : memref<3xf64>
// CHECK-NEXT: memref.dealloc %[[V]] : memref<?xf64>
// CHECK-NEXT: return %[[Y]]
func.func @alloc_copy_fill(%g: !graph.edgeset, %x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %a = graph.vector.alloc init(%x : f64) : !graph.vector<3xf64>
  %b = graph.vector.alloc : !graph.vector<3xf64>
  graph.vector.copy %a, %b : !graph.vector<3xf64>, !graph.vector<3xf64>
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.vector.fill %v, %x : !graph.vector<f64>
  %y = graph.vector.get %b[%c1] : !graph.vector<3xf64>
  return %y : f64
}

// -----

// An exported vector's data pointer goes to the external global of its
// name, defined here and null until set.
// CHECK:      llvm.mlir.global external @rank() {{.*}} : !llvm.ptr {
// CHECK-NEXT:   %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   llvm.return %[[NULL]] : !llvm.ptr
// CHECK-LABEL: func.func @export(
// CHECK:      %[[V:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:      %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[V]] : memref<?xf64> -> index
// CHECK-NEXT: %[[ADDR64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK-NEXT: %[[P:.*]] = llvm.inttoptr %[[ADDR64]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[SLOT:.*]] = llvm.mlir.addressof @rank : !llvm.ptr
// CHECK-NEXT: llvm.store %[[P]], %[[SLOT]] : !llvm.ptr, !llvm.ptr
func.func @export(%g: !graph.edgeset) {
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.vector.export %v as "rank" : !graph.vector<f64>
  return
}

// -----

// vector[i] = max(vector[i] + amount, floor) when vector[i] > floor and
// the sum does not wrap around (the signs of both operands differ from the
// sum's): in a generic atomic RMW when atomic, else load and store; the
// results are whether it changed, the new value, and whether the sum
// overflowed, computed from the old value.
// CHECK-LABEL: func.func @add_floored(
// CHECK-SAME: %[[V:[^:]*]]: memref<?xi32>, %[[I:[^:]*]]: index, %[[AMOUNT:[^:]*]]: i32, %[[FLOOR:[^:]*]]: i32)
// CHECK-NEXT: %[[OLD:.*]] = memref.generic_atomic_rmw %[[V]][%[[I]]] : memref<?xi32> {
// CHECK-NEXT: ^bb0(%[[CUR:.*]]: i32):
// CHECK-NEXT:   %[[ABOVE:.*]] = arith.cmpi sgt, %[[CUR]], %[[FLOOR]] : i32
// CHECK-NEXT:   %[[SUM:.*]] = arith.addi %[[CUR]], %[[AMOUNT]] : i32
// CHECK-NEXT:   %[[X1:.*]] = arith.xori %[[CUR]], %[[SUM]] : i32
// CHECK-NEXT:   %[[X2:.*]] = arith.xori %[[AMOUNT]], %[[SUM]] : i32
// CHECK-NEXT:   %[[SIGNS:.*]] = arith.andi %[[X1]], %[[X2]] : i32
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   %[[WRAPPED:.*]] = arith.cmpi slt, %[[SIGNS]], %[[ZERO]] : i32
// CHECK-NEXT:   %[[FLOORED:.*]] = arith.maxsi %[[SUM]], %[[FLOOR]] : i32
// CHECK-NEXT:   %[[KEPT:.*]] = arith.select %[[WRAPPED]], %[[CUR]], %[[FLOORED]] : i32
// CHECK-NEXT:   %[[NEXT:.*]] = arith.select %[[ABOVE]], %[[KEPT]], %[[CUR]] : i32
// CHECK-NEXT:   memref.atomic_yield %[[NEXT]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[OLD_ABOVE:.*]] = arith.cmpi sgt, %[[OLD]], %[[FLOOR]] : i32
// CHECK-NEXT: %[[OLD_SUM:.*]] = arith.addi %[[OLD]], %[[AMOUNT]] : i32
// CHECK-NEXT: %[[OLD_X1:.*]] = arith.xori %[[OLD]], %[[OLD_SUM]] : i32
// CHECK-NEXT: %[[OLD_X2:.*]] = arith.xori %[[AMOUNT]], %[[OLD_SUM]] : i32
// CHECK-NEXT: %[[OLD_SIGNS:.*]] = arith.andi %[[OLD_X1]], %[[OLD_X2]] : i32
// CHECK-NEXT: %[[OLD_ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[OLD_WRAPPED:.*]] = arith.cmpi slt, %[[OLD_SIGNS]], %[[OLD_ZERO]] : i32
// CHECK-NEXT: %[[OLD_FLOORED:.*]] = arith.maxsi %[[OLD_SUM]], %[[FLOOR]] : i32
// CHECK-NEXT: %[[OLD_KEPT:.*]] = arith.select %[[OLD_WRAPPED]], %[[OLD]], %[[OLD_FLOORED]] : i32
// CHECK-NEXT: %[[NOW:.*]] = arith.select %[[OLD_ABOVE]], %[[OLD_KEPT]], %[[OLD]] : i32
// CHECK-NEXT: %[[OVERFLOW:.*]] = arith.andi %[[OLD_ABOVE]], %[[OLD_WRAPPED]] : i1
// CHECK-NEXT: %[[CHANGED:.*]] = arith.cmpi ne, %[[NOW]], %[[OLD]] : i32
// CHECK-NEXT: %[[PLAIN:.*]] = memref.load %[[V]][%[[I]]] : memref<?xi32>
// CHECK:      memref.store %{{.*}}, %[[V]][%[[I]]] : memref<?xi32>
// CHECK:      arith.select
// CHECK-NEXT: %[[THEN:.*]] = arith.select
// CHECK-NEXT: %[[P_OVERFLOW:.*]] = arith.andi
// CHECK-NEXT: %[[P_CHANGED:.*]] = arith.cmpi ne, %[[THEN]], %[[PLAIN]] : i32
// CHECK-NEXT: return %[[CHANGED]], %[[NOW]], %[[OVERFLOW]], %[[P_CHANGED]], %[[THEN]], %[[P_OVERFLOW]]
func.func @add_floored(%v: !graph.vector<i32>, %i: index, %amount: i32,
                       %floor: i32) -> (i1, i32, i1, i1, i32, i1) {
  %c, %now, %over = graph.vector.add_floored atomic %v[%i], %amount floor %floor : !graph.vector<i32>
  %d, %then, %over2 = graph.vector.add_floored %v[%i], %amount floor %floor : !graph.vector<i32>
  return %c, %now, %over, %d, %then, %over2 : i1, i32, i1, i1, i32, i1
}

// -----

// Records are one byte array of n records, each on a cache line's start;
// a field is every (record size / field size)-th element of it from its
// offset, freed with the records.
// CHECK-LABEL: func.func @records(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr, %[[X:[^:]*]]: f64)
// CHECK:      %[[N64:.*]] = call @graphrt_num_vertices(%[[G]])
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[N64]] : i64 to index
// CHECK-NEXT: %[[SIZE:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[BYTES:.*]] = arith.muli %[[N]], %[[SIZE]] : index
// CHECK-NEXT: %[[REC:.*]] = memref.alloc(%[[BYTES]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK:      %[[FN:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[STRIDE:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.muli %[[FN]], %[[STRIDE]] : index
// CHECK-NEXT: %[[DENSE:.*]] = memref.view %[[REC]][%[[ZERO]]][%[[COUNT]]] : memref<?xi8> to memref<?xf64>
// CHECK-NEXT: %[[FIELD:.*]] = memref.reinterpret_cast %[[DENSE]] to offset: [1], sizes: [%[[FN]]], strides: [2] : memref<?xf64> to memref<?xf64, strided<[2], offset: 1>>
// CHECK:      memref.store %[[X]], %[[FIELD]][%{{.*}}] : memref<?xf64, strided<[2], offset: 1>>
// CHECK:      %[[Y:.*]] = memref.load %[[FIELD]][%{{.*}}] : memref<?xf64, strided<[2], offset: 1>>
// CHECK-NEXT: memref.dealloc %[[REC]] : memref<?xi8>
// CHECK-NEXT: return %[[Y]]
func.func @records(%g: !graph.edgeset, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
  %v = graph.vector.new %g init(%x : f64) in(%rec : !graph.records<16>) : !graph.edgeset -> !graph.vector<f64, record<16, 8>>
  %y = graph.vector.get %v[%c0] : !graph.vector<f64, record<16, 8>>
  return %y : f64
}
