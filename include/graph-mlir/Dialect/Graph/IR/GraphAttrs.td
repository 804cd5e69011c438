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
  I32EnumAttrCase<"LazyConstantSum", 3, "lazy_constant_sum">
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
def Graph_ApplyLowering : I32EnumAttr<"ApplyLowering",
    "the pass step that a graph.edgeset.apply waits for", [
  // graph-segment attaches the segments(...) its schedule asks for.
  I32EnumAttrCase<"Segment", 0, "segment">,
  // graph-lower-priority rewrites its priority updates (update_priority).
  I32EnumAttrCase<"PriorityUpdates", 1, "priority_updates">,
  // graph-lower-priority rewrites them and lowers the traversal with a
  // bucket-fusion loop (priority_update = eager_with_fusion).
  I32EnumAttrCase<"BucketFusion", 2, "bucket_fusion">,
  // graph-lower-direction splits a hybrid direction into a dense and a
  // sparse apply, chosen per call.
  I32EnumAttrCase<"HybridSplit", 3, "hybrid_split">,
  // graph-lower-direction lowers it over the graph or segment by segment.
  I32EnumAttrCase<"Direction", 4, "direction">,
  // graph-numa spreads its segments over sockets (numa other than serial).
  I32EnumAttrCase<"Numa", 5, "numa">
]> {
  let cppNamespace = "::mlir::graph";
}

//===----------------------------------------------------------------------===//
// #graph.schedule
//===----------------------------------------------------------------------===//

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
    | `priority_update` | `eager`, `eager_with_fusion`, `lazy`, `lazy_constant_sum` | `configApplyPriorityUpdate` |
    | `delta` | 1, or `argv[k]` | `configApplyPriorityUpdateDelta` |
    | `fusion_threshold` | 1000, or `argv[k]` | `configBucketMergeThreshold` |
    | `open_buckets` | 128, or `argv[k]` | `configNumOpenBuckets` |

    The last four describe traversals that update a priority queue
    (`graph.edgeset.apply` with `update_priority`): the strategy and the
    fusion threshold are the traversal's; `delta` and `open_buckets` size
    the queue, and the GraphIt frontend passes them to `graph.pq.new`.

    A dense pull marking a bitvector output rounds its grain up to a
    multiple of 512 vertices, so that each thread's chunk covers whole cache
    lines of the output; a dynamically scheduled sparse push hands out
    chunks of at most 1/64 of its frontier. A parallel push builds its
    output in per-thread blocks of ids (GraphIt's sliding queue) whatever
    the `frontier`; `sliding_queue` names that for a sparse push, as
    GraphIt's `setApply` does.

    The verifier rejects schedules that cannot run: segments on the
    sparse-only `sparse_push` direction, and parallel NUMA placement without
    segments.

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
        "::mlir::graph::ScheduleCount(128)">:$openBuckets
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

#endif // GRAPH_ATTRS_TD
