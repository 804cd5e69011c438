//===- GraphOps.cpp - graph dialect operations ----------------------------===//

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/IR/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::graph;

#define GET_OP_CLASSES
#include "graph-mlir/Dialect/Graph/IR/GraphOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Region helpers
//===----------------------------------------------------------------------===//

/// Checks that `region` has one block whose arguments are all `index` (one
/// per name in `argNames`) followed by the types in `extraArgTypes`.
static LogicalResult verifyBlockArgs(Operation *op, Region &region,
                                     StringRef regionName,
                                     ArrayRef<StringRef> argNames,
                                     TypeRange extraArgTypes = {}) {
  Block &block = region.front();
  SmallVector<Type> expected(argNames.size(), IndexType::get(op->getContext()));
  llvm::append_range(expected, extraArgTypes);
  if (block.getNumArguments() == expected.size() &&
      TypeRange(block.getArgumentTypes()) == TypeRange(expected))
    return success();
  std::string signature;
  llvm::raw_string_ostream os(signature);
  for (auto [i, type] : llvm::enumerate(expected)) {
    if (i)
      os << ", ";
    os << (i < argNames.size() ? argNames[i] : StringRef("weight")) << ": "
       << type;
  }
  return op->emitOpError() << regionName << " must take (" << signature
                           << ") but takes " << block.getNumArguments()
                           << " argument(s) of type(s) "
                           << block.getArgumentTypes();
}

/// Checks what the region's graph.yield returns: nothing for a body, one
/// `i1` for a filter.
static LogicalResult verifyYield(Operation *op, Region &region,
                                 StringRef regionName, bool isFilter) {
  auto yield = dyn_cast<YieldOp>(region.front().getTerminator());
  if (!yield)
    return op->emitOpError() << regionName << " must end with graph.yield";
  TypeRange types = yield.getResults().getTypes();
  if (isFilter && !(types.size() == 1 && types[0].isInteger(1)))
    return op->emitOpError()
           << regionName << " must yield one i1 (keep the vertex?), yields "
           << types.size() << " value(s) of type(s) " << types;
  if (!isFilter && !types.empty())
    return op->emitOpError() << regionName << " must yield nothing, yields "
                             << types.size() << " value(s)";
  return success();
}

static LogicalResult verifyVertexRegion(Operation *op, Region &region,
                                        StringRef regionName, bool isFilter) {
  if (failed(verifyBlockArgs(op, region, regionName, {"vertex"})))
    return failure();
  return verifyYield(op, region, regionName, isFilter);
}

/// A vertexset op's schedule may only choose how its loop is parallelized.
static LogicalResult
verifyVertexSetSchedule(Operation *op, std::optional<ScheduleAttr> sched) {
  if (!sched)
    return success();
  ScheduleAttr defaults = ScheduleAttr::getDefault(op->getContext());
  if (sched->getDirection() != defaults.getDirection() ||
      sched->getFrontier() != defaults.getFrontier() ||
      sched->getFrontierSets() != defaults.getFrontierSets() ||
      sched->isSegmented() ||
      sched->getSegmentStrategy() != defaults.getSegmentStrategy() ||
      sched->getNuma() != defaults.getNuma())
    return op->emitOpError()
           << "schedule may only set 'parallel' and 'grain' on a vertex set "
              "operation";
  return success();
}

//===----------------------------------------------------------------------===//
// Simple ops
//===----------------------------------------------------------------------===//

LogicalResult AtoiOp::verify() {
  if (getIsUnsigned() && getType().isF64())
    return emitOpError("parses an f64 as a signed number; 'unsigned' "
                       "applies to integer results");
  return success();
}

LogicalResult PrintOp::verify() {
  if (static_cast<bool>(getValue()) == getText().has_value())
    return emitOpError("expects either a value or a text to print");
  if (getIsUnsigned() &&
      !(getValue() && getValue().getType().isSignlessInteger() &&
        !getValue().getType().isInteger(1)))
    return emitOpError("prints 'unsigned' only an integer value wider than i1");
  return success();
}

/// The device storage of lists holds vertex sets only.
static LogicalResult verifySetList(Operation *op, Value list) {
  if (!isa<VertexSetType>(cast<ListType>(list.getType()).getElementType()))
    return op->emitOpError("keeps a list of vertex sets on the device, not ")
           << list.getType();
  return success();
}

LogicalResult ListDeviceOp::verify() { return verifySetList(*this, getList()); }

LogicalResult ListDeviceCheckOp::verify() {
  return verifySetList(*this, getList());
}

LogicalResult ListDeviceResumeOp::verify() {
  return verifySetList(*this, getList());
}

/// A new vector lies in `records` exactly when its type has a record layout
/// of their size.
static LogicalResult verifyStorage(Operation *op, VertexVectorType type,
                                   Value records) {
  RecordLayoutAttr layout = type.getLayout();
  if (!records) {
    if (layout)
      return op->emitOpError("result with a record layout needs in(...) "
                             "records to live in, got ")
             << type;
    return success();
  }
  int64_t size = cast<RecordsType>(records.getType()).getSize();
  if (!layout || layout.getSize() != size)
    return op->emitOpError("result in ")
           << records.getType() << " must have a record<" << size
           << ", offset> layout, got " << type;
  return success();
}

LogicalResult OutDegreesOp::verify() {
  Type elementType = getResult().getType().getElementType();
  if (!elementType.isSignlessInteger() || elementType.isInteger(1))
    return emitOpError("result must be a vector of integers wider than i1, "
                       "got ")
           << getResult().getType();
  if (getPartition() && getRecords())
    return emitOpError("with a partition cannot be a field of records: "
                       "records hold every vertex");
  return verifyStorage(*this, getResult().getType(), getRecords());
}

