// RUN: graph-opt %s --convert-graph-to-scf | FileCheck %s

// The program's environment (Environment.cpp): its arguments, texts,
// printing and timers are libgraphrt calls.

// A text is one internal constant global, NUL-terminated, shared by every
// use of the same text and named by the order of first use.
// CHECK-DAG: llvm.mlir.global internal constant @[[HELLO:graphrt_text_0]]("hello\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[BYE:graphrt_text_1]]("bye\00")
// CHECK-DAG: func.func private @graphrt_argv(i64) -> !llvm.ptr
// CHECK-DAG: func.func private @graphrt_atoi_bits(!llvm.ptr, i32) -> i64
// CHECK-DAG: func.func private @graphrt_print_str(!llvm.ptr)
// CHECK-DAG: func.func private @graphrt_print_bool(i32)
// CHECK-DAG: func.func private @graphrt_print_f64(f64)
// CHECK-DAG: func.func private @graphrt_timer_start()
// CHECK-DAG: func.func private @graphrt_timer_stop() -> f64

// CHECK-LABEL: func.func @environment(
// CHECK-SAME: %[[I:[^:]*]]: index, %[[S:[^:]*]]: !llvm.ptr, %[[B:[^:]*]]: i1, %[[F:[^:]*]]: f32, %[[D:[^:]*]]: f64)
// argv at a computed index; atoi checks the range of the result's bits.
// CHECK-NEXT: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[ARG:.*]] = call @graphrt_argv(%[[I64]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[BITS:.*]] = arith.constant 64 : i32
// CHECK-NEXT: %[[N:.*]] = call @graphrt_atoi_bits(%[[ARG]], %[[BITS]]) : (!llvm.ptr, i32) -> i64
// CHECK-NEXT: %[[BITS8:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[SMALL64:.*]] = call @graphrt_atoi_bits(%[[ARG]], %[[BITS8]])
// CHECK-NEXT: %[[SMALL:.*]] = arith.trunci %[[SMALL64]] : i64 to i8
// String constants and printed texts are the text's address.
// CHECK-NEXT: llvm.mlir.addressof @[[HELLO]] : !llvm.ptr
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.mlir.addressof @[[HELLO]] : !llvm.ptr
// CHECK-NEXT: %[[HELLO_ADDR:.*]] = llvm.mlir.addressof @[[HELLO]] : !llvm.ptr
// CHECK-NEXT: call @graphrt_print_str(%[[HELLO_ADDR]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.mlir.addressof @[[BYE]] : !llvm.ptr
// CHECK-NEXT: %[[BYE_ADDR:.*]] = llvm.getelementptr
// CHECK-NEXT: call @graphrt_print_str(%[[BYE_ADDR]]) : (!llvm.ptr) -> ()
// A string value prints as it is, a bool as an int32_t 0 or 1, any float
// as a double.
// CHECK-NEXT: call @graphrt_print_str(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[B32:.*]] = arith.extui %[[B]] : i1 to i32
// CHECK-NEXT: call @graphrt_print_bool(%[[B32]]) : (i32) -> ()
// CHECK-NEXT: %[[F64:.*]] = arith.extf %[[F]] : f32 to f64
// CHECK-NEXT: call @graphrt_print_f64(%[[F64]]) : (f64) -> ()
// CHECK-NEXT: call @graphrt_print_f64(%[[D]]) : (f64) -> ()
// Timers: start, and stop with the seconds since.
// CHECK-NEXT: call @graphrt_timer_start() : () -> ()
// CHECK-NEXT: %[[T:.*]] = call @graphrt_timer_stop() : () -> f64
// CHECK-NEXT: return %[[T]], %[[N]], %[[SMALL]]
func.func @environment(%i: index, %s: !graph.string, %b: i1, %f: f32,
                       %d: f64) -> (f64, i64, i8) {
  %a = graph.argv_at %i
  %n = graph.atoi %a : i64
  %small = graph.atoi %a : i8
  %t = graph.string_constant "hello"
  %u = graph.string_constant "hello"
  graph.print "hello"
  graph.print "bye"
  graph.print %s : !graph.string
  graph.print %b : i1
  graph.print %f : f32
  graph.print %d : f64
  graph.timer.start
  %e = graph.timer.stop
  return %e, %n, %small : f64, i64, i8
}
