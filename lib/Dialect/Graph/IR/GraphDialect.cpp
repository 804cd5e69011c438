//===- GraphDialect.cpp - graph dialect, types and attributes -------------===//

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::graph;

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.cpp.inc"
#include "graph-mlir/Dialect/Graph/IR/GraphEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "graph-mlir/Dialect/Graph/IR/GraphTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "graph-mlir/Dialect/Graph/IR/GraphAttrs.cpp.inc"

void GraphDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "graph-mlir/Dialect/Graph/IR/GraphTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "graph-mlir/Dialect/Graph/IR/GraphAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "graph-mlir/Dialect/Graph/IR/GraphOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static bool isElementType(Type type) {
  return type.isSignlessInteger() || isa<FloatType>(type);
}

Type mlir::graph::weightStorageType(Type weightType) {
  if (!weightType || weightType.isF32() || weightType.isF64())
    return weightType;
  return IntegerType::get(weightType.getContext(), 32);
}

LogicalResult EdgeSetType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type weightType) {
  if (weightType && !isElementType(weightType))
    return emitError() << "edge weight type must be a signless integer or "
                          "float, got "
                       << weightType;
  return success();
}

LogicalResult SegmentsType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   EdgeDirection, Type weightType) {
  return EdgeSetType::verify(emitError, weightType);
}

/// `<` (K `x`)? element-type (`,` `record` layout)? `>`
Type VertexVectorType::parse(AsmParser &parser) {
  // `4x` (a fixed length), `?x4x` (a row of 4 per vertex) or nothing.
  SmallVector<int64_t, 2> dims;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/true) ||
      parser.parseType(elementType))
    return {};
  // The row length is static; only the first dimension may be `?`.
  if (dims.size() > 2 || ShapedType::isDynamic(dims.back()) ||
      (dims.size() == 1 && ShapedType::isDynamic(dims[0]))) {
    parser.emitError(parser.getNameLoc(),
                     "a vector is per-vertex (no dimension), of a fixed "
                     "length (`4x`), of rows per vertex (`?x4x`) or of a "
                     "fixed number of rows (`3x4x`)");
    return {};
  }
  // Lengths of 0 stand for their absence in the type's storage.
  if (llvm::is_contained(dims, 0)) {
    parser.emitError(parser.getNameLoc(), "vector length must be positive");
    return {};
  }
  int64_t length = dims.empty() || ShapedType::isDynamic(dims[0]) ? 0 : dims[0];
  int64_t rowLength = dims.size() == 2 ? dims[1] : 0;
  RecordLayoutAttr layout;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("record"))
      return {};
    layout = dyn_cast_or_null<RecordLayoutAttr>(
        RecordLayoutAttr::parse(parser, Type()));
    if (!layout)
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), elementType, layout, length,
                    rowLength);
}

void VertexVectorType::print(AsmPrinter &printer) const {
  printer << '<';
  if (!isPerVertex())
    printer << getLength() << 'x';
  else if (hasRows())
    printer << "?x";
  if (hasRows())
    printer << getRowLength() << 'x';
  printer << getElementType();
  if (getLayout()) {
    printer << ", record";
    getLayout().print(printer);
  }
  printer << '>';
}

LogicalResult
VertexVectorType::verify(function_ref<InFlightDiagnostic()> emitError,
                         Type elementType, RecordLayoutAttr layout,
                         int64_t length, int64_t rowLength) {
  if (!isElementType(elementType))
    return emitError() << "vector element type must be a signless integer or "
                          "float, got "
                       << elementType;
  if (length < 0 || rowLength < 0)
    return emitError() << "vector length must be positive, got "
                       << std::min(length, rowLength);
  if (rowLength && layout)
    return emitError() << "a vector of rows has no record layout (fields "
                          "are fused one element per vertex)";
  if (length && layout)
    return emitError() << "a fixed-length vector has no record layout (only "
                          "per-vertex vectors are fused)";
  if (!layout)
    return success();
  // Bools are stored in a byte; other fields must be whole bytes, a power of
  // two of them, so that natural alignment makes the record a strided array.
  unsigned bits = elementType.getIntOrFloatBitWidth();
  int64_t bytes = llvm::divideCeil(bits, 8);
  if (bits != 1 && (bits % 8 || !llvm::isPowerOf2_64(bytes)))
    return emitError() << "record field type must take 1, 2, 4, 8... bytes, "
                          "got "
                       << elementType;
  int64_t size = layout.getSize(), offset = layout.getOffset();
  if (offset < 0 || offset + bytes > size)
    return emitError() << "record field at byte " << offset << " of "
                       << elementType << " does not fit in a " << size
                       << "-byte record";
  if (offset % bytes || size % bytes)
    return emitError() << "record field of " << elementType
                       << " must be aligned to " << bytes
                       << " bytes, got offset " << offset << " in a " << size
                       << "-byte record";
  return success();
}

