//===- Schedule.cpp - GraphIt scheduling language -------------------------===//

#include "graph-mlir/Frontend/GraphIt/Schedule.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::graph::graphit;

namespace {

/// The options one label has accumulated.
struct Options {
  explicit Options(Location loc) : loc(loc) {}
  Direction direction = Direction::SparsePush;
  std::optional<Parallelization> parallel;
  int64_t grain = 256;
  FrontierLayout frontier = FrontierLayout::BoolArray;
  FrontierSets frontierSets = FrontierSets::Both;
  int64_t segments = 0, segmentsArgv = 0;
  SegmentStrategy segmentStrategy = SegmentStrategy::FixedVertexCount;
  NumaMode numa = NumaMode::Serial;
  PriorityUpdate priorityUpdate = PriorityUpdate::Eager;
  ScheduleCount delta{1}, fusionThreshold{1000}, openBuckets{128};
  /// GraphIt's `setApply(label, "pull_edge_based_load_balance")`: makes
  /// dynamic vertex parallelism edge-aware, whichever call comes first.
  bool edgeAware = false;
  /// configApplyAsync: the loop draining the frontier runs data-driven.
  AsyncMode async = AsyncMode::None;
  /// configApplyEpilogue: how a fused epilogue writes what the pull reads.
  EpilogueUpdate epilogue = EpilogueUpdate::DoubleBuffer;
  /// Set by any call other than configApplyParallelization.
  std::optional<Location> traversalOnly;
  /// The label's last call, and every one before it.
  Location loc;
  SmallVector<Location> earlierCalls;
};

template <typename T> struct Choice {
  StringRef name;
  T value;
};

const Choice<Direction> kDirections[] = {
    {"SparsePush", Direction::SparsePush},
    {"DensePush", Direction::DensePush},
    {"DensePull", Direction::DensePull},
    {"SparsePush-DensePull", Direction::SparsePushDensePull},
    {"SparsePush-DensePush", Direction::SparsePushDensePush},
    // GraphIt names each hybrid in either order.
    {"DensePull-SparsePush", Direction::SparsePushDensePull},
    {"DensePush-SparsePush", Direction::SparsePushDensePush}};
const Choice<Parallelization> kParallel[] = {
    {"serial", Parallelization::Serial},
    {"dynamic-vertex-parallel", Parallelization::DynamicVertex},
    {"static-vertex-parallel", Parallelization::StaticVertex},
    {"edge-aware-dynamic-vertex-parallel",
     Parallelization::EdgeAwareDynamicVertex}};
const Choice<FrontierLayout> kLayouts[] = {
    {"bool-array", FrontierLayout::BoolArray},
    {"bitvector", FrontierLayout::Bitvector}};
const Choice<FrontierSets> kWhich[] = {{"both", FrontierSets::Both},
                                       {"src-vertexset", FrontierSets::Src},
                                       {"dst-vertexset", FrontierSets::Dst}};
const Choice<SegmentStrategy> kStrategies[] = {
    {"fixed-vertex-count", SegmentStrategy::FixedVertexCount},
    {"edge-aware-vertex-count", SegmentStrategy::EdgeAwareVertexCount}};
const Choice<NumaMode> kNuma[] = {
    {"serial", NumaMode::Serial},
    {"static-parallel", NumaMode::StaticParallel},
    {"dynamic-parallel", NumaMode::DynamicParallel}};

const Choice<PriorityUpdate> kPriorityUpdates[] = {
    {"eager_priority_update", PriorityUpdate::Eager},
    {"eager_priority_update_with_merge", PriorityUpdate::EagerWithFusion},
    {"lazy_priority_update", PriorityUpdate::Lazy},
    {"constant_sum_reduce_before_update", PriorityUpdate::LazyConstantSum},
    {"obim", PriorityUpdate::Obim}};

const Choice<AsyncMode> kAsyncModes[] = {{"unordered", AsyncMode::Unordered},
                                         {"ordered", AsyncMode::Ordered}};
const Choice<EpilogueUpdate> kEpilogueUpdates[] = {
    {"double-buffer", EpilogueUpdate::DoubleBuffer},
    {"in-place", EpilogueUpdate::InPlace}};

/// GraphIt's older `setApply(label, option[, n])` options, each of which
/// one of the config* calls also expresses.
enum class ApplyOption {
  Push,
  Pull,
  HybridDense,
  HybridDenseForward,
  Serial,
  Parallel,
  PullFrontierBitvector,
  PullEdgeBasedLoadBalance,
  NumaAware,
  NumSegment,
  SlidingQueue,
};
const Choice<ApplyOption> kApplyOptions[] = {
    {"push", ApplyOption::Push},
    {"pull", ApplyOption::Pull},
    {"hybrid_dense", ApplyOption::HybridDense},
    {"hybrid_dense_forward", ApplyOption::HybridDenseForward},
    {"serial", ApplyOption::Serial},
    {"parallel", ApplyOption::Parallel},
    {"pull_frontier_bitvector", ApplyOption::PullFrontierBitvector},
    {"pull_edge_based_load_balance", ApplyOption::PullEdgeBasedLoadBalance},
    {"numa_aware", ApplyOption::NumaAware},
    {"num_segment", ApplyOption::NumSegment},
    {"sliding_queue", ApplyOption::SlidingQueue}};

/// GraphIt's intersection methods: all of them count the same neighbours, and
/// here all run as the one sorted-list merge of graph.common_neighbors.
/// GraphIt's own evaluation schedules also spell "MultiskipIntersection".
const StringRef kIntersections[] = {
    "HiroshiIntersection",      "NaiveIntersection",
    "MultiSkipIntersection",    "CombinedIntersection",
    "BinarySearchIntersection", "MultiskipIntersection"};

// GraphIt's GPU scheduling constants (gpu_schedule.h), by option.
const Choice<GpuLoadBalance> kLoadBalances[] = {
    {"VERTEX_BASED", GpuLoadBalance::VertexBased},
    {"TWC", GpuLoadBalance::TWC},
    {"TWCE", GpuLoadBalance::TWCE},
    {"WM", GpuLoadBalance::WM},
    {"CM", GpuLoadBalance::CM},
    {"STRICT", GpuLoadBalance::Strict},
    {"EDGE_ONLY", GpuLoadBalance::EdgeOnly}};
const Choice<bool> kBlocking[] = {{"BLOCKED", true}, {"UNBLOCKED", false}};
const Choice<GpuDirection> kGpuDirections[] = {{"PUSH", GpuDirection::Push},
                                               {"PULL", GpuDirection::Pull}};
const Choice<GpuVertexMap> kVertexMaps[] = {{"BITMAP", GpuVertexMap::Bitmap},
                                            {"BOOLMAP", GpuVertexMap::Boolmap}};
const Choice<GpuFrontierCreation> kFrontierCreations[] = {
    {"FUSED", GpuFrontierCreation::Fused},
    {"UNFUSED_BITMAP", GpuFrontierCreation::UnfusedBitmap},
    {"UNFUSED_BOOLMAP", GpuFrontierCreation::UnfusedBoolmap}};
const Choice<bool> kEnabled[] = {{"ENABLED", true}, {"DISABLED", false}};
const Choice<GpuKernelFusion> kKernelFusions[] = {
    {"ENABLED", GpuKernelFusion::Enabled},
    {"DISABLED", GpuKernelFusion::Disabled},
    {"SPLIT", GpuKernelFusion::Split}};
const Choice<GpuDedup> kDedupStrategies[] = {{"FUSED", GpuDedup::Fused},
                                             {"UNFUSED", GpuDedup::Unfused}};
const Choice<GpuEdgePlacement> kEdgePlacements[] = {
    {"AUTO", GpuEdgePlacement::Auto},
    {"DEVICE", GpuEdgePlacement::Device},
    {"ZERO_COPY", GpuEdgePlacement::ZeroCopy},
    {"MANAGED", GpuEdgePlacement::Managed}};
const Choice<bool> kHybridCriteria[] = {{"INPUT_VERTEXSET_SIZE", true}};

const StringRef kGpuFunctions[] = {
    "configLoadBalance",   "configDirection", "configFrontierCreation",
    "configDeduplication", "configDelta",     "configKernelFusion",
    "configEdgePlacement"};

/// A GPU schedule variable of the schedule text.
struct GpuVar {
  bool hybrid = false;
  GpuScheduleAttr::Options options;
};

const char *const kFunctions =
    "configApplyDirection, configApplyParallelization, "
    "configApplyDenseVertexSet, configApplyNumSSG, configApplyNUMA, "
    "configApplyPriorityUpdate, configApplyPriorityUpdateDelta, "
    "configBucketMergeThreshold, configNumOpenBuckets, configIntersection, "
    "configParForGrainSize, configApplyAsync, configApplyEpilogue, "
    "fuseFields, setApply";

/// GraphIt scheduling functions for features this compiler does not have,
/// named so the diagnostic says which feature is missing.
StringRef unsupportedFeature(StringRef function) {
  if (function == "applySwarmSchedule")
    return "Swarm schedules";
  if (function == "splitForLoop" || function == "fuseForLoop" ||
      function == "fuseApplyFunctions" || function == "setVertexSet")
    return "loop and apply-function transformations";
  return "";
}

class Resolver {
public:
  Resolver(const Program &program, const ProgramInfo &info,
           MLIRContext *context, ScheduleTarget target)
      : program(program), info(info), context(context), target(target) {}

