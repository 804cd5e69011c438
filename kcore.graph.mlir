module {
  func.func @main() {
    %0 = graph.argv 1
    %1 = graph.load %0 : !graph.edgeset
    %2 = graph.vertexset.new %1 all : !graph.edgeset
    %3 = graph.out_degrees %1 {graph.field = "D"} : !graph.edgeset -> !graph.vector<i32>
    %4 = graph.pq.none : !graph.priority_queue<i32>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %5 = arith.subi %c0_i32, %c1_i32 : i32
    %6 = arith.index_cast %5 : i32 to index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %7 = graph.pq.new %3 lower_first update(lazy_constant_sum) delta(%c1) open_buckets(%c128) all : !graph.vector<i32> -> !graph.priority_queue<i32>
    %c0_i32_0 = arith.constant 0 : i32
    %8 = scf.while (%arg0 = %c0_i32_0) : (i32) -> i32 {
      %10 = graph.num_vertices %1 : !graph.edgeset
      %11 = arith.index_cast %10 : index to i32
      %12 = arith.cmpi ne, %arg0, %11 : i32
      scf.condition(%12) %arg0 : i32
    } do {
    ^bb0(%arg0: i32):
      %10 = graph.pq.dequeue %7 : !graph.priority_queue<i32>
      %11 = graph.vertexset.size %10
      %12 = arith.index_cast %11 : index to i32
      %13 = arith.addi %arg0, %12 : i32
      graph.edgeset.apply %1 from(%10) update_priority(%7 : !graph.priority_queue<i32>) label("s1") schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = lazy_constant_sum>) body {
      ^bb0(%arg1: index, %arg2: index):
        %14 = graph.pq.current_priority %7 : !graph.priority_queue<i32>
        %c-1_i32 = arith.constant -1 : i32
        %15 = graph.pq.update_sum %7[%arg2], %c-1_i32 floor %14 : !graph.priority_queue<i32>
        graph.yield
      } : !graph.edgeset
      graph.vertexset.free %10
      scf.yield %13 : i32
    }
    graph.pq.free %7 : !graph.priority_queue<i32>
    %9 = graph.pq.none : !graph.priority_queue<i32>
    graph.vertexset.apply %2 label("print") schedule(#graph.schedule<parallel = serial>) {
    ^bb0(%arg0: index):
      %10 = graph.vector.get %3[%arg0] : !graph.vector<i32>
      graph.print %10 : i32
    }
    return
  }
}