LogicalResult RecordsType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t size) {
  if (size < 1)
    return emitError() << "record size must be positive, got " << size;
  return success();
}

//===----------------------------------------------------------------------===//
// #graph.schedule
//===----------------------------------------------------------------------===//

Value ScheduleCount::materialize(OpBuilder &b, Location loc) const {
  if (!isArgv())
    return arith::ConstantIndexOp::create(b, loc, value);
  Value arg =
      ArgvOp::create(b, loc, StringType::get(b.getContext()), argvIndex);
  Value n = AtoiOp::create(b, loc, b.getI64Type(), arg);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), n);
}

LogicalResult
PriorityQueueType::verify(function_ref<InFlightDiagnostic()> emitError,
                          IntegerType priorityType) {
  if (priorityType.getWidth() != 32 && priorityType.getWidth() != 64)
    return emitError() << "priorities must be i32 or i64, got " << priorityType;
  return success();
}

LogicalResult ListType::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type elementType) {
  if (isa<VertexSetType, IndexType, Float32Type, Float64Type>(elementType) ||
      elementType.isSignlessInteger(1) || elementType.isSignlessInteger(8) ||
      elementType.isSignlessInteger(16) || elementType.isSignlessInteger(32) ||
      elementType.isSignlessInteger(64))
    return success();
  return emitError() << "list elements must be !graph.vertexset, index, i1, "
                        "i8, i16, i32, i64, f32 or f64, got "
                     << elementType;
}

ScheduleAttr ScheduleAttr::getDefault(MLIRContext *context) {
  return get(context, Direction::SparsePush, Parallelization::Serial, 256,
             FrontierLayout::BoolArray, FrontierSets::Both, 0, 0,
             SegmentStrategy::FixedVertexCount, NumaMode::Serial,
             PriorityUpdate::Eager, ScheduleCount(1), ScheduleCount(1000),
             ScheduleCount(128), GpuScheduleAttr(), AsyncMode::None,
             EpilogueUpdate::DoubleBuffer);
}

ScheduleAttr::Options ScheduleAttr::getOptions() const {
  return {getDirection(),    getParallel(),
          getGrain(),        getFrontier(),
          getFrontierSets(), getSegments(),
          getSegmentsArgv(), getSegmentStrategy(),
          getNuma(),         getPriorityUpdate(),
          getDelta(),        getFusionThreshold(),
          getOpenBuckets(),  getGpu(),
          getAsync(),        getEpilogue()};
}

ScheduleAttr ScheduleAttr::get(MLIRContext *context, const Options &o) {
  return get(context, o.direction, o.parallel, o.grain, o.frontier,
             o.frontierSets, o.segments, o.segmentsArgv, o.segmentStrategy,
             o.numa, o.priorityUpdate, o.delta, o.fusionThreshold,
             o.openBuckets, o.gpu, o.async, o.epilogue);
}

ScheduleAttr ScheduleAttr::with(function_ref<void(Options &)> change) const {
  Options options = getOptions();
  change(options);
  return get(getContext(), options);
}

bool ScheduleAttr::isHybrid() const {
  return getDirection() == Direction::SparsePushDensePull ||
         getDirection() == Direction::SparsePushDensePush;
}

EdgeDirection ScheduleAttr::getSegmentDirection() const {
  return getDirection() == Direction::DensePull ||
                 getDirection() == Direction::SparsePushDensePull
             ? EdgeDirection::In
             : EdgeDirection::Out;
}