/// A new vector's optional init value has its element type.
static LogicalResult verifyInit(Operation *op, Value init,
                                VertexVectorType type) {
  if (init && init.getType() != type.getElementType())
    return op->emitOpError("init value of type ")
           << init.getType() << " does not match element type "
           << type.getElementType();
  return success();
}

LogicalResult VectorNewOp::verify() {
  if (failed(verifyInit(*this, getInit(), getResult().getType())))
    return failure();
  if (getPartition() && getRecords())
    return emitOpError("with a partition cannot be a field of records: "
                       "records hold every vertex");
  return verifyStorage(*this, getResult().getType(), getRecords());
}

LogicalResult VectorMirrorOp::verify() {
  std::optional<VertexDataPartition> partition;
  if (auto vectorNew = getVector().getDefiningOp<VectorNewOp>())
    partition = vectorNew.getPartition();
  else if (auto degrees = getVector().getDefiningOp<OutDegreesOp>())
    partition = degrees.getPartition();
  if (partition && *partition != VertexDataPartition::Whole &&
      (*partition != VertexDataPartition::Mirrored || !getNeeded()))
    return emitOpError("of a 'partition ")
           << stringifyVertexDataPartition(*partition)
           << "' vector must be 'needed' and the vector 'mirrored': the rank "
              "holds no other ranks' owned elements";
  VertexDataPartition layout =
      getPartition().value_or(VertexDataPartition::Whole);
  if (layout != VertexDataPartition::Whole &&
      (layout != VertexDataPartition::Mirrored || !getNeeded()))
    return emitOpError("'partition ")
           << stringifyVertexDataPartition(layout)
           << "' needs 'needed' and a 'mirrored' vector: the rank holds no "
              "other ranks' owned elements";
  if (partition && *partition != layout)
    return emitOpError("says 'partition ")
           << stringifyVertexDataPartition(layout) << "' of a 'partition "
           << stringifyVertexDataPartition(*partition) << "' vector";
  return success();
}

LogicalResult VectorAllocOp::verify() {
  VertexVectorType type = getResult().getType();
  if (type.isPerVertex())
    return emitOpError("result must have a length, got ")
           << type << "; per-vertex vectors come from graph.vector.new";
  return verifyInit(*this, getInit(), type);
}

LogicalResult VectorCopyOp::verify() {
  VertexVectorType from = getSource().getType(), to = getDest().getType();
  if (from.getElementType() != to.getElementType() ||
      from.getLength() != to.getLength() ||
      from.getRowLength() != to.getRowLength())
    return emitOpError("copies between vectors of one element type, length "
                       "and row length, got ")
           << from << " and " << to;
  return success();
}

/// The element types a reduction kind combines: integers for the logical
/// and unsigned kinds, numbers wider than i1 for the others.
static LogicalResult verifyReduceKind(Operation *op, ReduceKind kind,
                                      Type elementType) {
  bool isLogical = kind == ReduceKind::Or || kind == ReduceKind::And;
  bool isUnsigned = kind == ReduceKind::MinU || kind == ReduceKind::MaxU;
  if ((isLogical || isUnsigned) && !elementType.isSignlessInteger())
    return op->emitOpError("'")
           << stringifyReduceKind(kind)
           << "' needs an integer element type, got " << elementType;
  if (!isLogical && elementType.isInteger(1))
    return op->emitOpError("'") << stringifyReduceKind(kind)
                                << "' needs a numeric element type, got i1; "
                                   "use 'or' or 'and'";
  return success();
}

/// An element of a vector with rows takes a column, others take none.
static LogicalResult verifyColumn(Operation *op, VertexVectorType type,
                                  Value column) {
  if (type.hasRows() && !column)
    return op->emitOpError("needs a column '[vertex, k]' in the rows of ")
           << type;
  if (!type.hasRows() && column)
    return op->emitOpError("takes one index on ")
           << type << ", which has no rows";
  return success();
}

LogicalResult VectorGetOp::verify() {
  return verifyColumn(*this, getVector().getType(), getColumn());
}

LogicalResult VectorSetOp::verify() {
  return verifyColumn(*this, getVector().getType(), getColumn());
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyColumn(*this, getVector().getType(), getColumn())))
    return failure();
  return verifyReduceKind(*this, getKind(),
                          getVector().getType().getElementType());
}

LogicalResult CheckIndexOp::verify() {
  auto vector = dyn_cast<VertexVectorType>(getRange().getType());
  if (getColumn() && !(vector && vector.hasRows()))
    return emitOpError("checks a column only in a vector with rows, got ")
           << getRange().getType();
  if (getWhat().empty())
    return emitOpError("needs a description of what the index indexes");
  if (Value slot = getDeferTo()) {
    if (!vector)
      return emitOpError("defers only the check of a vector index; a "
                         "graph's vertex count is the runtime's");
    auto type = cast<MemRefType>(slot.getType());
    if (type.getRank() != 1 || type.getDimSize(0) != 2)
      return emitOpError("defers to a memref<2xi64>, got ") << type;
  }
  return success();
}

/// `value` before index casts from or to integers of 32 bits or more, which
/// keep every value in [0, 2^31): vertex ids, vertex counts and lengths.
static Value stripIndexCasts(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
      break;
    Value input = def->getOperand(0);
    auto width = [](Type type) {
      return type.isIndex() ? 64u : type.getIntOrFloatBitWidth();
    };
    if (width(input.getType()) < 32 || width(def->getResult(0).getType()) < 32)
      break;
    value = input;
  }
  return value;
}

