// Memory effects let the generic cleanups work on graph IR: CSE merges
// repeated reads but never across a write, canonicalization removes unused
// reads and folds the size of a set of all vertices, and operations that may
// stop the program with an error are not hoisted out of loops.
// RUN: graph-opt %s --cse --split-input-file | FileCheck %s --check-prefix=CSE
// RUN: graph-opt %s --canonicalize --split-input-file | FileCheck %s --check-prefix=CANON
// RUN: graph-opt %s --loop-invariant-code-motion --split-input-file | FileCheck %s --check-prefix=LICM

// CSE-LABEL: func.func @reads
// CSE:      %[[A:.*]] = graph.vector.get %[[V:.*]][%[[I:.*]]]
// CSE-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[A]]
// CSE-NEXT: graph.vector.set %[[V]][%[[I]]], %[[S]]
// CSE-NEXT: %[[B:.*]] = graph.vector.get %[[V]][%[[I]]]
// CSE-NEXT: return %[[B]]
func.func @reads(%v: !graph.vector<i32>, %i: index) -> i32 {
  %a = graph.vector.get %v[%i] : !graph.vector<i32>
  %b = graph.vector.get %v[%i] : !graph.vector<i32>
  %s = arith.addi %a, %b : i32
  graph.vector.set %v[%i], %s : !graph.vector<i32>
  %c = graph.vector.get %v[%i] : !graph.vector<i32>
  return %c : i32
}

// -----

// A reduction writes: the read after it stays.
// CSE-LABEL: func.func @reduce_between
// CSE:      graph.vector.get
// CSE-NEXT: graph.reduce add
// CSE-NEXT: graph.vector.get
func.func @reduce_between(%v: !graph.vector<f64>, %i: index, %x: f64) -> (f64, f64) {
  %a = graph.vector.get %v[%i] : !graph.vector<f64>
  %changed = graph.reduce add %v[%i], %x : !graph.vector<f64>
  %b = graph.vector.get %v[%i] : !graph.vector<f64>
  return %a, %b : f64, f64
}

// -----

// Two traversals each make a new set: never merged.
// CSE-LABEL: func.func @applies
// CSE-COUNT-2: graph.edgeset.apply
func.func @applies(%g: !graph.edgeset, %f: !graph.vertexset, %v: !graph.vector<i32>) -> (!graph.vertexset, !graph.vertexset) {
  %a = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>) body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %v[%src] : !graph.vector<i32>
    %c = graph.reduce min %v[%dst], %x : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  %b = graph.edgeset.apply %g from(%f) track(%v : !graph.vector<i32>) body {
  ^bb0(%src2: index, %dst2: index):
    %y = graph.vector.get %v[%src2] : !graph.vector<i32>
    %d = graph.reduce min %v[%dst2], %y : !graph.vector<i32>
    graph.yield
  } : !graph.edgeset -> !graph.vertexset
  return %a, %b : !graph.vertexset, !graph.vertexset
}

// -----

// CANON-LABEL: func.func @dead_read
// CANON-NOT:   graph.vector.get
// CANON:       return
func.func @dead_read(%v: !graph.vector<i32>, %i: index) {
  %a = graph.vector.get %v[%i] : !graph.vector<i32>
  return
}

// -----

// CANON-LABEL: func.func @size_of_all
// CANON:       graph.vertexset.apply
// CANON:       %[[N:.*]] = graph.num_vertices %{{.*}} : !graph.edgeset
// CANON-NEXT:  graph.vertexset.free
// CANON-NEXT:  return %[[N]]
func.func @size_of_all(%g: !graph.edgeset, %v: !graph.vector<i32>) -> index {
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.apply %all {
  ^bb0(%x: index):
    %c = arith.constant 1 : i32
    graph.vector.set %v[%x], %c : !graph.vector<i32>
  }
  %n = graph.vertexset.size %all
  graph.vertexset.free %all
  return %n : index
}

// -----

// An empty set, or one that is written, keeps its size op.
// CANON-LABEL: func.func @size_of_written
// CANON-COUNT-2: graph.vertexset.size
func.func @size_of_written(%g: !graph.edgeset, %i: index) -> (index, index) {
  %empty = graph.vertexset.new %g : !graph.edgeset
  %a = graph.vertexset.size %empty
  %all = graph.vertexset.new %g all : !graph.edgeset
  graph.vertexset.insert %all, %i
  %b = graph.vertexset.size %all
  return %a, %b : index, index
}

// -----

// argv and atoi stop the program on a missing or bad argument: a loop that
// does not run must not run them.
// LICM-LABEL: func.func @not_hoisted
// LICM:       scf.for
// LICM-NEXT:    graph.argv 3
// LICM-NEXT:    graph.atoi
func.func @not_hoisted(%n: index, %v: !graph.vector<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = graph.argv 3
    %k = graph.atoi %s : i32
    graph.vector.set %v[%i], %k : !graph.vector<i32>
  }
  return
}

// -----

// A set sized by a constant, or by the graph's own vertex count, folds to a
// static set (0: empty, else all); any other size stays.
// CANON-LABEL: func.func @sized_set
// CANON-SAME: (%[[G:[^:]*]]: !graph.edgeset, %[[H:[^:]*]]: !graph.edgeset, %[[N:[^:]*]]: i32)
// CANON-DAG:    %[[A:.*]] = graph.vertexset.new %[[G]] all : !graph.edgeset
// CANON-DAG:    %[[B:.*]] = graph.vertexset.new %[[G]] : !graph.edgeset
// CANON-DAG:    %[[C:.*]] = graph.vertexset.new %[[G]] all : !graph.edgeset
// CANON-DAG:    %[[D:.*]] = graph.vertexset.new %[[G]] size(%{{.*}} : i32) : !graph.edgeset
// CANON-DAG:    %[[E:.*]] = graph.vertexset.new %[[G]] size(%[[N]] : i32) : !graph.edgeset
// CANON:        return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @sized_set(%g: !graph.edgeset, %h: !graph.edgeset, %n: i32)
    -> (!graph.vertexset, !graph.vertexset, !graph.vertexset,
        !graph.vertexset, !graph.vertexset) {
  %c5 = arith.constant 5 : i32
  %c0 = arith.constant 0 : i32
  %a = graph.vertexset.new %g size(%c5 : i32) : !graph.edgeset
  %b = graph.vertexset.new %g size(%c0 : i32) : !graph.edgeset
  %count = graph.num_vertices %g : !graph.edgeset
  %count32 = arith.index_cast %count : index to i32
  %c = graph.vertexset.new %g size(%count32 : i32) : !graph.edgeset
  %other = graph.num_vertices %h : !graph.edgeset
  %other32 = arith.index_cast %other : index to i32
  %d = graph.vertexset.new %g size(%other32 : i32) : !graph.edgeset
  %e = graph.vertexset.new %g size(%n : i32) : !graph.edgeset
  return %a, %b, %c, %d, %e : !graph.vertexset, !graph.vertexset,
      !graph.vertexset, !graph.vertexset, !graph.vertexset
}
