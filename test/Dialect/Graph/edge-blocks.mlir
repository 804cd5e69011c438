// RUN: graph-opt %s -split-input-file -verify-diagnostics | graph-opt -split-input-file | FileCheck %s

// graph.edge_blocks round-trips; its block size must be positive, its
// placement one of the edge placements.

// CHECK-LABEL: func.func @blocks
// CHECK: graph.edge_blocks %arg0 size 64 placed zero_copy : !graph.edgeset -> memref<?xi64>, memref<?xi32>, memref<?xi64>
// CHECK: graph.edge_blocks %arg1 size 1 placed auto : !graph.edgeset<i32> -> memref<?xi64>, memref<?xi32>, memref<?xi64>
func.func @blocks(%g: !graph.edgeset, %w: !graph.edgeset<i32>) {
  %s, %src, %e = graph.edge_blocks %g size 64 placed zero_copy : !graph.edgeset -> memref<?xi64>, memref<?xi32>, memref<?xi64>
  %s2, %src2, %e2 = graph.edge_blocks %w size 1 placed auto : !graph.edgeset<i32> -> memref<?xi64>, memref<?xi32>, memref<?xi64>
  return
}

// -----

func.func @zero(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edge_blocks' op attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %s, %src, %e = graph.edge_blocks %g size 0 placed device : !graph.edgeset -> memref<?xi64>, memref<?xi32>, memref<?xi64>
  return
}

// -----

func.func @placement(%g: !graph.edgeset) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'placement' [auto, device, zero_copy, managed]}}
  %s, %src, %e = graph.edge_blocks %g size 8 placed nowhere : !graph.edgeset -> memref<?xi64>, memref<?xi32>, memref<?xi64>
  return
}

// -----

func.func @types(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edge_blocks' op result #1 must be 1D memref of 32-bit signless integer values}}
  %s, %src, %e = graph.edge_blocks %g size 8 placed device : !graph.edgeset -> memref<?xi64>, memref<?xi64>, memref<?xi64>
  return
}
