// RUN: graph-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the graph dialect: type verifiers, the
// #graph.schedule parser and verifier, op verifiers and region verifiers,
// and the ODS-generated constraints of the important ops.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// expected-error @+1 {{vector element type must be a signless integer or float, got 'index'}}
func.func private @vector_of_index(!graph.vector<index>)

// -----

// expected-error @+1 {{vector element type must be a signless integer or float, got 'si32'}}
func.func private @vector_of_signed(!graph.vector<si32>)

// -----

// expected-error @+1 {{vector element type must be a signless integer or float, got '!graph.vertexset'}}
func.func private @vector_of_vertexset(!graph.vector<!graph.vertexset>)

// -----

// expected-error @+1 {{a fixed-length vector has no record layout (only per-vertex vectors are fused)}}
func.func private @fixed_record(!graph.vector<4xi32, record<16, 0>>)

// -----

// expected-error @+1 {{vector length must be positive}}
func.func private @fixed_empty(!graph.vector<0xi32>)

// -----

// expected-error @+1 {{a vector is per-vertex (no dimension), of a fixed length (`4x`), of rows per vertex (`?x4x`) or of a fixed number of rows (`3x4x`)}}
func.func private @dynamic_rows(!graph.vector<?x?xi32>)

// -----

// expected-error @+1 {{record field at byte 12 of 'f64' does not fit in a 16-byte record}}
func.func private @record_overflow(!graph.vector<f64, record<16, 12>>)

// -----

// expected-error @+1 {{record field of 'i32' must be aligned to 4 bytes, got offset 2 in a 16-byte record}}
func.func private @record_misaligned(!graph.vector<i32, record<16, 2>>)

// -----

// expected-error @+1 {{record field type must take 1, 2, 4, 8... bytes, got 'i24'}}
func.func private @record_odd_width(!graph.vector<i24, record<16, 0>>)

// -----

// expected-error @+1 {{record size must be positive, got 0}}
func.func private @records_empty(!graph.records<0>)

// -----

func.func @record_without_records(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.vector.new' op result with a record layout needs in(...) records to live in, got '!graph.vector<f64, record<16, 0>>'}}
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
  return
}

// -----

func.func @records_size_mismatch(%g: !graph.edgeset) {
  %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
  // expected-error @+1 {{'graph.out_degrees' op result in '!graph.records<16>' must have a record<16, offset> layout, got '!graph.vector<i32, record<8, 4>>'}}
  %d = graph.out_degrees %g in(%rec : !graph.records<16>) : !graph.edgeset -> !graph.vector<i32, record<8, 4>>
  return
}

// -----

// expected-error @+1 {{edge weight type must be a signless integer or float, got 'index'}}
func.func private @weight_index(!graph.edgeset<index>)

// -----

// expected-error @+1 {{edge weight type must be a signless integer or float, got 'ui16'}}
func.func private @weight_unsigned(!graph.edgeset<ui16>)

// -----

// expected-error @+1 {{edge weight type must be a signless integer or float, got 'vector<4xf32>'}}
func.func private @weight_vector(!graph.edgeset<vector<4xf32>>)

// -----

