// RUN: graph-opt %s --graph-distribute --split-input-file -verify-diagnostics
// RUN: not graph-opt %s --graph-distribute=mpi-implementation=LAM --split-input-file 2>&1 | FileCheck %s --check-prefix=IMPL
// IMPL: error: mpi-implementation must be OpenMPI or MPICH, got 'LAM'

// Every rank runs main.
// expected-error @below {{a distributed program needs a 'main' function: every MPI rank runs it}}
module {
  func.func @library(%g: !graph.edgeset) {
    return
  }
}

// -----

// A rank owns only its destinations.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    %x = graph.vector.get %v[%dst] : !graph.vector<f64>
    // expected-error @below {{'graph.reduce' op in a distributed traversal may write vertex data only at the body's destination vertex, which the rank owns}}
    %c = graph.reduce add %v[%src], %x : !graph.vector<f64>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Filters only read.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %v = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %one = arith.constant 1 : i32
  graph.edgeset.apply %g dst_filter {
  ^bb0(%x: index):
    // expected-error @below {{'graph.vector.set' op in a distributed traversal may write vertex data only at the body's destination vertex, which the rank owns}}
    graph.vector.set %v[%x], %one : !graph.vector<i32>
    %t = arith.constant true
    graph.yield %t : i1
  } body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

// Other side effects would differ between ranks.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %s = graph.vertexset.new %g : !graph.edgeset
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index):
    // expected-error @below {{'graph.vertexset.insert' op has effects a distributed traversal cannot keep the same on every rank: its body may only read, and write its destination's vertex data}}
    graph.vertexset.insert %s, %dst
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %c1 = arith.constant 1 : index
  // expected-error @below {{'graph.edgeset.apply' op with neighbors_from/neighbors_until cannot be distributed: edge positions are those of a whole out-edge list, which no rank holds}}
  graph.edgeset.apply %g neighbors_from(%c1) schedule(#graph.schedule<direction = dense_push>) body {
  ^bb0(%src: index, %dst: index):
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %prio = graph.vector.new %g : !graph.edgeset -> !graph.vector<i32>
  %c1 = arith.constant 1 : index
  %pq = graph.pq.new %prio higher_first update(lazy_constant_sum) delta(%c1) open_buckets(%c1) : !graph.vector<i32> -> !graph.priority_queue<i32>
  %x = arith.constant -1 : i32
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>) body {
  ^bb0(%src: index, %dst: index):
    // expected-error @below {{'graph.pq.update_sum' op cannot be distributed yet: a constant-sum update counts a vertex's updates, and other ranks' counts would have to be added}}
    %c = graph.pq.update_sum %pq[%dst], %x floor %x : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  // expected-error @below {{'graph.relabel' op cannot be distributed: it reads edges of vertices that other ranks hold}}
  %r = graph.relabel %g : !graph.edgeset
  return
}

// -----

func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  // expected-error @below {{'graph.transpose' op cannot be distributed: it reads edges of vertices that other ranks hold}}
  %t = graph.transpose %g : !graph.edgeset
  return
}

// -----

func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %c0 = arith.constant 0 : index
  // expected-error @below {{'graph.common_neighbors' op cannot be distributed: it reads edges of vertices that other ranks hold}}
  %n = graph.common_neighbors %g[%c0, %c0] : !graph.edgeset
  return
}

// -----

func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  // expected-error @below {{'graph.adjacency' op cannot be distributed: it reads edges of vertices that other ranks hold}}
  %o, %n = graph.adjacency out %g : !graph.edgeset -> memref<?xi64>, memref<?xi32>
  return
}

// -----

func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  // expected-error @below {{'graph.adjacency_weights' op cannot be distributed: it reads edges of vertices that other ranks hold}}
  %w = graph.adjacency_weights out %g : !graph.edgeset<i32> -> memref<?xi32>
  return
}

// -----

// A variable updated two ways has no one way to combine the ranks' values.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  %x = memref.alloca() : memref<i32>
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %a = memref.atomic_rmw addi %w, %x[] : (i32, memref<i32>) -> i32
    // expected-error @below {{'memref.atomic_rmw' op writes a variable that the traversal also updates another way: the ranks cannot combine them}}
    %b = memref.atomic_rmw maxs %w, %x[] : (i32, memref<i32>) -> i32
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// A scalar assignment other than of a flag cannot be combined.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset<i32>
  %x = memref.alloca() : memref<i32>
  graph.edgeset.apply %g body {
  ^bb0(%src: index, %dst: index, %w: i32):
    // expected-error @below {{'memref.store' op has effects a distributed traversal cannot keep the same on every rank: its body may only read, and write its destination's vertex data}}
    memref.store %w, %x[] : memref<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}

// -----

// A traversal's mirrors are MPI calls: not from the threads of a parallel loop.
func.func @main() {
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  graph.parallel_for %c0 to %c4 {
  ^bb0(%i: index):
    // expected-error @below {{'graph.edgeset.apply' op inside a parallel loop cannot be distributed: its MPI calls would come from several threads at once}}
    graph.edgeset.apply %g body {
    ^bb0(%src: index, %dst: index):
      graph.yield
    } : !graph.edgeset
  }
  return
}

// -----

// Ranks exchange int32 weights: a float or double graph stays on one machine.
func.func @main() {
  %path = graph.argv 1
  // expected-error @below {{'graph.load' op of 'f64' edge weights cannot be distributed: ranks load and exchange int32 weights}}
  %g = graph.load %path : !graph.edgeset<f64>
  return
}