  /// Checks one call; records its options when it is for `target`.
  LogicalResult apply(const ScheduleCall &call);
  FailureOr<ResolvedSchedule> finish();

private:
  LogicalResult applyCpu(const ScheduleCall &call);
  LogicalResult applyGpu(const ScheduleCall &call);
  LogicalResult declareGpu(const ScheduleCall &call);
  LogicalResult configureGpu(const ScheduleCall &call, GpuVar &var);
  LogicalResult applyGpuSchedule(const ScheduleCall &call);
  /// Argument `i`: a declared GPU schedule variable.
  GpuVar *gpuVar(const ScheduleCall &call, size_t i);
  /// Argument `i`, one of GraphIt's GPU constants in `choices`.
  template <typename T, size_t N>
  FailureOr<T> constant(const ScheduleCall &call, size_t i,
                        const Choice<T> (&choices)[N], StringRef what);
  /// A call whose one argument, a constant of `choices`, sets `option`.
  template <typename T, size_t N>
  LogicalResult setConstant(const ScheduleCall &call,
                            const Choice<T> (&choices)[N], StringRef what,
                            T &option);
  LogicalResult checkCount(const ScheduleCall &call, size_t min, size_t max);
  FailureOr<ResolvedSchedule> finishCpu();
  FailureOr<ResolvedSchedule> finishGpu();