//===----------------------------------------------------------------------===//
// #graph.schedule: parser errors
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown schedule option 'threads'; expected one of: direction, parallel, grain, frontier, frontier_sets, segments, segment_strategy, numa}}
func.func private @unknown_option() attributes {s = #graph.schedule<threads = 4>}

// -----

// expected-error @+1 {{unknown direction 'pull'; expected one of: sparse_push, dense_push, dense_pull, sparse_push_dense_pull, sparse_push_dense_push}}
func.func private @unknown_direction() attributes {s = #graph.schedule<direction = pull>}

// -----

// expected-error @+1 {{unknown parallel 'dynamic'; expected one of: serial, dynamic_vertex, static_vertex, edge_aware_dynamic_vertex}}
func.func private @unknown_parallel() attributes {s = #graph.schedule<parallel = dynamic>}

// -----

// expected-error @+1 {{unknown frontier 'bitmap'; expected one of: bool_array, bitvector}}
func.func private @unknown_frontier() attributes {s = #graph.schedule<frontier = bitmap>}

// -----

// expected-error @+1 {{unknown frontier_sets 'all'; expected one of: both, src, dst}}
func.func private @unknown_frontier_sets() attributes {s = #graph.schedule<frontier_sets = all>}

// -----

// expected-error @+1 {{unknown segment_strategy 'edge_aware'; expected one of: fixed_vertex_count, edge_aware_vertex_count}}
func.func private @unknown_segment_strategy() attributes {s = #graph.schedule<segment_strategy = edge_aware>}

// -----

// expected-error @+1 {{unknown numa 'parallel'; expected one of: serial, static_parallel, dynamic_parallel}}
func.func private @unknown_numa() attributes {s = #graph.schedule<numa = parallel>}

// -----

// expected-error @+1 {{schedule option 'grain' given twice}}
func.func private @option_twice() attributes {s = #graph.schedule<grain = 4, parallel = dynamic_vertex, grain = 4>}

// -----

// Both forms of the segment count: the second `segments` is rejected by the
// parser before the verifier could see both.
// expected-error @+1 {{schedule option 'segments' given twice}}
func.func private @segments_both_forms() attributes {s = #graph.schedule<direction = dense_pull, segments = 4, segments = argv[2]>}

// -----

// expected-error @+1 {{expected integer value}}
func.func private @grain_not_integer() attributes {s = #graph.schedule<grain = big>}

// -----

// expected-error @+1 {{expected '['}}
func.func private @segments_argv_no_bracket() attributes {s = #graph.schedule<direction = dense_pull, segments = argv 2>}

// -----

// expected-error @+1 {{expected valid keyword}}
func.func private @empty_schedule() attributes {s = #graph.schedule<>}

// -----

//===----------------------------------------------------------------------===//
// #graph.schedule: verifier errors
//===----------------------------------------------------------------------===//

// expected-error @+1 {{schedule grain must be positive, got 0}}
func.func private @grain_zero() attributes {s = #graph.schedule<grain = 0>}

// -----

// expected-error @+1 {{schedule grain must be positive, got -8}}
func.func private @grain_negative() attributes {s = #graph.schedule<parallel = dynamic_vertex, grain = -8>}

// -----

// expected-error @+1 {{schedule segment count must be positive, got -2}}
func.func private @segments_negative() attributes {s = #graph.schedule<direction = dense_pull, segments = -2>}

// -----

// expected-error @+1 {{schedule segment count 9223372036854775807 exceeds the maximum of 1048576}}
func.func private @segments_too_many() attributes {s = #graph.schedule<direction = dense_pull, segments = 9223372036854775807>}

// -----

// expected-error @+1 {{segments need a dense direction (dense_pull, dense_push or a hybrid); 'sparse_push' visits only the frontier's edges}}
func.func private @segments_sparse_push() attributes {s = #graph.schedule<direction = sparse_push, segments = 4>}

// -----

// sparse_push is the default direction.
// expected-error @+1 {{segments need a dense direction (dense_pull, dense_push or a hybrid); 'sparse_push' visits only the frontier's edges}}
func.func private @segments_argv_default_direction() attributes {s = #graph.schedule<segments = argv[3]>}

// -----

// expected-error @+1 {{frontier = sliding_queue builds the output of a sparse push; got direction = sparse_push_dense_pull}}
func.func private @sliding_queue_hybrid() attributes {s = #graph.schedule<direction = sparse_push_dense_pull, frontier = sliding_queue>}

// -----

// expected-error @+1 {{numa = static_parallel needs segments (configApplyNumSSG)}}
func.func private @numa_without_segments() attributes {s = #graph.schedule<direction = dense_pull, parallel = dynamic_vertex, numa = static_parallel>}

// -----

// expected-error @+1 {{numa = dynamic_parallel needs a parallel schedule, got parallel = serial}}
func.func private @numa_serial() attributes {s = #graph.schedule<direction = dense_pull, segments = 8, numa = dynamic_parallel>}

// -----

// expected-error @+1 {{numa = static_parallel needs a parallel schedule, got parallel = serial}}
func.func private @numa_explicit_serial() attributes {s = #graph.schedule<direction = dense_push, parallel = serial, segments = argv[2], numa = static_parallel>}

// -----

//===----------------------------------------------------------------------===//
// Program environment
//===----------------------------------------------------------------------===//

func.func @argv_negative() {
  // expected-error @+1 {{'graph.argv' op attribute 'index' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %a = graph.argv -1
  return
}

// -----

func.func @atoi_to_f32(%s: !graph.string) {
  // expected-error @+1 {{'graph.atoi' op result #0 must be signless integer or 64-bit float, but got 'f32'}}
  %n = graph.atoi %s : f32
  return
}

// -----

func.func @atoi_unsigned_f64(%s: !graph.string) {
  // expected-error @+1 {{'graph.atoi' op parses an f64 as a signed number; 'unsigned' applies to integer results}}
  %n = graph.atoi %s unsigned : f64
  return
}

// -----

func.func @print_both(%x: i32) {
  // expected-error @+1 {{'graph.print' op expects either a value or a text to print}}
  graph.print %x : i32 "x ="
  return
}

// -----

func.func @print_unsigned_float(%x: f64) {
  // expected-error @+1 {{'graph.print' op prints 'unsigned' only an integer value wider than i1}}
  graph.print unsigned %x : f64
  return
}

// -----

func.func @print_unsigned_text() {
  // expected-error @+1 {{'graph.print' op prints 'unsigned' only an integer value wider than i1}}
  graph.print unsigned "x"
  return
}

// -----

func.func @vertexset_all_and_size(%g: !graph.edgeset, %n: i32) {
  // expected-error @+1 {{'graph.vertexset.new' op takes either 'all' or a size, not both}}
  %s = graph.vertexset.new %g all size(%n : i32) : !graph.edgeset
  return
}

// -----

func.func @print_neither() {
  // expected-error @+1 {{'graph.print' op expects either a value or a text to print}}
  graph.print
  return
}

// -----

func.func @print_index(%i: index) {
  // expected-error @+1 {{'graph.print' op operand #0 must be integer or float or an immutable character string (program arguments, messages), but got 'index'}}
  graph.print %i : index
  return
}

// -----

func.func @timer_stop_f32() {
  // expected-error @+1 {{'graph.timer.stop' op result #0 must be 64-bit float, but got 'f32'}}
  %t = "graph.timer.stop"() : () -> f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// Edgesets
//===----------------------------------------------------------------------===//

func.func @load_not_edgeset(%p: !graph.string) {
  // expected-error @+1 {{'graph.load' op result #0 must be an immutable graph, optionally with edge weights, but got '!graph.vertexset'}}
  %g = "graph.load"(%p) : (!graph.string) -> !graph.vertexset
  return
}

// -----

func.func @out_degrees_float(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.out_degrees' op result must be a vector of integers wider than i1, got '!graph.vector<f64>'}}
  %d = graph.out_degrees %g : !graph.edgeset -> !graph.vector<f64>
  return
}

// -----

func.func @out_degrees_i1(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.out_degrees' op result must be a vector of integers wider than i1, got '!graph.vector<i1>'}}
  %d = graph.out_degrees %g : !graph.edgeset -> !graph.vector<i1>
  return
}

// -----

func.func @num_vertices_i64(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.num_vertices' op result #0 must be index, but got 'i64'}}
  %n = "graph.num_vertices"(%g) : (!graph.edgeset) -> i64
  return
}

// -----

//===----------------------------------------------------------------------===//
// Per-vertex vectors
//===----------------------------------------------------------------------===//

func.func @vector_new_init_mismatch(%g: !graph.edgeset, %x: i64) {
  // expected-error @+1 {{'graph.vector.new' op init value of type 'i64' does not match element type 'i32'}}
  %v = graph.vector.new %g init(%x : i64) : !graph.edgeset -> !graph.vector<i32>
  return
}

// -----

func.func @vector_new_init_float_mismatch(%g: !graph.edgeset, %x: f32) {
  // expected-error @+1 {{'graph.vector.new' op init value of type 'f32' does not match element type 'f64'}}
  %v = graph.vector.new %g init(%x : f32) : !graph.edgeset -> !graph.vector<f64>
  return
}

// -----

func.func @vector_get_index_type(%v: !graph.vector<i32>, %i: i32) {
  // expected-error @+1 {{'graph.vector.get' op operand #1 must be index, but got 'i32'}}
  %x = "graph.vector.get"(%v, %i) : (!graph.vector<i32>, i32) -> i32
  return
}

// -----

func.func @vector_get_index_type_pretty(%v: !graph.vector<i32>, %i: i32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %x = graph.vector.get %v[%i] : !graph.vector<i32>
  return
}

// -----

func.func @vector_get_result_type(%v: !graph.vector<i32>, %i: index) {
  // expected-error @+1 {{'graph.vector.get' op failed to verify that result is the vector's element type}}
  %x = "graph.vector.get"(%v, %i) : (!graph.vector<i32>, index) -> i64
  return
}

// -----

func.func @vector_set_value_type(%v: !graph.vector<f64>, %i: index, %x: f32) {
  // expected-error @+1 {{'graph.vector.set' op failed to verify that value is the vector's element type}}
  "graph.vector.set"(%v, %i, %x) : (!graph.vector<f64>, index, f32) -> ()
  return
}

// -----

func.func @vector_fill_value_type(%v: !graph.vector<i32>, %x: i64) {
  // expected-error @+1 {{'graph.vector.fill' op failed to verify that value is the vector's element type}}
  "graph.vector.fill"(%v, %x) : (!graph.vector<i32>, i64) -> ()
  return
}

// -----

func.func @reduce_value_type(%v: !graph.vector<i32>, %i: index, %x: i64) {
  // expected-error @+1 {{'graph.reduce' op failed to verify that value is the vector's element type}}
  %c = "graph.reduce"(%v, %i, %x) <{kind = 0 : i32}> : (!graph.vector<i32>, index, i64) -> i1
  return
}

// -----

func.func @reduce_bad_kind(%v: !graph.vector<i32>, %i: index, %x: i32) {
  // expected-error @+1 {{invalid properties {kind = 9 : i32} for op graph.reduce: Invalid attribute `kind` in property conversion: 9 : i32}}
  %c = "graph.reduce"(%v, %i, %x) <{kind = 9 : i32}> : (!graph.vector<i32>, index, i32) -> i1
  return
}

// -----

func.func @reduce_or_float(%v: !graph.vector<f64>, %i: index, %x: f64) {
  // expected-error @+1 {{'graph.reduce' op 'or' needs an integer element type, got 'f64'}}
  %c = graph.reduce or %v[%i], %x : !graph.vector<f64>
  return
}

// -----

func.func @reduce_and_float(%v: !graph.vector<f32>, %i: index, %x: f32) {
  // expected-error @+1 {{'graph.reduce' op 'and' needs an integer element type, got 'f32'}}
  %c = graph.reduce and %v[%i], %x : !graph.vector<f32>
  return
}

// -----

func.func @reduce_add_i1(%v: !graph.vector<i1>, %i: index, %x: i1) {
  // expected-error @+1 {{'graph.reduce' op 'add' needs a numeric element type, got i1; use 'or' or 'and'}}
  %c = graph.reduce add %v[%i], %x : !graph.vector<i1>
  return
}

// -----

func.func @reduce_sub_i1(%v: !graph.vector<i1>, %i: index, %x: i1) {
  // expected-error @+1 {{'graph.reduce' op 'sub' needs a numeric element type, got i1; use 'or' or 'and'}}
  %c = graph.reduce sub %v[%i], %x : !graph.vector<i1>
  return
}

// -----

func.func @reduce_min_i1(%v: !graph.vector<i1>, %i: index, %x: i1) {
  // expected-error @+1 {{'graph.reduce' op 'min' needs a numeric element type, got i1; use 'or' or 'and'}}
  %c = graph.reduce min %v[%i], %x : !graph.vector<i1>
  return
}

// -----

func.func @reduce_max_i1(%v: !graph.vector<i1>, %i: index, %x: i1) {
  // expected-error @+1 {{'graph.reduce' op 'max' needs a numeric element type, got i1; use 'or' or 'and'}}
  %c = graph.reduce max %v[%i], %x : !graph.vector<i1>
  return
}

// -----

func.func @reduce_unknown_kind(%v: !graph.vector<i32>, %i: index, %x: i32) {
  // expected-error @+1 {{custom op 'graph.reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [add, sub, min, max, or, and, minu, maxu]}}
  %c = graph.reduce mul %v[%i], %x : !graph.vector<i32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// graph.vertexset.apply
//===----------------------------------------------------------------------===//

func.func @vertexset_apply_two_args(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op body must take (vertex: index) but takes 2 argument(s) of type(s) 'index', 'index'}}
  graph.vertexset.apply %s {
  ^bb0(%v: index, %w: index):
  }
  return
}

// -----

func.func @vertexset_apply_no_args(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op body must take (vertex: index) but takes 0 argument(s) of type(s) }}
  graph.vertexset.apply %s {
    graph.yield
  }
  return
}

// -----

func.func @vertexset_apply_arg_type(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op body must take (vertex: index) but takes 1 argument(s) of type(s) 'i64'}}
  graph.vertexset.apply %s {
  ^bb0(%v: i64):
  }
  return
}

// -----

func.func @vertexset_apply_yields(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op body must yield nothing, yields 1 value(s)}}
  graph.vertexset.apply %s {
  ^bb0(%v: index):
    %t = arith.constant true
    graph.yield %t : i1
  }
  return
}

// -----

func.func @vertexset_apply_other_terminator(%s: !graph.vertexset) {
  // The implicit-terminator trait rejects this before the region verifier.
  // expected-error @+2 {{'graph.vertexset.apply' op expects regions to end with 'graph.yield', found 'llvm.unreachable'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'graph.yield'}}
  graph.vertexset.apply %s {
  ^bb0(%v: index):
    llvm.unreachable
  }
  return
}

// -----

func.func @vertexset_apply_direction(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op schedule may only set 'parallel' and 'grain' on a vertex set operation}}
  graph.vertexset.apply %s schedule(#graph.schedule<direction = dense_pull>) {
  ^bb0(%v: index):
  }
  return
}

// -----

func.func @vertexset_apply_frontier(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op schedule may only set 'parallel' and 'grain' on a vertex set operation}}
  graph.vertexset.apply %s schedule(#graph.schedule<parallel = dynamic_vertex, frontier = bitvector>) {
  ^bb0(%v: index):
  }
  return
}

// -----

func.func @vertexset_apply_frontier_sets(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op schedule may only set 'parallel' and 'grain' on a vertex set operation}}
  graph.vertexset.apply %s schedule(#graph.schedule<frontier_sets = dst>) {
  ^bb0(%v: index):
  }
  return
}

// -----

func.func @vertexset_apply_segments(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op schedule may only set 'parallel' and 'grain' on a vertex set operation}}
  graph.vertexset.apply %s schedule(#graph.schedule<direction = dense_pull, parallel = dynamic_vertex, segments = 4, numa = static_parallel>) {
  ^bb0(%v: index):
  }
  return
}

// -----

func.func @vertexset_apply_two_blocks(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.apply' op expects region #0 to have 0 or 1 blocks}}
  "graph.vertexset.apply"(%s) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%v: index):
    cf.br ^bb1
  ^bb1:
    "graph.yield"() : () -> ()
  }) : (!graph.vertexset) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// graph.vertexset.filter
//===----------------------------------------------------------------------===//

func.func @filter_two_args(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.filter' op predicate must take (vertex: index) but takes 2 argument(s) of type(s) 'index', 'index'}}
  %r = graph.vertexset.filter %s {
  ^bb0(%v: index, %w: index):
    %t = arith.constant true
    graph.yield %t : i1
  }
  return
}

// -----

func.func @filter_arg_type(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.filter' op predicate must take (vertex: index) but takes 1 argument(s) of type(s) 'i32'}}
  %r = graph.vertexset.filter %s {
  ^bb0(%v: i32):
    %t = arith.constant true
    graph.yield %t : i1
  }
  return
}

// -----

func.func @filter_yields_nothing(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.filter' op predicate must yield one i1 (keep the vertex?), yields 0 value(s)}}
  %r = graph.vertexset.filter %s {
  ^bb0(%v: index):
    graph.yield
  }
  return
}

// -----

func.func @filter_yields_i32(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.filter' op predicate must yield one i1 (keep the vertex?), yields 1 value(s)}}
  %r = graph.vertexset.filter %s {
  ^bb0(%v: index):
    %c = arith.constant 1 : i32
    graph.yield %c : i32
  }
  return
}

// -----

func.func @filter_yields_two(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.filter' op predicate must yield one i1 (keep the vertex?), yields 2 value(s)}}
  %r = graph.vertexset.filter %s {
  ^bb0(%v: index):
    %t = arith.constant true
    graph.yield %t, %t : i1, i1
  }
  return
}

// -----

func.func @filter_other_terminator(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.filter' op predicate must end with graph.yield}}
  %r = graph.vertexset.filter %s {
  ^bb0(%v: index):
    llvm.unreachable
  }
  return
}

// -----

func.func @filter_schedule(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.filter' op schedule may only set 'parallel' and 'grain' on a vertex set operation}}
  %r = graph.vertexset.filter %s schedule(#graph.schedule<direction = sparse_push_dense_pull>) {
  ^bb0(%v: index):
    %t = arith.constant true
    graph.yield %t : i1
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// graph.edgeset.apply: body and filter regions
//===----------------------------------------------------------------------===//

func.func @body_one_arg(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must take (src: index, dst: index) but takes 1 argument(s) of type(s) 'index'}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @body_arg_type(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must take (src: index, dst: index) but takes 2 argument(s) of type(s) 'i32', 'index'}}
  graph.edgeset.apply %g body {
  ^bb0(%src: i32, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @body_weight_unweighted(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must take (src: index, dst: index) but takes 3 argument(s) of type(s) 'index', 'index', 'i32'}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index, %w: i32):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @body_weight_missing(%g: !graph.edgeset<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must take (src: index, dst: index, weight: i32) but takes 2 argument(s) of type(s) 'index', 'index'}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

func.func @body_weight_type(%g: !graph.edgeset<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must take (src: index, dst: index, weight: i32) but takes 3 argument(s) of type(s) 'index', 'index', 'f32'}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index, %w: f32):
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

func.func @body_weight_width(%g: !graph.edgeset<f64>) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must take (src: index, dst: index, weight: f64) but takes 3 argument(s) of type(s) 'index', 'index', 'f32'}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index, %w: f32):
    graph.yield
  } : !graph.edgeset<f64>
  return
}

// -----

func.func @body_yields(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must yield nothing, yields 2 value(s)}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    %t = arith.constant true
    graph.yield %t, %t : i1, i1
  } : !graph.edgeset
  return
}

// -----

func.func @body_other_terminator(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op body must end with graph.yield}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    llvm.unreachable
  } : !graph.edgeset
  return
}

