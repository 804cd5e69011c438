//===- Distribute.cpp - the program as SPMD code over MPI ranks -----------===//
//
// Every rank runs the whole program on whole vertex data; graphs are loaded
// split by destination, so each traversal writes only the rank's own
// vertices, and mirrors after it make those writes visible everywhere.
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHDISTRIBUTE
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

/// The vertex index an op of a traversal body writes vertex data at, or
/// null for an op that writes none.
static Value writtenVertex(Operation *op) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([](ReduceOp reduce) { return reduce.getIndex(); })
      .Case([](VectorSetOp set) { return set.getIndex(); })
      .Case([](VectorCasOp cas) { return cas.getIndex(); })
      .Case([](PriorityQueueUpdateOp update) { return update.getVertex(); })
      .Default([](Operation *) { return Value(); });
}

/// The vector (or priority queue) a write found by writtenVertex updates.
static Value writtenVector(Operation *op) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([](ReduceOp reduce) { return reduce.getVector(); })
      .Case([](VectorSetOp set) { return set.getVector(); })
      .Case([](VectorCasOp cas) { return cas.getVector(); })
      .Case([](PriorityQueueUpdateOp update) { return update.getQueue(); });
}

/// Whether `op` may have effects beyond reading memory (ops with regions
/// are judged by their nested ops).
static bool hasSideEffects(Operation *op) {
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true;
  return !effects.onlyHasEffect<MemoryEffects::Read>() &&
         !effects.hasNoEffect();
}

