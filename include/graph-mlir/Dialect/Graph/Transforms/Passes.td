//===- Passes.td - graph -> graph rewrites -----------------*- tablegen -*-===//

#ifndef GRAPH_TRANSFORMS_PASSES_TD
#define GRAPH_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GraphLowerDirection : Pass<"graph-lower-direction", "ModuleOp"> {
  let summary = "Lower graph.edgeset.apply to the traversal its schedule names";
  let description = [{
    Expands every `graph.edgeset.apply` into explicit loops over the graph's
    adjacency arrays (`graph.adjacency`) following its schedule:

    * `sparse_push`: the out-edges of the frontier's members;
    * `dense_push`: every vertex, pushing from those in the frontier;
    * `dense_pull`: the in-edges of every vertex that passes the `to` set and
      the destination filter, re-testing the filter after each edge so the
      scan stops once it turns false; the frontier is read as a bool array or
      a bitvector (`frontier`);
    * the hybrids test, per call, whether the frontier's size plus the sum
      of its out-degrees exceeds |E| / `hybrid-threshold` and run the dense
      or the sparse traversal.

    Parallel schedules become `omp.parallel` + `omp.wsloop` with
    `schedule(dynamic|static, grain)`. A parallel sparse push also gets a
    serial copy of its loop, run on the calling thread instead when the
    frontier's size plus out-degree sum is at most `serial-work`: a round
    that small costs less than starting the team. In parallel push traversals every
    `graph.reduce` becomes `atomic`, and a tracked assignment whose
    destination filter read the old value becomes a `graph.vector.cas`. In
    pull traversals a reduction into the destination is kept in a register
    across the destination's in-edges and stored once. With `track`, the
    result set is built from the destinations whose tracked element changed:
    pull traversals mark the output's bitvector or bool array and count the
    marked destinations (`seal_dense`); push
    traversals append to its id buffer (`seal_ids`), with `dedup` only the
    thread that first flags a destination in the bool array, without it on
    every change, so the result may repeat a destination (as GraphIt's
    `applyModified(..., false)`; the buffer holds one entry per tracked
    write per traversed edge).

    Segmented traversals whose schedule spreads them over sockets (`numa =
    static_parallel | dynamic_parallel`) are left for `graph-numa`, which
    lowers them with the same traversal builder.

    Pass order: after `graph-segment` and `graph-lower-priority`. A
    traversal still waiting for either (a schedule with `segments` but no
    `segments(...)`, or `update_priority`) is an error at the op, naming
    the pass that must run first; `graph.edgeset.apply`'s `getLowering()`
    decides which traversals each pass owns.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"hybridThreshold", "hybrid-threshold", "int64_t", "20",
           "a hybrid traversal goes dense when the frontier's size plus "
           "out-degree sum exceeds |E| divided by this">,
    Option<"serialWork", "serial-work", "int64_t", "1024",
           "a parallel sparse push runs on the calling thread when its "
           "frontier's size plus out-degree sum is at most this (0: never)">
  ];
}