// -----

func.func @body_no_terminator(%g: !graph.edgeset) {
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = true}> : () -> i1}}
    %t = arith.constant true
  } : !graph.edgeset
  return
}

// -----

func.func @src_filter_two_args(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op src_filter must take (vertex: index) but takes 2 argument(s) of type(s) 'index', 'index'}}
  graph.edgeset.apply %g src_filter {
  ^bb0(%v: index, %w: index):
    %t = arith.constant true
    graph.yield %t : i1
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @dst_filter_arg_type(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op dst_filter must take (vertex: index) but takes 1 argument(s) of type(s) 'i64'}}
  graph.edgeset.apply %g dst_filter {
  ^bb0(%v: i64):
    %t = arith.constant true
    graph.yield %t : i1
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @src_filter_yields_nothing(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op src_filter must yield one i1 (keep the vertex?), yields 0 value(s)}}
  graph.edgeset.apply %g src_filter {
  ^bb0(%v: index):
    graph.yield
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @dst_filter_yields_i32(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op dst_filter must yield one i1 (keep the vertex?), yields 1 value(s)}}
  graph.edgeset.apply %g dst_filter {
  ^bb0(%v: index):
    %c = arith.constant 0 : i32
    graph.yield %c : i32
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @dst_filter_other_terminator(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op dst_filter must end with graph.yield}}
  graph.edgeset.apply %g dst_filter {
  ^bb0(%v: index):
    llvm.unreachable
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @src_filter_two_blocks(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op src_filter must have one block}}
  graph.edgeset.apply %g src_filter {
  ^bb0(%v: index):
    cf.br ^bb1
  ^bb1:
    %t = arith.constant true
    graph.yield %t : i1
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @body_two_blocks(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op region #2 ('body') failed to verify constraint: region with 1 blocks}}
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    cf.br ^bb1
  ^bb1:
    graph.yield
  } : !graph.edgeset
  return
}