  /// Checks the argument count and that argument 0 is a string; the
  /// options of its label, or (with a warning) throwaway options if no
  /// apply has that label.
  Options *labelled(const ScheduleCall &call, size_t min, size_t max);
  LogicalResult checkString(const ScheduleCall &call, size_t i);
  template <typename T, size_t N>
  FailureOr<T> choose(const ScheduleCall &call, size_t i,
                      const Choice<T> (&choices)[N], StringRef what);
  /// The optional trailing direction argument (GraphIt's `direction`,
  /// default "all"; see docs/Language.md): only checked, as the call's
  /// option applies to the whole traversal whatever direction it names.
  LogicalResult optionalDirection(const ScheduleCall &call, size_t i);
  /// Argument `i`: a positive integer or "argv[k]".
  FailureOr<ScheduleCount> count(const ScheduleCall &call, size_t i,
                                 StringRef what);
  /// `setApply(label, option[, n])`.
  LogicalResult applyOption(const ScheduleCall &call);
  /// `configIntersection(label, method)`: checked; changes nothing.
  LogicalResult checkIntersection(const ScheduleCall &call);

  const Program &program;
  const ProgramInfo &info;
  MLIRContext *context;
  llvm::StringMap<Options> options;
  /// Where calls for labels that name no apply put their options.
  std::optional<Options> ignored;
  std::vector<std::string> order;
  ResolvedSchedule result;
  ScheduleTarget target;
  llvm::StringMap<GpuVar> gpuVars;
  /// GPU schedules whose declaration was reported as an error: their uses
  /// are not reported again.
  llvm::StringSet<> invalidGpuVars;
  /// Each label's GPU schedule as its last applyGPUSchedule copied it.
  llvm::MapVector<StringRef, GpuScheduleAttr> gpuSchedules;
  /// The first call of the other target's language, which is ignored.
  std::optional<Location> firstIgnored;
};

} // namespace

/// The choices as the schedule spells them: strings quoted, GPU constants
/// bare.
template <typename T, size_t N>
static std::string listChoices(const Choice<T> (&choices)[N],
                               bool quoted = true) {
  std::string list;
  StringRef quote = quoted ? "\"" : "";
  for (const Choice<T> &c : choices)
    list += (list.empty() ? "" : ", ") + (quote + c.name + quote).str();
  return list;
}

LogicalResult Resolver::checkString(const ScheduleCall &call, size_t i) {
  if (call.args[i].kind == ScheduleArg::String)
    return success();
  return emitError(call.args[i].loc) << "argument " << i + 1 << " of '"
                                     << call.name << "' must be a string";
}

template <typename T, size_t N>
FailureOr<T> Resolver::choose(const ScheduleCall &call, size_t i,
                              const Choice<T> (&choices)[N], StringRef what) {
  if (failed(checkString(call, i)))
    return failure();
  for (const Choice<T> &c : choices)
    if (c.name == call.args[i].str)
      return c.value;
  emitError(call.args[i].loc)
      << "unknown " << what << " \"" << call.args[i].str << "\" in '"
      << call.name << "'; valid choices: " << listChoices(choices);
  return failure();
}

LogicalResult Resolver::optionalDirection(const ScheduleCall &call, size_t i) {
  // GraphIt's default for this argument, "all", names every direction.
  if (i >= call.args.size() ||
      (call.args[i].kind == ScheduleArg::String && call.args[i].str == "all"))
    return success();
  return success(succeeded(choose(call, i, kDirections, "direction")));
}

LogicalResult Resolver::checkCount(const ScheduleCall &call, size_t min,
                                   size_t max) {
  if (call.args.size() >= min && call.args.size() <= max)
    return success();
  auto diag = emitError(call.loc) << "'" << call.name << "' expects " << min;
  if (max != min)
    diag << " to " << max;
  diag << " argument" << (max == 1 ? "" : "s") << ", got " << call.args.size();
  return diag;
}

Options *Resolver::labelled(const ScheduleCall &call, size_t min, size_t max) {
  if (failed(checkCount(call, min, max)) || failed(checkString(call, 0)))
    return nullptr;
  StringRef label = call.args[0].str;
  auto it = info.labels.find(label);
  if (it == info.labels.end() ||
      !(it->second.hasEdgeApply || it->second.hasVertexApply)) {
    std::string valid;
    for (auto &[name, labelInfo] : info.labels)
      if (labelInfo.hasEdgeApply || labelInfo.hasVertexApply)
        valid += (valid.empty() ? "\"" : ", \"") + name.str() + "\"";
    // GraphIt ignores such calls (its published schedule files configure
    // labels their apps lack): warn, check the rest, apply nothing.
    auto diag = emitWarning(call.args[0].loc);
    diag << (it == info.labels.end() ? "unknown label \""
                                     : "no apply is labelled \"")
         << label << "\" in '" << call.name << "' (call ignored); ";
    if (valid.empty())
      diag << "the program labels no apply (write '#s1# edges.apply(f);')";
    else
      diag << "valid labels: " << valid;
    ignored.emplace(call.loc);
    return &*ignored;
  }
  auto [opts, inserted] = options.try_emplace(label, call.loc);
  if (inserted)
    order.push_back(label.str());
  else
    opts->second.earlierCalls.push_back(opts->second.loc);
  opts->second.loc = call.loc;
  return &opts->second;
}

