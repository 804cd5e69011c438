module {
  func.func @main() {
    %0 = graph.argv 1
    %1 = graph.load %0 : !graph.edgeset
    %2 = graph.vertexset.new %1 all : !graph.edgeset
    %c-1_i32 = arith.constant -1 : i32
    %3 = graph.vector.new %1 init(%c-1_i32 : i32) {graph.field = "parent"} : !graph.edgeset -> !graph.vector<i32>
    %4 = graph.vertexset.new %1 : !graph.edgeset
    %5 = graph.argv 2
    %6 = graph.atoi %5 : i32
    %7 = arith.index_cast %6 : i32 to index
    graph.vertexset.insert %4, %7
    %8 = arith.index_cast %6 : i32 to index
    %9 = graph.check_index %8 in %3 "'parent'" from "variable 'start_vertex' = argv[2]" : !graph.vector<i32>
    graph.vector.set %3[%9], %6 : !graph.vector<i32>
    %10 = scf.while (%arg0 = %4) : (!graph.vertexset) -> !graph.vertexset {
      %11 = graph.vertexset.size %arg0
      %12 = arith.index_cast %11 : index to i32
      %c0_i32 = arith.constant 0 : i32
      %13 = arith.cmpi ne, %12, %c0_i32 : i32
      scf.condition(%13) %arg0 : !graph.vertexset
    } do {
    ^bb0(%arg0: !graph.vertexset):
      %11 = graph.edgeset.apply %1 from(%arg0) track(%3 : !graph.vector<i32>) dedup label("s0:s1") schedule(#graph.schedule<direction = sparse_push_dense_pull, parallel = dynamic_vertex, frontier = bitvector, frontier_sets = src>) dst_filter {
      ^bb0(%arg1: index):
        %12 = graph.vector.get %3[%arg1] : !graph.vector<i32>
        %c-1_i32_0 = arith.constant -1 : i32
        %13 = arith.cmpi eq, %12, %c-1_i32_0 : i32
        graph.yield %13 : i1
      } body {
      ^bb0(%arg1: index, %arg2: index):
        %12 = arith.index_cast %arg1 : index to i32
        graph.vector.set %3[%arg2], %12 : !graph.vector<i32>
        graph.yield
      } : !graph.edgeset -> !graph.vertexset
      graph.vertexset.free %arg0
      scf.yield %11 : !graph.vertexset
    }
    graph.vertexset.free %10
    graph.vertexset.apply %2 label("print") schedule(#graph.schedule<parallel = serial>) {
    ^bb0(%arg0: index):
      %11 = graph.vector.get %3[%arg0] : !graph.vector<i32>
      graph.print %11 : i32
    }
    return
  }
}