LogicalResult ScheduleAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, Direction direction,
    Parallelization parallel, int64_t grain, FrontierLayout frontier,
    FrontierSets, int64_t segments, int64_t segmentsArgv, SegmentStrategy,
    NumaMode numa, PriorityUpdate priorityUpdate, ScheduleCount delta,
    ScheduleCount fusionThreshold, ScheduleCount openBuckets,
    GpuScheduleAttr gpu, AsyncMode async, EpilogueUpdate epilogue) {
  if (gpu) {
    ScheduleAttr cpuDefaults = getDefault(gpu.getContext());
    if (direction != cpuDefaults.getDirection() ||
        parallel != cpuDefaults.getParallel() ||
        grain != cpuDefaults.getGrain() ||
        frontier != cpuDefaults.getFrontier() || segments || segmentsArgv ||
        numa != cpuDefaults.getNuma() ||
        priorityUpdate != cpuDefaults.getPriorityUpdate() ||
        delta != cpuDefaults.getDelta() ||
        fusionThreshold != cpuDefaults.getFusionThreshold() ||
        openBuckets != cpuDefaults.getOpenBuckets())
      return emitError() << "a schedule with gpu sets no CPU option; the GPU "
                            "schedule holds all of the traversal's options";
  }
  for (auto [name, count] : {std::pair("delta", delta),
                             std::pair("fusion_threshold", fusionThreshold),
                             std::pair("open_buckets", openBuckets)})
    if (count.isArgv() ? count.argvIndex < 1 : count.value < 1)
      return emitError() << "schedule " << name << " must be positive, got "
                         << count.value;
  if (grain < 1)
    return emitError() << "schedule grain must be positive, got " << grain;
  if (segments < 0)
    return emitError() << "schedule segment count must be positive, got "
                       << segments;
  if (segments > kMaxSegments)
    return emitError() << "schedule segment count " << segments
                       << " exceeds the maximum of " << kMaxSegments;
  if (segmentsArgv < 0)
    return emitError() << "schedule segments argv index must be positive, got "
                       << segmentsArgv;
  if (segments > 0 && segmentsArgv > 0)
    return emitError()
           << "schedule segment count given both as a number and as argv";
  bool segmented = segments > 0 || segmentsArgv > 0;
  if (segmented && direction == Direction::SparsePush)
    return emitError() << "segments need a dense direction (dense_pull, "
                          "dense_push or a hybrid); 'sparse_push' visits only "
                          "the frontier's edges";
  if (frontier == FrontierLayout::SlidingQueue &&
      direction != Direction::SparsePush)
    return emitError() << "frontier = sliding_queue builds the output of a "
                          "sparse push; got direction = "
                       << stringifyDirection(direction);
  if (numa != NumaMode::Serial && !segmented)
    return emitError() << "numa = " << stringifyNumaMode(numa)
                       << " needs segments (configApplyNumSSG)";
  // The worklist pushes each activated vertex on its own, a sparse push's
  // output, on the CPU's threads over the whole graph.
  if (async != AsyncMode::None && (direction != Direction::SparsePush || gpu ||
                                   segmented || numa != NumaMode::Serial))
    return emitError() << "async needs direction = sparse_push and no gpu, "
                          "segments or numa";
  // Only an ordered worklist has buckets.
  if (async == AsyncMode::Unordered && delta != ScheduleCount(1))
    return emitError() << "delta is the bucket width of async = ordered; "
                          "async = unordered has no buckets";
  // The ordered worklist is a sparse push's output too, and it replaces the
  // whole loop that async would.
  if (priorityUpdate == PriorityUpdate::Obim &&
      (direction != Direction::SparsePush || segmented ||
       numa != NumaMode::Serial || async != AsyncMode::None))
    return emitError() << "priority_update = obim needs direction = "
                          "sparse_push and no segments, numa or async";
  // Only a pull has a per-destination epilogue on the CPU.
  if (epilogue == EpilogueUpdate::InPlace &&
      ((direction != Direction::DensePull &&
        direction != Direction::SparsePushDensePull) ||
       gpu || async != AsyncMode::None))
    return emitError() << "epilogue = in_place needs direction = dense_pull "
                          "or sparse_push_dense_pull and no gpu or async";
  if (numa != NumaMode::Serial && parallel == Parallelization::Serial)
    return emitError() << "numa = " << stringifyNumaMode(numa)
                       << " needs a parallel schedule, got parallel = serial";
  return success();
}