LogicalResult Resolver::checkIntersection(const ScheduleCall &call) {
  if (call.args.size() != 2)
    return emitError(call.loc)
           << "'" << call.name << "' expects 2 arguments, got "
           << call.args.size();
  if (failed(checkString(call, 0)) || failed(checkString(call, 1)))
    return failure();
  if (!info.labels.contains(call.args[0].str))
    emitWarning(call.args[0].loc)
        << "unknown label \"" << call.args[0].str << "\" in '" << call.name
        << "' (call ignored)";
  if (llvm::is_contained(kIntersections, call.args[1].str))
    return success();
  std::string valid;
  for (StringRef method : kIntersections)
    valid += (valid.empty() ? "\"" : ", \"") + method.str() + "\"";
  return emitError(call.args[1].loc)
         << "unknown intersection method \"" << call.args[1].str << "\" in '"
         << call.name << "'; valid choices: " << valid;
}

FailureOr<ScheduleCount> Resolver::count(const ScheduleCall &call, size_t i,
                                         StringRef what) {
  const ScheduleArg &arg = call.args[i];
  StringRef text = arg.str;
  int64_t k;
  if (arg.kind == ScheduleArg::Int && arg.value > 0)
    return ScheduleCount(arg.value);
  if (arg.kind == ScheduleArg::String && text.consume_front("argv[") &&
      text.consume_back("]") && !text.getAsInteger(10, k) && k > 0)
    return ScheduleCount::fromArgv(k);
  return emitError(arg.loc)
         << what << " must be a positive integer or \"argv[k]\"";
}

LogicalResult Resolver::apply(const ScheduleCall &call) {
  // The other target's calls are checked all the same: an error in them is
  // an error whatever the target.
  bool ignored = call.isGpu() != (target == ScheduleTarget::GPU);
  if (ignored && !firstIgnored)
    firstIgnored = call.loc;
  return call.isGpu() ? applyGpu(call) : applyCpu(call);
}

LogicalResult Resolver::applyCpu(const ScheduleCall &call) {
  StringRef name = call.name;
  if (name == "configApplyDirection") {
    Options *opts = labelled(call, 2, 2);
    if (!opts)
      return failure();
    FailureOr<Direction> dir = choose(call, 1, kDirections, "direction");
    if (failed(dir))
      return failure();
    opts->direction = *dir;
    opts->traversalOnly = call.loc;
    return success();
  }
  if (name == "configApplyParallelization") {
    Options *opts = labelled(call, 2, 4);
    if (!opts)
      return failure();
    FailureOr<Parallelization> par =
        choose(call, 1, kParallel, "parallelization");
    if (failed(par))
      return failure();
    opts->parallel = *par;
    size_t next = 2;
    if (call.args.size() > 2 && call.args[2].kind == ScheduleArg::Int) {
      if (call.args[2].value <= 0)
        return emitError(call.args[2].loc) << "grain size must be positive";
      opts->grain = call.args[2].value;
      next = 3;
    }
    if (next + 1 < call.args.size())
      return emitError(call.args[next + 1].loc)
             << "too many arguments to '" << name << "'";
    return optionalDirection(call, next);
  }
  if (name == "configApplyDenseVertexSet") {
    Options *opts = labelled(call, 2, 4);
    if (!opts)
      return failure();
    FailureOr<FrontierLayout> layout =
        choose(call, 1, kLayouts, "vertex set layout");
    if (failed(layout))
      return failure();
    opts->frontier = *layout;
    opts->traversalOnly = call.loc;
    if (call.args.size() > 2) {
      FailureOr<FrontierSets> which =
          choose(call, 2, kWhich, "vertex set selection");
      if (failed(which))
        return failure();
      opts->frontierSets = *which;
    }
    return optionalDirection(call, 3);
  }
  if (name == "configApplyNumSSG") {
    Options *opts = labelled(call, 3, 4);
    if (!opts)
      return failure();
    FailureOr<SegmentStrategy> strategy =
        choose(call, 1, kStrategies, "segment strategy");
    if (failed(strategy))
      return failure();
    opts->segmentStrategy = *strategy;
    opts->traversalOnly = call.loc;
    FailureOr<ScheduleCount> segments = count(call, 2, "segment count");
    if (failed(segments))
      return failure();
    if (segments->value > kMaxSegments)
      return emitError(call.args[2].loc)
             << "segment count " << segments->value
             << " exceeds the maximum of " << kMaxSegments;
    opts->segments = segments->value;
    opts->segmentsArgv = segments->argvIndex;
    return optionalDirection(call, 3);
  }
  if (name == "configApplyPriorityUpdate") {
    Options *opts = labelled(call, 2, 2);
    if (!opts)
      return failure();
    FailureOr<PriorityUpdate> update =
        choose(call, 1, kPriorityUpdates, "priority update");
    if (failed(update))
      return failure();
    opts->priorityUpdate = *update;
    opts->traversalOnly = call.loc;
    return success();
  }
  if (name == "configApplyPriorityUpdateDelta" ||
      name == "configBucketMergeThreshold" ||
      name == "configBucketFusionThreshold" || name == "configNumOpenBuckets") {
    Options *opts = labelled(call, 2, 2);
    if (!opts)
      return failure();
    bool isDelta = name == "configApplyPriorityUpdateDelta";
    bool isOpen = name == "configNumOpenBuckets";
    FailureOr<ScheduleCount> value = count(call, 1,
                                           isDelta  ? "priority delta"
                                           : isOpen ? "number of open buckets"
                                                    : "bucket merge threshold");
    if (failed(value))
      return failure();
    (isDelta  ? opts->delta
     : isOpen ? opts->openBuckets
              : opts->fusionThreshold) = *value;
    opts->traversalOnly = call.loc;
    return success();
  }
  if (name == "configApplyAsync") {
    Options *opts = labelled(call, 1, 3);
    if (!opts)
      return failure();
    AsyncMode mode = AsyncMode::Unordered;
    if (call.args.size() > 1) {
      FailureOr<AsyncMode> chosen = choose(call, 1, kAsyncModes, "async mode");
      if (failed(chosen))
        return failure();
      mode = *chosen;
    }
    if (call.args.size() > 2) {
      if (mode != AsyncMode::Ordered)
        return emitError(call.args[2].loc)
               << "a bucket width (delta) is for the \"ordered\" async mode";
      FailureOr<ScheduleCount> delta = count(call, 2, "bucket width");
      if (failed(delta))
        return failure();
      opts->delta = *delta;
    }
    opts->async = mode;
    opts->traversalOnly = call.loc;
    return success();
  }
  if (name == "configApplyEpilogue") {
    Options *opts = labelled(call, 2, 2);
    if (!opts)
      return failure();
    FailureOr<EpilogueUpdate> update =
        choose(call, 1, kEpilogueUpdates, "epilogue update");
    if (failed(update))
      return failure();
    opts->epilogue = *update;
    opts->traversalOnly = call.loc;
    return success();
  }
  if (name == "configApplyNUMA") {
    Options *opts = labelled(call, 2, 3);
    if (!opts)
      return failure();
    FailureOr<NumaMode> mode = choose(call, 1, kNuma, "NUMA mode");
    if (failed(mode))
      return failure();
    opts->numa = *mode;
    opts->traversalOnly = call.loc;
    return optionalDirection(call, 2);
  }
  if (name == "fuseFields") {
    std::vector<std::string> fields;
    for (const ScheduleArg &arg : call.args) {
      if (arg.kind == ScheduleArg::Int)
        return emitError(arg.loc) << "'fuseFields' takes vector names";
      std::vector<std::string> names = arg.kind == ScheduleArg::List
                                           ? arg.list
                                           : std::vector<std::string>{arg.str};
      for (const std::string &field : names) {
        auto isVector = [&](const std::unique_ptr<VarDecl> &g) {
          return g->name == field && g->spec.type.kind == GtType::Vector;
        };
        if (llvm::none_of(program.globals, isVector))
          return emitError(arg.loc)
                 << "'fuseFields' names '" << field
                 << "', which is not a global per-vertex vector";
        fields.push_back(field);
      }
    }
    if (fields.size() < 2)
      return emitError(call.loc) << "'fuseFields' needs at least two vectors";
    result.fusedFields.push_back(std::move(fields));
    return success();
  }
  if (name == "setApply")
    return applyOption(call);
  if (name == "configIntersection")
    return checkIntersection(call);
  if (name == "configParForGrainSize") {
    Options *opts = labelled(call, 2, 2);
    if (!opts)
      return failure();
    if (call.args[1].kind != ScheduleArg::Int || call.args[1].value <= 0)
      return emitError(call.args[1].loc) << "grain size must be positive";
    opts->grain = call.args[1].value;
    return success();
  }
  if (StringRef feature = unsupportedFeature(name); !feature.empty())
    return emitError(call.loc)
           << "scheduling function '" << name
           << "' is not supported: this compiler has no " << feature;
  return emitError(call.loc) << "unknown scheduling function '" << name
                             << "'; valid functions: " << kFunctions;
}