static std::optional<int64_t> constantOf(Value value) {
  APInt constant;
  if (!matchPattern(stripIndexCasts(value), m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

/// Whether `bound` is at most the upper end of the range: the vertex count
/// (`length` 0) or the constant `length`.
static bool boundsRange(Value bound, int64_t length) {
  if (!length)
    return isa_and_nonnull<NumVerticesOp>(
        stripIndexCasts(bound).getDefiningOp());
  std::optional<int64_t> constant = constantOf(bound);
  return constant && *constant <= length;
}

/// Whether the loop variable of a loop from `lower` to `upper` by `step`
/// (null: 1) stays in [0, the vertex count) or [0, length).
static bool loopInRange(Value lower, Value upper, Value step, int64_t length) {
  std::optional<int64_t> first = constantOf(lower);
  std::optional<int64_t> by = step ? constantOf(step) : 1;
  return first && *first >= 0 && by && *by > 0 && boundsRange(upper, length);
}

/// Whether `arg`, an argument of a while loop's body, is the counter of a
/// counted loop with exits (the frontend's `for` with a `break`): it starts
/// at a constant, the loop runs only while it is below an upper bound that
/// bounds the range (a conjunct of the condition), and the body adds a
/// positive constant to it.
static bool whileCounterInRange(scf::WhileOp loop, BlockArgument arg,
                                int64_t length) {
  unsigned k = arg.getArgNumber();
  scf::ConditionOp condition = loop.getConditionOp();
  Value before = loop.getBeforeArguments()[k];
  if (k >= condition.getArgs().size() || condition.getArgs()[k] != before)
    return false;
  SmallVector<Value> conjuncts = {condition.getCondition()};
  bool bounded = false;
  while (!conjuncts.empty() && !bounded) {
    Value c = conjuncts.pop_back_val();
    if (auto both = c.getDefiningOp<arith::AndIOp>()) {
      conjuncts.append({both.getLhs(), both.getRhs()});
      continue;
    }
    auto below = c.getDefiningOp<arith::CmpIOp>();
    bounded = below &&
              (below.getPredicate() == arith::CmpIPredicate::slt ||
               below.getPredicate() == arith::CmpIPredicate::ult) &&
              below.getLhs() == before && boundsRange(below.getRhs(), length);
  }
  auto yield = cast<scf::YieldOp>(loop.getAfterBody()->getTerminator());
  auto next = yield.getOperand(k).getDefiningOp<arith::AddIOp>();
  std::optional<int64_t> first = constantOf(loop.getInits()[k]);
  std::optional<int64_t> step =
      next && next.getLhs() == arg ? constantOf(next.getRhs()) : std::nullopt;
  return bounded && first && *first >= 0 && step && *step > 0;
}

bool CheckIndexOp::isKnownInRange(Value index, Type range, bool column) {
  // The range is [0, length), or the vertices when `length` is 0.
  int64_t length = 0;
  if (auto vector = dyn_cast<VertexVectorType>(range))
    length = column ? vector.getRowLength() : vector.getLength();
  index = stripIndexCasts(index);
  if (std::optional<int64_t> constant = constantOf(index))
    return length && *constant >= 0 && *constant < length;
  auto arg = dyn_cast<BlockArgument>(index);
  if (!arg)
    return false;
  // A block being built or converted may have no op yet.
  Operation *owner = arg.getOwner()->getParentOp();
  if (!owner)
    return false;
  if (auto loop = dyn_cast<scf::ForOp>(owner))
    return arg == loop.getInductionVar() &&
           loopInRange(loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep(), length);
  if (auto loop = dyn_cast<ParallelForOp>(owner))
    return loopInRange(loop.getLower(), loop.getUpper(), Value(), length);
  if (auto loop = dyn_cast<scf::WhileOp>(owner))
    return arg.getOwner() == loop.getAfterBody() &&
           loop.getAfterBody()->mightHaveTerminator() &&
           whileCounterInRange(loop, arg, length);
  if (length)
    return false;
  // The vertices a traversal or a vertex-set op hands its regions (edge
  // weights follow them in an edge body).
  if (isa<EdgeSetApplyOp>(owner))
    return arg.getArgNumber() < 2;
  return isa<VertexSetApplyOp, VertexSetFilterOp>(owner);
}

OpFoldResult CheckIndexOp::fold(FoldAdaptor) {
  return isKnownInRange() ? getIndex() : OpFoldResult();
}

LogicalResult VectorExportOp::verify() {
  if (getVector().getType().getLayout())
    return emitOpError("cannot publish a vector of records (fused fields) as "
                       "a plain array");
  if (getSymbol().empty())
    return emitOpError("needs a symbol name");
  return success();
}

LogicalResult VectorAddFlooredOp::verify() {
  if (getAmount().getType().isInteger(1))
    return emitOpError("needs an integer element wider than i1");
  return success();
}

LogicalResult VectorReduceOp::verify() {
  if (getKind() == ReduceKind::Sub)
    return emitOpError("'sub' does not combine a whole vector; use 'add'");
  if (!getBegin() != !getEnd())
    return emitOpError("needs both ends of a range, or neither");
  return verifyReduceKind(*this, getKind(),
                          getVector().getType().getElementType());
}

//===----------------------------------------------------------------------===//
// Priority queue ops
//===----------------------------------------------------------------------===//

LogicalResult PriorityQueueNewOp::verify() {
  VertexVectorType vector = getPriorities().getType();
  if (vector.getLayout())
    return emitOpError("priorities cannot be a vector of records (fused "
                       "fields)");
  Type priority = getQueue().getType().getPriorityType();
  if (vector.getElementType() != priority)
    return emitOpError("priority vector ")
           << vector << " does not hold the queue's priority type " << priority;
  if (getStart() && getAll())
    return emitOpError("a queue starts from one vertex or from all, not both");
  return success();
}

LogicalResult WorklistNewByValueOp::verify() {
  VertexVectorType vector = getValues().getType();
  if (vector.getLayout())
    return emitOpError("values cannot be a vector of records (fused fields)");
  if (!vector.getElementType().isSignlessInteger(32) &&
      !vector.getElementType().isSignlessInteger(64))
    return emitOpError("values must be i32 or i64, got ")
           << vector.getElementType();
  return success();
}

/// A priority update must sit in the body of a traversal that names its
/// queue in update_priority, which says how the update reaches the buckets.
static LogicalResult verifyInUpdatingTraversal(Operation *op, Value queue) {
  auto apply = op->getParentOfType<EdgeSetApplyOp>();
  if (!apply || !apply.getBody().isAncestor(op->getParentRegion()))
    return op->emitOpError("must be in the body of a graph.edgeset.apply with "
                           "update_priority");
  if (apply.getUpdatedQueue() != queue)
    return op->emitOpError("updates a queue its traversal does not name in "
                           "update_priority");
  return success();
}

/// An update in `apply` that a repeated source would apply twice with
/// another result: a sum, or a reduction that is not idempotent; null if
/// there is none.
static Operation *findSumUpdate(EdgeSetApplyOp apply) {
  Operation *found = nullptr;
  apply->walk([&](Operation *inner) {
    auto reduce = dyn_cast<ReduceOp>(inner);
    if ((reduce && !isIdempotent(reduce.getKind())) ||
        isa<PriorityQueueUpdateSumOp, VectorAddFlooredOp, PriorityQueueCountOp>(
            inner)) {
      found = inner;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

LogicalResult PriorityQueueDequeueOp::verify() {
  if (!getKeepDuplicates())
    return success();
  for (OpOperand &use : getSet().getUses()) {
    Operation *user = use.getOwner();
    if (isa<VertexSetFreeOp, VertexSetIdsOp, VertexSetSizeOp,
            VertexSetOutDegreeSumOp, VertexSetBoolsOp, VertexSetBitsOp>(user))
      continue;
    auto apply = dyn_cast<EdgeSetApplyOp>(user);
    if (!apply || apply.getFrom() != use.get() ||
        use.getOperandNumber() !=
            apply.getFromMutable().begin()->getOperandNumber())
      return (emitOpError("with keep_duplicates, the set may only be a "
                          "traversal's frontier (from), freed, or read "
                          "through a frontier's views; it is used by '")
              << user->getName() << "'")
                 .attachNote(user->getLoc())
             << "used here";
    if (Operation *sum = findSumUpdate(apply))
      return (emitOpError("with keep_duplicates, a traversal from the set "
                          "may not add to a value (a vertex listed twice "
                          "would add twice): '")
              << sum->getName() << "'")
                 .attachNote(sum->getLoc())
             << "added here";
  }
  return success();
}

LogicalResult PriorityQueueUpdateOp::verify() {
  if (getKind() != ReduceKind::Min && getKind() != ReduceKind::Max)
    return emitOpError("kind must be 'min' or 'max', got '")
           << stringifyReduceKind(getKind()) << "'";
  return verifyInUpdatingTraversal(*this, getQueue());
}

LogicalResult PriorityQueueUpdateSumOp::verify() {
  return verifyInUpdatingTraversal(*this, getQueue());
}

LogicalResult PriorityQueuePrioritiesOp::verify() {
  VertexVectorType vector = getPriorities().getType();
  if (vector.getLayout() ||
      vector.getElementType() != getQueue().getType().getPriorityType())
    return emitOpError("result must be a plain vector of the queue's priority "
                       "type ")
           << getQueue().getType().getPriorityType();
  return success();
}

//===----------------------------------------------------------------------===//
// Vertex set ops
//===----------------------------------------------------------------------===//

bool VertexSetApplyOp::isParallel() {
  std::optional<ScheduleAttr> sched = getSchedule();
  return !sched || sched->isParallel();
}

LogicalResult VertexSetSealIdsOp::verify() {
  if (getKeepDuplicates() && getDistinct())
    return emitOpError("ids cannot be both 'keep_duplicates' and 'distinct'");
  if (getDegrees() && !getDistinct())
    return emitOpError("an out-degree sum needs 'distinct' ids");
  return success();
}

/// A vertex loop's range of members (`[%begin to %end]`) has both ends or
/// neither.
static LogicalResult verifyMemberRange(Operation *op, Value begin, Value end) {
  if (!begin != !end)
    return op->emitOpError("needs both ends of a range, or neither");
  return success();
}

LogicalResult VertexSetApplyOp::verify() {
  return verifyMemberRange(*this, getBegin(), getEnd());
}

LogicalResult VertexSetFilterOp::verify() {
  return verifyMemberRange(*this, getBegin(), getEnd());
}

LogicalResult VertexSetApplyOp::verifyRegions() {
  if (failed(verifyVertexRegion(*this, getBody(), "body", /*isFilter=*/false)))
    return failure();
  return verifyVertexSetSchedule(*this, getSchedule());
}

LogicalResult ParallelForOp::verifyRegions() {
  if (failed(verifyBlockArgs(*this, getBody(), "body", {"iteration"})))
    return failure();
  return verifyVertexSetSchedule(*this, getSchedule());
}

LogicalResult VertexSetFilterOp::verifyRegions() {
  if (failed(verifyVertexRegion(*this, getPredicate(), "predicate",
                                /*isFilter=*/true)))
    return failure();
  return verifyVertexSetSchedule(*this, getSchedule());
}

//===----------------------------------------------------------------------===//
// graph.edgeset.apply
//===----------------------------------------------------------------------===//

ScheduleAttr EdgeSetApplyOp::getScheduleOrDefault() {
  if (std::optional<ScheduleAttr> sched = getSchedule())
    return *sched;
  return ScheduleAttr::getDefault(getContext());
}

/// True when `op` writes `vector[index]` (a plain set or a reduction).
static bool writesElement(Operation *op, Value vector, Value index) {
  if (auto set = dyn_cast<VectorSetOp>(op))
    return set.getVector() == vector && set.getIndex() == index;
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return reduce.getVector() == vector && reduce.getIndex() == index;
  return false;
}

ApplyLowering EdgeSetApplyOp::getLowering() {
  ScheduleAttr sched = getScheduleOrDefault();
  // graph-lower-gpu runs first and takes the whole traversal.
  if (sched.getGpu())
    return ApplyLowering::Gpu;
  // Checked in pass order: the first step still missing wins.
  if (sched.isSegmented() && !getSegments())
    return ApplyLowering::Segment;
  if (getUpdatedQueue())
    return sched.getPriorityUpdate() == PriorityUpdate::EagerWithFusion
               ? ApplyLowering::BucketFusion
               : ApplyLowering::PriorityUpdates;
  if (sched.isAsync())
    return ApplyLowering::Async;
  if (sched.isHybrid())
    return ApplyLowering::HybridSplit;
  // The verifiers allow numa only with segments, hence dense, and the
  // segments are attached by now.
  if (sched.getNuma() != NumaMode::Serial)
    return ApplyLowering::Numa;
  return ApplyLowering::Direction;
}

/// Whether `region`'s block ends in a graph.yield of one value.
static bool yieldsOne(Region &region) {
  if (region.empty() || !region.front().mightHaveTerminator())
    return false;
  auto yield = dyn_cast<YieldOp>(region.front().getTerminator());
  return yield && yield.getNumOperands() == 1;
}

bool EdgeSetApplyOp::yieldsKeep() { return yieldsOne(getBody()); }

ReduceOp EdgeSetApplyOp::getDestinationReduce() {
  Block &block = getBody().front();
  Value dst = block.getArgument(1);
  ReduceOp candidate;
  for (auto reduce : block.getOps<ReduceOp>()) {
    if (reduce.getIndex() != dst || candidate)
      return {};
    candidate = reduce;
  }
  // A fixed-length vector has no element per destination to accumulate in,
  // and a vector of rows has several.
  if (!candidate || !candidate.getVector().getType().isPerVertex() ||
      candidate.getColumn())
    return {};
  // Any other access of the vector while edges run would see a stale value;
  // the epilogue runs once the destination's edges are done.
  for (Operation *user : candidate.getVector().getUsers())
    if (user != candidate && user != *this && (*this)->isAncestor(user) &&
        !getEpilogue().isAncestor(user->getParentRegion()))
      return {};
  return candidate;
}

Value EdgeSetApplyOp::getDestinationRows() {
  Value dst = getBody().getArgument(1), rows;
  for (Operation *op : dst.getUsers()) {
    auto reduce = dyn_cast<ReduceOp>(op);
    if (reduce && reduce.getIndex() == dst &&
        reduce.getVector().getType().hasRows()) {
      rows = reduce.getVector();
      break;
    }
  }
  if (!rows)
    return {};
  for (Operation *user : rows.getUsers()) {
    if (user == *this || !(*this)->isAncestor(user) ||
        getEpilogue().isAncestor(user->getParentRegion()))
      continue;
    auto reduce = dyn_cast<ReduceOp>(user);
    if (!reduce || reduce.getIndex() != dst || reduce.getVector() != rows)
      return {};
  }
  return rows;
}

/// The index of a vector element access the epilogue may make; null for
/// other ops.
static Value accessedIndex(Operation *op) {
  if (auto get = dyn_cast<VectorGetOp>(op))
    return get.getIndex();
  if (auto set = dyn_cast<VectorSetOp>(op))
    return set.getIndex();
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return reduce.getIndex();
  return {};
}

/// Calls `fn(op, vector, isWrite)` for every effect of an op in `region` on
/// a vertex vector.
static void
forEachVectorEffect(Region &region,
                    function_ref<void(Operation *, Value, bool)> fn) {
  region.walk([&](MemoryEffectOpInterface access) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    access.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects)
      if (Value vector = effect.getValue();
          vector && isa<VertexVectorType>(vector.getType()))
        fn(access, vector, isa<MemoryEffects::Write>(effect.getEffect()));
  });
}

LogicalResult EdgeSetApplyOp::verifyEpilogue() {
  Region &epilogue = getEpilogue();
  if (epilogue.empty()) {
    if (getReset())
      return emitOpError("reset(...) needs an epilogue");
    return success();
  }
  ScheduleAttr sched = getScheduleOrDefault();
  if (sched.getGpu())
    return emitOpError("an epilogue needs a CPU schedule");
  if (sched.getDirection() != Direction::DensePull &&
      sched.getDirection() != Direction::SparsePushDensePull)
    return emitOpError("an epilogue needs direction 'dense_pull' or "
                       "'sparse_push_dense_pull', got '")
           << stringifyDirection(sched.getDirection()) << "'";
  // Segments spread over sockets merge every destination's sum in one
  // pass, which runs the epilogue; other segments run it in the last
  // segment, which must then list every destination.
  if (Value segments = getSegments();
      segments && sched.getNuma() == NumaMode::Serial) {
    auto built = segments.getDefiningOp<SegmentsOp>();
    if (!built || !built.getLastListsAll())
      return emitOpError("an epilogue runs in the last segment, which must "
                         "list every destination: segments of "
                         "graph.segments ... last_lists_all");
  }
  // A result is the set of vertices whose epilogue kept them.
  if (getTo() || !getDstFilter().empty() || getTracked() ||
      (getModified() && !yieldsOne(getEpilogue())) || getUpdatedQueue())
    return emitOpError("an epilogue runs for every destination: no to(...), "
                       "dst_filter, track(...), result or "
                       "update_priority(...)");
  if (yieldsOne(getEpilogue()) && !getModified())
    return emitOpError("an epilogue that yields whether to keep its vertex "
                       "needs a result: the set of kept vertices");
  ReduceOp accumulated = getDestinationReduce();
  Value rows = accumulated ? Value() : getDestinationRows();
  if (!accumulated && !rows)
    return emitOpError("an epilogue needs the body's one graph.reduce into a "
                       "per-vertex vector at dst, which nothing else in the "
                       "body and filters accesses (or graph.reduce only into "
                       "dst's row of a vector of rows, which nothing else "
                       "accesses)");
  if (!epilogue.hasOneBlock())
    return emitOpError("epilogue must have one block");
  Block &block = epilogue.front();
  // Rows are summed in memory: no sum in a register and no reset.
  if (rows) {
    if (block.getNumArguments() != 1 ||
        !block.getArgument(0).getType().isIndex())
      return emitOpError("an epilogue after reductions into rows must take "
                         "(vertex: index) but takes ")
             << block.getNumArguments() << " argument(s) of type(s) "
             << block.getArgumentTypes();
    if (getReset())
      return emitOpError("reset(...) needs the body's one graph.reduce into "
                         "an element per destination, not into rows");
  } else {
    Type sumType = accumulated.getValue().getType();
    if (block.getNumArguments() != 2 ||
        !block.getArgument(0).getType().isIndex() ||
        block.getArgument(1).getType() != sumType)
      return emitOpError("epilogue must take (vertex: index, sum: ")
             << sumType << ") but takes " << block.getNumArguments()
             << " argument(s) of type(s) " << block.getArgumentTypes();
    if (TypedAttr reset = getResetAttr(); reset && reset.getType() != sumType)
      return emitOpError("reset value ")
             << reset << " is not of the accumulated type " << sumType;
  }
  if (failed(verifyYield(*this, epilogue, "epilogue",
                         /*isFilter=*/yieldsOne(getEpilogue()))))
    return failure();

  // What the traversal itself accesses, and whether it writes it.
  llvm::DenseMap<Value, bool> traversed;
  auto noteTraversed = [&](Operation *, Value vector, bool write) {
    traversed[vector] |= write;
  };
  forEachVectorEffect(getBody(), noteTraversed);
  forEachVectorEffect(getSrcFilter(), noteTraversed);
  Value acc = accumulated ? accumulated.getVector() : rows,
        v = block.getArgument(0);
  llvm::DenseSet<Value> written;
  forEachVectorEffect(epilogue, [&](Operation *, Value vector, bool write) {
    if (write)
      written.insert(vector);
  });
  WalkResult result = WalkResult::advance();
  forEachVectorEffect(epilogue, [&](Operation *op, Value vector, bool write) {
    if (result.wasInterrupted())
      return;
    auto fail = [&](const Twine &message) {
      emitOpError(message);
      result = WalkResult::interrupt();
    };
    bool atVertex = accessedIndex(op) == v;
    if (vector == acc) {
      if (getReset())
        return fail("with reset(...) the epilogue does not access the "
                    "accumulated vector");
      if (!atVertex)
        return fail("epilogue accesses the accumulated vector only at its "
                    "vertex");
      return;
    }
    if (written.contains(vector) && !atVertex)
      return fail("epilogue accesses the vectors it writes only at its "
                  "vertex, with graph.vector.get, graph.vector.set and "
                  "graph.reduce");
    auto seen = traversed.find(vector);
    if (seen == traversed.end())
      return;
    // In place (Gauss-Seidel), the epilogue may overwrite what the traversal
    // only reads.
    if (write && (seen->second || getScheduleOrDefault().getEpilogue() !=
                                      EpilogueUpdate::InPlace))
      return fail(seen->second ? "epilogue writes a vector the traversal writes"
                               : "epilogue writes a vector the traversal reads "
                                 "(schedule epilogue = in_place allows it)");
    if (seen->second)
      fail("epilogue reads a vector the body writes");
  });
  return failure(result.wasInterrupted());
}

SmallVector<Operation *> EdgeSetApplyOp::getTrackedWrites() {
  SmallVector<Operation *> writes;
  Value tracked = getTracked();
  if (!tracked)
    return writes;
  Value dst = getBody().front().getArgument(1);
  getBody().walk([&](Operation *op) {
    if (writesElement(op, tracked, dst))
      writes.push_back(op);
  });
  return writes;
}

LogicalResult EdgeSetApplyOp::verify() {
  ScheduleAttr sched = getScheduleOrDefault();
  if (getFromDistinct() && !getFrom())
    return emitOpError("'fromDistinct' describes the 'from' set, and there "
                       "is none");
  if (getUpdatedQueue()) {
    if (getTracked())
      return emitOpError("update_priority and track(...) cannot be combined");
    if (sched.getPriorityUpdate() == PriorityUpdate::EagerWithFusion &&
        sched.getDirection() != Direction::SparsePush)
      return emitOpError("bucket fusion (priority_update = eager_with_fusion) "
                         "needs direction 'sparse_push', got '")
             << stringifyDirection(sched.getDirection()) << "'";
  }
  if (getNeighborsFrom() || getNeighborsUntil()) {
    if (sched.getDirection() != Direction::SparsePush &&
        sched.getDirection() != Direction::DensePush)
      return emitOpError("a neighbour range counts positions in out-edge "
                         "lists and needs direction 'sparse_push' or "
                         "'dense_push', got '")
             << stringifyDirection(sched.getDirection()) << "'";
    if (sched.isSegmented())
      return emitOpError("a neighbour range needs an unsegmented schedule");
  }
  Value segments = getSegments();
  if (!segments)
    return success();
  if (!sched.isSegmented())
    return emitOpError("segments(...) needs a schedule with 'segments'");
  auto type = cast<SegmentsType>(segments.getType());
  EdgeDirection expected = sched.getSegmentDirection();
  if (type.getDirection() != expected)
    return emitOpError("direction '")
           << stringifyDirection(sched.getDirection()) << "' traverses '"
           << stringifyEdgeDirection(expected) << "' segments, got "
           << segments.getType();
  if (type.getWeightType() != getGraphType().getWeightType())
    return emitOpError("segments ")
           << segments.getType() << " are not those of a graph of type "
           << getGraph().getType();
  return success();
}

LogicalResult EdgeSetApplyOp::verifyRegions() {
  EdgeSetType graphType = getGraphType();
  SmallVector<Type> weight;
  if (graphType.isWeighted())
    weight.push_back(graphType.getWeightType());
  if (failed(
          verifyBlockArgs(*this, getBody(), "body", {"src", "dst"}, weight)) ||
      failed(verifyYield(*this, getBody(), "body", /*isFilter=*/yieldsKeep())))
    return failure();
  for (auto [region, name] : {std::pair(&getSrcFilter(), "src_filter"),
                              std::pair(&getDstFilter(), "dst_filter")}) {
    if (region->empty())
      continue;
    if (!region->hasOneBlock())
      return emitOpError() << name << " must have one block";
    if (failed(verifyVertexRegion(*this, *region, name, /*isFilter=*/true)))
      return failure();
  }

  if (getTracked() && !getModified())
    return emitOpError("track(...) needs a result: the set of modified "
                       "destinations");
  if (getTracked() && yieldsKeep())
    return emitOpError("a body that yields whether to keep dst cannot also "
                       "track(...) a vector");
  if (yieldsKeep() && !getModified())
    return emitOpError("a body that yields whether to keep dst needs a "
                       "result: the set of kept destinations");
  if (getModified() && !getTracked() && !yieldsKeep() &&
      !yieldsOne(getEpilogue()))
    return emitOpError("result set needs track(...) to say which vector's "
                       "changes it collects, or a body yielding i1 (keep "
                       "dst?)");
  if (yieldsKeep() && yieldsOne(getEpilogue()))
    return emitOpError("the body and the epilogue cannot both yield whether "
                       "to keep a vertex");
  if (getDedup() && !getModified())
    return emitOpError("dedup applies only to the result set");
  if (yieldsKeep() && !getDedup())
    return emitOpError("the set of kept destinations holds each once: it "
                       "needs dedup");

  if (getTracked() && getTrackedWrites().empty())
    return emitOpError("tracked vector is never written at the destination "
                       "(graph.vector.set or graph.reduce on it at dst) in "
                       "the body");
  return verifyEpilogue();
}

/// Weight arrays hold the storage type of the graph's weights (worded as
/// ODS words its type constraints).
static LogicalResult verifyWeightArray(Operation *op, Type weightType,
                                       Type array) {
  Type storage = weightStorageType(weightType);
  if (cast<MemRefType>(array).getElementType() == storage)
    return success();
  StringRef element = storage.isF32()   ? "32-bit float"
                      : storage.isF64() ? "64-bit float"
                                        : "32-bit signless integer";
  return op->emitOpError("result #0 must be 1D memref of ")
         << element << " values, but got " << array << " (for " << weightType
         << " weights)";
}

LogicalResult AdjacencyWeightsOp::verify() {
  EdgeSetType graph = getGraph().getType();
  if (!graph.isWeighted())
    return emitOpError("needs a weighted edgeset, got ") << graph;
  if (getPlacement() && !graph.getWeightStorageType().isInteger(32))
    return emitOpError("GPU kernels read int32 edge weights; ")
           << graph.getWeightType()
           << " weights run on the CPU only (compile without --target=gpu)";
  return verifyWeightArray(*this, graph.getWeightType(),
                           getWeights().getType());
}

LogicalResult SegmentsOp::verify() {
  if (getType().getWeightType() != getGraph().getType().getWeightType())
    return emitOpError("result ")
           << getType() << " does not carry the weight type of "
           << getGraph().getType();
  APInt count;
  if (!matchPattern(getCount(), m_ConstantInt(&count)))
    return success();
  if (count.getSExtValue() < 1)
    return emitOpError("segment count must be positive, got ")
           << count.getSExtValue();
  if (count.getSExtValue() > kMaxSegments)
    return emitOpError("segment count ")
           << count.getSExtValue() << " exceeds the maximum of "
           << kMaxSegments;
  return success();
}

LogicalResult SegmentWeightsOp::verify() {
  if (!getSegments().getType().isWeighted())
    return emitOpError("needs the segments of a weighted graph, got ")
           << getSegments().getType();
  return verifyWeightArray(*this, getSegments().getType().getWeightType(),
                           getWeights().getType());
}

LogicalResult VertexSetNewOp::verify() {
  if (getAll() && getSize())
    return emitOpError("takes either 'all' or a size, not both");
  return success();
}

/// Whether `value` is the vertex count of `graph`, perhaps cast.
static bool isVertexCountOf(Value value, Value graph) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto count = dyn_cast<NumVerticesOp>(def))
      return count.getGraph() == graph;
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
             arith::ExtUIOp>(def))
      return false;
    value = def->getOperand(0);
  }
  return false;
}

OpFoldResult VertexSetNewOp::fold(FoldAdaptor adaptor) {
  Value size = getSize();
  if (!size)
    return {};
  if (auto known = dyn_cast_or_null<IntegerAttr>(adaptor.getSize()))
    setAll(!known.getValue().isZero());
  else if (isVertexCountOf(size, getGraph()))
    setAll(true);
  else
    return {};
  getSizeMutable().clear();
  return getResult();
}

bool VertexSetNewOp::mayBeFreedAt(Operation *use) {
  Block *block = getOperation()->getBlock();
  Operation *at = block->findAncestorOpInBlock(*use);
  return llvm::any_of(getResult().getUsers(), [&](Operation *user) {
    if (isa<ListAppendOp>(user))
      return true;
    if (!mightHaveEffect<MemoryEffects::Free>(user, getResult()))
      return false;
    // A free later in the set's block, outside any loop around the use,
    // has not happened yet.
    return !(user->getBlock() == block && at && at->isBeforeInBlock(user));
  });
}

/// The set of all vertices has as many members as the graph has vertices
/// while nothing writes to it or frees it.
static LogicalResult foldSizeOfAllVertices(VertexSetSizeOp op,
                                           PatternRewriter &rewriter) {
  auto fresh = op.getSet().getDefiningOp<VertexSetNewOp>();
  if (!fresh || !fresh.getAll())
    return rewriter.notifyMatchFailure(op, "not a set of all vertices");
  if (fresh.mayBeFreedAt(op))
    return rewriter.notifyMatchFailure(op, "the set may be freed");
  if (llvm::any_of(fresh->getUsers(), [&](Operation *user) {
        return mightHaveEffect<MemoryEffects::Write>(user, fresh.getResult());
      }))
    return rewriter.notifyMatchFailure(op, "the set may be written");
  rewriter.replaceOpWithNewOp<NumVerticesOp>(op, rewriter.getIndexType(),
                                             fresh.getGraph());
  return success();
}

void VertexSetSizeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *) {
  patterns.add(foldSizeOfAllVertices);
}

