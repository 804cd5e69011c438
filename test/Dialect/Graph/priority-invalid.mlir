// RUN: graph-opt %s --graph-lower-priority --split-input-file -verify-diagnostics

func.func @constant_sum_varying(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %floors: !graph.vector<i32>) {
  %cm1 = arith.constant -1 : i32
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<priority_update = lazy_constant_sum>) body {
  ^bb0(%src: index, %dst: index):
    %k = graph.vector.get %floors[%src] : !graph.vector<i32>
    // expected-error @+1 {{'graph.pq.update_sum' op with priority_update = lazy_constant_sum, the amount and the floor must be the same for the whole traversal (computed from values defined outside it and the current priority)}}
    %c = graph.pq.update_sum %pq[%dst], %cm1 floor %k : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @constant_sum_two_amounts(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %k: i32) {
  %cm1 = arith.constant -1 : i32
  %cm2 = arith.constant -2 : i32
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<priority_update = lazy_constant_sum>) body {
  ^bb0(%src: index, %dst: index):
    %a = graph.pq.update_sum %pq[%dst], %cm1 floor %k : !graph.priority_queue<i32>
    // expected-error @+1 {{'graph.pq.update_sum' op every sum of a lazy_constant_sum traversal must add the same amount with the same floor}}
    %b = graph.pq.update_sum %pq[%src], %cm2 floor %k : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @constant_sum_result_used(%g: !graph.edgeset, %pq: !graph.priority_queue<i32>, %k: i32, %seen: !graph.vector<i1>) {
  %cm1 = arith.constant -1 : i32
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<priority_update = lazy_constant_sum>) body {
  ^bb0(%src: index, %dst: index):
    // expected-error @+1 {{'graph.pq.update_sum' op with priority_update = lazy_constant_sum, whether a sum changed the priority is known only after the traversal; its result cannot be used}}
    %c = graph.pq.update_sum %pq[%dst], %cm1 floor %k : !graph.priority_queue<i32>
    graph.vector.set %seen[%dst], %c : !graph.vector<i1>
    graph.yield
  } : !graph.edgeset
  return
}

// -----

func.func @fusion_without_frontier(%g: !graph.edgeset<i32>, %pq: !graph.priority_queue<i32>) {
  // expected-error @+1 {{'graph.edgeset.apply' op bucket fusion (priority_update = eager_with_fusion) needs a frontier: from(...)}}
  graph.edgeset.apply %g update_priority(%pq : !graph.priority_queue<i32>)
      schedule(#graph.schedule<priority_update = eager_with_fusion>) body {
  ^bb0(%src: index, %dst: index, %w: i32):
    %c = graph.pq.update min %pq[%dst], %w : !graph.priority_queue<i32>
    graph.yield
  } : !graph.edgeset<i32>
  return
}
