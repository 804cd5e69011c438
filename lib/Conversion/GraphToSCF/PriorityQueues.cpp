//===- PriorityQueues.cpp - priority queues -------------------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

/// Calls libgraphrt's queue function `function` for `op`: integer operands
/// widen to int64_t (index already is); an i1 result comes back as int32_t,
/// an integer result as int64_t, a handle as itself.
static Value callQueueRuntime(ConversionPatternRewriter &rewriter,
                              Operation *op, RuntimeFunction function,
                              ValueRange operands) {
  Location loc = op->getLoc();
  SmallVector<Value> args;
  for (Value v : operands) {
    auto type = dyn_cast<IntegerType>(v.getType());
    args.push_back(
        type && type.getWidth() < 64
            ? arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(), v)
            : v);
  }
  if (op->getNumResults() == 0) {
    callRuntime(rewriter, loc, op, function, args);
    return {};
  }
  Type result = op->getResult(0).getType();
  if (!isa<IntegerType>(result))
    return callRuntime1(rewriter, loc, op, function, args);
  if (result.isInteger(1))
    return arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne,
        callRuntime1(rewriter, loc, op, function, args),
        constI32(rewriter, loc, 0));
  Value wide = callRuntime1(rewriter, loc, op, function, args);
  if (result.isInteger(64))
    return wide;
  return arith::TruncIOp::create(rewriter, loc, result, wide);
}

namespace {

/// Queue ops that are one libgraphrt call (see callQueueRuntime).
template <typename OpTy> struct QueueCallLowering : GraphPattern<OpTy> {
  QueueCallLowering(const TypeConverter &converter, MLIRContext *context,
                    RuntimeFunction function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value result =
        callQueueRuntime(rewriter, op, function, adaptor.getOperands());
    if (result)
      rewriter.replaceOp(op, result);
    else
      rewriter.eraseOp(op);
    return success();
  }
  RuntimeFunction function;
};

/// Queue ops with one optional operand, which picks another function:
/// `withOperand` when the op has more than `required` operands.
template <typename OpTy> struct QueueCallChoiceLowering : GraphPattern<OpTy> {
  QueueCallChoiceLowering(const TypeConverter &converter, MLIRContext *context,
                          RuntimeFunction without, RuntimeFunction withOperand,
                          unsigned required)
      : GraphPattern<OpTy>(converter, context), without(without),
        withOperand(withOperand), required(required) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeFunction function =
        op->getNumOperands() > required ? withOperand : without;
    rewriter.replaceOp(
        op, callQueueRuntime(rewriter, op, function, adaptor.getOperands()));
    return success();
  }
  RuntimeFunction without, withOperand;
  unsigned required;
};

struct PriorityQueueNewLowering : GraphPattern<PriorityQueueNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PriorityQueueNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vector = adaptor.getPriorities();
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value address = toI64(
        rewriter, loc,
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, vector));
    Value data = LLVM::IntToPtrOp::create(rewriter, loc, ptrType, address);
    unsigned width = op.getQueue().getType().getPriorityType().getWidth();
    bool lazy = op.getUpdate() == PriorityUpdate::Lazy ||
                op.getUpdate() == PriorityUpdate::LazyConstantSum;
    // What the queue starts with is a flag of its own (libgraphrt's
    // GRAPHRT_PQ_START, _ALL, _EMPTY): no start value means "none", so
    // every start value the program computes is checked as a vertex.
    enum { kStart = 0, kAll = 1, kEmpty = 2 };
    Value start =
        adaptor.getStart()
            ? toI64(rewriter, loc, adaptor.getStart())
            : arith::ConstantIntOp::create(rewriter, loc, 0, 64).getResult();
    int32_t initial = adaptor.getStart() ? kStart : op.getAll() ? kAll : kEmpty;
    SmallVector<Value> args = {
        data,
        constI32(rewriter, loc, width / 8),
        toI64(rewriter, loc, memref::DimOp::create(rewriter, loc, vector, 0)),
        constI32(rewriter, loc, op.getOrder() == BucketOrder::LowerFirst),
        toI64(rewriter, loc, adaptor.getDelta()),
        start,
        constI32(rewriter, loc, initial),
        constI32(rewriter, loc, lazy),
        toI64(rewriter, loc, adaptor.getOpenBuckets())};
    rewriter.replaceOp(
        op, callRuntime1(rewriter, loc, op, RuntimeFunction::PqNew, args));
    return success();
  }
};

