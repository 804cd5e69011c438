//===- Async.cpp - data-driven loops over a worklist ----------------------===//
//
// graph-lower-async: a `while` loop that only drains a frontier through an
// async-scheduled traversal becomes one parallel region over a worklist (see
// the pass description in Passes.td). Each thread takes a chunk of vertices,
// pushes their out-edges with the traversal's body, and pushes every
// destination whose tracked value the reduction changed to the worklist,
// processing it as soon as it takes it: no rounds, no barrier between them.
// With async = ordered the worklist is ordered: a destination goes to the
// bucket of its new tracked value, and threads take the lowest bucket.
//
//===----------------------------------------------------------------------===//

#include "Frontier.h"
#include "Worklist.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"
#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHLOWERASYNC
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-lower-async"

void WorklistLoop::emit(TraversalEmitter &emitter, OpBuilder &b,
                        VertexBody body) {
  VectorDestination destination(emitter, /*ownsVertex=*/true);
  EdgeArrays arrays = emitter.graphArrays(b);
  Location loc = emitter.getLoc();
  Value c0 = emitter.constIndex(b, 0);
  emitter.emitVertexLoop(
      b, c0, c0, [](OpBuilder &, Value, const LoopFrame &) {}, {},
      [&](OpBuilder &b, const LoopFrame &frame) {
        Type idsType = memrefOf(b.getI32Type());
        auto loop =
            scf::WhileOp::create(b, loc, TypeRange{idsType}, ValueRange{});
        b.createBlock(&loop.getBefore());
        Value chunk = WorklistTakeOp::create(b, loc, idsType, worklist);
        Value size = memref::DimOp::create(b, loc, chunk, 0);
        Value any =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, size, c0);
        scf::ConditionOp::create(b, loc, any, ValueRange{chunk});
        Block *after = b.createBlock(&loop.getAfter(), {}, {idsType}, {loc});
        Value ids = after->getArgument(0);
        Value count = memref::DimOp::create(b, loc, ids, 0);
        scf::ForOp::create(
            b, loc, c0, count, emitter.constIndex(b, 1), ValueRange{},
            [&](OpBuilder &b, Location, Value i, ValueRange) {
              Value ahead = emitter.vertexAhead(b, ids, i, count);
              Value v = emitter.loadIndex(b, ids, i);
              body(b, {v, v, arrays.offsets, arrays.neighbors, arrays.weights,
                       destination, frame, ahead});
              scf::YieldOp::create(b, loc);
            });
        scf::YieldOp::create(b, loc);
        b.setInsertionPointAfter(loop);
      });
}

bool mlir::graph::usesValuesOf(Operation *op, Operation *loop) {
  SetVector<Value> used;
  getUsedValuesDefinedAbove(op->getRegions(), used);
  return llvm::any_of(used, [&](Value value) {
    return loop->isAncestor(value.getParentRegion()->getParentOp());
  });
}

namespace {

/// The traversal's modified destinations go to the worklist, which the
/// region drains; after it, the loop's final frontier is an empty set. An
/// ordered worklist (`ordered`) takes each at its new tracked value.
class WorklistOutput : public OutputFrontier {
public:
  WorklistOutput(EdgeSetApplyOp op, const ExecutionModel &execution,
                 Value worklist, bool ordered)
      : OutputFrontier(op, execution, /*set=*/Value()), worklist(worklist),
        ordered(ordered) {}

  void add(OpBuilder &b, const LoopFrame &, Value v, bool) override {
    if (!ordered) {
      WorklistPushOp::create(b, loc, worklist, v);
      return;
    }
    // The value the min wrote, or a lower one another thread wrote since
    // (which pushes the vertex too). Below 0 it orders as 0, the lowest
    // bucket.
    Value tracked = op.getTracked();
    Value value = VectorGetOp::create(
        b, loc, cast<VertexVectorType>(tracked.getType()).getElementType(),
        tracked, v);
    Value zero =
        arith::ConstantOp::create(b, loc, b.getIntegerAttr(value.getType(), 0));
    Value priority = arith::MaxSIOp::create(b, loc, value, zero);
    WorklistPushOrderedOp::create(b, loc, worklist, v, priority);
  }