/// Parses `<keyword>` into an enum with `symbolize`, listing the valid
/// keywords when the keyword is unknown.
template <typename EnumT>
static ParseResult
parseEnumValue(AsmParser &parser, StringRef option, EnumT &result,
               std::optional<EnumT> (*symbolize)(StringRef),
               StringRef (*stringify)(EnumT), uint32_t numCases) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  if (std::optional<EnumT> value = symbolize(keyword)) {
    result = *value;
    return success();
  }
  SmallVector<StringRef> valid;
  for (uint32_t i = 0; i < numCases; ++i)
    valid.push_back(stringify(static_cast<EnumT>(i)));
  return parser.emitError(loc)
         << "unknown " << option << " '" << keyword
         << "'; expected one of: " << llvm::join(valid, ", ");
}

/// Parses `= <keyword>` into an enum (parseEnumValue).
template <typename EnumT>
static ParseResult
parseEnumOption(AsmParser &parser, StringRef option, EnumT &result,
                std::optional<EnumT> (*symbolize)(StringRef),
                StringRef (*stringify)(EnumT), uint32_t numCases) {
  if (parser.parseEqual())
    return failure();
  return parseEnumValue(parser, option, result, symbolize, stringify, numCases);
}

/// Parses `<option, option, ...>` (`<>` when `allowEmpty`), each option a
/// keyword that `parseOption` handles, given at most once; `what` names the
/// attribute in errors.
static ParseResult parseOptionList(
    AsmParser &parser, StringRef what, bool allowEmpty,
    function_ref<ParseResult(StringRef option, SMLoc loc)> parseOption) {
  llvm::StringSet<> seen;
  auto parseOne = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef option;
    if (parser.parseKeyword(&option))
      return failure();
    if (!seen.insert(option).second)
      return parser.emitError(loc)
             << what << " option '" << option << "' given twice";
    return parseOption(option, loc);
  };
  if (parser.parseLess())
    return failure();
  if (allowEmpty && succeeded(parser.parseOptionalGreater()))
    return success();
  return failure(
      parser.parseCommaSeparatedList(AsmParser::Delimiter::None, parseOne) ||
      parser.parseGreater());
}

/// `n` or `argv[k]`.
static std::string printCount(ScheduleCount count) {
  return count.isArgv() ? "argv[" + std::to_string(count.argvIndex) + "]"
                        : std::to_string(count.value);
}

/// Parses `= n` or `= argv[k]` (n, k >= 1).
static ParseResult parseCountOption(AsmParser &parser, StringRef option,
                                    ScheduleCount &count) {
  if (parser.parseEqual())
    return failure();
  bool fromArgv = succeeded(parser.parseOptionalKeyword("argv"));
  SMLoc loc = parser.getCurrentLocation();
  int64_t value;
  if ((fromArgv && parser.parseLSquare()) || parser.parseInteger(value) ||
      (fromArgv && parser.parseRSquare()))
    return failure();
  if (value < 1)
    return parser.emitError(loc) << option
                                 << (fromArgv ? " = argv[k] needs k >= 1, got "
                                              : " must be positive, got ")
                                 << value;
  count = fromArgv ? ScheduleCount::fromArgv(value) : ScheduleCount(value);
  return success();
}