//===----------------------------------------------------------------------===//
// Program state
//===----------------------------------------------------------------------===//

/// The graph.global `name` of `op`'s module, of type `type`.
static LogicalResult verifyGlobalUse(Operation *op,
                                     SymbolTableCollection &symbolTable,
                                     FlatSymbolRefAttr name, Type type) {
  auto global = symbolTable.lookupNearestSymbolFrom<GlobalOp>(op, name);
  if (!global)
    return op->emitOpError("refers to ") << name << ", not a graph.global";
  if (global.getType() != type)
    return op->emitOpError("has type ")
           << type << ", but " << name << " holds " << global.getType();
  return success();
}

LogicalResult
GlobalLoadOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyGlobalUse(*this, symbolTable, getGlobalAttr(),
                         getValue().getType());
}

LogicalResult
GlobalStoreOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyGlobalUse(*this, symbolTable, getGlobalAttr(),
                         getValue().getType());
}

/// A union-find forest names parent vertices: one integer per vertex.
static LogicalResult verifyForest(Operation *op, VertexVectorType type) {
  if (!type.getElementType().isSignlessInteger())
    return op->emitOpError("a union-find forest holds vertex ids, got ")
           << type;
  return success();
}

LogicalResult VectorLinkOp::verify() {
  return verifyForest(*this, cast<VertexVectorType>(getVector().getType()));
}