/// The vectors (and the priority queue) `apply`'s body writes, in order of
/// first write; fails with an error at the first write a rank could not do
/// alone.
static FailureOr<SmallVector<Value>> vectorsWrittenBy(EdgeSetApplyOp apply) {
  if (apply.getNeighborsFrom() || apply.getNeighborsUntil())
    return apply.emitOpError("with neighbors_from/neighbors_until cannot be "
                             "distributed: edge positions are those of a "
                             "whole out-edge list, which no rank holds");
  Value dst = apply.getBody().getArgument(1);
  SmallVector<Value> vectors;
  for (Region *region :
       {&apply.getSrcFilter(), &apply.getDstFilter(), &apply.getBody()}) {
    WalkResult walk = region->walk([&](Operation *op) {
      if (isa<PriorityQueueUpdateSumOp>(op)) {
        op->emitOpError("cannot be distributed yet: a constant-sum update "
                        "counts a vertex's updates, and other ranks' counts "
                        "would have to be added");
        return WalkResult::interrupt();
      }
      if (Value vertex = writtenVertex(op)) {
        if (vertex != dst || region != &apply.getBody()) {
          op->emitOpError("in a distributed traversal may write vertex data "
                          "only at the body's destination vertex, which the "
                          "rank owns");
          return WalkResult::interrupt();
        }
        if (!llvm::is_contained(vectors, writtenVector(op)))
          vectors.push_back(writtenVector(op));
        return WalkResult::advance();
      }
      if (hasSideEffects(op)) {
        op->emitOpError("has effects a distributed traversal cannot keep "
                        "the same on every rank: its body may only read, and "
                        "write its destination's vertex data");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  return vectors;
}

/// The DLTI key naming the MPI library, which MPI's lowering to LLVM reads.
static constexpr StringLiteral kImplementationKey = "MPI:Implementation";

namespace {
struct GraphDistributePass
    : graph::impl::GraphDistributeBase<GraphDistributePass> {
  using GraphDistributeBase::GraphDistributeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (mpiImplementation != "OpenMPI" && mpiImplementation != "MPICH") {
      module.emitError("mpi-implementation must be OpenMPI or MPICH, got '")
          << mpiImplementation << "'";
      return signalPassFailure();
    }
    // A module this pass already distributed stays as it is.
    if (auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName))
      if (succeeded(
              map.query(StringAttr::get(&getContext(), kImplementationKey))))
        return;
    auto main = module.lookupSymbol<func::FuncOp>("main");
    if (!main || main.isExternal()) {
      module.emitError("a distributed program needs a 'main' function: "
                       "every MPI rank runs it");
      return signalPassFailure();
    }
    if (failed(checkOps()))
      return signalPassFailure();

    SmallVector<EdgeSetApplyOp> applies;
    module.walk([&](EdgeSetApplyOp apply) { applies.push_back(apply); });
    for (EdgeSetApplyOp apply : applies) {
      FailureOr<SmallVector<Value>> written = vectorsWrittenBy(apply);
      if (failed(written))
        return signalPassFailure();
      addMirrors(apply, *written);
      withoutBucketFusion(apply);
    }
    module.walk([](LoadOp load) { load.setDistributed(true); });
    module.walk([](PrintOp print) { printOnRankZero(print); });
    startAndStopMPI(main);
    MLIRContext *context = &getContext();
    module->setAttr(
        DLTIDialect::kMapAttrName,
        MapAttr::get(context,
                     {DataLayoutEntryAttr::get(
                         StringAttr::get(context, kImplementationKey),
                         StringAttr::get(context, mpiImplementation))}));
  }

  /// Errors at the ops that need edges a rank does not hold.
  LogicalResult checkOps() {
    WalkResult walk = getOperation().walk([](Operation *op) {
      if (!isa<RelabelOp, TransposeOp, CommonNeighborsOp, AdjacencyOp,
               AdjacencyWeightsOp>(op))
        return WalkResult::advance();
      op->emitOpError("cannot be distributed: it reads edges of vertices "
                      "that other ranks hold");
      return WalkResult::interrupt();
    });
    return failure(walk.wasInterrupted());
  }

  /// Bucket fusion goes on with a thread's own bins inside one traversal,
  /// but a rank holds only the edges into its vertices: the vertices it
  /// improved must first reach the other ranks. The eager queue it fuses
  /// over is then processed one bucket per traversal, which computes the
  /// same.
  static void withoutBucketFusion(EdgeSetApplyOp apply) {
    ScheduleAttr sched = apply.getScheduleOrDefault();
    if (sched.getPriorityUpdate() != PriorityUpdate::EagerWithFusion)
      return;
    apply.setScheduleAttr(ScheduleAttr::get(
        apply.getContext(), sched.getDirection(), sched.getParallel(),
        sched.getGrain(), sched.getFrontier(), sched.getFrontierSets(),
        sched.getSegments(), sched.getSegmentsArgv(),
        sched.getSegmentStrategy(), sched.getNuma(), PriorityUpdate::Eager,
        sched.getDelta(), sched.getFusionThreshold(), sched.getOpenBuckets()));
  }

  /// Mirrors of the written vectors, then of the output set. The tracked
  /// vector changed only at the output set's vertices when every write to it
  /// reports to that set.
  static void addMirrors(EdgeSetApplyOp apply, ArrayRef<Value> vectors) {
    OpBuilder b(apply->getContext());
    b.setInsertionPointAfter(apply);
    Location loc = apply.getLoc();
    SmallVector<Operation *> tracked = apply.getTrackedWrites();
    bool onlyTrackedWrites = true;
    apply.getBody().walk([&](Operation *op) {
      if (writtenVertex(op) && writtenVector(op) == apply.getTracked() &&
          !llvm::is_contained(tracked, op))
        onlyTrackedWrites = false;
    });
    for (Value vector : vectors) {
      if (isa<PriorityQueueType>(vector.getType())) {
        PriorityQueueMirrorOp::create(b, loc, apply.getGraph(), vector);
        continue;
      }
      Value changed = vector == apply.getTracked() && onlyTrackedWrites
                          ? apply.getModified()
                          : Value();
      VectorMirrorOp::create(b, loc, apply.getGraph(), vector, changed);
    }
    if (Value modified = apply.getModified())
      VertexSetMirrorOp::create(b, loc, apply.getGraph(), modified);
  }

  static Value isRankZero(OpBuilder &b, Location loc) {
    Value world =
        mpi::CommWorldOp::create(b, loc, mpi::CommType::get(b.getContext()));
    Value rank = mpi::CommRankOp::create(b, loc, /*retval=*/Type(),
                                         b.getI32Type(), world)
                     .getRank();
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rank,
                                 arith::ConstantIntOp::create(b, loc, 0, 32));
  }

  static void printOnRankZero(PrintOp print) {
    OpBuilder b(print);
    auto onZero =
        scf::IfOp::create(b, print.getLoc(), isRankZero(b, print.getLoc()),
                          /*withElseRegion=*/false);
    print->moveBefore(onZero.thenBlock()->getTerminator());
  }

  static void startAndStopMPI(func::FuncOp main) {
    OpBuilder b(main.getBody());
    mpi::InitOp::create(b, main.getLoc(), /*retval=*/Type());
    main.walk([&](func::ReturnOp ret) {
      b.setInsertionPoint(ret);
      mpi::FinalizeOp::create(b, ret.getLoc(), /*retval=*/Type());
    });
  }
};
} // namespace