def GraphLowerGpu : Pass<"graph-lower-gpu", "ModuleOp"> {
  let summary = "Run GPU-scheduled traversals and vertex loops as GPU kernels";
  let description = [{
    Every `graph.edgeset.apply` whose schedule has `gpu`
    (`#graph.gpu_schedule`) becomes host code around `gpu.launch` kernels
    (region form, in the host function; the module gets
    `gpu.container_module`), through the traversal emitter with GPU hooks:

    * `load_balance`: `vertex_based` a thread per scanned vertex, `wm` a
      warp, `cm` a 256-thread block; `twc` sorts the scanned vertices by
      degree into three lists in one kernel (below 32 edges, below 256, the
      rest) and scans them with a thread, a warp and a block per vertex,
      `twce` likewise but with a thread per edge of the first list (as
      `strict`); `strict` a thread per edge of the scanned vertices (the
      prefix sums of their degrees computed on the host, each thread finding
      its vertex by binary search); `edge_only` a thread per edge of the
      graph, testing its source against a dense input frontier.
    * Lanes of a warp or block read a vertex's neighbours from the 32-entry
      (128-byte) boundary before its first, `lanes` apart, so that reads
      are merged and aligned (EMOGI); lanes before the first entry idle.
    * `direction = push` reads the frontier's ids; `pull` scans every
      destination's in-edges with the load balance's thread, warp or block
      (`twce`, `strict` and `edge_only` run as `twc`, with a warning),
      reading the frontier as a bool or bit map (`pull_frontier`). A
      reduction into the destination is kept in each lane's register and
      combined by `graph.group_reduce`; other reductions into it are
      atomic; an early exit claims the destination with a CAS. A body
      several threads cannot share is warned about and runs
      `vertex_based`.
    * The output frontier: a push appends to the set's id buffer with one
      atomic per id (`dedup`: an atomic exchange on the set's flags first);
      a pull marks a map and counts members with atomics.
    * `hybrid_threshold`/`otherwise`: an `scf.if` per call on the input
      frontier's size against the threshold times the vertex count.
    * `edges`: the placement of the scanned adjacency (`graph.adjacency ...
      placed`). Graph arrays a kernel reads that the traversal did not
      place (the out-offsets an output counts degrees with) get a copy
      `placed auto`. Every placed look-up of host code moves before the
      outermost loop around it that defines none of its operands (in
      program order; one equal to a look-up already there is replaced by
      it): it returns the same arrays in every step.

    Every `graph.vertexset.apply` (not inside another apply) whose body a
    kernel can run becomes one kernel, a thread per member. Bodies that
    call the runtime (printing, priority queues, checked indices, ...) stay
    on the host; a GPU-scheduled traversal with such a body gets a warning
    and a parallel CPU schedule.

    A `scf.while` with `graph.kernel_fusion` becomes, once its traversals
    and vertex loops are kernels, one `gpu.launch` (function
    `graph_grid_N`) holding the loop: each former kernel a
    `graph.grid_phase`, the host code between them uniform code, host
    writes one-thread phases, `graph.grid_barrier`s between them, a carried
    vertex set two device id queues and a uniform size; beside it, in the
    else-branch of an `scf.if` on `graph.gpu_cooperative`, the unfused
    loop. With `graph.kernel_fusion = "split"` the kernel is marked
    `graph.split_launches` instead, with no unfused loop beside it, for
    `graph-split-grid-phases`. A loop it cannot fuse gets one warning
    naming why.

    Pass order: first, before `graph-segment`; the other lowering passes
    reject a traversal that still has a `gpu` schedule.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def GraphSplitGridPhases : Pass<"graph-split-grid-phases", "ModuleOp"> {
  let summary = "Run a fused GPU loop's phases as one launch each";
  let description = [{
    Kernel fusion's `split` mode (`configKernelFusion(SPLIT)`,
    `graph.kernel_fusion = "split"` on the loop): graph-lower-gpu moves
    the loop into one `gpu.launch` as for `enabled` (the frontier in device
    queues, maps, priority-queue buckets and list levels on the device,
    loop-carried sizes), and marks it `graph.split_launches`. This pass
    takes each such launch apart: its uniform code runs on the host, in
    the launch's place, and each `graph.grid_phase blocks(n) threads(t)`
    becomes a `gpu.launch` of `n` blocks of `t` threads (none when `n` is
    0), the phase's block and thread the launch's; a one-thread phase of
    stores only (fusion's host writes) stays on the host. The grid barriers go
    (launches run in order, and the host waits for each), and so does their
    state. What the uniform code reads of memory the phases wrote, it reads
    on the host after the launch: managed memory (graph-lower-gpu fuses no
    split loop whose host code reads edges placed on the device). Each new
    launch then gets graph-lower-gpu's deferred index checks and placed
    copies of the graph arrays it reads, and every placed look-up moves
    before the loop, as in graph-lower-gpu.

    Pass order: right after `graph-lower-gpu`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def GraphSegment : Pass<"graph-segment", "ModuleOp"> {
  let summary = "Cache-tile dense traversals whose schedule has segments";
  let description = [{
    Gives every `graph.edgeset.apply` whose schedule sets `segments` (and
    that has no `segments(...)` operand yet) the segmented subgraphs it
    traverses: the graph's `in` segments for pull directions or `out`
    segments for push ones, cut by the schedule's `segment_strategy` into
    `segments = n` parts, or into `argv[k]` parts read at run time. The
    `graph.segments` op goes right after the graph's definition, so that
    the segments are built once, outside the loops and timers around the
    traversal (as GraphIt builds them at load time); traversals of one
    graph with the same options share it.

    `graph-lower-direction` then scans the dense traversal segment by
    segment: a sequential loop over the segments around the schedule's
    vertex loop over each segment's vertices (Cagra / GraphIt cache tiling:
    the vertex data read at random comes from one id range per segment). A
    pull traversal keeps the destination's value in a register across its
    in-edges of a segment and combines it into the destination once per
    segment. The sparse side of a hybrid direction is not segmented.

    Why two passes, and this order: the segment loop wraps the very vertex
    loop `graph-lower-direction` builds, so it stays that pass's single
    traversal builder that emits it; the hybrid split that passes the
    segments to the dense side only, and the output frontier that all
    segments of a tracked traversal fill, come with it unchanged. This pass
    owns the decision and the cost: which traversals are tiled, with which
    subgraphs, and where the count comes from. `numa = serial` is this
    sequential loop; the parallel NUMA modes are `graph-numa`'s.

    Pass order: first of the passes that lower traversals;
    `graph-lower-priority`, `graph-lower-direction`, `graph-numa` and
    `convert-graph-to-scf` reject a traversal whose schedule has `segments`
    but that has no `segments(...)`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def GraphInferDistinctSets : Pass<"graph-infer-distinct-sets", "ModuleOp"> {
  let summary = "Mark traversals whose source set lists each member once";
  let description = [{
    Adds `distinct` to the `from(%set)` of every `graph.edgeset.apply`
    whose source set provably lists each of its members once, so that a
    parallel push over it may write at its source without atomics (see
    `graph.edgeset.apply`). A sparse forward data-flow analysis gives each
    vertex set value one of two facts, *distinct* or *may repeat*, and
    joins them where control flow merges (`scf.while`, `scf.for`,
    `scf.if`):

    * distinct: `graph.vertexset.new` (empty or all vertices);
      `graph.vertexset.deleted`; the result of a traversal with `dedup`,
      of one whose body or epilogue yields whether to keep a vertex, and of
      a `dense_pull` (which marks each destination once); a
      `graph.vertexset.filter` of a distinct set; a `graph.list.pop` from
      a list made by `graph.list.new` in the same function, used only by
      appends and pops, whose every appended set is distinct;
    * may repeat: anything else, in particular the result of a push
      without `dedup` (GraphIt's `applyModified(..., false)`), function
      arguments, call results and sets loaded from globals.

    Inserting a member a set has does nothing, so no op the pass knows adds
    a repeat to an existing set. A module in which a vertex set (or a list
    of them) is an operand of any other op (an external call, an MPI
    mirror, a global store, ...) gets no marks at all, since that op might
    change the set's contents behind its value.

    Pass order: after `graph-fuse-epilogue`, `graph-segment` and
    `graph-distribute`, before the passes that lower traversals
    (`graph-lower-priority`, `graph-lower-async`, `graph-lower-direction`,
    `graph-numa`).
  }];
}

def GraphLowerPriority : Pass<"graph-lower-priority", "ModuleOp"> {
  let summary = "Lower priority updates to vector updates and bucket insertions";
  let description = [{
    For every `graph.edgeset.apply` with `update_priority(%pq)`, rewrites the
    body's `graph.pq.update` and `graph.pq.update_sum` into an update of the
    queue's priority vector (`graph.pq.priorities`) followed by the
    insertion the schedule's `priority_update` names, and drops
    `update_priority`:

    | `priority_update` | priority update | on change |
    | --- | --- | --- |
    | `eager`, `eager_with_fusion` | `graph.reduce min/max`, `graph.vector.add_floored` | `graph.pq.push` (the thread's bin of the new bucket) |
    | `lazy` | the same | `graph.pq.changed` (moved in bulk at the next dequeue) |
    | `lazy_constant_sum` | `graph.pq.count` (sums); after the traversal, `graph.pq.apply_counts` | |
    | `obim` | `graph.reduce min` | `graph.worklist.push_ordered` (the thread's chunk of the new bucket) |

    Each such traversal is preceded by `graph.pq.edges %pq, %graph`, so that
    the queue knows whether negative weights can lower settled priorities.
    A `min`/`max` update whose value is an `arith.addi`/`arith.subi` is
    guarded: if that wrapped around, `graph.pq.overflow` reports a distance
    overflow (for `min` only where the priority changed, since a wrapped
    sum of non-negative operands always lowers it; for `max` always).

    `graph-lower-direction` then makes the vector updates atomic where the
    traversal is parallel. With `eager_with_fusion` this pass lowers the
    traversal itself, through the traversal emitter, with a bucket-fusion
    vertex loop:

    ```
    omp.parallel {
      omp.wsloop nowait over the frontier      // the dequeued bucket
      while (%local = graph.pq.take_local %pq, %threshold) is not empty
        scf.for over %local                     // same body, this thread only
    }
    ```

    so that a thread keeps working through its own small bin of the current
    bucket without waiting for the others (bucket fusion). Where the
    traversal is parallel and `serial-work` is positive, an `scf.if` on
    `graph.pq.fusion_alone` (given the frontier's size plus out-degree sum,
    the latter asked only when the size is within `serial-work`) runs a
    serial copy of the loop and its bins on the calling thread instead,
    with plain writes, when the queue expects the whole cascade (the round
    and the bins after it) to stay within `serial-work`.

    With `obim` the `scf.while` loop around the traversal, which must only
    dequeue a bucket while `graph.pq.finished` (of the queue, or of a
    vertex: `until`) is false, traverse it and delete it, becomes one region
    over an ordered worklist that takes over the queue's vertices (the queue
    is left empty), its vertex loop shared with `graph-lower-async`:

    ```
    %work = graph.worklist.new_ordered %pq [until(%v)]
    omp.parallel {
      while (%ids = graph.worklist.take %work) is not empty
        scf.for over %ids          // push_ordered each lowered destination
    }
    graph.worklist.free %work
    ```

    Only min updates of the destination's priority qualify, and the body
    may write nothing else nor read the current priority; otherwise the
    pass reports why at the traversal.

    Before it rewrites any update, the pass marks `keep_duplicates` the
    `graph.pq.dequeue`s whose bucket may list a vertex twice without
    changing the answer, so that the dequeue skips its dedup: every use of
    the set is its `graph.vertexset.free` or a traversal from it (`from`,
    not `to`) that names the dequeue's queue in `update_priority`, returns
    nothing, and only reads and makes idempotent updates (`graph.pq.update
    min`/`max`, a `min`, `max`, `or` or `and` `graph.reduce`), as
    delta-stepping's relaxation does. A sum (`graph.pq.update_sum`, k-core),
    any other write, a size, a vertex loop or any other use of the set, or
    a mirrored (distributed) queue keeps the dedup.

    Pass order: after `graph-segment` (and `graph-distribute`, which turns
    bucket fusion and obim into eager updates), before `graph-lower-direction`. A
    traversal still waiting for `graph-segment` is an error at the op; the
    passes after this one reject a traversal that still has
    `update_priority`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"serialWork", "serial-work", "int64_t", "1024",
           "a parallel bucket-fusion round runs on the calling thread when "
           "its whole cascade is expected to do at most this much work "
           "(vertices plus out-edges; 0: never)">
  ];
}

def GraphLowerAsync : Pass<"graph-lower-async", "ModuleOp"> {
  let summary = "Run frontier-draining loops data-driven over a worklist";
  let description = [{
    For every `graph.edgeset.apply` whose schedule sets `async`, replaces the
    `scf.while` loop around it, which must only drain its frontier:

    ```mlir
    %out = scf.while (%f = %init) : (!graph.vertexset) -> !graph.vertexset {
      %n = graph.vertexset.size %f          // possibly cast
      %more = arith.cmpi ne, %n, %c0        // or sgt/ugt 0
      scf.condition(%more) %f : !graph.vertexset
    } do {
    ^bb0(%f: !graph.vertexset):
      %next = graph.edgeset.apply %g from(%f) track(%v : ...) ... body {
        ... graph.reduce min|max|or|and|minu|maxu %v[%dst], ...
      }
      graph.vertexset.free %f
      scf.yield %next : !graph.vertexset
    }
    ```

    by one data-driven region: a `graph.worklist.new` holding `%init`
    (then freed, as the loop's first round did), and the traversal, lowered
    through the traversal emitter as a sparse push with no frontier, whose
    vertex loop runs in every thread of the schedule's team

    ```
    omp.parallel {
      omp.wsloop nowait over no iterations
      while (%ids = graph.worklist.take %work) is not empty
        scf.for over %ids                       // the push body
          ... if the reduction changed %v[%dst]: graph.worklist.push %work, %dst
    }
    graph.worklist.free %work
    ```

    A thread processes the vertices it pushed first, then its queue's
    chunks, then other threads' (stealing); the region ends when no thread
    has a vertex left. The loop's result, the frontier after it, becomes an
    empty vertex set.

    The answer equals the synchronous loop's because the body's only
    effect is one order-independent, monotone reduction into the tracked
    vector at the destination (BFS depths as min-depth, Bellman-Ford
    distances, label-propagation components). Anything else is one error at
    the traversal: a loop that does more than drain the frontier, a
    condition other than the frontier being non-empty, a source or
    destination filter, a body with other writes or a `graph.yield` of a
    keep flag, a priority queue update, or values of the loop used inside
    the traversal.

    Pass order: after `graph-lower-priority`, before
    `graph-lower-direction`, which rejects a traversal still waiting for
    this pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::mlir::scf::SCFDialect"];
}

def GraphNuma : Pass<"graph-numa", "ModuleOp"> {
  let summary = "Spread segmented dense traversals over NUMA sockets";
  let description = [{
    Lowers every single-direction `graph.edgeset.apply` with `segments(...)`
    whose schedule sets `numa = static_parallel | dynamic_parallel` (the
    traversals `graph-lower-direction` leaves alone; it runs first so that
    hybrids are split and their dense side has come here):

    ```
    %sockets = graph.numa.sockets            // GRAPH_NUMA_SOCKETS, libnuma
    %per = graph.numa.threads_per_socket     // max threads / sockets, >= 1
    omp.parallel num_threads(%sockets) proc_bind(spread)
      omp.wsloop schedule(static, 1) for %socket in [0, %sockets):
        static_parallel:  for %seg = %socket to %count step %sockets
        dynamic_parallel: while (%seg = atomic next++) < %count
          omp.parallel num_threads(%per) proc_bind(close)
            omp.wsloop schedule(<kind>, <grain>) over the segment's vertices
    ```

    Static placement matches the runtime's: segment `i` lives on socket
    `i % sockets`. Pull segments cut the sources, so different sockets'
    segments reach the same destinations: the reduction that
    `graph-lower-direction` keeps in a register goes to a buffer per
    socket (`memref<?x?xT>`, row `s` filled with the reduction's identity
    by socket `s`'s own threads, so first touch puts it on its node), and
    after the team a parallel loop merges the rows into the destination
    with the reduction's operator (a subtraction's rows by addition),
    reports changed destinations of a tracked vector, and frees the buffers.
    Any other reduction becomes atomic; a pull body that assigns
    (`graph.vector.set`) is rejected, as two sockets would race on it. Push
    segments cut the destinations, so sockets write disjoint ranges and the
    parallel push's atomics suffice: no buffers.

    Why a pass of its own that reuses `graph-lower-direction`'s traversal
    builder rather than rewriting its output: the socket loop replaces the
    segment loop that builder emits around its vertex loop, and the buffers
    change how the register accumulator starts and ends, so emitting them
    there needs no pattern matching of lowered loops. This pass owns the
    socket-level decision and its legality checks.

    Pass order: last of the passes that lower traversals, after
    `graph-segment`, `graph-lower-priority` and `graph-lower-direction`.
    Any other traversal left (one still waiting for one of those passes,
    such as an unsplit hybrid) is an error at the op, naming that pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::omp::OpenMPDialect",
                           "::mlir::scf::SCFDialect"];
}

def GraphDistribute : Pass<"graph-distribute", "ModuleOp"> {
  let summary = "Run the program on MPI ranks, each owning a part of the graph";
  let description = [{
    Makes the whole program an SPMD program over MPI ranks (`graphc
    --distributed`; run it with `mpirun -np N`). Every rank runs all of it;
    the edges are split, and vertex data is right on each rank where that
    rank reads it:

    - every `graph.load` becomes `distributed`: each rank owns a contiguous
      range of vertices, balanced by vertices + in-edges, and holds only
      the edges into them; the other ranks' vertices that are sources of
      those edges are its mirrors;
    - a traversal therefore writes only the rank's own destinations, pull
      and push alike (a sparse push scans every frontier vertex but only
      its edges into the rank), and no update crosses ranks during it;
    - a per-vertex vector made for a loaded graph and used only by vector
      ops, `graph.check_index` and as the vector a traversal tracks (which
      it reads and writes only at its destinations) is right at each rank's
      owned vertices when it is read only there
      (nothing mirrors it), and also at its mirrors when a traversal reads
      it at a source (`graph.vector.mirror ... needed` after each write: to
      the ranks that mirror each vertex); a `graph.vector.reduce` of it
      outside vertex loops and traversals reduces the rank's owned range
      (`[begin to end]` of `graph.owned_range`) and combines the ranks'
      results with one `mpi.allreduce` (unsigned min/max excepted: MPI
      compares signed), and a `graph.vector.get` of it there takes the
      owner's value (an `mpi.allreduce` sum of its bits, the other ranks
      adding zero), so every rank gets one value (a float sum adds in
      another order than one process does); `graph.check_index` reads only
      its length; any other read of it is preceded
      by a whole-vector `graph.vector.mirror` before the outermost loop or
      traversal holding it; other vectors stay whole, mirrored to every
      rank after each traversal or loop over owned vertices that writes
      them (the tracked one with `changed(...)`: only where it changed);
    - the values an `scf.for` carries a vector as (its iteration argument
      and result) and the vectors it swaps with through the loop's yield
      (`graph-fuse-epilogue`'s double buffers) are one vector to this
      pass: their uses together decide, and every `graph.vector.new` of
      them gets the same partition; a copy from one of them to another
      (after an odd number of swaps) copies each rank's owned elements
      (`graph.parallel_for` over the owned range) and, for a mirrored one,
      mirrors them by need; the mirrors by need of a mirrored vector say
      `partition mirrored` themselves;
    - each `graph.vector.new` of a loaded graph gets its `partition`: such a
      vector read only at owned vertices is `owned` (the rank allocates
      only those elements), one also read at sources `mirrored` (plus one
      slot per mirror; its reads at sources go through `graph.mirror_slot`
      and its mirrors by need fill the slots), where every use allows it:
      a loop that reads it elsewhere without writing it reads a
      `graph.vector.gather` copy instead of a whole-vector mirror, and an
      element read in `main` reads the first owned element on the ranks
      that do not own the vertex; an element assigned in `main` is stored
      only by its owner and, for a `mirrored` vector, in the mirror's slot
      by the ranks that mirror it (under an `scf.if`); the rest are
      `whole`;
    - an `epilogue` (a vertex loop fused into the pull,
      `graph-fuse-epilogue`) runs only for the rank's own vertices
      (`graph.owned_range`), so a fused filter keeps only those; the vectors
      it writes are treated like those the body writes (with `reset(c)` the
      accumulated vector is not written, nor mirrored), and its reads at its
      vertex count as reads at owned vertices;
    - `graph.vertexset.mirror` shares a traversal's output set (the rank's
      owned members): by need (`partition mirrored`) when it is read only
      as a frontier of the same graph's traversals, by `size`, its
      out-degree sum, as a `to` set, by loops over owned vertices and
      `free`, through the loops that carry it; `partition owned` (nothing
      sent) when no traversal starts from it; whole on every rank
      otherwise; after a traversal with `update_priority`, `graph.pq.mirror`
      gives every rank the others' priority updates, so all queues dequeue
      the same buckets; bucket fusion becomes plain eager updates (a rank
      cannot go on alone with vertices whose other edges other ranks hold);
    - a scalar the body updates (a 0-d memref made outside the traversal:
      GraphIt's global variables) is combined over the ranks after it with
      `mpi.allreduce`: atomic adds add every rank's change, atomic min/max
      keep the extreme value, and an assigned `i1` flag takes its new value
      if any rank changed it;
    - an outermost `graph.vertexset.apply` or `graph.vertexset.filter` over
      a loaded graph's set whose body writes vertex data only at its own
      vertex and updates only scalars the ranks can combine runs over the
      rank's owned vertices (`[%begin to %end]` of `graph.owned_range` on
      the loop, which then visits only the members in that range); its
      scalars are then
      combined as a traversal's, and a filter's set is mirrored as a
      traversal's output is (its size is global);
    - other vertex loops run whole on every rank; since OpenMP may combine
      a parallel loop's scalar updates, or the partial sums of a float
      `graph.vector.reduce` of a whole vector, in another order on each rank, every rank then takes
      rank 0's value (an all-reduce), so that no loop condition can send
      the ranks different ways;
    - out-degrees and the edge count are global, and a set by need carries
      its whole size and out-degree sum (one all-reduce in its mirror), so
      hybrid direction tests, `size` and loop conditions agree on every
      rank with no further communication;
    - `main` starts with `mpi.init` and ends with `mpi.finalize`, and every
      `graph.print` runs on rank 0 only (`mpi.comm_rank`), so the output is
      that of a single process;
    - the module gets the DLTI entry `MPI:Implementation` that MPI's
      lowering to LLVM needs (`mpi-implementation`, default OpenMPI).

    It runs before `graph-lower-priority` and `graph-lower-direction`,
    while traversals are still ops whose body says what they write.

    With `remarks`, a remark at each `graph.vector.new` of a loaded graph
    that stays `whole` says why (`graphc --print-distribution`), and one at
    each `graph.vertexset.mirror` that stays whole says why the set must be
    whole on every rank.

    Errors, each at the op: a body that writes vertex data at a vertex
    other than its destination, or has other side effects (sets, printing,
    calls, other scalar writes, or one scalar updated two ways);
    constant-sum priority updates (`graph.pq.update_sum`); traversals with
    `neighbors_from`/`neighbors_until`; `graph.relabel`, `graph.transpose`,
    `graph.common_neighbors` and `graph.adjacency` (they need edges other
    ranks hold); loads and traversals inside parallel loops (their MPI calls
    would come from several threads); a module without `main`.
  }];
  let options = [
    Option<"mpiImplementation", "mpi-implementation", "std::string",
           /*default=*/"\"OpenMPI\"",
           "the MPI library the program links (OpenMPI or MPICH)">,
    Option<"remarks", "remarks", "bool", "false",
           "remark at every vector of a loaded graph that stays whole on "
           "every rank, and at every vertex set mirrored whole: why">
  ];
  let dependentDialects = ["::mlir::DLTIDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::mpi::MPIDialect",
                           "::mlir::scf::SCFDialect"];
}

def GraphFuseFields : Pass<"graph-fuse-fields", "ModuleOp"> {
  let summary = "Store each fuseFields group of vectors as one array of records";
  let description = [{
    For every group of names in the module's `graph.fused_fields` (GraphIt's
    `fuseFields`), finds the ops that make those vectors (`graph.vector.new`
    and `graph.out_degrees` tagged `graph.field = "name"` by the frontend),
    inserts one `graph.records.new` before the first of them and makes each
    a view of it with `in(...)`, its result typed with a `record<size,
    offset>` layout. Fields keep the group's order, each naturally aligned;
    the record size is a multiple of the largest field. Vertex `v`'s fields
    then share one record, so a traversal reading them at a random `v`
    touches one cache line instead of one per vector. The attribute is
    removed once acted on.

    ```mlir
    // fuseFields("old_rank", "out_degree"):
    %rec = graph.records.new %g : !graph.edgeset -> !graph.records<16>
    %old_rank = graph.vector.new %g init(%r0 : f64) in(%rec : !graph.records<16>)
        {graph.field = "old_rank"} : !graph.edgeset -> !graph.vector<f64, record<16, 0>>
    %out_degree = graph.out_degrees %g in(%rec : !graph.records<16>)
        {graph.field = "out_degree"} : !graph.edgeset -> !graph.vector<i32, record<16, 8>>
    ```

    The producers stay where they are and keep initialising their own field
    (init value, zero, out-degrees), so only the storage changes: every op
    on vectors accepts either layout, and `convert-graph-to-scf` lowers a
    record-typed vector to a strided view of the records' bytes.

    Errors: a group naming no tagged vector, a vector in two groups, fields
    of different graphs or blocks, and a fused vector used by a non-graph op
    (e.g. carried through `scf.for` iter_args), whose type could not change
    with it.
  }];
}

def GraphFuseEpilogue : Pass<"graph-fuse-epilogue", "ModuleOp"> {
  let summary = "Fuse a vertex loop into the pull traversal before it";
  let description = [{
    PageRank's iteration is a pull (`incoming[dst] += contrib[src]`)
    followed by a `graph.vertexset.apply` over all vertices that reads
    `incoming[v]`, writes `rank[v]` and `contrib[v]` and zeroes
    `incoming[v]`. This pass makes such a loop the traversal's `epilogue`,
    which the traversal runs for each destination right after its in-edges,
    while the sum is in a register: one pass over the vertices per
    iteration instead of two.

    A `graph.edgeset.apply` fuses with the vertex loop after it (only
    side-effect free ops between them, which move before the traversal, and
    `graph.vertexset.free`, which stays after it): a `graph.vertexset.apply`,
    a `graph.vertexset.filter`, or an `scf.if` whose two branches each yield
    the set of one filter and do nothing else (GraphIt's PageRank-Delta),
    when:

    * the traversal is a CPU `dense_pull` (or `sparse_push_dense_pull`:
      `graph-lower-direction` then runs the epilogue in the pull and as a
      vertex loop after the push), unsegmented, with segments spread over
      sockets (`numa`: `graph-numa` runs the epilogue in the merge of the
      sockets' sums, or after reductions into rows in a pass over the
      vertices after the sockets) or with plain segments as option
      `segmented-epilogue` allows (below; `graph-segment` then builds
      segments whose last one lists every destination, and the epilogue
      runs in that segment's scan), without `to`, `dst_filter`, `track`, a result or
      `update_priority`, whose body writes nothing but its one
      `graph.reduce` into `%acc[dst]` of a per-vertex vector, or nothing
      but `graph.reduce`s into `%acc[dst, k]` of a vector of rows that it
      accesses no other way (collaborative filtering);
    * each loop runs over `graph.vertexset.new %g all` of the traversal's
      graph, and its body has only side-effect free ops, `scf` control
      flow, `graph.global.load` and `graph.vector.get`/`set`/`reduce`;
      it accesses `%acc` and the vectors it writes only at its vertex `v`,
      and (for a per-vertex `%acc`) assigns `%acc[v]` only at its top level
      and reads it before that.

    A filter's predicate (for an `scf.if`, that `scf.if` with the two
    predicates as its branches) becomes an epilogue yielding whether to
    keep `v`; the traversal then returns the set of kept vertices, which
    replaces the filters' set.

    The loop's reads of `%acc[v]` become the epilogue's `sum` argument;
    after reductions into rows the epilogue takes `v` alone and reads the
    rows from memory.
    When `%acc` is made by `graph.vector.new` with a constant `c` (zero
    without `init`), and its only other uses are the loop's assignments of
    `c`, the traversal gets `reset(c)`: each sum starts from `c` in a
    register and `%acc` is neither loaded, stored nor reset.

    A vector the loop writes and the traversal reads at a source (`contrib`)
    is double-buffered, so that every edge still reads the previous
    iteration's value (Jacobi): the loop around the traversal (an `scf.for`
    whose body holds it) carries the vector and a second buffer, made
    before the loop, as iteration arguments; the traversal reads one and
    the epilogue writes the other, and they swap at each iteration's end.
    Uses before the traversal in the iteration read the first, uses after
    it the second. An `i1` argument says whether the buffers are swapped
    after the loop; if so, the latest values are copied back into the
    vector once. The epilogue assigns the second buffer's element first
    (copying `v`'s old element when the loop's body may not assign it, and
    `v`'s old row for a vector of rows).

    Under the traversal's `epilogue = in_place` (GraphIt:
    `configApplyEpilogue(label, "in-place")`) such a vector gets no second
    buffer: the epilogue writes it where the traversal reads it
    (Gauss-Seidel, as GAPBS's PageRank), so an edge from a source whose
    update already ran reads the new value. The answers then differ from
    the unfused program's, and with threads depend on their order; the
    remark says `updated in place`.

    Declined, with a remark (option `remarks`) at the traversal saying
    why: GPU schedules, push directions, a
    loop reading a neighbour's element of a vector it or the traversal
    writes, a loop over another set, ops with other effects in the loop or
    between the two, a vector to double-buffer outside an `scf.for`, or one
    that is a field of records (`fuseFields`). In distributed builds
    `graph-distribute` runs each epilogue on the owners of its vertices and
    mirrors what it writes.

    Under plain segments (`segments` without `numa`), option
    `segmented-epilogue` says whether the loop fuses into the last segment:
    `last-segment` always, `own-loop` never (the loop keeps a pass of its
    own, with a remark), `auto` (the default) only when the loop accesses
    no vector at `v` but `%acc`. A segment count is chosen so that one
    segment's working set (its range of the contributions the body reads
    at the source, beside the scan's own streams: the segment's edges and
    `%acc`) fits the cache; the epilogue would add its own per-vertex
    streams to the last segment's (each vector it accesses at `v`, twice
    for a double-buffered one whose old element it copies, and a kept
    set), so `auto` keeps it apart whenever it has any: how much more the
    cache could hold depends on the vertex count, the cache and the
    graph's degrees, none known at compile time. The remark says which and
    names the streams with their bytes per vertex.

    Pass order: after `graph-fuse-fields`, before `graph-segment` and the
    passes that lower traversals.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", "false",
           "remark at every pull traversal followed by a vertex loop: fused, "
           "or why not">,
    Option<"segmentedEpilogue", "segmented-epilogue",
           "::mlir::graph::SegmentedEpilogue",
           "::mlir::graph::SegmentedEpilogue::Auto",
           "under plain segments, whether the loop fuses into the last "
           "segment", "::mlir::graph::segmentedEpilogueValues()">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // GRAPH_TRANSFORMS_PASSES_TD
