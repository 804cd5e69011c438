// RUN: graph-opt %s -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s -split-input-file -verify-diagnostics --convert-graph-to-scf | FileCheck %s --check-prefix=SCF

// The device storage of a list of vertex sets (graph-lower-gpu's fused
// loops keep their lists there) round-trips, and lowers to libgraphrt's
// graphrt_vlist_device (pack the list's sets, with room for more) and the
// three arrays, graphrt_vlist_device_check, which names a failed pop by
// its location and what the program called it (`pop` unless `as`), and
// graphrt_vlist_device_resume (grow the storage of a loop that stopped for
// room, with the loop's last frontier or a null set), whose int32 result is
// the i1.

// ROUND-LABEL: func.func @device
// ROUND: %{{.*}}, %{{.*}}, %{{.*}} = graph.list.device %{{.*}}, %{{.*}}, %{{.*}} : !graph.list<!graph.vertexset> -> memref<?xi32>, memref<?xi64>, memref<?xi64>
// ROUND: graph.list.device_check %{{.*}} : !graph.list<!graph.vertexset>
// ROUND: graph.list.device_check %{{.*}} as "retrieve" : !graph.list<!graph.vertexset>
// ROUND: %{{.*}} = graph.list.device_resume %{{.*}} : !graph.list<!graph.vertexset>
// ROUND: %{{.*}} = graph.list.device_resume %{{.*}}, %{{.*}} : !graph.list<!graph.vertexset>, !graph.vertexset
// SCF: llvm.mlir.global internal constant @[[RETRIEVE:graphrt_text_[0-9]+]]("b.gt:5:7: retrieve\00")
// SCF-LABEL: func.func @device
// SCF: call @graphrt_vlist_device(%[[L:.*]], %{{.*}}, %{{.*}}) : (!llvm.ptr, index, index) -> ()
// SCF: call @graphrt_vlist_device_ids(%[[L]]) : (!llvm.ptr) -> memref<?xi32>
// SCF: call @graphrt_vlist_device_offsets(%[[L]]) : (!llvm.ptr) -> memref<?xi64>
// SCF: call @graphrt_vlist_device_state(%[[L]]) : (!llvm.ptr) -> memref<?xi64>
// SCF: call @graphrt_vlist_device_check(%[[L]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// SCF: llvm.mlir.addressof @[[RETRIEVE]]
// SCF: call @graphrt_vlist_device_check(%[[L]], %{{.*}})
// SCF: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// SCF: %[[R1:.*]] = call @graphrt_vlist_device_resume(%[[L]], %[[NULL]]) : (!llvm.ptr, !llvm.ptr) -> i32
// SCF: arith.cmpi ne, %[[R1]], %c0_i32
// SCF: %[[R2:.*]] = call @graphrt_vlist_device_resume(%[[L]], %[[S:.*]]) : (!llvm.ptr, !llvm.ptr) -> i32
// SCF: arith.cmpi ne, %[[R2]], %c0_i32
func.func @device(%l: !graph.list<!graph.vertexset>, %n: index,
                  %last: !graph.vertexset) -> (memref<?xi64>, i1, i1) {
  %ids, %offsets, %state = graph.list.device %l, %n, %n : !graph.list<!graph.vertexset> -> memref<?xi32>, memref<?xi64>, memref<?xi64>
  graph.list.device_check %l : !graph.list<!graph.vertexset>
  graph.list.device_check %l as "retrieve" : !graph.list<!graph.vertexset> loc("b.gt":5:7)
  %a = graph.list.device_resume %l : !graph.list<!graph.vertexset>
  %b = graph.list.device_resume %l, %last : !graph.list<!graph.vertexset>, !graph.vertexset
  return %state, %a, %b : memref<?xi64>, i1, i1
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

// -----

func.func @resume_numbers(%l: !graph.list<i64>) -> i1 {
  // expected-error @+1 {{'graph.list.device_resume' op keeps a list of vertex sets on the device, not '!graph.list<i64>'}}
  %a = graph.list.device_resume %l : !graph.list<i64>
  return %a : i1
}
