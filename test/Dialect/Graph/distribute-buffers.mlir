// RUN: graph-opt %s --graph-distribute --split-input-file | FileCheck %s

// graph-fuse-epilogue's double buffer: the round loop carries `contrib` and
// its second buffer, swapping them each round; the pull reads the current
// one at its sources and the epilogue writes the next one at its vertex.
// graph-distribute follows the vector through the loop's iteration
// arguments, its results and the yield's swap: both buffers are
// `partition mirrored` (the rank's owned elements and its mirrors' slots),
// the mirror by need after each pull says so itself (its vector is an
// iteration argument, not the graph.vector.new), and the copy back after an
// odd number of swaps copies the rank's owned elements, then fills the
// mirrors' slots with a mirror by need. `rank` is read only at owned
// vertices: `partition owned`, as is the pull's `acc`.
// CHECK-LABEL: func.func @main()
// CHECK:         %[[G:.*]] = graph.load %{{.*}} distributed
// CHECK-NEXT:    %[[SLOTS:.*]] = graph.mirror_slots %[[G]]
// CHECK-NEXT:    %[[LO:.*]], %[[HI:.*]] = graph.owned_range %[[G]]
// CHECK:         %[[RANK:.*]] = graph.vector.new %[[G]] init(%{{.*}} : f64) partition owned :
// CHECK-NEXT:    %[[CONTRIB:.*]] = graph.vector.new %[[G]] partition mirrored :
// CHECK-NEXT:    %[[NEXT:.*]] = graph.vector.new %[[G]] partition mirrored :
// CHECK-NEXT:    graph.vector.new %[[G]] partition owned :
// CHECK:         graph.vertexset.apply %{{.*}}[%{{.*}} to %{{.*}}] label("contrib")
// CHECK:         graph.vector.mirror %[[G]], %[[CONTRIB]] needed partition mirrored :
// CHECK:         %[[LOOP:.*]]:3 = scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[CONTRIB]], %[[NEW:.*]] = %[[NEXT]], %{{.*}} = %{{.*}})
// CHECK:           graph.edgeset.apply %[[G]] reset
// CHECK-NEXT:      ^bb0(%[[SRC:.*]]: index, %{{.*}}: index):
// CHECK-NEXT:        %[[AT:.*]] = graph.mirror_slot %[[SLOTS]][%[[SRC]]] owned(%[[LO]], %[[HI]])
// CHECK-NEXT:        graph.vector.get %[[CUR]][%[[AT]]]
// CHECK:           } epilogue {
// CHECK:             graph.vector.set %[[NEW]]
// CHECK:           graph.vector.mirror %[[G]], %[[NEW]] needed partition mirrored :
// CHECK:           scf.yield %[[NEW]], %[[CUR]]
// CHECK:         scf.if %[[LOOP]]#2 {
// CHECK-NEXT:      %[[BEGIN:.*]], %[[END:.*]] = graph.owned_range %[[G]]
// CHECK-NEXT:      graph.parallel_for %[[BEGIN]] to %[[END]] schedule(#graph.schedule<parallel = static_vertex>) {
// CHECK-NEXT:      ^bb0(%[[V:.*]]: index):
// CHECK-NEXT:        %[[X:.*]] = graph.vector.get %[[LOOP]]#0[%[[V]]]
// CHECK-NEXT:        graph.vector.set %[[CONTRIB]][%[[V]]], %[[X]]
// CHECK-NEXT:      }
// CHECK-NEXT:      graph.vector.mirror %[[G]], %[[CONTRIB]] needed partition mirrored :
// CHECK-NEXT:    }
// CHECK-NOT:     graph.vector.copy
// CHECK:         graph.vector.gather %[[G]], %[[RANK]]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f64
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %all = graph.vertexset.new %g all : !graph.edgeset
  %rank = graph.vector.new %g init(%one : f64) : !graph.edgeset -> !graph.vector<f64>
  %contrib = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %next = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %acc = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  graph.vertexset.apply %all label("contrib") {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<f64>
    graph.vector.set %contrib[%v], %r : !graph.vector<f64>
  }
  %false = arith.constant false
  %loop:3 = scf.for %i = %c0 to %c5 step %c1 iter_args(%cur = %contrib, %new = %next, %swapped = %false) -> (!graph.vector<f64>, !graph.vector<f64>, i1) {
    graph.edgeset.apply %g reset(0.0 : f64) label("s1") schedule(#graph.schedule<direction = dense_pull>) body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %cur[%src] : !graph.vector<f64>
      %s = graph.reduce add %acc[%dst], %c : !graph.vector<f64>
      graph.yield
    } epilogue {
    ^bb0(%v: index, %sum: f64):
      graph.vector.set %rank[%v], %sum : !graph.vector<f64>
      graph.vector.set %new[%v], %sum : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
    %true = arith.constant true
    %flip = arith.xori %swapped, %true : i1
    scf.yield %new, %cur, %flip : !graph.vector<f64>, !graph.vector<f64>, i1
  }
  scf.if %loop#2 {
    graph.vector.copy %loop#0, %contrib : !graph.vector<f64>, !graph.vector<f64>
  }
  graph.vertexset.apply %all label("print") schedule(#graph.schedule<parallel = serial>) {
  ^bb0(%v: index):
    %r = graph.vector.get %rank[%v] : !graph.vector<f64>
    graph.print %r : f64
  }
  return
}

// -----

// A loop that carries a vector and one made elsewhere (a function's
// argument) alike: the class has storage graph-distribute did not make, so
// both stay whole, mirrored to every rank.
// CHECK-LABEL: func.func @carried(
// CHECK:         graph.vector.new %{{.*}} partition whole :
// CHECK:         graph.vector.mirror %{{.*}}, %{{.*}} :
func.func @carried(%other: !graph.vector<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %path = graph.argv 1
  %g = graph.load %path : !graph.edgeset
  %all = graph.vertexset.new %g all : !graph.edgeset
  %x = graph.vector.new %g : !graph.edgeset -> !graph.vector<f64>
  %loop:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%cur = %x, %new = %other) -> (!graph.vector<f64>, !graph.vector<f64>) {
    graph.edgeset.apply %g schedule(#graph.schedule<direction = dense_pull>) body {
    ^bb0(%src: index, %dst: index):
      %c = graph.vector.get %cur[%src] : !graph.vector<f64>
      %s = graph.reduce add %new[%dst], %c : !graph.vector<f64>
      graph.yield
    } : !graph.edgeset
    scf.yield %new, %cur : !graph.vector<f64>, !graph.vector<f64>
  }
  return
}
func.func @main() {
  return
}