Attribute ScheduleAttr::parse(AsmParser &parser, Type) {
  ScheduleAttr defaults = getDefault(parser.getContext());
  Direction direction = defaults.getDirection();
  Parallelization parallel = defaults.getParallel();
  int64_t grain = defaults.getGrain();
  FrontierLayout frontier = defaults.getFrontier();
  FrontierSets frontierSets = defaults.getFrontierSets();
  int64_t segments = 0, segmentsArgv = 0;
  SegmentStrategy strategy = defaults.getSegmentStrategy();
  NumaMode numa = defaults.getNuma();
  PriorityUpdate priorityUpdate = defaults.getPriorityUpdate();
  ScheduleCount delta = defaults.getDelta();
  ScheduleCount fusionThreshold = defaults.getFusionThreshold();
  ScheduleCount openBuckets = defaults.getOpenBuckets();
  GpuScheduleAttr gpu;
  AsyncMode async = AsyncMode::None;
  EpilogueUpdate epilogue = defaults.getEpilogue();

  auto parseOption = [&](StringRef option, SMLoc loc) -> ParseResult {
    if (option == "direction")
      return parseEnumOption(parser, option, direction, symbolizeDirection,
                             stringifyDirection,
                             getMaxEnumValForDirection() + 1);
    if (option == "parallel")
      return parseEnumOption(parser, option, parallel, symbolizeParallelization,
                             stringifyParallelization,
                             getMaxEnumValForParallelization() + 1);
    if (option == "frontier")
      return parseEnumOption(parser, option, frontier, symbolizeFrontierLayout,
                             stringifyFrontierLayout,
                             getMaxEnumValForFrontierLayout() + 1);
    if (option == "frontier_sets")
      return parseEnumOption(parser, option, frontierSets,
                             symbolizeFrontierSets, stringifyFrontierSets,
                             getMaxEnumValForFrontierSets() + 1);
    if (option == "segment_strategy")
      return parseEnumOption(parser, option, strategy, symbolizeSegmentStrategy,
                             stringifySegmentStrategy,
                             getMaxEnumValForSegmentStrategy() + 1);
    if (option == "numa")
      return parseEnumOption(parser, option, numa, symbolizeNumaMode,
                             stringifyNumaMode, getMaxEnumValForNumaMode() + 1);
    if (option == "priority_update")
      return parseEnumOption(parser, option, priorityUpdate,
                             symbolizePriorityUpdate, stringifyPriorityUpdate,
                             getMaxEnumValForPriorityUpdate() + 1);
    if (option == "epilogue")
      return parseEnumOption(parser, option, epilogue, symbolizeEpilogueUpdate,
                             stringifyEpilogueUpdate,
                             getMaxEnumValForEpilogueUpdate() + 1);
    if (option == "delta")
      return parseCountOption(parser, option, delta);
    if (option == "fusion_threshold")
      return parseCountOption(parser, option, fusionThreshold);
    if (option == "open_buckets")
      return parseCountOption(parser, option, openBuckets);
    if (option == "gpu")
      return failure(parser.parseEqual() || parser.parseAttribute(gpu));
    if (option == "async") {
      // `async` alone is the unordered worklist.
      async = AsyncMode::Unordered;
      if (failed(parser.parseOptionalEqual()))
        return success();
      SMLoc modeLoc = parser.getCurrentLocation();
      StringRef keyword;
      if (parser.parseKeyword(&keyword))
        return failure();
      std::optional<AsyncMode> mode = symbolizeAsyncMode(keyword);
      if (!mode || *mode == AsyncMode::None)
        return parser.emitError(modeLoc)
               << "unknown async '" << keyword
               << "'; expected one of: unordered, ordered";
      async = *mode;
      return success();
    }
    if (option == "grain")
      return failure(parser.parseEqual() || parser.parseInteger(grain));
    if (option == "segments") {
      if (parser.parseEqual())
        return failure();
      bool fromArgv = succeeded(parser.parseOptionalKeyword("argv"));
      SMLoc countLoc = parser.getCurrentLocation();
      if (fromArgv &&
          (parser.parseLSquare() || parser.parseInteger(segmentsArgv) ||
           parser.parseRSquare()))
        return failure();
      if (!fromArgv && parser.parseInteger(segments))
        return failure();
      if (fromArgv && segmentsArgv < 1)
        return parser.emitError(countLoc)
               << "segments = argv[k] needs k >= 1, got " << segmentsArgv;
      if (!fromArgv && segments < 1)
        return parser.emitError(countLoc)
               << "schedule segment count must be positive, got " << segments;
      return success();
    }
    return parser.emitError(loc)
           << "unknown schedule option '" << option
           << "'; expected one of: direction, parallel, grain, frontier, "
              "frontier_sets, segments, segment_strategy, numa, "
              "priority_update, delta, fusion_threshold, open_buckets, gpu, "
              "async, epilogue";
  };

  if (parseOptionList(parser, "schedule", /*allowEmpty=*/false, parseOption))
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), direction, parallel, grain, frontier,
                    frontierSets, segments, segmentsArgv, strategy, numa,
                    priorityUpdate, delta, fusionThreshold, openBuckets, gpu,
                    async, epilogue);
}