// -----

//===----------------------------------------------------------------------===//
// graph.edgeset.apply: track, result and dedup
//===----------------------------------------------------------------------===//

func.func @track_without_result(%g: !graph.edgeset, %v: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op track(...) needs a result: the set of modified destinations}}
  graph.edgeset.apply %g track(%v : !graph.vector<i32>) body {
  ^bb0(%src: index, %dst: index):
    %c = arith.constant 1 : i32
    graph.vector.set %v[%dst], %c : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @result_without_track(%g: !graph.edgeset, %f: !graph.vertexset) {
  // expected-error @+1 {{'graph.edgeset.apply' op result set needs track(...) to say which vector's changes it collects, or a body yielding i1 (keep dst?)}}
  %m = graph.edgeset.apply %g from(%f) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @dedup_without_track(%g: !graph.edgeset, %f: !graph.vertexset) {
  // expected-error @+1 {{'graph.edgeset.apply' op dedup applies only to the result set}}
  graph.edgeset.apply %g from(%f) dedup body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @tracked_only_read(%g: !graph.edgeset, %v: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op tracked vector is never written at the destination (graph.vector.set or graph.reduce on it at dst) in the body}}
  %m = graph.edgeset.apply %g track(%v : !graph.vector<i32>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %v[%dst] : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @tracked_written_at_src(%g: !graph.edgeset, %v: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op tracked vector is never written at the destination (graph.vector.set or graph.reduce on it at dst) in the body}}
  %m = graph.edgeset.apply %g track(%v : !graph.vector<i32>) dedup body {
  ^bb0(%src: index, %dst: index):
    %c = arith.constant 1 : i32
    %r = graph.reduce min %v[%src], %c : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @tracked_other_vector_written(%g: !graph.edgeset, %v: !graph.vector<i32>, %w: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op tracked vector is never written at the destination (graph.vector.set or graph.reduce on it at dst) in the body}}
  %m = graph.edgeset.apply %g track(%v : !graph.vector<i32>) body {
  ^bb0(%src: index, %dst: index):
    %c = arith.constant 1 : i32
    graph.vector.set %w[%dst], %c : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @track_not_vector(%g: !graph.edgeset, %f: !graph.vertexset) {
  // expected-error @+1 {{'graph.edgeset.apply' op operand #1 must be per-vertex data of one element per vertex, but got '!graph.vertexset'}}
  %m = "graph.edgeset.apply"(%g, %f) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 1, 0, 0>}> ({
  }, {
  }, {
  ^bb0(%src: index, %dst: index):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.edgeset, !graph.vertexset) -> !graph.vertexset
  return
}

// -----

func.func @distinct_without_from(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.edgeset.apply' op 'fromDistinct' describes the 'from' set, and there is none}}
  "graph.edgeset.apply"(%g) <{fromDistinct, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>}> ({
  }, {
  }, {
  ^bb0(%src: index, %dst: index):
    "graph.yield"() : () -> ()
  }, {
  }) : (!graph.edgeset) -> ()
  return
}

// -----

func.func @edgeset_apply_bad_schedule(%g: !graph.edgeset) {
  // expected-error @+1 {{segments need a dense direction (dense_pull, dense_push or a hybrid); 'sparse_push' visits only the frontier's edges}}
  graph.edgeset.apply %g schedule(#graph.schedule<parallel = dynamic_vertex, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

//===----------------------------------------------------------------------===//
// Traversal building blocks
//===----------------------------------------------------------------------===//

func.func @adjacency_weights_unweighted(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.adjacency_weights' op needs a weighted edgeset, got '!graph.edgeset'}}
  %w = graph.adjacency_weights out %g : !graph.edgeset -> memref<?xi32>
  return
}

// -----

func.func @adjacency_weights_f64(%g: !graph.edgeset<i32>) {
  // expected-error @+1 {{'graph.adjacency_weights' op result #0 must be 1D memref of 32-bit signless integer values, but got 'memref<?xf64>'}}
  %w = graph.adjacency_weights in %g : !graph.edgeset<i32> -> memref<?xf64>
  return
}

// -----

func.func @adjacency_offsets_i32(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.adjacency' op result #0 must be 1D memref of 64-bit signless integer values, but got 'memref<?xi32>'}}
  %o, %n = graph.adjacency out %g : !graph.edgeset -> memref<?xi32>, memref<?xi32>
  return
}

// -----

func.func @adjacency_neighbors_2d(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.adjacency' op result #1 must be 1D memref of 32-bit signless integer values, but got 'memref<4x?xi32>'}}
  %o, %n = graph.adjacency in %g : !graph.edgeset -> memref<?xi64>, memref<4x?xi32>
  return
}

// -----

func.func @adjacency_unknown_direction(%g: !graph.edgeset) {
  // expected-error @+1 {{custom op 'graph.adjacency' expected string or keyword containing one of the following enum values for attribute 'direction' [out, in]}}
  %o, %n = graph.adjacency both %g : !graph.edgeset -> memref<?xi64>, memref<?xi32>
  return
}

// -----

func.func @adjacency_direction_out_of_range(%g: !graph.edgeset) {
  // expected-error @+1 {{invalid properties {direction = 2 : i32} for op graph.adjacency: Invalid attribute `direction` in property conversion: 2 : i32}}
  %o, %n = "graph.adjacency"(%g) <{direction = 2 : i32}> : (!graph.edgeset) -> (memref<?xi64>, memref<?xi32>)
  return
}

// -----

func.func @vertexset_ids_i64(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.ids' op result #0 must be 1D memref of 32-bit signless integer values, but got 'memref<?xi64>'}}
  %i = graph.vertexset.ids %s : memref<?xi64>
  return
}

// -----

func.func @vertexset_ids_of_vector(%v: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.vertexset.ids' op operand #0 must be a subset of the vertices (a frontier), but got '!graph.vector<i32>'}}
  %i = "graph.vertexset.ids"(%v) : (!graph.vector<i32>) -> memref<?xi32>
  return
}

// -----

func.func @vertexset_bools_i1(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.bools' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?xi1>'}}
  %b = graph.vertexset.bools %s : memref<?xi1>
  return
}

// -----

func.func @vertexset_bits_i32(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.bits' op result #0 must be 1D memref of 64-bit signless integer values, but got 'memref<?xi32>'}}
  %b = graph.vertexset.bits %s : memref<?xi32>
  return
}

// -----

func.func @out_degree_sum_i64(%s: !graph.vertexset, %g: !graph.edgeset) {
  // expected-error @+1 {{'graph.vertexset.out_degree_sum' op result #0 must be index, but got 'i64'}}
  %d = "graph.vertexset.out_degree_sum"(%s, %g) : (!graph.vertexset, !graph.edgeset) -> i64
  return
}

// -----

func.func @id_buffer_i8(%s: !graph.vertexset) {
  // expected-error @+1 {{'graph.vertexset.id_buffer' op result #0 must be 1D memref of 32-bit signless integer values, but got 'memref<?xi8>'}}
  %b = graph.vertexset.id_buffer %s : memref<?xi8>
  return
}

// -----

func.func @id_buffer_capacity_i64(%s: !graph.vertexset, %c: i64) {
  // expected-error @+1 {{'graph.vertexset.id_buffer' op operand #1 must be index, but got 'i64'}}
  %b = "graph.vertexset.id_buffer"(%s, %c) : (!graph.vertexset, i64) -> memref<?xi32>
  return
}

// -----

func.func @seal_ids_index_count(%s: !graph.vertexset, %c: index) {
  // expected-error @+1 {{'graph.vertexset.seal_ids' op operand #1 must be 64-bit signless integer, but got 'index'}}
  "graph.vertexset.seal_ids"(%s, %c) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!graph.vertexset, index) -> ()
  return
}

// -----

func.func @seal_ids_degrees_not_distinct(%s: !graph.vertexset, %g: !graph.edgeset,
                                         %k: i64, %d: i64) {
  // expected-error @+1 {{'graph.vertexset.seal_ids' op an out-degree sum needs 'distinct' ids}}
  graph.vertexset.seal_ids %s, %k degrees %d of %g : !graph.edgeset
  return
}

// -----

func.func @seal_dense_index_degrees(%s: !graph.vertexset, %g: !graph.edgeset,
                                    %k: i64, %d: index) {
  // expected-error @+1 {{'graph.vertexset.seal_dense' op operand #2 must be 64-bit signless integer, but got 'index'}}
  "graph.vertexset.seal_dense"(%s, %k, %d, %g) : (!graph.vertexset, i64, index, !graph.edgeset) -> ()
  return
}

// -----

func.func @seal_ids_distinct_duplicates(%s: !graph.vertexset, %k: i64) {
  // expected-error @+1 {{'graph.vertexset.seal_ids' op ids cannot be both 'keep_duplicates' and 'distinct'}}
  graph.vertexset.seal_ids %s, %k keep_duplicates distinct
  return
}

// -----

func.func @cas_expected_type(%v: !graph.vector<i32>, %i: index, %e: i64, %d: i32) {
  // expected-error @+1 {{'graph.vector.cas' op failed to verify that expected is the vector's element type}}
  %w = "graph.vector.cas"(%v, %i, %e, %d) : (!graph.vector<i32>, index, i64, i32) -> i1
  return
}

// -----

func.func @cas_desired_type(%v: !graph.vector<i32>, %i: index, %e: i32, %d: i64) {
  // expected-error @+1 {{'graph.vector.cas' op failed to verify that desired is the vector's element type}}
  %w = "graph.vector.cas"(%v, %i, %e, %d) : (!graph.vector<i32>, index, i32, i64) -> i1
  return
}

// -----

func.func @cas_result_i32(%v: !graph.vector<i32>, %i: index, %e: i32) {
  // expected-error @+1 {{'graph.vector.cas' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %w = "graph.vector.cas"(%v, %i, %e, %e) : (!graph.vector<i32>, index, i32, i32) -> i32
  return
}

// -----

func.func @reduce_atomic_or_f64(%v: !graph.vector<f64>, %i: index, %x: f64) {
  // expected-error @+1 {{'graph.reduce' op 'or' needs an integer element type, got 'f64'}}
  %c = graph.reduce or atomic %v[%i], %x : !graph.vector<f64>
  return
}

// -----

func.func @reduce_atomic_min_i1(%v: !graph.vector<i1>, %i: index, %x: i1) {
  // expected-error @+1 {{'graph.reduce' op 'min' needs a numeric element type, got i1; use 'or' or 'and'}}
  %c = graph.reduce min atomic %v[%i], %x : !graph.vector<i1>
  return
}

// -----

//===----------------------------------------------------------------------===//
// graph.yield
//===----------------------------------------------------------------------===//

func.func @yield_outside() {
  // expected-error @+1 {{'graph.yield' op expects parent op to be one of 'graph.vertexset.apply, graph.vertexset.filter, graph.edgeset.apply, graph.parallel_for'}}
  graph.yield
}

// -----

//===----------------------------------------------------------------------===//
// Segmented subgraphs
//===----------------------------------------------------------------------===//

// expected-error @+1 {{edge weight type must be a signless integer or float, got 'vector<2xi32>'}}
func.func private @segments_vector_weight(!graph.segments<in, vector<2xi32>>)

// -----

// expected-error @+2 {{expected one of [out, in] for which adjacency of a graph, got: pull}}
// expected-error @+1 {{failed to parse Graph_SegmentsType parameter 'direction' which is to be a `::mlir::graph::EdgeDirection`}}
func.func private @segments_bad_direction(!graph.segments<pull>)

// -----

func.func @segments_weight_mismatch(%g: !graph.edgeset, %n: index) {
  // expected-error @+1 {{'graph.segments' op result '!graph.segments<in, i32>' does not carry the weight type of '!graph.edgeset'}}
  %s = graph.segments %g count(%n) fixed_vertex_count : !graph.edgeset -> !graph.segments<in, i32>
  return
}

// -----

func.func @segments_zero_count(%g: !graph.edgeset) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'graph.segments' op segment count must be positive, got 0}}
  %s = graph.segments %g count(%c0) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>
  return
}