//===----------------------------------------------------------------------===//
// GPU schedules
//===----------------------------------------------------------------------===//

template <typename T, size_t N>
FailureOr<T> Resolver::constant(const ScheduleCall &call, size_t i,
                                const Choice<T> (&choices)[N], StringRef what) {
  const ScheduleArg &arg = call.args[i];
  if (arg.kind == ScheduleArg::Name)
    for (const Choice<T> &c : choices)
      if (c.name == arg.str)
        return c.value;
  auto diag = emitError(arg.loc);
  if (arg.kind == ScheduleArg::Name)
    diag << "unknown " << what << " '" << arg.str << "' in '" << call.name
         << "'; valid choices: ";
  else
    diag << "argument " << i + 1 << " of '" << call.name << "' must be one of ";
  diag << listChoices(choices, /*quoted=*/false);
  return failure();
}

template <typename T, size_t N>
LogicalResult Resolver::setConstant(const ScheduleCall &call,
                                    const Choice<T> (&choices)[N],
                                    StringRef what, T &option) {
  if (failed(checkCount(call, 1, 1)))
    return failure();
  FailureOr<T> value = constant(call, 0, choices, what);
  if (failed(value))
    return failure();
  option = *value;
  return success();
}

GpuVar *Resolver::gpuVar(const ScheduleCall &call, size_t i) {
  const ScheduleArg &arg = call.args[i];
  if (arg.kind != ScheduleArg::Name) {
    emitError(arg.loc) << "argument " << i + 1 << " of '" << call.name
                       << "' must be a GPU schedule variable";
    return nullptr;
  }
  auto it = gpuVars.find(arg.str);
  if (it == gpuVars.end()) {
    if (invalidGpuVars.contains(arg.str))
      return nullptr;
    emitError(arg.loc) << "undeclared GPU schedule '" << arg.str
                       << "' (declare it first: 'SimpleGPUSchedule " << arg.str
                       << ";')";
    return nullptr;
  }
  return &it->second;
}

