// RUN: graph-opt %s --graph-split-grid-phases -split-input-file -verify-diagnostics | FileCheck %s

// A fused kernel marked graph.split_launches: its loop runs on the host,
// each phase is a launch of its grid (a phase of a computed block count
// only when it has blocks; a one-thread phase a one-thread launch), the
// barriers and their state are gone, and the uniform code's load of what a
// phase wrote follows that phase's launch. A one-thread phase of host
// writes only (fusion's zeroing of a counter) stays on the host. A launch
// without the mark is left alone.

// CHECK-LABEL: func.func @split
// CHECK-NOT: memref<2xi32>
// CHECK: scf.while (%[[K:.*]] = %{{.*}}) : (index) -> index {
// CHECK: } do {
// CHECK: %[[NB:.*]] = arith.ceildivui
// CHECK: %[[SOME:.*]] = arith.cmpi ne, %[[NB]], %{{.*}} : index
// CHECK: scf.if %[[SOME]] {
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[NB]], %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK: arith.muli %[[B]], %c256
// CHECK: arith.addi %{{.*}}, %[[T]]
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: memref.store %[[K]], %{{.*}}[%{{.*}}] : memref<1xindex>
// CHECK-NOT: scf.if
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK: memref.load %{{.*}} : memref<?xi32>
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK: %[[NEXT:.*]] = memref.load %{{.*}} : memref<1xindex>
// CHECK: arith.subi %[[NEXT]]
// CHECK: scf.yield
// CHECK-NOT: graph.grid_barrier
// CHECK-NOT: graph.grid_phase
// CHECK: gpu.launch blocks
// CHECK: graph.grid_phase
// CHECK: return
func.func @split(%n: index, %buf: memref<?xi32>, %count: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %z = arith.constant 0 : i32
  %bar = memref.alloc() : memref<2xi32>
  memref.store %z, %bar[%c0] : memref<2xi32>
  memref.store %z, %bar[%c1] : memref<2xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %last = scf.while (%k = %n) : (index) -> index {
      %more = arith.cmpi ne, %k, %c0 : index
      scf.condition(%more) %k : index
    } do {
    ^bb0(%k: index):
      %blocks = arith.ceildivui %k, %c256 : index
      graph.grid_phase blocks(%blocks) threads(%c256) {
      ^bb0(%b: index, %t: index):
        %base = arith.muli %b, %c256 : index
        %i = arith.addi %base, %t : index
        %v = arith.index_cast %i : index to i32
        memref.store %v, %buf[%i] : memref<?xi32>
      }
      graph.grid_barrier %bar : memref<2xi32>
      graph.grid_phase blocks(%c1) threads(%c1) {
      ^bb0(%b: index, %t: index):
        memref.store %k, %count[%c0] : memref<1xindex>
      }
      graph.grid_phase blocks(%c1) threads(%c1) {
      ^bb0(%b: index, %t: index):
        %x = memref.load %buf[%c0] : memref<?xi32>
        memref.store %x, %buf[%c1] : memref<?xi32>
      }
      graph.grid_barrier %bar : memref<2xi32>
      %next = memref.load %count[%c0] : memref<1xindex>
      %less = arith.subi %next, %c1 : index
      scf.yield %less : index
    }
    gpu.terminator
  } {graph.split_launches}
  memref.dealloc %bar : memref<2xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    graph.grid_phase blocks(%c1) threads(%c1) {
    ^bb0(%b: index, %t: index):
      memref.store %c0, %count[%c0] : memref<1xindex>
    }
    gpu.terminator
  }
  return
}

// -----

// The launch's own ids have no meaning once it is split: its phases have
// their own.

func.func @ids(%count: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' op with graph.split_launches reads the launch's ids (its phases have their own)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    graph.grid_phase blocks(%c1) threads(%c1) {
    ^bb0(%b: index, %t: index):
      memref.store %tx, %count[%c0] : memref<1xindex>
    }
    gpu.terminator
  } {graph.split_launches}
  return
}

// -----

// Nor do gpu ops in it.

func.func @device_only(%count: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' op with graph.split_launches has gpu ops in its uniform code, which split launches run on the host}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.barrier
    gpu.terminator
  } {graph.split_launches}
  return
}