// -----

func.func @segment_weights_unweighted(%s: !graph.segments<out>, %i: index) {
  // expected-error @+1 {{'graph.segment.weights' op needs the segments of a weighted graph, got '!graph.segments<out>'}}
  %w = graph.segment.weights %s[%i] : !graph.segments<out> -> memref<?xi32>
  return
}

// -----

func.func @apply_segments_unsegmented_schedule(%g: !graph.edgeset, %s: !graph.segments<in>) {
  // expected-error @+1 {{'graph.edgeset.apply' op segments(...) needs a schedule with 'segments'}}
  graph.edgeset.apply %g segments(%s : !graph.segments<in>)
      schedule(#graph.schedule<direction = dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @apply_segments_wrong_direction(%g: !graph.edgeset, %s: !graph.segments<in>) {
  // expected-error @+1 {{'graph.edgeset.apply' op direction 'sparse_push_dense_push' traverses 'out' segments, got '!graph.segments<in>'}}
  graph.edgeset.apply %g segments(%s : !graph.segments<in>)
      schedule(#graph.schedule<direction = sparse_push_dense_push, segments = 2>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @apply_segments_other_graph(%g: !graph.edgeset<i32>, %s: !graph.segments<in>) {
  // expected-error @+1 {{'graph.edgeset.apply' op segments '!graph.segments<in>' are not those of a graph of type '!graph.edgeset<i32>'}}
  graph.edgeset.apply %g segments(%s : !graph.segments<in>)
      schedule(#graph.schedule<direction = dense_pull, segments = 2>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

func.func @segments_too_many(%g: !graph.edgeset) {
  %c = arith.constant 2000000 : index
  // expected-error @+1 {{'graph.segments' op segment count 2000000 exceeds the maximum of 1048576}}
  %s = graph.segments %g count(%c) fixed_vertex_count : !graph.edgeset -> !graph.segments<in>
  return
}

// -----

// Graph operations lower to runtime calls and loops: only inside a function.
// expected-error @+1 {{'graph.print' op must be inside a function}}
graph.print "outside"

// -----

func.func @reduce_unsigned_float(%v: !graph.vector<f64>, %i: index, %x: f64) {
  // expected-error @+1 {{'graph.reduce' op 'minu' needs an integer element type, got 'f64'}}
  %c = graph.reduce minu %v[%i], %x : !graph.vector<f64>
  return
}

// -----

func.func @vector_reduce_sub(%v: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.vector.reduce' op 'sub' does not combine a whole vector; use 'add'}}
  %s = graph.vector.reduce sub %v : !graph.vector<i32>
  return
}

// -----

func.func @vector_reduce_bool_add(%v: !graph.vector<i1>) {
  // expected-error @+1 {{'graph.vector.reduce' op 'add' needs a numeric element type, got i1; use 'or' or 'and'}}
  %s = graph.vector.reduce add %v : !graph.vector<i1>
  return
}

// -----

func.func @vector_reduce_unsigned_float(%v: !graph.vector<f64>) {
  // expected-error @+1 {{'graph.vector.reduce' op 'minu' needs an integer element type, got 'f64'}}
  %s = graph.vector.reduce minu %v : !graph.vector<f64>
  return
}

// -----

func.func @vector_reduce_half_range(%v: !graph.vector<i32>, %b: index) {
  // expected-error @+1 {{'graph.vector.reduce' op needs both ends of a range, or neither}}
  %s = "graph.vector.reduce"(%v, %b) <{kind = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (!graph.vector<i32>, index) -> i32
  return
}

// -----

func.func @vertex_loop_half_range(%s: !graph.vertexset, %b: index) {
  // expected-error @+1 {{'graph.vertexset.apply' op needs both ends of a range, or neither}}
  "graph.vertexset.apply"(%s, %b) <{operandSegmentSizes = array<i32: 1, 1, 0>}> ({
  ^bb0(%v: index):
    graph.yield
  }) : (!graph.vertexset, index) -> ()
  return
}

// -----

func.func @vertex_filter_half_range(%s: !graph.vertexset, %e: index) {
  // expected-error @+1 {{'graph.vertexset.filter' op needs both ends of a range, or neither}}
  %f = "graph.vertexset.filter"(%s, %e) <{operandSegmentSizes = array<i32: 1, 0, 1>}> ({
  ^bb0(%v: index):
    %t = arith.constant true
    graph.yield %t : i1
  }) : (!graph.vertexset, index) -> !graph.vertexset
  return
}

// -----

func.func @export_records(%v: !graph.vector<f64, record<16, 0>>) {
  // expected-error @+1 {{'graph.vector.export' op cannot publish a vector of records (fused fields) as a plain array}}
  graph.vector.export %v as "rank" : !graph.vector<f64, record<16, 0>>
  return
}

// -----

func.func @pq_new_wrong_priorities(%d: !graph.vector<i64>, %c1: index) {
  // expected-error @+1 {{'graph.pq.new' op priority vector '!graph.vector<i64>' does not hold the queue's priority type 'i32'}}
  %pq = graph.pq.new %d lower_first update(eager) delta(%c1) open_buckets(%c1) : !graph.vector<i64> -> !graph.priority_queue<i32>
  return
}

// -----

func.func @pq_new_start_and_all(%d: !graph.vector<i32>, %c1: index) {
  // expected-error @+1 {{'graph.pq.new' op a queue starts from one vertex or from all, not both}}
  %pq = graph.pq.new %d lower_first update(eager) delta(%c1) open_buckets(%c1) start(%c1) all : !graph.vector<i32> -> !graph.priority_queue<i32>
  return
}

// -----

func.func @pq_new_records(%d: !graph.vector<i32, record<8, 0>>, %c1: index) {
  // expected-error @+1 {{'graph.pq.new' op priorities cannot be a vector of records (fused fields)}}
  %pq = graph.pq.new %d lower_first update(eager) delta(%c1) open_buckets(%c1) : !graph.vector<i32, record<8, 0>> -> !graph.priority_queue<i32>
  return
}

// -----

func.func @pq_update_outside_traversal(%pq: !graph.priority_queue<i32>, %v: index, %x: i32) {
  // expected-error @+1 {{'graph.pq.update' op must be in the body of a graph.edgeset.apply with update_priority}}
  %c = graph.pq.update min %pq[%v], %x : !graph.priority_queue<i32>
  return
}

// -----

func.func @pq_update_other_queue(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %other: !graph.priority_queue<i32>, %x: i32) {
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index):
    // expected-error @+1 {{'graph.pq.update_sum' op updates a queue its traversal does not name in update_priority}}
    %c = graph.pq.update_sum %other[%dst], %x floor %x : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @pq_update_kind(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %x: i32) {
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index):
    // expected-error @+1 {{'graph.pq.update' op kind must be 'min' or 'max', got 'add'}}
    %c = graph.pq.update add %pq[%dst], %x : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @pq_fusion_pull(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op bucket fusion (priority_update = eager_with_fusion) needs direction 'sparse_push', got 'dense_pull'}}
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>) schedule(#graph.schedule<direction = dense_pull, priority_update = eager_with_fusion>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @pq_traversal_tracked(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %d: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op update_priority and track(...) cannot be combined}}
  %m = graph.edgeset.apply %g track(%d : !graph.vector<i32>) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @pq_dequeue_dups_vertex_loop(%pq: !graph.priority_queue<i32>, %vec: !graph.vector<i32>) {
  // expected-error @+1 {{'graph.pq.dequeue' op with keep_duplicates, the set may only be a traversal's frontier (from), freed, or read through a frontier's views; it is used by 'graph.vertexset.apply'}}
  %s = graph.pq.dequeue %pq keep_duplicates : !graph.priority_queue<i32>
  %c7 = arith.constant 7 : i32
  // expected-note @+1 {{used here}}
  graph.vertexset.apply %s {
  ^bb0(%v: index):
    %c = graph.reduce add %vec[%v], %c7 : !graph.vector<i32>
  }
  return
}

// -----

func.func @pq_dequeue_dups_to(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>) {
  // expected-error @+1 {{'graph.pq.dequeue' op with keep_duplicates, the set may only be a traversal's frontier (from), freed, or read through a frontier's views; it is used by 'graph.edgeset.apply'}}
  %s = graph.pq.dequeue %pq keep_duplicates : !graph.priority_queue<i32>
  // expected-note @+1 {{used here}}
  graph.edgeset.apply %g to(%s) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @pq_dequeue_dups_sum(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %x: i32) {
  // expected-error @+1 {{'graph.pq.dequeue' op with keep_duplicates, a traversal from the set may not add to a value (a vertex listed twice would add twice): 'graph.pq.update_sum'}}
  %s = graph.pq.dequeue %pq keep_duplicates : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%s) update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index):
    // expected-note @+1 {{added here}}
    %c = graph.pq.update_sum %pq[%dst], %x floor %x : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @pq_dequeue_dups_add(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %vec: !graph.vector<i32>, %x: i32) {
  // expected-error @+1 {{'graph.pq.dequeue' op with keep_duplicates, a traversal from the set may not add to a value (a vertex listed twice would add twice): 'graph.reduce'}}
  %s = graph.pq.dequeue %pq keep_duplicates : !graph.priority_queue<i32>
  graph.edgeset.apply %g from(%s) body {
  ^bb0(%src: index, %dst: index):
    // expected-note @+1 {{added here}}
    %c = graph.reduce add %vec[%dst], %x : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @pq_priorities_type(%pq: !graph.priority_queue<i32>) {
  // expected-error @+1 {{'graph.pq.priorities' op result must be a plain vector of the queue's priority type 'i32'}}
  %p = graph.pq.priorities %pq : !graph.priority_queue<i32> -> !graph.vector<i64>
  return
}

// -----

// expected-error @+1 {{delta must be positive, got 0}}
func.func @schedule_delta_zero() attributes {s = #graph.schedule<delta = 0>} {
  return
}

// -----

// expected-error @+1 {{fusion_threshold = argv[k] needs k >= 1, got 0}}
func.func @schedule_threshold_argv_zero() attributes {s = #graph.schedule<fusion_threshold = argv[0]>} {
  return
}

// -----

// expected-error @+1 {{unknown priority_update 'fastest'; expected one of: eager, eager_with_fusion, lazy, lazy_constant_sum}}
func.func @schedule_bad_priority_update() attributes {s = #graph.schedule<priority_update = fastest>} {
  return
}

// -----

// expected-error @+1 {{priorities must be i32 or i64, got 'i8'}}
func.func @pq_i8(%pq: !graph.priority_queue<i8>) {
  return
}

// -----

func.func @add_floored_bool(%v: !graph.vector<i1>, %i: index, %x: i1) {
  // expected-error @+1 {{'graph.vector.add_floored' op needs an integer element wider than i1}}
  %c, %now, %over = graph.vector.add_floored %v[%i], %x floor %x : !graph.vector<i1>
  return
}

// -----

func.func @alloc_per_vertex() {
  // expected-error @+1 {{'graph.vector.alloc' op result must have a length, got '!graph.vector<i32>'; per-vertex vectors come from graph.vector.new}}
  %v = graph.vector.alloc : !graph.vector<i32>
  return
}

// -----

func.func @alloc_init_type(%x: f32) {
  // expected-error @+1 {{'graph.vector.alloc' op init value of type 'f32' does not match element type 'i32'}}
  %v = graph.vector.alloc init(%x : f32) : !graph.vector<4xi32>
  return
}

// -----

func.func @new_fixed(%g: !graph.edgeset) {
  // expected-error @+1 {{'graph.vector.new' op result #0 must be per-vertex data, but got '!graph.vector<4xi32>'}}
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<4xi32>
  return
}

// -----

func.func @no_iteration(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'graph.parallel_for' op body must take (iteration: index) but takes 0 argument(s)}}
  graph.parallel_for %c0 to %n {
  }
  return
}

// -----

func.func @direction(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'graph.parallel_for' op schedule may only set 'parallel' and 'grain' on a vertex set operation}}
  graph.parallel_for %c0 to %n schedule(#graph.schedule<direction = dense_pull>) {
  ^bb0(%i: index):
  }
  return
}

// -----

func.func @keep_without_result(%g: !graph.edgeset, %f: !graph.vertexset) {
  %t = arith.constant true
  // expected-error @+1 {{'graph.edgeset.apply' op a body that yields whether to keep dst needs a result: the set of kept destinations}}
  graph.edgeset.apply %g from(%f) body {
  ^bb0(%src: index, %dst: index):
    graph.yield %t : i1
  } : !graph.edgeset
  return
}

// -----

func.func @keep_and_track(%g: !graph.edgeset, %f: !graph.vertexset, %v: !graph.vector<i32>) {
  %t = arith.constant true
  %c = arith.constant 1 : i32
  // expected-error @+1 {{'graph.edgeset.apply' op a body that yields whether to keep dst cannot also track(...) a vector}}
  %m = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>) dedup body {
  ^bb0(%src: index, %dst: index):
    graph.vector.set %v[%dst], %c : !graph.vector<i32>
    graph.yield %t : i1
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @keep_without_dedup(%g: !graph.edgeset, %f: !graph.vertexset) {
  %t = arith.constant true
  // expected-error @+1 {{'graph.edgeset.apply' op the set of kept destinations holds each once: it needs dedup}}
  %m = graph.edgeset.apply %g from(%f) body {
  ^bb0(%src: index, %dst: index):
    graph.yield %t : i1
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

func.func @keep_not_i1(%g: !graph.edgeset, %f: !graph.vertexset) {
  %x = arith.constant 1 : i32
  // expected-error @+1 {{'graph.edgeset.apply' op body must yield one i1 (keep the vertex?), yields 1 value(s) of type(s) 'i32'}}
  %m = graph.edgeset.apply %g from(%f) dedup body {
  ^bb0(%src: index, %dst: index):
    graph.yield %x : i32
  } : !graph.edgeset -> !graph.vertexset
  return
}

// -----

// expected-error @+1 {{list elements must be !graph.vertexset, index, i1, i8, i16, i32, i64, f32 or f64, got '!graph.edgeset'}}
func.func @list_of_graphs(%l: !graph.list<!graph.edgeset>) {
  return
}

// -----

func.func @list_append_type(%l: !graph.list<i32>, %x: f64) {
  // expected-error @+1 {{'graph.list.append' op failed to verify that the value is of the list's element type}}
  "graph.list.append"(%l, %x) : (!graph.list<i32>, f64) -> ()
  return
}

// -----

func.func @row_without_column(%v: !graph.vector<?x4xf64>, %i: index) -> f64 {
  // expected-error @+1 {{'graph.vector.get' op needs a column '[vertex, k]' in the rows of '!graph.vector<?x4xf64>'}}
  %x = graph.vector.get %v[%i] : !graph.vector<?x4xf64>
  return %x : f64
}

// -----

func.func @column_without_rows(%v: !graph.vector<f64>, %i: index, %x: f64) {
  // expected-error @+1 {{'graph.reduce' op takes one index on '!graph.vector<f64>', which has no rows}}
  %c = graph.reduce add %v[%i, %i], %x : !graph.vector<f64>
  return
}

// -----

// expected-error @+1 {{a vector of rows has no record layout (fields are fused one element per vertex)}}
func.func private @fused_rows(!graph.vector<?x4xf64, record<64, 0>>)

// -----

func.func @fill_rows(%v: !graph.vector<?x4xf64>, %x: f64) {
  // expected-error @+1 {{custom op 'graph.vector.fill' 'vector' must be a vector without rows, but got '!graph.vector<?x4xf64>'}}
  graph.vector.fill %v, %x : !graph.vector<?x4xf64>
  return
}

// -----

func.func @copy_rows(%a: !graph.vector<?x4xf64>, %b: !graph.vector<?x2xf64>) {
  // expected-error @+1 {{'graph.vector.copy' op copies between vectors of one element type, length and row length, got '!graph.vector<?x4xf64>' and '!graph.vector<?x2xf64>'}}
  graph.vector.copy %a, %b : !graph.vector<?x4xf64>, !graph.vector<?x2xf64>
  return
}

// -----

func.func @link_float_forest(%f: !graph.vector<f64>, %u: index) {
  // expected-error @+1 {{'graph.vector.link' op a union-find forest holds vertex ids, got '!graph.vector<f64>'}}
  graph.vector.link %f[%u, %u] : !graph.vector<f64>
  return
}

// -----

func.func @link_rows(%f: !graph.vector<?x2xi32>, %u: index) {
  // expected-error @+1 {{'graph.vector.link' op operand #0 must be}}
  "graph.vector.link"(%f, %u, %u) : (!graph.vector<?x2xi32>, index, index) -> ()
  return
}

// -----

func.func @find_float_forest(%f: !graph.vector<f32>, %u: index) {
  // expected-error @+1 {{'graph.vector.find' op a union-find forest holds vertex ids, got '!graph.vector<f32>'}}
  %r = graph.vector.find %f[%u] : !graph.vector<f32>
  return
}

// -----

func.func @find_result_type(%f: !graph.vector<i32>, %u: index) {
  // expected-error @+1 {{'graph.vector.find' op failed to verify that root is the vector's element type}}
  %r = "graph.vector.find"(%f, %u) : (!graph.vector<i32>, index) -> i64
  return
}

// -----

func.func @neighbor_range_pull(%g: !graph.edgeset, %k: index) {
  // expected-error @+1 {{'graph.edgeset.apply' op a neighbour range counts positions in out-edge lists and needs direction 'sparse_push' or 'dense_push', got 'sparse_push_dense_pull'}}
  graph.edgeset.apply %g neighbors_from(%k)
      schedule(#graph.schedule<direction = sparse_push_dense_pull>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @neighbor_range_segments(%g: !graph.edgeset, %k: index) {
  // expected-error @+1 {{'graph.edgeset.apply' op a neighbour range needs an unsegmented schedule}}
  graph.edgeset.apply %g neighbors_until(%k)
      schedule(#graph.schedule<direction = dense_push, segments = 4>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Weight arrays hold the weights' storage type: f32 and f64 as such.
func.func @adjacency_weights_f32_as_i32(%g: !graph.edgeset<f32>) {
  // expected-error @+1 {{'graph.adjacency_weights' op result #0 must be 1D memref of 32-bit float values, but got 'memref<?xi32>' (for 'f32' weights)}}
  %w = graph.adjacency_weights in %g : !graph.edgeset<f32> -> memref<?xi32>
  return
}

// -----

func.func @adjacency_weights_placed_f64(%g: !graph.edgeset<f64>) {
  // expected-error @+1 {{'graph.adjacency_weights' op GPU kernels read int32 edge weights; 'f64' weights run on the CPU only (compile without --target=gpu)}}
  %w = graph.adjacency_weights out %g placed device : !graph.edgeset<f64> -> memref<?xf64>
  return
}

// -----

func.func @segment_weights_f64_as_f32(%s: !graph.segments<out, f64>, %i: index) {
  // expected-error @+1 {{'graph.segment.weights' op result #0 must be 1D memref of 64-bit float values, but got 'memref<?xf32>' (for 'f64' weights)}}
  %w = graph.segment.weights %s[%i] : !graph.segments<out, f64> -> memref<?xf32>
  return
}

// -----

func.func @near_edge_share_window(%g: !graph.edgeset) -> f64 {
  // expected-error @+1 {{'graph.near_edge_share' op attribute 'window' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %s = graph.near_edge_share %g window 0 : !graph.edgeset
  return %s : f64
}
