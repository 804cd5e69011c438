// RUN: graph-opt %s --graph-fuse-fields --split-input-file | FileCheck %s
// RUN: graph-opt %s --graph-fuse-fields --graph-lower-direction --convert-graph-to-scf --split-input-file | FileCheck %s --check-prefix=SCF

// GraphIt's pair: a double with an int (out-degrees). One 16-byte record per
// vertex; each producer keeps its initialisation and becomes a field.
// CHECK-LABEL: module {
// CHECK-LABEL: func.func @pair
// CHECK: %[[REC:.*]] = graph.records.new %arg0 : !graph.edgeset -> !graph.records<16>
// CHECK-NEXT: %[[R:.*]] = graph.vector.new %arg0 init(%arg1 : f64) in(%[[REC]] : !graph.records<16>) {graph.field = "old_rank"} : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
// CHECK-NEXT: %[[N:.*]] = graph.vector.new %arg0 {graph.field = "new_rank"} : !graph.edgeset -> !graph.vector<f64>
// CHECK-NEXT: %[[D:.*]] = graph.out_degrees %arg0 in(%[[REC]] : !graph.records<16>) {graph.field = "out_degree"} : !graph.edgeset -> !graph.vector<i32, record<16, 8>>
// CHECK: graph.edgeset.apply
// CHECK: graph.vector.get %[[R]][%{{.*}}] : !graph.vector<f64, record<16, 0>>
// CHECK: graph.vector.get %[[D]][%{{.*}}] : !graph.vector<i32, record<16, 8>>
// CHECK: graph.reduce add %[[N]]
//
// The records are bytes; each field a strided view of them.
// SCF-LABEL: func.func @pair
// SCF: %[[BYTES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// SCF: %[[F64S:.*]] = memref.view %[[BYTES]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xf64>
// SCF: %[[R:.*]] = memref.reinterpret_cast %[[F64S]] to offset: [0], sizes: [%{{.*}}], strides: [2] : memref<?xf64> to memref<?xf64, strided<[2]>>
// SCF: memref.store %arg1, %[[R]][%{{.*}}] : memref<?xf64, strided<[2]>>
// SCF: %[[DEG:.*]] = call @graphrt_out_degrees
// SCF: %[[I32S:.*]] = memref.view %[[BYTES]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi32>
// SCF: %[[D:.*]] = memref.reinterpret_cast %[[I32S]] to offset: [2], sizes: [%{{.*}}], strides: [4] : memref<?xi32> to memref<?xi32, strided<[4], offset: 2>>
// SCF: memref.store %{{.*}}, %[[D]][%{{.*}}] : memref<?xi32, strided<[4], offset: 2>>
// SCF: memref.dealloc %[[DEG]]
// SCF: memref.load %[[R]][%{{.*}}] : memref<?xf64, strided<[2]>>
// SCF: memref.load %[[D]][%{{.*}}] : memref<?xi32, strided<[4], offset: 2>>
module attributes {graph.fused_fields = [["old_rank", "out_degree"]]} {
  func.func @pair(%g: !graph.edgeset, %r0: f64) {
    %r = graph.vector.new %g init(%r0 : f64) {graph.field = "old_rank"} : !graph.edgeset -> !graph.vector<f64>
    %n = graph.vector.new %g {graph.field = "new_rank"} : !graph.edgeset -> !graph.vector<f64>
    %d = graph.out_degrees %g {graph.field = "out_degree"} : !graph.edgeset -> !graph.vector<i32>
    graph.edgeset.apply %g body {
    ^bb0(%src: index, %dst: index):
      %x = graph.vector.get %r[%src] : !graph.vector<f64>
      %k = graph.vector.get %d[%src] : !graph.vector<i32>
      %kf = arith.sitofp %k : i32 to f64
      %c = arith.divf %x, %kf : f64
      %ch = graph.reduce add %n[%dst], %c : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
    return
  }
}

// -----

// Natural alignment in the group's order: i8 at 0, f64 at 8, i1 (a byte) at
// 16; the record rounds up to 24 bytes, a multiple of the f64.
// CHECK-LABEL: func.func @padding
// CHECK: graph.records.new %arg0 : !graph.edgeset -> !graph.records<24>
// CHECK: !graph.vector<i8, record<24, 0>>
// CHECK: !graph.vector<f64, record<24, 8>>
// CHECK: !graph.vector<i1, record<24, 16>>
// SCF-LABEL: func.func @padding
// SCF: memref<?xi8, strided<[24]>>
// SCF: memref<?xf64, strided<[3], offset: 1>>
// SCF: memref<?xi8, strided<[24], offset: 16>>
module attributes {graph.fused_fields = [["a", "b", "c"]]} {
  func.func @padding(%g: !graph.edgeset) {
    %a = graph.vector.new %g {graph.field = "a"} : !graph.edgeset -> !graph.vector<i8>
    %b = graph.vector.new %g {graph.field = "b"} : !graph.edgeset -> !graph.vector<f64>
    %c = graph.vector.new %g {graph.field = "c"} : !graph.edgeset -> !graph.vector<i1>
    // Unused vectors would be erased as dead allocations.
    %i = arith.constant 0 : index
    %x = arith.constant 1 : i8
    %y = arith.constant 1.0 : f64
    %z = arith.constant true
    graph.vector.set %a[%i], %x : !graph.vector<i8>
    graph.vector.set %b[%i], %y : !graph.vector<f64>
    graph.vector.set %c[%i], %z : !graph.vector<i1>
    return
  }
}
