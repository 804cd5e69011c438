//===- GraphAttrs.td - graph dialect attributes and enums --*- tablegen -*-===//

#ifndef GRAPH_ATTRS_TD
#define GRAPH_ATTRS_TD

include "graph-mlir/Dialect/Graph/IR/GraphBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums of the scheduling language
//===----------------------------------------------------------------------===//

def Graph_Direction : I32EnumAttr<"Direction", "edge traversal direction", [
  I32EnumAttrCase<"SparsePush", 0, "sparse_push">,
  I32EnumAttrCase<"DensePush", 1, "dense_push">,
  I32EnumAttrCase<"DensePull", 2, "dense_pull">,
  I32EnumAttrCase<"SparsePushDensePull", 3, "sparse_push_dense_pull">,
  I32EnumAttrCase<"SparsePushDensePush", 4, "sparse_push_dense_push">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_Parallelization : I32EnumAttr<"Parallelization",
    "how the outer vertex loop of a traversal runs", [
  I32EnumAttrCase<"Serial", 0, "serial">,
  I32EnumAttrCase<"DynamicVertex", 1, "dynamic_vertex">,
  I32EnumAttrCase<"StaticVertex", 2, "static_vertex">,
  I32EnumAttrCase<"EdgeAwareDynamicVertex", 3, "edge_aware_dynamic_vertex">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_FrontierLayout : I32EnumAttr<"FrontierLayout",
    "representation of a traversal's frontiers: a dense input frontier as "
    "bool array or bitvector, or a sparse push's output built in a sliding "
    "queue (per-thread blocks, as every parallel push builds its output)", [
  I32EnumAttrCase<"BoolArray", 0, "bool_array">,
  I32EnumAttrCase<"Bitvector", 1, "bitvector">,
  I32EnumAttrCase<"SlidingQueue", 2, "sliding_queue">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_FrontierSets : I32EnumAttr<"FrontierSets",
    "which vertex sets of a traversal use the dense layout", [
  I32EnumAttrCase<"Both", 0, "both">,
  I32EnumAttrCase<"Src", 1, "src">,
  I32EnumAttrCase<"Dst", 2, "dst">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_SegmentStrategy : I32EnumAttr<"SegmentStrategy",
    "how vertex ids are split into segments", [
  I32EnumAttrCase<"FixedVertexCount", 0, "fixed_vertex_count">,
  I32EnumAttrCase<"EdgeAwareVertexCount", 1, "edge_aware_vertex_count">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_NumaMode : I32EnumAttr<"NumaMode",
    "how segments are placed on and run across sockets", [
  I32EnumAttrCase<"Serial", 0, "serial">,
  I32EnumAttrCase<"StaticParallel", 1, "static_parallel">,
  I32EnumAttrCase<"DynamicParallel", 2, "dynamic_parallel">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_PriorityUpdate : I32EnumAttr<"PriorityUpdate",
    "how a traversal's priority updates reach the buckets of its queue", [
  // Each thread appends updated vertices to its own bins, one per bucket;
  // dequeuing gathers the next non-empty bucket's bins (delta-stepping).
  I32EnumAttrCase<"Eager", 0, "eager">,
  // Eager, and each thread keeps processing its bin of the current bucket
  // while it stays below the fusion threshold, without a global round.
  I32EnumAttrCase<"EagerWithFusion", 1, "eager_with_fusion">,
  // Updated vertices are recorded; dequeuing moves them to their buckets in
  // bulk, in a window of open buckets (Julienne).
  I32EnumAttrCase<"Lazy", 2, "lazy">,
  // Lazy, and a round's constant-amount sums to a vertex are counted and
  // applied once per vertex before it moves (k-core).
  I32EnumAttrCase<"LazyConstantSum", 3, "lazy_constant_sum">,
  // The whole ordered loop runs data-driven over an ordered worklist
  // (Galois's OBIM): threads take chunks of the lowest non-empty bucket, with
  // no barrier between buckets (min updates only; graph-lower-priority).
  I32EnumAttrCase<"Obim", 4, "obim">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_EpilogueUpdate : I32EnumAttr<"EpilogueUpdate",
    "how a pull's fused epilogue writes the vectors the pull reads at the "
    "source (graph-fuse-epilogue)", [
  // Into a second buffer, read by the next call (Jacobi): the answers are
  // the unfused program's.
  I32EnumAttrCase<"DoubleBuffer", 0, "double_buffer">,
  // Into the vector the pull reads (Gauss-Seidel, as GAPBS's PageRank): a
  // source visited after its update contributes its new value.
  I32EnumAttrCase<"InPlace", 1, "in_place">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_AsyncMode : I32EnumAttr<"AsyncMode",
    "whether and how the loop draining a traversal's frontier runs "
    "data-driven (graph-lower-async)", [
  // In rounds, one traversal per round.
  I32EnumAttrCase<"None", 0, "none">,
  // Over per-thread chunked worklists with stealing, in any order.
  I32EnumAttrCase<"Unordered", 1, "unordered">,
  // Over an ordered worklist: buckets of the value each push wrote into the
  // tracked vector, lowest first (Galois's OBIM on an unordered program).
  I32EnumAttrCase<"Ordered", 2, "ordered">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_BucketOrder : I32EnumAttr<"BucketOrder",
    "which buckets of a priority queue come first", [
  I32EnumAttrCase<"LowerFirst", 0, "lower_first">,
  I32EnumAttrCase<"HigherFirst", 1, "higher_first">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_EdgeDirection : I32EnumAttr<"EdgeDirection",
    "which adjacency of a graph", [
  I32EnumAttrCase<"Out", 0, "out">,
  I32EnumAttrCase<"In", 1, "in">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_ReduceKind : I32EnumAttr<"ReduceKind",
    "the combining operator of graph.reduce", [
  I32EnumAttrCase<"Add", 0, "add">,
  I32EnumAttrCase<"Sub", 1, "sub">,
  I32EnumAttrCase<"Min", 2, "min">,
  I32EnumAttrCase<"Max", 3, "max">,
  I32EnumAttrCase<"Or", 4, "or">,
  I32EnumAttrCase<"And", 5, "and">,
  // min and max of integers read as unsigned (GraphIt's uint, uint_64).
  I32EnumAttrCase<"MinU", 6, "minu">,
  I32EnumAttrCase<"MaxU", 7, "maxu">
]> {
  let cppNamespace = "::mlir::graph";
}

//===----------------------------------------------------------------------===//
// Which pass lowers a graph.edgeset.apply
//===----------------------------------------------------------------------===//

// The step that an apply waits for, as graph.edgeset.apply's getLowering()
// decides it. The cases follow the order in which graph-to-llvm runs their
// passes: a pass fails on an apply whose step comes before its own.
// A new lowering adds a case here, a test in getLowering() and its pass in
// getLoweringPass() (Transforms/LoweringOrder.h).
//===----------------------------------------------------------------------===//
// GPU schedule options (GraphIt's SimpleGPUSchedule, EMOGI's edge placement)
//===----------------------------------------------------------------------===//

def Graph_GpuDirection : I32EnumAttr<"GpuDirection",
    "which end of an edge a GPU traversal's threads start from", [
  // From the input frontier's vertices along their out-edges.
  I32EnumAttrCase<"Push", 0, "push">,
  // From every destination along its in-edges, testing the source's
  // membership in the input frontier.
  I32EnumAttrCase<"Pull", 1, "pull">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_GpuVertexMap : I32EnumAttr<"GpuVertexMap",
    "a dense vertex set on the GPU: a byte or a bit per vertex", [
  I32EnumAttrCase<"Boolmap", 0, "boolmap">,
  I32EnumAttrCase<"Bitmap", 1, "bitmap">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_GpuFrontierCreation : I32EnumAttr<"GpuFrontierCreation",
    "how a GPU traversal builds its output frontier", [
  // Appended to a queue by the traversal kernel itself.
  I32EnumAttrCase<"Fused", 0, "fused">,
  // Marked in a bitmap or a boolmap, turned into a queue by a second kernel.
  I32EnumAttrCase<"UnfusedBitmap", 1, "unfused_bitmap">,
  I32EnumAttrCase<"UnfusedBoolmap", 2, "unfused_boolmap">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_GpuDedup : I32EnumAttr<"GpuDedup",
    "whether a GPU push's output queue lists each vertex once", [
  I32EnumAttrCase<"Disabled", 0, "disabled">,
  // A claim flag per vertex, cleared by a separate kernel.
  I32EnumAttrCase<"Unfused", 1, "unfused">,
  // A claim flag per vertex, cleared by the kernel that reads the queue.
  I32EnumAttrCase<"Fused", 2, "fused">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_GpuKernelFusion : I32EnumAttr<"GpuKernelFusion",
    "how a GPU while loop's steps run", [
  // A kernel launch per step, the frontier handed between them by the host.
  I32EnumAttrCase<"Disabled", 0, "disabled">,
  // The whole loop as one cooperative kernel (graph.grid_phase and
  // graph.grid_barrier), its state on the device.
  I32EnumAttrCase<"Enabled", 1, "enabled">,
  // The same device state, the loop on the host and a launch per phase
  // (graph-split-grid-phases).
  I32EnumAttrCase<"Split", 2, "split">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_GpuLoadBalance : I32EnumAttr<"GpuLoadBalance",
    "how a GPU traversal spreads edges over threads", [
  // A thread per scanned vertex.
  I32EnumAttrCase<"VertexBased", 0, "vertex_based">,
  // Thread, warp or CTA per vertex by degree (Merrill's TWC).
  I32EnumAttrCase<"TWC", 1, "twc">,
  // TWC with the thread bucket's edges spread evenly (TWC + edge).
  I32EnumAttrCase<"TWCE", 2, "twce">,
  // A warp per vertex.
  I32EnumAttrCase<"WM", 3, "wm">,
  // A CTA (thread block) per vertex.
  I32EnumAttrCase<"CM", 4, "cm">,
  // Every thread the same number of edges, found by a search of the
  // frontier's degree prefix sums.
  I32EnumAttrCase<"Strict", 5, "strict">,
  // A thread per edge of the whole graph (no frontier scan).
  I32EnumAttrCase<"EdgeOnly", 6, "edge_only">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_GpuEdgePlacement : I32EnumAttr<"GpuEdgePlacement",
    "where the graph's edge arrays live for GPU kernels", [
  // Device memory when the graph fits, else zero-copy.
  I32EnumAttrCase<"Auto", 0, "auto">,
  I32EnumAttrCase<"Device", 1, "device">,
  // Pinned host memory mapped into the device, read over the host link
  // with merged 128-byte-aligned warp reads (EMOGI).
  I32EnumAttrCase<"ZeroCopy", 2, "zero_copy">,
  // Managed (unified) memory, migrated page by page on demand.
  I32EnumAttrCase<"Managed", 3, "managed">
]> {
  let cppNamespace = "::mlir::graph";
}

def Graph_ApplyLowering : I32EnumAttr<"ApplyLowering",
    "the pass step that a graph.edgeset.apply waits for, in pass order", [
  // graph-lower-gpu runs it as GPU kernels (a schedule with gpu).
  I32EnumAttrCase<"Gpu", 0, "gpu">,
  // graph-segment attaches the segments(...) its schedule asks for.
  I32EnumAttrCase<"Segment", 1, "segment">,
  // graph-lower-priority rewrites its priority updates (update_priority).
  I32EnumAttrCase<"PriorityUpdates", 2, "priority_updates">,
  // graph-lower-priority rewrites them and lowers the traversal with a
  // bucket-fusion loop (priority_update = eager_with_fusion).
  I32EnumAttrCase<"BucketFusion", 3, "bucket_fusion">,
  // graph-lower-async replaces the loop draining its frontier by a worklist
  // (async).
  I32EnumAttrCase<"Async", 4, "async">,
  // graph-lower-direction splits a hybrid direction into a dense and a
  // sparse apply, chosen per call.
  I32EnumAttrCase<"HybridSplit", 5, "hybrid_split">,
  // graph-lower-direction lowers it over the graph or segment by segment.
  I32EnumAttrCase<"Direction", 6, "direction">,
  // graph-numa spreads its segments over sockets (numa other than serial).
  I32EnumAttrCase<"Numa", 7, "numa">
]> {
  let cppNamespace = "::mlir::graph";
}

//===----------------------------------------------------------------------===//
// #graph.schedule
//===----------------------------------------------------------------------===//

def Graph_GpuScheduleAttr : AttrDef<Graph_Dialect, "GpuSchedule"> {
  let mnemonic = "gpu_schedule";
  let summary = "how a traversal runs as GPU kernels";
  let description = [{
    The options of GraphIt's `SimpleGPUSchedule` and `HybridGPUSchedule`,
    and EMOGI's edge placement. Options may be given in any order; each
    left out takes its default, and the printer omits those.

    | option | values (default first) | GraphIt call |
    | --- | --- | --- |
    | `direction` | `push`, `pull` | `configDirection` |
    | `pull_frontier` | `boolmap`, `bitmap` | `configDirection(PULL, ...)` |
    | `frontier_creation` | `fused`, `unfused_bitmap`, `unfused_boolmap` | `configFrontierCreation` |
    | `dedup` | `disabled`, `unfused`, `fused` | `configDeduplication` |
    | `load_balance` | `vertex_based`, `twc`, `twce`, `wm`, `cm`, `strict`, `edge_only` | `configLoadBalance` |
    | `edge_blocking` | 0 (unblocked) or destination ids per block | `configLoadBalance(EDGE_ONLY, BLOCKED, n)` |
    | `kernel_fusion` | absent, present (`enabled`), `kernel_fusion = split` | `configKernelFusion` (`DISABLED`, `ENABLED`, `SPLIT`) |
    | `delta` | 1, or `argv[k]` | `configDelta` |
    | `edges` | `auto`, `device`, `zero_copy`, `managed` | `configEdgePlacement` (graph-mlir's own) |
    | `hybrid_threshold` | absent, a fraction of the vertices, or `argv[k]` | `HybridGPUSchedule(INPUT_VERTEXSET_SIZE, t, s1, s2)` |
    | `otherwise` | absent, a `#graph.gpu_schedule` | the `s2` of a `HybridGPUSchedule` |

    A hybrid schedule runs with its own options while the input frontier
    holds at most `hybrid_threshold` times the vertex count, and with
    `otherwise`'s above. The verifier rejects a pull frontier without a
    pull, edge blocking without `edge_only`, and a hybrid without both a
    threshold and an `otherwise` schedule (which may not be hybrid itself).

    ```mlir
    #graph.gpu_schedule<load_balance = twce, hybrid_threshold = 0.03,
        otherwise = #graph.gpu_schedule<direction = pull,
            pull_frontier = bitmap, frontier_creation = unfused_bitmap>>
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"::mlir::graph::GpuDirection",
        "::mlir::graph::GpuDirection::Push">:$direction,
    DefaultValuedParameter<"::mlir::graph::GpuVertexMap",
        "::mlir::graph::GpuVertexMap::Boolmap">:$pullFrontier,
    DefaultValuedParameter<"::mlir::graph::GpuFrontierCreation",
        "::mlir::graph::GpuFrontierCreation::Fused">:$frontierCreation,
    DefaultValuedParameter<"::mlir::graph::GpuDedup",
        "::mlir::graph::GpuDedup::Disabled">:$dedup,
    DefaultValuedParameter<"::mlir::graph::GpuLoadBalance",
        "::mlir::graph::GpuLoadBalance::VertexBased">:$loadBalance,
    DefaultValuedParameter<"int64_t", "0",
        "destination ids per block of edge_only's blocked variant; 0: unblocked">:$edgeBlocking,
    DefaultValuedParameter<"::mlir::graph::GpuKernelFusion",
        "::mlir::graph::GpuKernelFusion::Disabled">:$kernelFusion,
    DefaultValuedParameter<"::mlir::graph::ScheduleCount",
        "::mlir::graph::ScheduleCount(1)">:$delta,
    DefaultValuedParameter<"::mlir::graph::GpuEdgePlacement",
        "::mlir::graph::GpuEdgePlacement::Auto">:$edges,
    OptionalParameter<"::mlir::FloatAttr",
        "fraction of the vertices (f64)">:$hybridThreshold,
    DefaultValuedParameter<"int64_t", "0",
        "k > 0: the hybrid threshold is argv[k] at run time">:$hybridThresholdArgv,
    OptionalParameter<"::mlir::graph::GpuScheduleAttr",
        "the schedule above the hybrid threshold">:$otherwise
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Every option, to build a schedule from a copy of another's.
    struct Options {
      ::mlir::graph::GpuDirection direction =
          ::mlir::graph::GpuDirection::Push;
      ::mlir::graph::GpuVertexMap pullFrontier =
          ::mlir::graph::GpuVertexMap::Boolmap;
      ::mlir::graph::GpuFrontierCreation frontierCreation =
          ::mlir::graph::GpuFrontierCreation::Fused;
      ::mlir::graph::GpuDedup dedup = ::mlir::graph::GpuDedup::Disabled;
      ::mlir::graph::GpuLoadBalance loadBalance =
          ::mlir::graph::GpuLoadBalance::VertexBased;
      int64_t edgeBlocking = 0;
      ::mlir::graph::GpuKernelFusion kernelFusion =
          ::mlir::graph::GpuKernelFusion::Disabled;
      ::mlir::graph::ScheduleCount delta = ::mlir::graph::ScheduleCount(1);
      ::mlir::graph::GpuEdgePlacement edges =
          ::mlir::graph::GpuEdgePlacement::Auto;
      ::mlir::FloatAttr hybridThreshold;
      int64_t hybridThresholdArgv = 0;
      /// A GpuScheduleAttr (the class is incomplete here) or null.
      ::mlir::Attribute otherwise;
    };
    Options getOptions() const;
    static GpuScheduleAttr get(::mlir::MLIRContext *context,
                               const Options &options);
    /// This schedule with the options `change` sets.
    GpuScheduleAttr with(::llvm::function_ref<void(Options &)> change) const;
    /// GraphIt's default SimpleGPUSchedule.
    static GpuScheduleAttr getDefault(::mlir::MLIRContext *context);
    bool isHybrid() const { return static_cast<bool>(getOtherwise()); }
  }];
}

def Graph_ScheduleAttr : AttrDef<Graph_Dialect, "Schedule"> {
  let mnemonic = "schedule";
  let summary = "how a traversal runs";
  let description = [{
    The schedule of a `graph.edgeset.apply` or `graph.vertexset.apply`: one
    option for each call of GraphIt's scheduling language. Options may be
    given in any order; each left out takes GraphIt's default, and the
    printer omits options that have their default.

    | option | values (default first) | GraphIt call |
    | --- | --- | --- |
    | `direction` | `sparse_push`, `dense_push`, `dense_pull`, `sparse_push_dense_pull`, `sparse_push_dense_push` | `configApplyDirection` |
    | `parallel` | `serial`, `dynamic_vertex`, `static_vertex`, `edge_aware_dynamic_vertex` | `configApplyParallelization` |
    | `grain` | 256 (a positive integer) | `configApplyParallelization` |
    | `frontier` | `bool_array`, `bitvector`, `sliding_queue` | `configApplyDenseVertexSet`, `setApply` |
    | `frontier_sets` | `both`, `src`, `dst` | `configApplyDenseVertexSet` |
    | `segments` | none, an integer `n`, or `argv[k]` (read at run time) | `configApplyNumSSG` |
    | `segment_strategy` | `fixed_vertex_count`, `edge_aware_vertex_count` | `configApplyNumSSG` |
    | `numa` | `serial`, `static_parallel`, `dynamic_parallel` | `configApplyNUMA` |
    | `priority_update` | `eager`, `eager_with_fusion`, `lazy`, `lazy_constant_sum`, `obim` | `configApplyPriorityUpdate` |
    | `delta` | 1, or `argv[k]` | `configApplyPriorityUpdateDelta` |
    | `fusion_threshold` | 1000, or `argv[k]` | `configBucketMergeThreshold` |
    | `open_buckets` | 128, or `argv[k]` | `configNumOpenBuckets` |
    | `gpu` | absent, a `#graph.gpu_schedule` | `applyGPUSchedule` |
    | `async` | absent, `async` (unordered), `async = ordered` | `configApplyAsync` |
    | `epilogue` | `double_buffer`, `in_place` | `configApplyEpilogue` |

    `priority_update`, `delta`, `fusion_threshold` and `open_buckets` describe
    traversals that update a priority queue
    (`graph.edgeset.apply` with `update_priority`): the strategy and the
    fusion threshold are the traversal's; `delta` and `open_buckets` size
    the queue, and the GraphIt frontend passes them to `graph.pq.new`.
    `delta` is also the bucket width of `async = ordered`.

    A dense pull marking a bitvector output rounds its grain up to a
    multiple of 512 vertices, so that each thread's chunk covers whole cache
    lines of the output; a dynamically scheduled sparse push hands out
    chunks of at most 1/(4 x threads) of its frontier. A parallel push
    builds its output in per-thread blocks of ids (GraphIt's sliding queue)
    whatever the `frontier`; `sliding_queue` names that for a sparse push,
    as GraphIt's `setApply` does.

    `async` (a keyword with no value) asks graph-lower-async to replace the
    `scf.while` loop that drains the traversal's frontier by a data-driven
    worklist: each thread processes the vertices a traversal activates as
    soon as they are pushed, with no round between them. It needs the
    `sparse_push` direction and no `gpu`, segments or numa. `async = ordered`
    does the same over an ordered worklist: each pushed vertex goes to the
    bucket of its new value in the tracked vector (`value / delta`), and
    threads take chunks of the lowest non-empty bucket (Galois's OBIM on an
    unordered program); `delta` other than 1 needs it. `async` alone is
    `async = unordered`.

    `priority_update = obim` asks graph-lower-priority to replace the whole
    `scf.while` loop that dequeues buckets for the traversal by an ordered
    worklist (Galois's OBIM): threads take chunks of the lowest non-empty
    bucket and push each improved vertex to its new bucket, with no barrier
    between buckets. Like `async` it needs the `sparse_push` direction and
    no segments or numa, and it cannot be combined with `async`.

    `epilogue = in_place` lets the vertex loop that graph-fuse-epilogue
    fuses into this pull write the vectors the pull reads at the source in
    place (Gauss-Seidel, as GAPBS's PageRank does) instead of into a second
    buffer that the next call reads (Jacobi, the default, whose answers are
    the unfused program's bit for bit). A source whose update ran before the
    edge is read contributes its new value, so with several threads the
    answers depend on the order. It needs a pulling direction (`dense_pull`
    or `sparse_push_dense_pull`) and no `gpu` or `async`.

    A schedule with `gpu` runs the traversal as GPU kernels
    (graph-lower-gpu) as that option says; it sets no CPU option.

    The verifier rejects schedules that cannot run: segments on the
    sparse-only `sparse_push` direction, parallel NUMA placement without
    segments, and CPU options beside `gpu`.

    ```mlir
    #graph.schedule<direction = dense_pull, parallel = dynamic_vertex,
                    grain = 1024, segments = 16, numa = static_parallel>
    #graph.schedule<direction = sparse_push_dense_pull, frontier = bitvector,
                    segments = argv[3]>
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"::mlir::graph::Direction",
        "::mlir::graph::Direction::SparsePush">:$direction,
    DefaultValuedParameter<"::mlir::graph::Parallelization",
        "::mlir::graph::Parallelization::Serial">:$parallel,
    DefaultValuedParameter<"int64_t", "256">:$grain,
    DefaultValuedParameter<"::mlir::graph::FrontierLayout",
        "::mlir::graph::FrontierLayout::BoolArray">:$frontier,
    DefaultValuedParameter<"::mlir::graph::FrontierSets",
        "::mlir::graph::FrontierSets::Both">:$frontierSets,
    DefaultValuedParameter<"int64_t", "0",
        "segment count; 0 means no segmentation">:$segments,
    DefaultValuedParameter<"int64_t", "0",
        "k > 0: the segment count is argv[k] at run time">:$segmentsArgv,
    DefaultValuedParameter<"::mlir::graph::SegmentStrategy",
        "::mlir::graph::SegmentStrategy::FixedVertexCount">:$segmentStrategy,
    DefaultValuedParameter<"::mlir::graph::NumaMode",
        "::mlir::graph::NumaMode::Serial">:$numa,
    DefaultValuedParameter<"::mlir::graph::PriorityUpdate",
        "::mlir::graph::PriorityUpdate::Eager">:$priorityUpdate,
    DefaultValuedParameter<"::mlir::graph::ScheduleCount",
        "::mlir::graph::ScheduleCount(1)">:$delta,
    DefaultValuedParameter<"::mlir::graph::ScheduleCount",
        "::mlir::graph::ScheduleCount(1000)">:$fusionThreshold,
    DefaultValuedParameter<"::mlir::graph::ScheduleCount",
        "::mlir::graph::ScheduleCount(128)">:$openBuckets,
    OptionalParameter<"::mlir::graph::GpuScheduleAttr",
        "present: the traversal runs as GPU kernels">:$gpu,
    DefaultValuedParameter<"::mlir::graph::AsyncMode",
        "::mlir::graph::AsyncMode::None",
        "whether the frontier-draining loop around it runs data-driven">:$async,
    DefaultValuedParameter<"::mlir::graph::EpilogueUpdate",
        "::mlir::graph::EpilogueUpdate::DoubleBuffer",
        "how a fused epilogue writes what the pull reads">:$epilogue
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Every option, to build a schedule from a copy of another's.
    struct Options {
      ::mlir::graph::Direction direction;
      ::mlir::graph::Parallelization parallel;
      int64_t grain;
      ::mlir::graph::FrontierLayout frontier;
      ::mlir::graph::FrontierSets frontierSets;
      int64_t segments, segmentsArgv;
      ::mlir::graph::SegmentStrategy segmentStrategy;
      ::mlir::graph::NumaMode numa;
      ::mlir::graph::PriorityUpdate priorityUpdate;
      ::mlir::graph::ScheduleCount delta, fusionThreshold, openBuckets;
      ::mlir::graph::GpuScheduleAttr gpu;
      ::mlir::graph::AsyncMode async;
      ::mlir::graph::EpilogueUpdate epilogue;
    };
    Options getOptions() const;
    static ScheduleAttr get(::mlir::MLIRContext *context,
                            const Options &options);
    /// This schedule with the options `change` sets.
    ScheduleAttr with(::llvm::function_ref<void(Options &)> change) const;
    /// The schedule with every option at its default.
    static ScheduleAttr getDefault(::mlir::MLIRContext *context);
    /// True when the traversal is split into segmented subgraphs.
    bool isSegmented() const { return getSegments() > 0 || getSegmentsArgv() > 0; }
    /// True when the loop draining the frontier runs data-driven (async).
    bool isAsync() const { return getAsync() != ::mlir::graph::AsyncMode::None; }
    bool isParallel() const {
      return getParallel() != ::mlir::graph::Parallelization::Serial;
    }
    /// True for the hybrid directions that choose sparse or dense per call.
    bool isHybrid() const;
    /// The edges whose segments a segmented traversal reads: in-edges for
    /// the pulls, out-edges for the pushes.
    ::mlir::graph::EdgeDirection getSegmentDirection() const;
  }];
}

//===----------------------------------------------------------------------===//
// Record layout of fused vectors
//===----------------------------------------------------------------------===//

def Graph_RecordLayoutAttr : AttrDef<Graph_Dialect, "RecordLayout"> {
  let mnemonic = "record";
  let summary = "where a fused vector's elements lie in an array of records";
  let description = [{
    A vector with this layout shares one array of `size`-byte records with
    the other vectors of its `fuseFields` group: vertex `v`'s element is at
    byte `v * size + offset`. Written inside the vector type without the
    dialect prefix, as `!graph.vector<f64, record<16, 0>>`.
  }];
  let parameters = (ins "int64_t":$size, "int64_t":$offset);
  let assemblyFormat = "`<` $size `,` $offset `>`";
}

//===----------------------------------------------------------------------===//
// Vertex data of distributed graphs
//===----------------------------------------------------------------------===//

def Graph_VertexDataPartition : I32EnumAttr<"VertexDataPartition",
    "which elements of a distributed graph's vector a rank allocates", [
  I32EnumAttrCase<"Whole", 0, "whole">,
  I32EnumAttrCase<"Owned", 1, "owned">,
  I32EnumAttrCase<"Mirrored", 2, "mirrored">
]> {
  let cppNamespace = "::mlir::graph";
}

#endif // GRAPH_ATTRS_TD
