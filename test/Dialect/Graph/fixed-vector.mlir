// RUN: graph-opt %s | graph-opt | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// Fixed-length vectors (GraphIt's vector[K](T)): a static memref, filled
// and reduced serially, freed at the end of the block.

// ROUND-LABEL: func.func @fixed
// ROUND: graph.vector.alloc init(%{{.*}} : i32) : !graph.vector<4xi32>
// ROUND: graph.vector.set %{{.*}}[%{{.*}}], %{{.*}} : !graph.vector<4xi32>
// ROUND: graph.vector.reduce max %{{.*}} : !graph.vector<4xi32>
// ROUND: graph.vector.alloc : !graph.vector<2xf64>

// CHECK-LABEL: func.func @fixed
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xi32>
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<4xi32>
// CHECK: memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<4xi32>
// CHECK: %[[MAX:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32)
// CHECK:   %[[X:.*]] = memref.load %[[A]]
// CHECK:   %[[GT:.*]] = arith.cmpi sgt, %[[ACC]], %[[X]]
// CHECK:   arith.select %[[GT]], %[[ACC]], %[[X]]
// CHECK: %[[F:.*]] = memref.alloc() : memref<2xf64>
// CHECK-DAG: memref.dealloc %[[F]]
// CHECK-DAG: memref.dealloc %[[A]]
// CHECK: return %[[MAX]]
func.func @fixed(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : index
  %a = graph.vector.alloc init(%c1 : i32) : !graph.vector<4xi32>
  graph.vector.set %a[%c2], %x : !graph.vector<4xi32>
  %m = graph.vector.reduce max %a : !graph.vector<4xi32>
  %f = graph.vector.alloc : !graph.vector<2xf64>
  return %m : i32
}