/// An eager queue's push, its fast path inline (graph_rt.h's
/// graphrt_pq_push_view): while the calling thread's view is of the queue's
/// epoch, a priority p >= 0 whose bucket p / delta lies in the view's bins
/// appends the vertex to its bin when the bin has room; every other push
/// calls graphrt_pq_push, which grows the bin and refreshes the view.
struct PriorityQueuePushLowering : GraphPattern<PriorityQueuePushOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PriorityQueuePushOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = getContext();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto viewType = runtimeStructType(context, RuntimeStruct::PqPushView);
    auto binType = runtimeStructType(context, RuntimeStruct::PqBin);
    Value queue = adaptor.getQueue(), vertex = adaptor.getVertex();
    Value priority = adaptor.getPriority();
    if (priority.getType() != i64)
      priority = arith::ExtSIOp::create(rewriter, loc, i64, priority);
    auto field = [&](OpBuilder &b, Value base, LLVM::LLVMStructType type,
                     int32_t index) {
      Value address = LLVM::GEPOp::create(b, loc, ptrType, type, base,
                                          ArrayRef<LLVM::GEPArg>{0, index});
      return std::make_pair(
          address, LLVM::LoadOp::create(b, loc, type.getBody()[index], address)
                       .getResult());
    };
    auto yieldFalse = [&](OpBuilder &b, Location loc) {
      scf::YieldOp::create(
          b, loc, arith::ConstantIntOp::create(b, loc, 0, 1).getResult());
    };

    Value view = runtimeThreadLocalAddress(rewriter, loc, op,
                                           RuntimeThreadLocal::PqThreadView);
    // A queue starts with its epoch. A null handle (a queue not made, or
    // deleted) takes the call, which reports it.
    Value live = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::ne, queue,
        LLVM::ZeroOp::create(rewriter, loc, ptrType).getResult());
    auto ifLive = scf::IfOp::create(
        rewriter, loc, live,
        [&](OpBuilder &b, Location loc) {
          Value epoch = LLVM::LoadOp::create(b, loc, i64, queue);
          scf::YieldOp::create(
              b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, epoch,
                                    field(b, view, viewType, 0).second)
                  .getResult());
        },
        yieldFalse);
    Value current = ifLive.getResult(0);
    auto ifCurrent = scf::IfOp::create(
        rewriter, loc, current,
        [&](OpBuilder &b, Location loc) {
          Value delta = field(b, view, viewType, 1).second;
          Value first = field(b, view, viewType, 2).second;
          Value count = field(b, view, viewType, 3).second;
          // A negative priority is no bin's: graphrt_pq_push reports it.
          Value bucket = arith::DivUIOp::create(b, loc, priority, delta);
          Value k = arith::SubIOp::create(b, loc, bucket, first);
          Value inView = arith::AndIOp::create(
              b, loc,
              arith::CmpIOp::create(
                  b, loc, arith::CmpIPredicate::sge, priority,
                  arith::ConstantIntOp::create(b, loc, 0, 64)),
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, k,
                                    count));
          auto ifInView = scf::IfOp::create(
              b, loc, inView,
              [&](OpBuilder &b, Location loc) {
                Value bins = field(b, view, viewType, 4).second;
                Value bin = LLVM::GEPOp::create(b, loc, ptrType, binType, bins,
                                                ArrayRef<LLVM::GEPArg>{k});
                auto sizeField = field(b, bin, binType, 1);
                Value sizeAddress = sizeField.first, size = sizeField.second;
                Value capacity = field(b, bin, binType, 2).second;
                Value room = arith::CmpIOp::create(
                    b, loc, arith::CmpIPredicate::ult, size, capacity);
                scf::IfOp::create(
                    b, loc, room, [&](OpBuilder &b, Location loc) {
                      Value ids = field(b, bin, binType, 0).second;
                      Value slot =
                          LLVM::GEPOp::create(b, loc, ptrType, i32, ids,
                                              ArrayRef<LLVM::GEPArg>{size});
                      LLVM::StoreOp::create(
                          b, loc,
                          arith::IndexCastUIOp::create(b, loc, i32, vertex),
                          slot);
                      LLVM::StoreOp::create(
                          b, loc,
                          arith::AddIOp::create(
                              b, loc, size,
                              arith::ConstantIntOp::create(b, loc, 1, 64)),
                          sizeAddress);
                      scf::YieldOp::create(b, loc);
                    });
                scf::YieldOp::create(b, loc, room);
              },
              yieldFalse);
          scf::YieldOp::create(b, loc, ifInView.getResult(0));
        },
        yieldFalse);
    Value appended = ifCurrent.getResult(0);
    Value slow = arith::XOrIOp::create(
        rewriter, loc, appended,
        arith::ConstantIntOp::create(rewriter, loc, 1, 1));
    auto ifSlow = scf::IfOp::create(rewriter, loc, slow, /*withElse=*/false);
    rewriter.setInsertionPointToStart(ifSlow.thenBlock());
    callRuntime(rewriter, loc, op, RuntimeFunction::PqPush,
                {queue, vertex, priority});
    rewriter.eraseOp(op);
    return success();
  }
};