LogicalResult Resolver::applyGpu(const ScheduleCall &call) {
  switch (call.kind) {
  case ScheduleCall::Declaration:
    if (failed(declareGpu(call))) {
      if (!gpuVars.contains(call.var))
        invalidGpuVars.insert(call.var);
      return failure();
    }
    return success();
  case ScheduleCall::Method: {
    auto it = gpuVars.find(call.var);
    if (it == gpuVars.end() && invalidGpuVars.contains(call.var))
      return failure();
    if (it == gpuVars.end())
      return emitError(call.loc)
             << "undeclared GPU schedule '" << call.var
             << "' (declare it first: 'SimpleGPUSchedule " << call.var << ";')";
    return configureGpu(call, it->second);
  }
  case ScheduleCall::Program:
    return applyGpuSchedule(call);
  }
  llvm_unreachable("unknown scheduling statement");
}

LogicalResult Resolver::declareGpu(const ScheduleCall &call) {
  bool hybrid = call.name == "HybridGPUSchedule";
  if (!hybrid && call.name != "SimpleGPUSchedule")
    return emitError(call.loc)
           << "unknown schedule type '" << call.name
           << "'; valid types: SimpleGPUSchedule, HybridGPUSchedule";
  if (gpuVars.contains(call.var))
    return emitError(call.loc)
           << "GPU schedule '" << call.var << "' is already declared";
  GpuVar var;
  var.hybrid = hybrid;
  if (call.isCopy) {
    GpuVar *source = gpuVar(call, 0);
    if (!source)
      return failure();
    if (source->hybrid != hybrid)
      return emitError(call.args[0].loc)
             << "cannot initialize " << call.name << " '" << call.var
             << "' from '" << call.args[0].str << "', a "
             << (source->hybrid ? "HybridGPUSchedule" : "SimpleGPUSchedule");
    var = *source;
  } else if (!hybrid) {
    if (failed(checkCount(call, 0, 0)))
      return failure();
  } else {
    // HybridGPUSchedule h(INPUT_VERTEXSET_SIZE, threshold, s1, s2): s1
    // while the input frontier holds at most threshold * |V| vertices.
    if (failed(checkCount(call, 4, 4)) ||
        failed(constant(call, 0, kHybridCriteria, "hybrid criterion")))
      return failure();
    GpuVar *below = gpuVar(call, 2);
    GpuVar *above = below ? gpuVar(call, 3) : nullptr;
    if (!above)
      return failure();
    for (size_t i : {2, 3})
      if (gpuVars.lookup(call.args[i].str).hybrid)
        return emitError(call.args[i].loc)
               << "argument " << i + 1 << " of 'HybridGPUSchedule' must be "
               << "a SimpleGPUSchedule; '" << call.args[i].str
               << "' is a HybridGPUSchedule";
    var.options = below->options;
    const ScheduleArg &t = call.args[1];
    StringRef text = t.str;
    int64_t k;
    if (t.kind == ScheduleArg::String && text.consume_front("argv[") &&
        text.consume_back("]") && !text.getAsInteger(10, k) && k > 0) {
      var.options.hybridThresholdArgv = k;
    } else {
      double value = t.kind == ScheduleArg::Int     ? double(t.value)
                     : t.kind == ScheduleArg::Float ? t.fraction
                                                    : -1;
      if (!(value >= 0 && value <= 1))
        return emitError(t.loc) << "hybrid threshold must be a fraction of "
                                   "the vertices from 0 to 1 or \"argv[k]\"";
      var.options.hybridThreshold =
          FloatAttr::get(Float64Type::get(context), value);
    }
    var.options.otherwise = GpuScheduleAttr::get(context, above->options);
  }
  gpuVars[call.var] = var;
  return success();
}

LogicalResult Resolver::configureGpu(const ScheduleCall &call, GpuVar &var) {
  StringRef name = call.name;
  if (!llvm::is_contained(kGpuFunctions, name))
    return emitError(call.loc) << "unknown GPU scheduling function '" << name
                               << "'; valid functions: "
                               << llvm::join(ArrayRef(kGpuFunctions), ", ");
  if (var.hybrid)
    return emitError(call.loc)
           << "'" << call.var << "' is a HybridGPUSchedule, which has no '"
           << name << "'; configure the SimpleGPUSchedules it combines";
  GpuScheduleAttr::Options &o = var.options;
  if (name == "configLoadBalance") {
    if (failed(checkCount(call, 1, 3)))
      return failure();
    FailureOr<GpuLoadBalance> balance =
        constant(call, 0, kLoadBalances, "load balance");
    if (failed(balance))
      return failure();
    o.loadBalance = *balance;
    o.edgeBlocking = 0;
    if (call.args.size() == 1)
      return success();
    FailureOr<bool> blocked = constant(call, 1, kBlocking, "edge blocking");
    if (failed(blocked))
      return failure();
    if (*balance != GpuLoadBalance::EdgeOnly)
      return emitError(call.args[1].loc)
             << "edge blocking applies only to EDGE_ONLY load balance";
    if (call.args.size() == 3 && (call.args[2].kind != ScheduleArg::Int ||
                                  call.args[2].value <= 0 || !*blocked))
      return emitError(call.args[2].loc)
             << (*blocked ? "the edge block size must be a positive integer"
                          : "UNBLOCKED takes no block size");
    // GraphIt's default block size is 1.
    if (*blocked)
      o.edgeBlocking = call.args.size() == 3 ? call.args[2].value : 1;
    return success();
  }
  if (name == "configDirection") {
    if (failed(checkCount(call, 1, 2)))
      return failure();
    FailureOr<GpuDirection> direction =
        constant(call, 0, kGpuDirections, "direction");
    if (failed(direction))
      return failure();
    o.direction = *direction;
    // GraphIt's default pull frontier is a boolmap.
    o.pullFrontier = GpuVertexMap::Boolmap;
    if (call.args.size() == 1)
      return success();
    FailureOr<GpuVertexMap> map =
        constant(call, 1, kVertexMaps, "pull frontier");
    if (failed(map))
      return failure();
    if (*direction != GpuDirection::Pull)
      return emitError(call.args[1].loc)
             << "a pull frontier representation applies only to PULL";
    o.pullFrontier = *map;
    return success();
  }
  if (name == "configFrontierCreation")
    return setConstant(call, kFrontierCreations, "frontier creation",
                       o.frontierCreation);
  if (name == "configDeduplication") {
    if (failed(checkCount(call, 1, 2)))
      return failure();
    FailureOr<bool> enabled = constant(call, 0, kEnabled, "deduplication");
    if (failed(enabled))
      return failure();
    // GraphIt's default strategy, when enabled, is UNFUSED.
    o.dedup = *enabled ? GpuDedup::Unfused : GpuDedup::Disabled;
    if (call.args.size() == 1)
      return success();
    FailureOr<GpuDedup> strategy =
        constant(call, 1, kDedupStrategies, "deduplication strategy");
    if (failed(strategy))
      return failure();
    if (!*enabled)
      return emitError(call.args[1].loc)
             << "a deduplication strategy applies only to ENABLED";
    o.dedup = *strategy;
    return success();
  }
  if (name == "configDelta") {
    if (failed(checkCount(call, 1, 1)))
      return failure();
    FailureOr<ScheduleCount> delta = count(call, 0, "GPU delta");
    if (failed(delta))
      return failure();
    o.delta = *delta;
    return success();
  }
  if (name == "configKernelFusion")
    return setConstant(call, kKernelFusions, "kernel fusion", o.kernelFusion);
  assert(name == "configEdgePlacement");
  return setConstant(call, kEdgePlacements, "edge placement", o.edges);
}