void ScheduleAttr::print(AsmPrinter &printer) const {
  ScheduleAttr defaults = getDefault(getContext());
  SmallVector<std::string> options;
  auto addIfChanged = [&](StringRef name, auto value, auto defaultValue,
                          auto stringify) {
    if (value != defaultValue)
      options.push_back((name + " = " + stringify(value)).str());
  };
  addIfChanged("direction", getDirection(), defaults.getDirection(),
               stringifyDirection);
  addIfChanged("parallel", getParallel(), defaults.getParallel(),
               stringifyParallelization);
  addIfChanged("grain", getGrain(), defaults.getGrain(),
               [](int64_t v) { return std::to_string(v); });
  addIfChanged("frontier", getFrontier(), defaults.getFrontier(),
               stringifyFrontierLayout);
  addIfChanged("frontier_sets", getFrontierSets(), defaults.getFrontierSets(),
               stringifyFrontierSets);
  addIfChanged("segments", getSegments(), int64_t(0),
               [](int64_t v) { return std::to_string(v); });
  addIfChanged("segments", getSegmentsArgv(), int64_t(0),
               [](int64_t k) { return "argv[" + std::to_string(k) + "]"; });
  addIfChanged("segment_strategy", getSegmentStrategy(),
               defaults.getSegmentStrategy(), stringifySegmentStrategy);
  addIfChanged("numa", getNuma(), defaults.getNuma(), stringifyNumaMode);
  addIfChanged("priority_update", getPriorityUpdate(),
               defaults.getPriorityUpdate(), stringifyPriorityUpdate);
  addIfChanged("delta", getDelta(), defaults.getDelta(), printCount);
  addIfChanged("fusion_threshold", getFusionThreshold(),
               defaults.getFusionThreshold(), printCount);
  addIfChanged("open_buckets", getOpenBuckets(), defaults.getOpenBuckets(),
               printCount);
  if (GpuScheduleAttr gpu = getGpu()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "gpu = " << Attribute(gpu);
    options.push_back(text);
  }
  if (getAsync() == AsyncMode::Unordered)
    options.push_back("async");
  else if (getAsync() != AsyncMode::None)
    options.push_back(("async = " + stringifyAsyncMode(getAsync())).str());
  addIfChanged("epilogue", getEpilogue(), defaults.getEpilogue(),
               stringifyEpilogueUpdate);
  // An empty option list is not valid syntax; spell out one default.
  if (options.empty())
    options.push_back("parallel = serial");
  printer << "<" << llvm::join(options, ", ") << ">";
}

//===----------------------------------------------------------------------===//
// #graph.gpu_schedule
//===----------------------------------------------------------------------===//

GpuScheduleAttr GpuScheduleAttr::getDefault(MLIRContext *context) {
  return get(context, Options());
}

GpuScheduleAttr::Options GpuScheduleAttr::getOptions() const {
  Options o;
  o.direction = getDirection();
  o.pullFrontier = getPullFrontier();
  o.frontierCreation = getFrontierCreation();
  o.dedup = getDedup();
  o.loadBalance = getLoadBalance();
  o.edgeBlocking = getEdgeBlocking();
  o.kernelFusion = getKernelFusion();
  o.delta = getDelta();
  o.edges = getEdges();
  o.hybridThreshold = getHybridThreshold();
  o.hybridThresholdArgv = getHybridThresholdArgv();
  o.otherwise = getOtherwise();
  return o;
}

GpuScheduleAttr GpuScheduleAttr::get(MLIRContext *context, const Options &o) {
  return get(context, o.direction, o.pullFrontier, o.frontierCreation, o.dedup,
             o.loadBalance, o.edgeBlocking, o.kernelFusion, o.delta, o.edges,
             o.hybridThreshold, o.hybridThresholdArgv,
             llvm::cast_if_present<GpuScheduleAttr>(o.otherwise));
}

GpuScheduleAttr
GpuScheduleAttr::with(function_ref<void(Options &)> change) const {
  Options options = getOptions();
  change(options);
  return get(getContext(), options);
}

