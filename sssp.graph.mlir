module {
  func.func @main() {
    %0 = graph.argv 1
    %1 = graph.load %0 : !graph.edgeset<i32>
    %2 = graph.vertexset.new %1 all : !graph.edgeset<i32>
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %3 = graph.vector.new %1 init(%c2147483647_i32 : i32) {graph.field = "dist"} : !graph.edgeset<i32> -> !graph.vector<i32>
    %4 = graph.pq.none : !graph.priority_queue<i32>
    %5 = graph.argv 2
    %6 = graph.atoi %5 : i32
    %7 = graph.argv 3
    %8 = graph.atoi %7 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %9 = scf.for %arg0 = %c0_i32 to %8 step %c1_i32 iter_args(%arg1 = %4) -> (!graph.priority_queue<i32>)  : i32 {
      graph.timer.start
      graph.vertexset.apply %2 label("reset") schedule(#graph.schedule<parallel = static_vertex>) {
      ^bb0(%arg2: index):
        %c2147483647_i32_1 = arith.constant 2147483647 : i32
        graph.vector.set %3[%arg2], %c2147483647_i32_1 : !graph.vector<i32>
      }
      %c0_i32_0 = arith.constant 0 : i32
      %10 = arith.index_cast %6 : i32 to index
      %11 = graph.check_index %10 in %3 "'dist'" from "variable 'root' = argv[2]" : !graph.vector<i32>
      graph.vector.set %3[%11], %c0_i32_0 : !graph.vector<i32>
      %12 = arith.index_cast %6 : i32 to index
      %13 = graph.argv 4
      %14 = graph.atoi %13 : i64
      %15 = arith.index_cast %14 : i64 to index
      %c128 = arith.constant 128 : index
      %16 = graph.pq.new %3 lower_first update(eager_with_fusion) delta(%15) open_buckets(%c128) start(%12) : !graph.vector<i32> -> !graph.priority_queue<i32>
      scf.while : () -> () {
        %19 = graph.pq.finished %16 : !graph.priority_queue<i32>
        %false = arith.constant false
        %20 = arith.cmpi eq, %19, %false : i1
        scf.condition(%20)
      } do {
        %19 = graph.pq.dequeue %16 : !graph.priority_queue<i32>
        graph.edgeset.apply %1 from(%19) update_priority(%16 : !graph.priority_queue<i32>) label("s1") schedule(#graph.schedule<parallel = dynamic_vertex, priority_update = eager_with_fusion, delta = argv[4]>) body {
        ^bb0(%arg2: index, %arg3: index, %arg4: i32):
          %20 = graph.vector.get %3[%arg2] : !graph.vector<i32>
          %21 = arith.addi %20, %arg4 : i32
          %22 = graph.pq.update min %16[%arg3], %21 : !graph.priority_queue<i32>
          graph.yield
        } : !graph.edgeset<i32>
        graph.vertexset.free %19
        scf.yield
      }
      graph.pq.free %16 : !graph.priority_queue<i32>
      %17 = graph.pq.none : !graph.priority_queue<i32>
      %18 = graph.timer.stop
      graph.print "elapsed time: "
      graph.print %18 : f64
      scf.yield %17 : !graph.priority_queue<i32>
    }
    graph.vertexset.apply %2 label("print") schedule(#graph.schedule<parallel = serial>) {
    ^bb0(%arg0: index):
      %10 = graph.vector.get %3[%arg0] : !graph.vector<i32>
      graph.print %10 : i32
    }
    return
  }
}