LogicalResult Resolver::applyGpuSchedule(const ScheduleCall &call) {
  if (failed(checkCount(call, 2, 2)) || failed(checkString(call, 0)))
    return failure();
  GpuVar *var = gpuVar(call, 1);
  if (!var)
    return failure();
  StringRef label = call.args[0].str;
  auto valid = [&] {
    std::string list;
    for (auto &[name, labelInfo] : info.labels)
      if (labelInfo.hasEdgeApply || labelInfo.isWhile)
        list += (list.empty() ? "\"" : ", \"") + name.str() + "\"";
    return list.empty() ? std::string("none") : list;
  };
  auto it = info.labels.find(label);
  if (it == info.labels.end())
    return emitError(call.args[0].loc)
           << "unknown label \"" << label
           << "\" in 'applyGPUSchedule'; valid labels: " << valid();
  const LabelInfo &labelInfo = it->second;
  // GraphIt copies the schedule: later calls on the variable do not change
  // it.
  GpuScheduleAttr schedule = GpuScheduleAttr::get(context, var->options);
  if (labelInfo.hasEdgeApply) {
    gpuSchedules[it->first] = schedule;
    return success();
  }
  if (labelInfo.isWhile) {
    if (schedule.with([](GpuScheduleAttr::Options &o) {
          o.kernelFusion = GpuKernelFusion::Disabled;
        }) != GpuScheduleAttr::getDefault(context))
      return emitError(call.args[1].loc)
             << "only configKernelFusion applies to the while loop labelled \""
             << label << "\"; its edgeset applies take the other options";
    gpuSchedules[it->first] = schedule;
    return success();
  }
  if (labelInfo.hasVertexApply)
    return emitError(call.args[0].loc)
           << "label \"" << label
           << "\" names a vertex set operation: GPU schedules direct edgeset "
              "applies (and kernel fusion while loops); valid labels: "
           << valid();
  // GraphIt's own tests schedule labels of statements without a traversal;
  // it ignores that, and so does this compiler.
  emitWarning(call.args[0].loc)
      << "no edgeset apply or while loop is labelled \"" << label
      << "\" in 'applyGPUSchedule' (call ignored)";
  return success();
}

FailureOr<ResolvedSchedule> Resolver::finishGpu() {
  ResolvedSchedule gpu;
  auto withGpu = [&](GpuScheduleAttr schedule) {
    return ScheduleAttr::getDefault(context).with(
        [&](ScheduleAttr::Options &o) { o.gpu = schedule; });
  };
  for (auto [label, schedule] : gpuSchedules) {
    const LabelInfo &labelInfo = info.labels.find(label)->second;
    if (labelInfo.isWhile &&
        schedule.getKernelFusion() != GpuKernelFusion::Disabled)
      gpu.fusedLoops[label] = schedule.getKernelFusion();
    if (labelInfo.hasEdgeApply)
      gpu.byLabel[label].edges = withGpu(schedule);
  }
  // A priority queue takes its delta from its traversal's GPU schedule.
  for (const auto &entry : info.queueLabels)
    if (GpuScheduleAttr schedule = gpuSchedules.lookup(entry.second))
      gpu.queues[entry.first] = ScheduleAttr::getDefault(context).with(
          [&](ScheduleAttr::Options &o) { o.delta = schedule.getDelta(); });
  gpu.gpuDefault = withGpu(GpuScheduleAttr::getDefault(context));
  return std::move(gpu);
}

