// graph.check_index: it round-trips (its verifier errors are in
// check-index-invalid.mlir), canonicalization removes exactly the checks whose
// index is known in range (traversal and vertex-set vertices, loops over the
// vertex count, constants and loops within a fixed length or a row), keeping
// the others: argv values, loop variables from a negative or unknown start,
// loops beyond the length, weights, vertices indexing a fixed-length vector.
// RUN: graph-opt %s --split-input-file | graph-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: graph-opt %s --split-input-file --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: graph-opt %s --split-input-file --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM

// ROUND-LABEL: func.func @forms
// ROUND:      graph.check_index %{{.*}} in %{{.*}} "'vals'" from "argv[2]" : !graph.vector<i32>
// ROUND:      graph.check_index %{{.*}} in %{{.*}} column "the rows of 'latent'" : !graph.vector<?x3xf64>
// ROUND:      graph.check_index %{{.*}} in %{{.*}} "the vertices of 'edges'" : !graph.edgeset
func.func @forms(%g: !graph.edgeset, %v: !graph.vector<i32>,
                 %rows: !graph.vector<?x3xf64>, %i: index) -> (index, index, index) {
  %a = graph.check_index %i in %v "'vals'" from "argv[2]" : !graph.vector<i32>
  %b = graph.check_index %i in %rows column "the rows of 'latent'" : !graph.vector<?x3xf64>
  %c = graph.check_index %i in %g "the vertices of 'edges'" : !graph.edgeset
  return %a, %b, %c : index, index, index
}

// -----

// Vertices a traversal hands its body and filters are in range of
// per-vertex data; the weight is no vertex.
// CANON-LABEL: func.func @traversal
// CANON:      graph.edgeset.apply
// CANON-SAME: dst_filter
// CANON-NOT:  graph.check_index
// CANON:      } body {
// CANON-NEXT: ^bb0(%[[SRC:.*]]: index, %[[DST:.*]]: index, %[[W:.*]]: i32):
// CANON-NEXT:   %[[WI:.*]] = arith.index_cast %[[W]]
// CANON-NEXT:   %[[CW:.*]] = graph.check_index %[[WI]] in
// CANON-NEXT:   graph.vector.get %{{.*}}[%[[CW]]]
// CANON-NEXT:   graph.vector.set %{{.*}}[%[[DST]]]
func.func @traversal(%g: !graph.edgeset<i32>, %v: !graph.vector<i32>) {
  graph.edgeset.apply %g dst_filter {
  ^bb0(%u: index):
    %cu = graph.check_index %u in %v "'v'" : !graph.vector<i32>
    %x = graph.vector.get %v[%cu] : !graph.vector<i32>
    %keep = arith.cmpi eq, %x, %x : i32
    graph.yield %keep : i1
  } body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %wi = arith.index_cast %w : i32 to index
    %cw = graph.check_index %wi in %v "'v'" : !graph.vector<i32>
    %x = graph.vector.get %v[%cw] : !graph.vector<i32>
    %cs = graph.check_index %dst in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%cs], %x : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// Vertex-set bodies: a vertex is in range of per-vertex data and of the
// graph, not of a fixed-length vector.
// CANON-LABEL: func.func @vertex_bodies
// CANON:      graph.vertexset.apply
// CANON-NEXT: ^bb0(%[[V:.*]]: index):
// CANON-NEXT:   %[[C:.*]] = graph.check_index %[[V]] in %{{.*}} "'four'" : !graph.vector<4xi32>
// CANON-NEXT:   graph.vector.set %{{.*}}[%[[C]]]
// CANON-NEXT:   graph.vector.set %{{.*}}[%[[V]]]
// CANON-NEXT:   graph.vector.set %{{.*}}[%[[V]]]
// CANON:      graph.vertexset.filter
// CANON-NEXT: ^bb0(%[[U:.*]]: index):
// CANON-NEXT:   graph.vector.get %{{.*}}[%[[U]]]
func.func @vertex_bodies(%g: !graph.edgeset, %s: !graph.vertexset,
                         %v: !graph.vector<i32>, %four: !graph.vector<4xi32>)
    -> !graph.vertexset {
  %c1 = arith.constant 1 : i32
  graph.vertexset.apply %s {
  ^bb0(%v0: index):
    %a = graph.check_index %v0 in %four "'four'" : !graph.vector<4xi32>
    graph.vector.set %four[%a], %c1 : !graph.vector<4xi32>
    %b = graph.check_index %v0 in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%b], %c1 : !graph.vector<i32>
    %c = graph.check_index %v0 in %g "the vertices of 'g'" : !graph.edgeset
    graph.vector.set %v[%c], %c1 : !graph.vector<i32>
    graph.yield
  }
  %f = graph.vertexset.filter %s {
  ^bb0(%u: index):
    %a = graph.check_index %u in %v "'v'" : !graph.vector<i32>
    %x = graph.vector.get %v[%a] : !graph.vector<i32>
    %keep = arith.cmpi eq, %x, %c1 : i32
    graph.yield %keep : i1
  }
  return %f : !graph.vertexset
}