LogicalResult VectorFindOp::verify() {
  return verifyForest(*this, cast<VertexVectorType>(getVector().getType()));
}

/// The launch whose uniform code `op` stands in, through scf ops only; null
/// if another op comes first (a phase, a function).
static gpu::LaunchOp uniformLaunch(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (auto launch = dyn_cast<gpu::LaunchOp>(parent))
      return launch;
    if (!isa<scf::SCFDialect>(parent->getDialect()))
      return {};
  }
  return {};
}

LogicalResult GridPhaseOp::verify() {
  if (!uniformLaunch(*this))
    return emitOpError("must stand in the uniform code of a gpu.launch (in "
                       "its body or in scf ops there)");
  Block &body = getBody().front();
  if (body.getNumArguments() != 2 ||
      !llvm::all_of(body.getArgumentTypes(),
                    [](Type t) { return t.isIndex(); }))
    return emitOpError("has a body of two index arguments (block, thread)");
  WalkResult ids = getBody().walk([](Operation *op) {
    return isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
               gpu::GlobalIdOp, gpu::LaneIdOp>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (ids.wasInterrupted())
    return emitOpError("names its blocks and threads by its body's arguments, "
                       "not by gpu id ops");
  return success();
}

LogicalResult GridBarrierOp::verify() {
  if (!uniformLaunch(*this))
    return emitOpError("must stand in the uniform code of a gpu.launch (in "
                       "its body or in scf ops there), where every thread "
                       "reaches it");
  auto type = cast<MemRefType>(getState().getType());
  if (!type.hasStaticShape() || type.getDimSize(0) != 2)
    return emitOpError("takes its state as memref<2xi32>");
  return success();
}

LogicalResult GroupReduceOp::verify() {
  int64_t lanes = getLanes();
  // A warp's shuffles take all its lanes.
  if (lanes < 32 || lanes > 1024 || !llvm::isPowerOf2_64(lanes))
    return emitOpError("groups a warp (32 lanes) to 1024 lanes, a power of "
                       "two, not ")
           << lanes;
  Type type = getValue().getType();
  if (type.getIntOrFloatBitWidth() > 64)
    return emitOpError("combines values of at most 64 bits, not ") << type;
  ReduceKind kind = getKind();
  if (kind == ReduceKind::Sub)
    return emitOpError("combines partial results: a group's partial "
                       "differences add up (kind add), they do not subtract");
  bool integerOnly = kind == ReduceKind::Or || kind == ReduceKind::And ||
                     kind == ReduceKind::MinU || kind == ReduceKind::MaxU;
  if (integerOnly && !isa<IntegerType>(type))
    return emitOpError("kind ")
           << stringifyReduceKind(kind) << " needs an integer value";
  Block &body = getBody().front();
  if (body.getNumArguments() != 1 || body.getArgument(0).getType() != type)
    return emitOpError("has a body of one argument of the value's type");
  // Each thread reaches the op once: a loop would interleave its groups'
  // iterations on the host, which runs a block's threads one by one.
  for (Operation *parent = (*this)->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<gpu::LaunchOp, GridPhaseOp>(parent))
      return success();
    if (!isa<scf::IfOp>(parent))
      return emitOpError("must stand in a GPU kernel, in scf.if ops only "
                         "(every thread of a group reaches it once), not in '")
             << parent->getName() << "'";
  }
  return emitOpError("must stand in a GPU kernel");
}