  Value seal(OpBuilder &b) override {
    WorklistFreeOp::create(b, loc, worklist);
    return VertexSetNewOp::create(b, loc, op.getModified().getType(),
                                  op.getGraph(), /*all=*/false);
  }

private:
  Value worklist;
  bool ordered;
};

/// Whether `value` is `graph.vertexset.size` of `set`, possibly cast.
bool isSizeOf(Value value, Value set) {
  if (auto cast = value.getDefiningOp<arith::IndexCastOp>())
    value = cast.getIn();
  auto size = value.getDefiningOp<VertexSetSizeOp>();
  return size && size.getSet() == set;
}

/// Whether the before-region of `loop` only tests that its frontier is not
/// empty and passes it on.
bool testsNonEmpty(scf::WhileOp loop) {
  Block &before = loop.getBefore().front();
  Value frontier = before.getArgument(0);
  scf::ConditionOp condition = loop.getConditionOp();
  if (condition.getArgs().size() != 1 || condition.getArgs()[0] != frontier)
    return false;
  for (Operation &inner : before.without_terminator())
    if (!isPure(&inner) && !isa<VertexSetSizeOp>(inner))
      return false;
  auto test = condition.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!test)
    return false;
  Value lhs = test.getLhs(), rhs = test.getRhs();
  switch (test.getPredicate()) {
  case arith::CmpIPredicate::ne:
    return (isSizeOf(lhs, frontier) && matchPattern(rhs, m_Zero())) ||
           (isSizeOf(rhs, frontier) && matchPattern(lhs, m_Zero()));
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::ugt:
    return isSizeOf(lhs, frontier) && matchPattern(rhs, m_Zero());
  default:
    return false;
  }
}

/// Whether `kind` gives the same result in any order and any number of
/// repetitions of its updates, and only moves a value one way.
bool isMonotone(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Min:
  case ReduceKind::Max:
  case ReduceKind::MinU:
  case ReduceKind::MaxU:
  case ReduceKind::Or:
  case ReduceKind::And:
    return true;
  case ReduceKind::Add:
  case ReduceKind::Sub:
    return false;
  }
  llvm_unreachable("unknown ReduceKind");
}