// -----

// Loops over [0, |V|), through the i32 casts of GraphIt's `int` loop
// variables, need no check; loops from -3, from an unknown start or by an
// unknown step do.
// CANON-LABEL: func.func @vertex_loops
// CANON:      scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CANON-NEXT:   %[[X:.*]] = arith.index_cast %[[I]] : i32 to index
// CANON-NEXT:   graph.vector.set %{{.*}}[%[[X]]]
// CANON:      graph.parallel_for
// CANON-NEXT: ^bb0(%[[P:.*]]: index):
// CANON-NEXT:   graph.vector.set %{{.*}}[%[[P]]]
// CANON:      scf.for
// CANON:        graph.check_index %{{.*}} in %{{.*}} "'v'" from "loop variable 'i'"
// CANON:      scf.for
// CANON:        graph.check_index %{{.*}} in %{{.*}} "'v'" from "loop variable 'j'"
// CANON:      scf.for
// CANON:        graph.check_index %{{.*}} in %{{.*}} "'v'" from "loop variable 'k'"
// CANON:      graph.parallel_for
// CANON:        graph.check_index %{{.*}} in %{{.*}} "'v'" from "loop variable 'p'"
func.func @vertex_loops(%g: !graph.edgeset, %v: !graph.vector<i32>,
                        %lo: i32, %step: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm3 = arith.constant -3 : i32
  %n = graph.num_vertices %g : !graph.edgeset
  %n32 = arith.index_cast %n : index to i32
  scf.for %i = %c0 to %n32 step %c1 : i32 {
    %x = arith.index_cast %i : i32 to index
    %cx = graph.check_index %x in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%cx], %c1 : !graph.vector<i32>
  }
  %z = arith.constant 0 : index
  graph.parallel_for %z to %n {
  ^bb0(%p: index):
    %cp = graph.check_index %p in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%cp], %c1 : !graph.vector<i32>
    graph.yield
  }
  scf.for %i = %cm3 to %n32 step %c1 : i32 {
    %x = arith.index_cast %i : i32 to index
    %cx = graph.check_index %x in %v "'v'" from "loop variable 'i'" : !graph.vector<i32>
    graph.vector.set %v[%cx], %c1 : !graph.vector<i32>
  }
  scf.for %j = %lo to %n32 step %c1 : i32 {
    %x = arith.index_cast %j : i32 to index
    %cx = graph.check_index %x in %v "'v'" from "loop variable 'j'" : !graph.vector<i32>
    graph.vector.set %v[%cx], %c1 : !graph.vector<i32>
  }
  scf.for %k = %c0 to %n32 step %step : i32 {
    %x = arith.index_cast %k : i32 to index
    %cx = graph.check_index %x in %v "'v'" from "loop variable 'k'" : !graph.vector<i32>
    graph.vector.set %v[%cx], %c1 : !graph.vector<i32>
  }
  %m3 = arith.constant -3 : index
  graph.parallel_for %m3 to %n {
  ^bb0(%p: index):
    %cp = graph.check_index %p in %v "'v'" from "loop variable 'p'" : !graph.vector<i32>
    graph.vector.set %v[%cp], %c1 : !graph.vector<i32>
    graph.yield
  }
  return
}

