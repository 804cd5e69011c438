// RUN: graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s -split-input-file -verify-diagnostics --convert-graph-to-scf | FileCheck %s --check-prefix=SCF

// The device storage of a list of vertex sets (graph-lower-gpu's fused
// loops keep their lists there) round-trips, and lowers to libgraphrt's
// graphrt_vlist_device (pack the list's sets, with room for more) and the
// three arrays, and graphrt_vlist_device_check, which names a failed pop
// by its location and what the program called it (`pop` unless `as`).

// ROUND-LABEL: func.func @device
// ROUND: %{{.*}}, %{{.*}}, %{{.*}} = graph.list.device %{{.*}}, %{{.*}}, %{{.*}} : !graph.list<!graph.vertexset> -> memref<?xi32>, memref<?xi64>, memref<?xi64>
// ROUND: graph.list.device_check %{{.*}} : !graph.list<!graph.vertexset>
// ROUND: graph.list.device_check %{{.*}} as "retrieve" : !graph.list<!graph.vertexset>
// SCF: llvm.mlir.global internal constant @[[RETRIEVE:graphrt_text_[0-9]+]]("b.gt:5:7: retrieve\00")
// SCF-LABEL: func.func @device
// SCF: call @graphrt_vlist_device(%[[L:.*]], %{{.*}}, %{{.*}}) : (!llvm.ptr, index, index) -> ()
// SCF: call @graphrt_vlist_device_ids(%[[L]]) : (!llvm.ptr) -> memref<?xi32>
// SCF: call @graphrt_vlist_device_offsets(%[[L]]) : (!llvm.ptr) -> memref<?xi64>
// SCF: call @graphrt_vlist_device_state(%[[L]]) : (!llvm.ptr) -> memref<?xi64>
// SCF: call @graphrt_vlist_device_check(%[[L]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// SCF: llvm.mlir.addressof @[[RETRIEVE]]
// SCF: call @graphrt_vlist_device_check(%[[L]], %{{.*}})
func.func @device(%l: !graph.list<!graph.vertexset>, %n: index) -> memref<?xi64> {
  %ids, %offsets, %state = graph.list.device %l, %n, %n : !graph.list<!graph.vertexset> -> memref<?xi32>, memref<?xi64>, memref<?xi64>
  graph.list.device_check %l : !graph.list<!graph.vertexset>
  graph.list.device_check %l as "retrieve" : !graph.list<!graph.vertexset> loc("b.gt":5:7)
  return %state : memref<?xi64>
}

// -----

func.func @device_numbers(%l: !graph.list<i32>, %n: index) {
  // expected-error @+1 {{'graph.list.device' op keeps a list of vertex sets on the device, not '!graph.list<i32>'}}
  %ids, %offsets, %state = graph.list.device %l, %n, %n : !graph.list<i32> -> memref<?xi32>, memref<?xi64>, memref<?xi64>
  return
}

// -----

func.func @check_numbers(%l: !graph.list<f64>) {
  // expected-error @+1 {{'graph.list.device_check' op keeps a list of vertex sets on the device, not '!graph.list<f64>'}}
  graph.list.device_check %l : !graph.list<f64>
  return
}