/// Why `apply`'s body is not one an asynchronous loop can run in any
/// order; empty if it is. An ordered loop (`ordered`) also needs the
/// reductions to be signed mins of 32- or 64-bit integers, whose values
/// order the worklist.
std::string bodyProblem(EdgeSetApplyOp apply, bool ordered) {
  Value tracked = apply.getTracked();
  Value dst = apply.getBody().getArgument(1);
  std::optional<ReduceKind> kind;
  WalkResult walk = apply.getBody().walk([&](Operation *inner) {
    // Ops with regions have the effects of the ops in them, walked too.
    if (isa<YieldOp>(inner) || isPure(inner) ||
        inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    if (auto reduce = dyn_cast<ReduceOp>(inner)) {
      if (reduce.getVector() == tracked && reduce.getIndex() == dst &&
          isMonotone(reduce.getKind()) && (!kind || *kind == reduce.getKind()))
        kind = reduce.getKind();
      else
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (effects && effects.onlyHasEffect<MemoryEffects::Read>())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted() || apply.yieldsKeep() || !kind)
    return "the traversal's body must only update the tracked vector at the "
           "destination with one of min, max, or, and (updates whose result "
           "does not depend on their order), and read anything else";
  if (!ordered)
    return "";
  auto vector = cast<VertexVectorType>(tracked.getType());
  Type element = vector.getElementType();
  if (*kind != ReduceKind::Min ||
      !(element.isSignlessInteger(32) || element.isSignlessInteger(64))) {
    std::string problem;
    llvm::raw_string_ostream os(problem);
    os << "an ordered asynchronous loop orders its worklist by the tracked "
          "vector's values, lowest first: the body's updates must be min "
          "reductions of an int or int64 vector, got "
       << stringifyReduceKind(*kind) << " of " << element;
    return problem;
  }
  if (vector.getLayout())
    return "an ordered asynchronous loop orders its worklist by the tracked "
           "vector's values, which cannot be a fused field (fuseFields)";
  return "";
}

/// Why `apply` cannot run asynchronously; empty if it can. `loop` is set to
/// the loop it drains.
std::string findProblem(EdgeSetApplyOp apply, scf::WhileOp &loop) {
  loop = dyn_cast<scf::WhileOp>(apply->getParentOp());
  Block *after = apply->getBlock();
  if (!loop || after->getParent() != &loop.getAfter() ||
      loop.getInits().size() != 1 || loop->getNumResults() != 1 ||
      apply.getFrom() != after->getArgument(0))
    return "the traversal must be the body of a while loop that changes no "
           "variable but the frontier the traversal starts from";
  if (!testsNonEmpty(loop))
    return "the loop must run while its frontier is not empty";
  // The traversal, deleting the frontier, and the output as the next one.
  auto next = dyn_cast<VertexSetFreeOp>(apply->getNextNode());
  auto yield = dyn_cast<scf::YieldOp>(after->getTerminator());
  if (&after->front() != apply || !next ||
      next.getSet() != after->getArgument(0) || next->getNextNode() != yield ||
      yield.getNumOperands() != 1 || yield.getOperand(0) != apply.getModified())
    return "the loop may only run the traversal, delete the frontier and "
           "make the traversal's output the next frontier";
  if (apply.getTo() || !apply.getSrcFilter().empty() ||
      !apply.getDstFilter().empty())
    return "the traversal may not filter its sources or destinations";
  if (!apply.getTracked())
    return "the traversal must track the vector it updates (applyModified)";
  if (apply.getUpdatedQueue())
    return "the traversal may not update a priority queue";
  if (usesValuesOf(apply, loop))
    return "the traversal may only use values defined outside the loop";
  return bodyProblem(apply, apply.getScheduleOrDefault().getAsync() ==
                                AsyncMode::Ordered);
}

/// Replaces the loop `apply` drains by a worklist loop.
void lowerAsync(EdgeSetApplyOp apply, scf::WhileOp loop,
                RewriterBase &rewriter) {
  Location loc = apply.getLoc();
  rewriter.setInsertionPoint(loop);
  Value initial = loop.getInits()[0];
  ScheduleAttr sched = apply.getScheduleOrDefault();
  bool ordered = sched.getAsync() == AsyncMode::Ordered;
  auto worklistType = WorklistType::get(rewriter.getContext());
  Value worklist =
      ordered ? WorklistNewByValueOp::create(
                    rewriter, loc, worklistType, initial, apply.getTracked(),
                    sched.getDelta().materialize(rewriter, loc))
                    .getResult()
              : WorklistNewOp::create(rewriter, loc, worklistType, initial)
                    .getResult();
  // The loop deleted the initial frontier in its first round.
  VertexSetFreeOp::create(rewriter, loc, initial);
  rewriter.modifyOpInPlace(apply, [&] { apply.getFromMutable().clear(); });
  rewriter.moveOpBefore(apply, loop);
  // The emitter replaces the traversal's result, which the loop yields,
  // with the empty set it seals; that set is the loop's result too.
  auto yield = cast<scf::YieldOp>(loop.getAfter().front().getTerminator());
  rewriter.setInsertionPoint(apply);
  TraversalEmitter emitter(apply, rewriter);
  const ExecutionModel &execution = emitter.getExecution();
  emitter.supplyOutput(
      std::make_unique<WorklistOutput>(apply, execution, worklist, ordered));
  WorklistLoop vertexLoop(worklist);
  emitter.emit(vertexLoop);
  rewriter.replaceOp(loop, yield.getOperand(0));
}

struct GraphLowerAsyncPass
    : graph::impl::GraphLowerAsyncBase<GraphLowerAsyncPass> {
  void runOnOperation() override {
    if (failed(checkLoweredBefore(getOperation(), getArgument(),
                                  ApplyLowering::Async)))
      return signalPassFailure();
    SmallVector<EdgeSetApplyOp> traversals;
    getOperation().walk([&](EdgeSetApplyOp op) {
      if (op.getLowering() == ApplyLowering::Async)
        traversals.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (EdgeSetApplyOp apply : traversals) {
      scf::WhileOp loop;
      std::string problem = findProblem(apply, loop);
      if (!problem.empty()) {
        // At the statement, without a dump of IR the user never wrote.
        InFlightDiagnostic diag =
            mlir::emitError(apply.getLoc(), "asynchronous schedule");
        if (std::optional<StringRef> label = apply.getLabel())
          diag << " of '" << *label << "'";
        diag << ": " << problem;
        return signalPassFailure();
      }
      LLVM_DEBUG(printTraversal(
          llvm::dbgs() << DEBUG_TYPE ": lowering with its loop ", apply));
      lowerAsync(apply, loop, rewriter);
    }
  }
};
} // namespace