LogicalResult GpuScheduleAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, GpuDirection direction,
    GpuVertexMap pullFrontier, GpuFrontierCreation, GpuDedup,
    GpuLoadBalance loadBalance, int64_t edgeBlocking, GpuKernelFusion,
    ScheduleCount delta, GpuEdgePlacement, FloatAttr hybridThreshold,
    int64_t hybridThresholdArgv, GpuScheduleAttr otherwise) {
  if (delta.isArgv() ? delta.argvIndex < 1 : delta.value < 1)
    return emitError() << "gpu schedule delta must be positive, got "
                       << delta.value;
  if (pullFrontier != GpuVertexMap::Boolmap && direction != GpuDirection::Pull)
    return emitError() << "pull_frontier = "
                       << stringifyGpuVertexMap(pullFrontier)
                       << " describes a pull's input; got direction = push";
  if (edgeBlocking < 0)
    return emitError() << "edge_blocking must be positive, got "
                       << edgeBlocking;
  if (edgeBlocking > 0 && loadBalance != GpuLoadBalance::EdgeOnly)
    return emitError() << "edge_blocking blocks the edges of load_balance = "
                          "edge_only; got load_balance = "
                       << stringifyGpuLoadBalance(loadBalance);
  if (hybridThresholdArgv < 0)
    return emitError() << "hybrid_threshold = argv[k] needs k >= 1, got "
                       << hybridThresholdArgv;
  bool hasThreshold = hybridThreshold || hybridThresholdArgv > 0;
  if (hybridThreshold && hybridThresholdArgv > 0)
    return emitError() << "hybrid_threshold given both as a number and as argv";
  if (hybridThreshold && !(hybridThreshold.getValueAsDouble() >= 0.0 &&
                           hybridThreshold.getValueAsDouble() <= 1.0))
    return emitError() << "hybrid_threshold is a fraction of the vertices "
                          "between 0 and 1, got "
                       << hybridThreshold.getValueAsDouble();
  if (hasThreshold != static_cast<bool>(otherwise))
    return emitError() << "a hybrid gpu schedule needs both hybrid_threshold "
                          "and otherwise";
  if (otherwise && otherwise.isHybrid())
    return emitError() << "the otherwise schedule of a hybrid may not be "
                          "hybrid itself";
  return success();
}