LogicalResult Resolver::applyOption(const ScheduleCall &call) {
  Options *opts = labelled(call, 2, 3);
  if (!opts)
    return failure();
  FailureOr<ApplyOption> option =
      choose(call, 1, kApplyOptions, "apply option");
  if (failed(option))
    return failure();
  bool takesCount = *option == ApplyOption::NumSegment ||
                    *option == ApplyOption::PullEdgeBasedLoadBalance;
  std::optional<int64_t> count;
  if (call.args.size() == 3) {
    const ScheduleArg &arg = call.args[2];
    if (!takesCount)
      return emitError(arg.loc)
             << "apply option \"" << call.args[1].str << "\" takes no count";
    if (arg.kind != ScheduleArg::Int || arg.value <= 0)
      return emitError(arg.loc) << "argument 3 of 'setApply' must be a "
                                   "positive integer";
    count = arg.value;
  } else if (*option == ApplyOption::NumSegment) {
    return emitError(call.loc) << "apply option \"num_segment\" needs a "
                                  "segment count";
  }
  switch (*option) {
  case ApplyOption::Serial:
    opts->parallel = Parallelization::Serial;
    return success();
  case ApplyOption::Parallel:
    opts->parallel = Parallelization::DynamicVertex;
    return success();
  case ApplyOption::Push:
    opts->direction = Direction::SparsePush;
    break;
  case ApplyOption::Pull:
    opts->direction = Direction::DensePull;
    break;
  case ApplyOption::HybridDense:
    opts->direction = Direction::SparsePushDensePull;
    break;
  case ApplyOption::HybridDenseForward:
    opts->direction = Direction::SparsePushDensePush;
    break;
  case ApplyOption::PullFrontierBitvector:
    opts->frontier = FrontierLayout::Bitvector;
    opts->frontierSets = FrontierSets::Src;
    break;
  case ApplyOption::PullEdgeBasedLoadBalance:
    opts->edgeAware = true;
    if (count)
      opts->grain = *count;
    break;
  case ApplyOption::NumaAware:
    opts->numa = NumaMode::StaticParallel;
    break;
  case ApplyOption::NumSegment:
    opts->segments = *count;
    opts->segmentsArgv = 0;
    break;
  case ApplyOption::SlidingQueue:
    opts->frontier = FrontierLayout::SlidingQueue;
    break;
  }
  opts->traversalOnly = call.loc;
  return success();
}

FailureOr<ResolvedSchedule> Resolver::finishCpu() {
  for (const std::string &label : order) {
    const Options &o = options.find(label)->second;
    const LabelInfo &labelInfo = info.labels.find(label)->second;
    // GraphIt's own schedules direct vertex set operations too; it ignores
    // that, and so does this compiler, with a warning.
    if (!labelInfo.hasEdgeApply && o.traversalOnly)
      emitWarning(*o.traversalOnly)
          << "label \"" << label
          << "\" names a vertex set operation; only "
             "configApplyParallelization applies to it (the rest of the "
             "call is ignored)";
    // A schedule the calls make together is reported at the last call, with
    // a note at each earlier one (the conflict may lie in any of them).
    auto emitErr = [&]() {
      InFlightDiagnostic diag = emitError(o.loc);
      for (Location earlier : o.earlierCalls)
        diag.attachNote(earlier)
            << "label \"" << label << "\" is also scheduled here";
      return diag;
    };
    LabelSchedule sched;
    if (labelInfo.hasEdgeApply) {
      Parallelization parallel = o.parallel.value_or(Parallelization::Serial);
      if (o.edgeAware && parallel == Parallelization::DynamicVertex)
        parallel = Parallelization::EdgeAwareDynamicVertex;
      sched.edges = ScheduleAttr::getChecked(
          emitErr, context, o.direction, parallel, o.grain, o.frontier,
          o.frontierSets, o.segments, o.segmentsArgv, o.segmentStrategy, o.numa,
          o.priorityUpdate, o.delta, o.fusionThreshold, o.openBuckets,
          GpuScheduleAttr(), o.async, o.epilogue);
      if (!sched.edges)
        return failure();
    }
    // Vertex set operations run in parallel unless scheduled otherwise.
    sched.vertices = ScheduleAttr::getDefault(context).with(
        [&](ScheduleAttr::Options &options) {
          options.parallel =
              o.parallel.value_or(Parallelization::DynamicVertex);
          options.grain = o.grain;
        });
    result.byLabel[label] = sched;
  }
  for (auto [queue, label] : info.queueLabels)
    if (auto it = result.byLabel.find(label); it != result.byLabel.end())
      result.queues[queue] = it->second.edges;
  return std::move(result);
}

FailureOr<ResolvedSchedule> Resolver::finish() {
  if (firstIgnored)
    emitWarning(*firstIgnored)
        << (target == ScheduleTarget::CPU
                ? "GPU schedules are ignored when compiling for the CPU; "
                  "compile with --target=gpu or --target=gpu-host"
                : "CPU schedules are ignored when compiling for the GPU; "
                  "compile with --target=cpu");
  return target == ScheduleTarget::GPU ? finishGpu() : finishCpu();
}

FailureOr<ResolvedSchedule> mlir::graph::graphit::resolveSchedule(
    ArrayRef<ScheduleCall> calls, const Program &program,
    const ProgramInfo &info, MLIRContext *context, ScheduleTarget target) {
  Resolver resolver(program, info, context, target);
  bool ok = true;
  for (const ScheduleCall &call : calls)
    ok &= succeeded(resolver.apply(call));
  if (!ok)
    return failure();
  return resolver.finish();
}
