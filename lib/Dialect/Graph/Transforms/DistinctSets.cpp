//===- DistinctSets.cpp - which vertex sets list each member once ---------===//
//
// graph-infer-distinct-sets: a sparse forward data-flow analysis of vertex
// set values (distinct, or may repeat a member), whose answer for the
// source set of each traversal becomes `from(%set distinct)`.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHINFERDISTINCTSETS
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;
using namespace mlir::dataflow;

namespace {

/// What is known of a vertex set value: nothing yet (the optimistic start
/// of a loop's carried value), that it lists each member once, or nothing
/// that excludes a repeat. Joins move up that order.
class Distinctness {
public:
  enum Kind { Unknown, Distinct, MayRepeat };
  Distinctness(Kind kind = Unknown) : kind(kind) {}
  bool isDistinct() const { return kind == Distinct; }
  static Distinctness join(const Distinctness &lhs, const Distinctness &rhs) {
    return std::max(lhs.kind, rhs.kind);
  }
  bool operator==(const Distinctness &rhs) const { return kind == rhs.kind; }
  void print(raw_ostream &os) const {
    os << (kind == Unknown    ? "unknown"
           : kind == Distinct ? "distinct"
                              : "may-repeat");
  }

private:
  Kind kind;
};

class DistinctnessLattice : public Lattice<Distinctness> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DistinctnessLattice)
  using Lattice::Lattice;
};

bool isSetList(Type type) {
  auto list = dyn_cast<ListType>(type);
  return list && isa<VertexSetType>(list.getElementType());
}

/// A list of vertex sets that only its own appends and pops touch: made by
/// graph.list.new, its value an operand of nothing else (not carried by a
/// loop, passed to a call or kept in a global), so every set popped from
/// it is one of the sets appended to it.
bool isPrivateList(Value list) {
  if (!list.getDefiningOp<ListNewOp>())
    return false;
  return llvm::all_of(list.getUsers(), [&](Operation *user) {
    auto append = dyn_cast<ListAppendOp>(user);
    return isa<ListPopOp>(user) ||
           (append && append.getList() == list && append.getValue() != list);
  });
}

/// Whether the result of traversal `op` lists each member once.
bool keepsOutputDistinct(EdgeSetApplyOp op) {
  // A body yielding whether to keep dst needs dedup too.
  if (op.getDedup())
    return true;
  Region &epilogue = op.getEpilogue();
  if (!epilogue.empty() &&
      epilogue.front().getTerminator()->getNumOperands() == 1)
    return true;
  // A pull scans each destination once, on one thread.
  return op.getScheduleOrDefault().getDirection() == Direction::DensePull;
}

class DistinctSetsAnalysis
    : public SparseForwardDataFlowAnalysis<DistinctnessLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  void setToEntryState(DistinctnessLattice *lattice) override {
    propagateIfChanged(lattice, lattice->join(Distinctness::MayRepeat));
  }

  LogicalResult
  visitOperation(Operation *op, ArrayRef<const DistinctnessLattice *> operands,
                 ArrayRef<DistinctnessLattice *> results) override {
    auto set = [&](unsigned i, Distinctness fact) {
      propagateIfChanged(results[i], results[i]->join(fact));
    };
    if (isa<VertexSetNewOp, VertexSetDeletedOp>(op)) {
      set(0, Distinctness::Distinct);
      return success();
    }
    if (auto apply = dyn_cast<EdgeSetApplyOp>(op)) {
      if (apply.getModified())
        set(0, keepsOutputDistinct(apply) ? Distinctness::Distinct
                                          : Distinctness::MayRepeat);
      return success();
    }
    if (isa<VertexSetFilterOp>(op)) {
      set(0, operands[0]->getValue());
      return success();
    }
    if (auto pop = dyn_cast<ListPopOp>(op)) {
      Value list = pop.getList();
      if (!isa<VertexSetType>(pop.getType()) || !isPrivateList(list)) {
        setAllToEntryStates(results);
        return success();
      }
      // Every appended set, as it is known now; a later change to what is
      // known of one revisits the pop.
      for (Operation *user : list.getUsers())
        if (auto append = dyn_cast<ListAppendOp>(user))
          set(0,
              getLatticeElementFor(getProgramPointAfter(op), append.getValue())
                  ->getValue());
      return success();
    }
    setAllToEntryStates(results);
    return success();
  }
};

/// Whether `user` may take vertex set operands without adding a repeat to
/// any set: what the analysis models, and ops that only read a set or
/// forward it to a region or a function of this module (whose own ops this
/// check sees too).
bool keepsSetsAsTheyAre(Operation *user, ModuleOp module) {
  if (isa<VertexSetSizeOp, VertexSetInsertOp, VertexSetFreeOp, VertexSetApplyOp,
          VertexSetFilterOp, EdgeSetApplyOp, ListAppendOp, ListPopOp,
          scf::YieldOp, scf::ConditionOp, scf::WhileOp, scf::ForOp, scf::IfOp,
          func::ReturnOp>(user))
    return true;
  if (auto call = dyn_cast<func::CallOp>(user)) {
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCalleeAttr());
    return callee && !callee.isExternal();
  }
  return false;
}

struct GraphInferDistinctSetsPass
    : graph::impl::GraphInferDistinctSetsBase<GraphInferDistinctSetsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto holdsSets = [](Value v) {
      return isa<VertexSetType>(v.getType()) || isSetList(v.getType());
    };
    WalkResult unknown = module.walk([&](Operation *op) {
      if (llvm::any_of(op->getOperands(), holdsSets) &&
          !keepsSetsAsTheyAre(op, module))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (unknown.wasInterrupted())
      return markAllAnalysesPreserved();

    DataFlowSolver solver;
    loadBaselineAnalyses(solver);
    solver.load<DistinctSetsAnalysis>();
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    module.walk([&](EdgeSetApplyOp op) {
      Value from = op.getFrom();
      if (!from || op.getFromDistinct())
        return;
      auto *fact = solver.lookupState<DistinctnessLattice>(from);
      if (fact && fact->getValue().isDistinct())
        op.setFromDistinct(true);
    });
  }
};

} // namespace