Attribute GpuScheduleAttr::parse(AsmParser &parser, Type) {
  Options o;
  auto parseOption = [&](StringRef option, SMLoc loc) -> ParseResult {
    // `kernel_fusion` alone is `kernel_fusion = enabled`.
    if (option == "kernel_fusion") {
      o.kernelFusion = GpuKernelFusion::Enabled;
      if (failed(parser.parseOptionalEqual()))
        return success();
      return parseEnumValue(parser, option, o.kernelFusion,
                            symbolizeGpuKernelFusion, stringifyGpuKernelFusion,
                            getMaxEnumValForGpuKernelFusion() + 1);
    }
    if (option == "direction")
      return parseEnumOption(parser, option, o.direction, symbolizeGpuDirection,
                             stringifyGpuDirection,
                             getMaxEnumValForGpuDirection() + 1);
    if (option == "pull_frontier")
      return parseEnumOption(parser, option, o.pullFrontier,
                             symbolizeGpuVertexMap, stringifyGpuVertexMap,
                             getMaxEnumValForGpuVertexMap() + 1);
    if (option == "frontier_creation")
      return parseEnumOption(parser, option, o.frontierCreation,
                             symbolizeGpuFrontierCreation,
                             stringifyGpuFrontierCreation,
                             getMaxEnumValForGpuFrontierCreation() + 1);
    if (option == "dedup")
      return parseEnumOption(parser, option, o.dedup, symbolizeGpuDedup,
                             stringifyGpuDedup, getMaxEnumValForGpuDedup() + 1);
    if (option == "load_balance")
      return parseEnumOption(parser, option, o.loadBalance,
                             symbolizeGpuLoadBalance, stringifyGpuLoadBalance,
                             getMaxEnumValForGpuLoadBalance() + 1);
    if (option == "edges")
      return parseEnumOption(parser, option, o.edges, symbolizeGpuEdgePlacement,
                             stringifyGpuEdgePlacement,
                             getMaxEnumValForGpuEdgePlacement() + 1);
    if (option == "delta")
      return parseCountOption(parser, option, o.delta);
    if (option == "edge_blocking")
      return failure(parser.parseEqual() ||
                     parser.parseInteger(o.edgeBlocking));
    if (option == "otherwise") {
      GpuScheduleAttr otherwise;
      if (parser.parseEqual() || parser.parseAttribute(otherwise))
        return failure();
      o.otherwise = otherwise;
      return success();
    }
    if (option == "hybrid_threshold") {
      if (parser.parseEqual())
        return failure();
      if (succeeded(parser.parseOptionalKeyword("argv"))) {
        SMLoc indexLoc = parser.getCurrentLocation();
        if (parser.parseLSquare() ||
            parser.parseInteger(o.hybridThresholdArgv) || parser.parseRSquare())
          return failure();
        if (o.hybridThresholdArgv < 1)
          return parser.emitError(indexLoc)
                 << "hybrid_threshold = argv[k] needs k >= 1, got "
                 << o.hybridThresholdArgv;
        return success();
      }
      double value;
      if (parser.parseFloat(value))
        return failure();
      o.hybridThreshold =
          FloatAttr::get(Float64Type::get(parser.getContext()), value);
      return success();
    }
    return parser.emitError(loc)
           << "unknown gpu schedule option '" << option
           << "'; expected one of: direction, pull_frontier, "
              "frontier_creation, dedup, load_balance, edge_blocking, "
              "kernel_fusion, delta, edges, hybrid_threshold, otherwise";
  };
  // `#graph.gpu_schedule<>`: every option at its default.
  if (parseOptionList(parser, "gpu schedule", /*allowEmpty=*/true, parseOption))
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), o.direction, o.pullFrontier,
                    o.frontierCreation, o.dedup, o.loadBalance, o.edgeBlocking,
                    o.kernelFusion, o.delta, o.edges, o.hybridThreshold,
                    o.hybridThresholdArgv,
                    llvm::cast_if_present<GpuScheduleAttr>(o.otherwise));
}

void GpuScheduleAttr::print(AsmPrinter &printer) const {
  Options defaults;
  SmallVector<std::string> options;
  auto addIfChanged = [&](StringRef name, auto value, auto defaultValue,
                          auto stringify) {
    if (value != defaultValue)
      options.push_back((name + " = " + stringify(value)).str());
  };
  auto number = [](int64_t v) { return std::to_string(v); };
  addIfChanged("direction", getDirection(), defaults.direction,
               stringifyGpuDirection);
  addIfChanged("pull_frontier", getPullFrontier(), defaults.pullFrontier,
               stringifyGpuVertexMap);
  addIfChanged("frontier_creation", getFrontierCreation(),
               defaults.frontierCreation, stringifyGpuFrontierCreation);
  addIfChanged("dedup", getDedup(), defaults.dedup, stringifyGpuDedup);
  addIfChanged("load_balance", getLoadBalance(), defaults.loadBalance,
               stringifyGpuLoadBalance);
  addIfChanged("edge_blocking", getEdgeBlocking(), defaults.edgeBlocking,
               number);
  if (getKernelFusion() == GpuKernelFusion::Enabled)
    options.push_back("kernel_fusion");
  else
    addIfChanged("kernel_fusion", getKernelFusion(), defaults.kernelFusion,
                 stringifyGpuKernelFusion);
  addIfChanged("delta", getDelta(), defaults.delta, printCount);
  addIfChanged("edges", getEdges(), defaults.edges, stringifyGpuEdgePlacement);
  if (FloatAttr threshold = getHybridThreshold()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    // The attribute's own printing, without its ` : f64`.
    os << "hybrid_threshold = " << Attribute(threshold);
    options.push_back(StringRef(text).rsplit(" : ").first.str());
  }
  addIfChanged("hybrid_threshold", getHybridThresholdArgv(), int64_t(0),
               [](int64_t k) { return "argv[" + std::to_string(k) + "]"; });
  if (GpuScheduleAttr otherwise = getOtherwise()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "otherwise = " << Attribute(otherwise);
    options.push_back(text);
  }
  printer << "<" << llvm::join(options, ", ") << ">";
}