/// An ordered worklist over a vector's values: the vector's data as a
/// pointer and its element width.
struct WorklistNewByValueLowering : GraphPattern<WorklistNewByValueOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(WorklistNewByValueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value address = toI64(rewriter, loc,
                          memref::ExtractAlignedPointerAsIndexOp::create(
                              rewriter, loc, adaptor.getValues()));
    Value data = LLVM::IntToPtrOp::create(rewriter, loc, ptrType, address);
    unsigned width =
        op.getValues().getType().getElementType().getIntOrFloatBitWidth();
    SmallVector<Value> args = {adaptor.getSet(), data,
                               constI32(rewriter, loc, width / 8),
                               toI64(rewriter, loc, adaptor.getDelta())};
    rewriter.replaceOp(op,
                       callRuntime1(rewriter, loc, op,
                                    RuntimeFunction::WorklistNewByValue, args));
    return success();
  }
};

/// The queue's priority vector, viewed through libgraphrt: one C-interface
/// function per element width.
struct PriorityQueuePrioritiesLowering
    : GraphPattern<PriorityQueuePrioritiesOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PriorityQueuePrioritiesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeFunction priorities =
        op.getQueue().getType().getPriorityType().getWidth() == 64
            ? RuntimeFunction::PqPrioritiesI64
            : RuntimeFunction::PqPrioritiesI32;
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op, priorities,
                                        adaptor.getQueue()));
    return success();
  }
};

/// graph.pq.dequeue: graphrt_pq_dequeue, or with keep_duplicates its
/// variant without the dedup.
struct PriorityQueueDequeueLowering : GraphPattern<PriorityQueueDequeueOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PriorityQueueDequeueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeFunction function = op.getKeepDuplicates()
                                   ? RuntimeFunction::PqDequeueKeepDups
                                   : RuntimeFunction::PqDequeue;
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op, function,
                                        adaptor.getQueue()));
    return success();
  }
};

} // namespace

void mlir::graph::populatePriorityQueuePatterns(
    const GraphTypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns
      .add<NullHandleLowering<PriorityQueueNoneOp>, PriorityQueueNewLowering,
           PriorityQueuePrioritiesLowering, PriorityQueuePushLowering,
           PriorityQueueDequeueLowering, WorklistNewByValueLowering>(converter,
                                                                     context);
  patterns.add<QueueCallChoiceLowering<PriorityQueueFinishedOp>>(
      converter, context, RuntimeFunction::PqFinished,
      RuntimeFunction::PqFinishedVertex, 1);
  patterns.add<QueueCallChoiceLowering<WorklistNewOrderedOp>>(
      converter, context, RuntimeFunction::WorklistNewOrdered,
      RuntimeFunction::WorklistNewOrderedUntil, 1);
  patterns.add<QueueCallLowering<PriorityQueueFreeOp>>(converter, context,
                                                       RuntimeFunction::PqFree);
  patterns.add<QueueCallLowering<PriorityQueueRequeueOp>>(
      converter, context, RuntimeFunction::PqRequeue);
  patterns.add<QueueCallLowering<PriorityQueueCurrentOp>>(
      converter, context, RuntimeFunction::PqCurrentPriority);
  patterns.add<QueueCallLowering<PriorityQueueChangedOp>>(
      converter, context, RuntimeFunction::PqChanged);
  patterns.add<QueueCallLowering<PriorityQueueOverflowOp>>(
      converter, context, RuntimeFunction::PqOverflow);
  patterns.add<QueueCallLowering<PriorityQueueEdgesOp>>(
      converter, context, RuntimeFunction::PqEdges);
  patterns.add<QueueCallLowering<PriorityQueueCountOp>>(
      converter, context, RuntimeFunction::PqCount);
  patterns.add<QueueCallLowering<PriorityQueueApplyCountsOp>>(
      converter, context, RuntimeFunction::PqApplyCounts);
  patterns.add<ArrayLowering<PriorityQueueTakeLocalOp>>(
      converter, context, RuntimeFunction::PqTakeLocal);
  patterns.add<QueueCallLowering<PriorityQueueFusionAloneOp>>(
      converter, context, RuntimeFunction::PqFusionAlone);
  patterns.add<ArrayLowering<PriorityQueueTakeAllOp>>(
      converter, context, RuntimeFunction::PqTakeAll);
  patterns.add<ArrayLowering<PriorityQueueDeviceShapeOp>>(
      converter, context, RuntimeFunction::PqDeviceShape);
  patterns.add<QueueCallLowering<PriorityQueueDeviceFailureOp>>(
      converter, context, RuntimeFunction::PqDeviceFailure);
  // Worklists are handles used like queues.
  patterns.add<QueueCallLowering<WorklistNewOp>>(converter, context,
                                                 RuntimeFunction::WorklistNew);
  patterns.add<QueueCallLowering<WorklistPushOp>>(
      converter, context, RuntimeFunction::WorklistPush);
  patterns.add<QueueCallLowering<WorklistPushOrderedOp>>(
      converter, context, RuntimeFunction::WorklistPushOrdered);
  patterns.add<QueueCallLowering<WorklistFreeOp>>(
      converter, context, RuntimeFunction::WorklistFree);
  patterns.add<ArrayLowering<WorklistTakeOp>>(converter, context,
                                              RuntimeFunction::WorklistTake);
}