// -----

// Fixed lengths and rows: constants and loops within the length need no
// check; 4, -1, a loop to 5 and a vertex loop do.
// CANON-LABEL: func.func @fixed
// CANON:      %[[C0:.*]] = arith.constant 0 : index
// CANON:      graph.vector.set %{{.*}}[%[[C0]]]
// CANON:      graph.check_index %{{.*}} in %{{.*}} "'four'" from "a constant"
// CANON:      graph.check_index %{{.*}} in %{{.*}} "'four'" from "a constant"
// CANON:      scf.for
// CANON-NOT:    graph.check_index
// CANON:      scf.for
// CANON-NEXT:   arith.index_cast
// CANON-NEXT:   graph.check_index %{{.*}} in %{{.*}} "'four'" from "loop variable 'i'"
// CANON:      scf.for
// CANON-NEXT:   arith.index_cast
// CANON-NEXT:   graph.check_index %{{.*}} in %{{.*}} "'four'" from "loop variable 'v'"
// CANON:      graph.check_index %{{.*}} in %{{.*}} column "the rows of 'rows'" from "a constant"
// CANON-NOT:  graph.check_index
// CANON:      return
func.func @fixed(%g: !graph.edgeset, %four: !graph.vector<4xi32>,
                 %rows: !graph.vector<?x3xf64>, %v: index) {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %cm1 = arith.constant -1 : index
  %a = graph.check_index %c0 in %four "'four'" from "a constant" : !graph.vector<4xi32>
  graph.vector.set %four[%a], %c1 : !graph.vector<4xi32>
  %b = graph.check_index %c4 in %four "'four'" from "a constant" : !graph.vector<4xi32>
  graph.vector.set %four[%b], %c1 : !graph.vector<4xi32>
  %c = graph.check_index %cm1 in %four "'four'" from "a constant" : !graph.vector<4xi32>
  graph.vector.set %four[%c], %c1 : !graph.vector<4xi32>
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %four32 = arith.constant 4 : i32
  %five32 = arith.constant 5 : i32
  scf.for %i = %z to %four32 step %one : i32 {
    %x = arith.index_cast %i : i32 to index
    %cx = graph.check_index %x in %four "'four'" from "loop variable 'i'" : !graph.vector<4xi32>
    graph.vector.set %four[%cx], %c1 : !graph.vector<4xi32>
  }
  scf.for %i = %z to %five32 step %one : i32 {
    %x = arith.index_cast %i : i32 to index
    %cx = graph.check_index %x in %four "'four'" from "loop variable 'i'" : !graph.vector<4xi32>
    graph.vector.set %four[%cx], %c1 : !graph.vector<4xi32>
  }
  %n = graph.num_vertices %g : !graph.edgeset
  %n32 = arith.index_cast %n : index to i32
  scf.for %i = %z to %n32 step %one : i32 {
    %x = arith.index_cast %i : i32 to index
    %cx = graph.check_index %x in %four "'four'" from "loop variable 'v'" : !graph.vector<4xi32>
    graph.vector.set %four[%cx], %c1 : !graph.vector<4xi32>
  }
  %f = arith.constant 1.0 : f64
  %k = graph.check_index %c3 in %rows column "the rows of 'rows'" from "a constant" : !graph.vector<?x3xf64>
  %k2 = graph.check_index %c0 in %rows column "the rows of 'rows'" : !graph.vector<?x3xf64>
  graph.vector.set %rows[%v, %k2], %f : !graph.vector<?x3xf64>
  graph.vector.set %rows[%v, %k], %f : !graph.vector<?x3xf64>
  return
}

// -----

// A check stops the program: it is not hoisted out of the loop or branch
// it guards.
// LICM-LABEL: func.func @not_hoisted
// LICM:      scf.for
// LICM-NEXT:   graph.check_index
func.func @not_hoisted(%v: !graph.vector<i32>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  scf.for %j = %c0 to %n step %c1 {
    %ci = graph.check_index %i in %v "'v'" : !graph.vector<i32>
    graph.vector.set %v[%ci], %one : !graph.vector<i32>
  }
  return
}
