//===- Distribute.cpp - the program as SPMD code over MPI ranks -----------===//
//
// Every rank runs the whole program; graphs are loaded split by destination,
// so each traversal writes only the rank's own vertices, vertex loops run
// over owned vertices where they can, and mirrors send written values to
// the ranks that read them. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHDISTRIBUTE
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-distribute"

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

/// How a scalar (a 0-d memref made outside the traversal, GraphIt's global
/// variables) written in a traversal body combines over the ranks: `sum`
/// adds every rank's change to it, `min`/`max` keep the extreme value, and
/// `flip` (a flag assigned in the body) takes the new value if any rank
/// changed it.
enum class ScalarCombine { Sum, Min, Max, Flip };
struct ScalarWrite {
  Value memref;
  ScalarCombine combine;
};

/// Whether `value` is made outside `scope`.
static bool definedOutside(Value value, Operation *scope) {
  return !scope->isAncestor(value.getParentRegion()->getParentOp());
}

/// Whether `memref` is a scalar (0-d memref) made outside `loop`.
static bool isOutsideScalar(Value memref, Operation *loop) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.getRank() == 0 && definedOutside(memref, loop);
}

/// The scalar `op` writes and how, or nothing for an op that writes no
/// scalar of the enclosing program (or one the ranks cannot combine).
static std::optional<ScalarWrite> scalarWrite(Operation *op, Operation *loop) {
  auto outside = [&](Value memref) { return isOutsideScalar(memref, loop); };
  if (auto store = dyn_cast<memref::StoreOp>(op))
    if (outside(store.getMemRef()) &&
        store.getMemRefType().getElementType().isInteger(1))
      return ScalarWrite{store.getMemRef(), ScalarCombine::Flip};
  auto rmw = dyn_cast<memref::AtomicRMWOp>(op);
  if (!rmw || !outside(rmw.getMemref()))
    return std::nullopt;
  switch (rmw.getKind()) {
  case arith::AtomicRMWKind::addi:
  case arith::AtomicRMWKind::addf:
    return ScalarWrite{rmw.getMemref(), ScalarCombine::Sum};
  case arith::AtomicRMWKind::mins:
  case arith::AtomicRMWKind::minimumf:
    return ScalarWrite{rmw.getMemref(), ScalarCombine::Min};
  case arith::AtomicRMWKind::maxs:
  case arith::AtomicRMWKind::maximumf:
    return ScalarWrite{rmw.getMemref(), ScalarCombine::Max};
  default:
    return std::nullopt;
  }
}

/// Whether `op`, inside `scope`, may have effects beyond reading memory and
/// using memory made inside `scope` (ops with regions are judged by their
/// nested ops).
static bool hasSideEffects(Operation *op, Operation *scope) {
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [&](const MemoryEffects::EffectInstance &e) {
    if (isa<MemoryEffects::Read>(e.getEffect()))
      return false;
    Value memory = e.getValue();
    return !memory || definedOutside(memory, scope);
  });
}

/// What a traversal writes that other ranks must see: vectors and the
/// priority queue (each in order of first write), and scalars.
struct TraversalWrites {
  SmallVector<Value> vectors;
  SmallVector<ScalarWrite> scalars;
};

/// What `apply`'s body writes; fails with an error at the first write a rank
/// could not do alone.
static FailureOr<TraversalWrites> writesOf(EdgeSetApplyOp apply) {
  if (apply.getNeighborsFrom() || apply.getNeighborsUntil())
    return apply.emitOpError("with neighbors_from/neighbors_until cannot be "
                             "distributed: edge positions are those of a "
                             "whole out-edge list, which no rank holds");
  Region &epilogue = apply.getEpilogue();
  // With reset(c) the traversal neither reads nor writes the vector its
  // body reduces into.
  Operation *unwritten =
      apply.getReset() ? apply.getDestinationReduce().getOperation() : nullptr;
  TraversalWrites writes;
  SmallVector<Value> &vectors = writes.vectors;
  for (Region *region : {&apply.getSrcFilter(), &apply.getDstFilter(),
                         &apply.getBody(), &epilogue}) {
    // The vertex whose data the region may write: the body's destination,
    // the epilogue's vertex (a destination too).
    Value dst;
    if (region == &apply.getBody())
      dst = region->getArgument(1);
    else if (region == &epilogue && !epilogue.empty())
      dst = region->getArgument(0);
    WalkResult walk = region->walk([&](Operation *op) {
      if (op == unwritten)
        return WalkResult::advance();
      if (isa<PriorityQueueUpdateSumOp>(op)) {
        op->emitOpError("cannot be distributed yet: a constant-sum update "
                        "counts a vertex's updates, and other ranks' counts "
                        "would have to be added");
        return WalkResult::interrupt();
      }
      if (Value vertex = writtenVertex(op)) {
        if (vertex != dst) {
          op->emitOpError("in a distributed traversal may write vertex data "
                          "only at the body's destination vertex, which the "
                          "rank owns");
          return WalkResult::interrupt();
        }
        if (!llvm::is_contained(vectors, writtenVector(op)))
          vectors.push_back(writtenVector(op));
        return WalkResult::advance();
      }
      if (std::optional<ScalarWrite> scalar = scalarWrite(op, apply)) {
        auto same = [&](const ScalarWrite &w) {
          return w.memref == scalar->memref;
        };
        auto known = llvm::find_if(writes.scalars, same);
        if (known == writes.scalars.end()) {
          writes.scalars.push_back(*scalar);
        } else if (known->combine != scalar->combine) {
          op->emitOpError("writes a variable that the traversal also updates "
                          "another way: the ranks cannot combine them");
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      }
      if (hasSideEffects(op, apply)) {
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
  return writes;
}

/// The loaded graph a vertex set or per-vertex vector was made for, where
/// the IR shows it: the graph of a set of all vertices, of a traversal's
/// output set or a filter of either, of a new vector; null elsewhere (a
/// function argument, a global, a graph not loaded).
static Value loadedGraphOf(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return Value();
  if (auto filter = dyn_cast<VertexSetFilterOp>(def))
    return loadedGraphOf(filter.getSet());
  Value graph =
      TypeSwitch<Operation *, Value>(def)
          .Case<VertexSetNewOp, EdgeSetApplyOp, VectorNewOp, OutDegreesOp>(
              [](auto op) { return op.getGraph(); })
          .Default([](Operation *) { return Value(); });
  return graph && graph.getDefiningOp<LoadOp>() ? graph : Value();
}

/// The loop or traversal whose body holds `op` at the outermost level of its
/// function, or null: where a mirror that `op` needs must come first,
/// outside OpenMP's threads.
static Operation *outermostLoop(Operation *op) {
  Operation *outermost = nullptr;
  for (Operation *parent = op->getParentOp();
       parent && !isa<FunctionOpInterface>(parent);
       parent = parent->getParentOp())
    if (isa<VertexSetApplyOp, VertexSetFilterOp, ParallelForOp, EdgeSetApplyOp>(
            parent))
      outermost = parent;
  return outermost;
}

/// Whether the body of a vertex loop (`graph.vertexset.apply` or
/// `graph.vertexset.filter`) writes vertex data only at the loop's vertex
/// and otherwise only updates globals the ranks can combine: then each rank
/// may run it over its owned vertices alone.
static bool writesOnlyOwnVertex(Operation *loop) {
  Block &body = loop->getRegion(0).front();
  Value vertex = body.getArgument(0);
  SmallVector<ScalarWrite> scalars;
  WalkResult walk = body.walk([&](Operation *op) {
    if (isa<VectorSetOp, ReduceOp, VectorCasOp>(op)) {
      auto type = cast<VertexVectorType>(writtenVector(op).getType());
      return type.isPerVertex() && writtenVertex(op) == vertex
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    }
    if (std::optional<ScalarWrite> scalar = scalarWrite(op, loop)) {
      for (const ScalarWrite &known : scalars)
        if (known.memref == scalar->memref && known.combine != scalar->combine)
          return WalkResult::interrupt();
      scalars.push_back(*scalar);
      return WalkResult::advance();
    }
    return hasSideEffects(op, loop) ? WalkResult::interrupt()
                                    : WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// Whether `get` reads at a traversal's source, which another rank may own.
static bool readsAtSource(VectorGetOp get) {
  auto apply = get->getParentOfType<EdgeSetApplyOp>();
  if (!apply)
    return false;
  Region &srcFilter = apply.getSrcFilter();
  return get.getIndex() == apply.getBody().getArgument(0) ||
         (!srcFilter.empty() &&
          get.getIndex() == srcFilter.front().getArgument(0));
}

/// Whether `use` is the vector a traversal tracks (`applyModified`): the
/// traversal reads and writes it only at its destinations, which the rank
/// owns, through the ops of its body and filter.
static bool isTracked(OpOperand &use) {
  auto apply = dyn_cast<EdgeSetApplyOp>(use.getOwner());
  return apply && apply.getTracked() == use.get();
}

/// A per-vertex vector made for a loaded graph (`graph.vector.new`,
/// `graph.out_degrees`) as graph-distribute follows it: with the values an
/// `scf.for` carries it as (its iteration argument and result) and, through
/// the loop's yield, the vectors it swaps with there (graph-fuse-epilogue's
/// double buffers). All of them are one vector's storage at some iteration,
/// so they get one partition.
struct VectorClass {
  Value graph;
  /// The ops that make the storage, in program order.
  SmallVector<Operation *> made;
  /// Every value that is one of them.
  SmallVector<Value> members;
  /// Why every rank needs it whole whatever its uses, or empty.
  std::string whole;
};

/// The per-vertex vectors that need not be whole on every rank: those made
/// for a loaded graph and used only by the vector ops whose reads and writes
/// this pass places, by traversals that track them, and by index checks
/// (the uses of all the values of their class, VectorClass). An
/// `owned` one is right at the rank's owned vertices (nothing mirrors its
/// writes); a `needed` one, read at traversals' sources, also at the rank's
/// mirrors (the remote sources of its edges). A read anywhere else gathers the
/// whole vector first.
struct PartialVectors {
  SetVector<Value> owned, needed;
  /// Every class of vectors made for a loaded graph.
  SmallVector<VectorClass> classes;
  /// The graph each value of a class (owned or needed) is a vector of.
  DenseMap<Value, Value> graphOf;
  /// The class (in `classes`) of each value of an owned or needed one.
  DenseMap<Value, size_t> classOf;

  bool sameClass(Value a, Value b) const {
    auto first = classOf.find(a), second = classOf.find(b);
    return first != classOf.end() && second != classOf.end() &&
           first->second == second->second;
  }
};

/// Whether `use` passes a vector from one value of its class to another: an
/// `scf.for`'s initial value or the yield of its next one.
static bool carriesVector(OpOperand &use) {
  Operation *user = use.getOwner();
  return isa<scf::ForOp>(user) ||
         (isa<scf::YieldOp>(user) && isa<scf::ForOp>(user->getParentOp()));
}

/// The classes of the per-vertex vectors made for loaded graphs.
static SmallVector<VectorClass> vectorClasses(ModuleOp module) {
  llvm::EquivalenceClasses<Value> same;
  SmallVector<Operation *> made;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<VectorNewOp, OutDegreesOp>(op) && loadedGraphOf(op->getResult(0))) {
      made.push_back(op);
      same.insert(op->getResult(0));
    }
    if (auto loop = dyn_cast<scf::ForOp>(op))
      for (auto [init, arg, result, next] :
           llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs(),
                     loop.getResults(), loop.getYieldedValues()))
        if (isa<VertexVectorType>(arg.getType())) {
          same.unionSets(init, arg);
          same.unionSets(arg, result);
          same.unionSets(result, next);
        }
  });
  SmallVector<VectorClass> classes;
  DenseMap<Value, size_t> classOf;
  for (Operation *op : made) {
    Value leader = same.getLeaderValue(op->getResult(0));
    auto [it, fresh] = classOf.try_emplace(leader, classes.size());
    if (fresh) {
      VectorClass &vc = classes.emplace_back();
      vc.graph = loadedGraphOf(op->getResult(0));
      vc.members = llvm::to_vector(same.members(leader));
    }
    VectorClass &vc = classes[it->second];
    vc.made.push_back(op);
    if (loadedGraphOf(op->getResult(0)) != vc.graph)
      vc.whole = "a loop carries it and a vector of another graph alike";
    if (isa<OutDegreesOp>(op) && vc.members.size() > 1)
      vc.whole = "a loop carries the out-degrees";
  }
  // Only vectors made here and a loop's values of them.
  for (VectorClass &vc : classes)
    for (Value member : vc.members) {
      Operation *def = member.getDefiningOp();
      bool known =
          def ? isa<scf::ForOp>(def) || llvm::is_contained(vc.made, def)
              : isa<scf::ForOp>(
                    cast<BlockArgument>(member).getOwner()->getParentOp());
      if (!known && vc.whole.empty())
        vc.whole = "a loop carries it and a vector made elsewhere alike";
    }
  return classes;
}

static PartialVectors partialVectors(ModuleOp module) {
  PartialVectors partial;
  partial.classes = vectorClasses(module);
  for (auto [index, vc] : llvm::enumerate(partial.classes)) {
    if (!vc.whole.empty())
      continue;
    bool atSource = false;
    Operation *unknown = nullptr;
    for (Value member : vc.members)
      for (OpOperand &use : member.getUses()) {
        Operation *user = use.getOwner();
        if (carriesVector(use) || isTracked(use))
          continue;
        if (auto get = dyn_cast<VectorGetOp>(user)) {
          atSource |= readsAtSource(get);
          continue;
        }
        if (!unknown &&
            !isa<VectorSetOp, ReduceOp, VectorCasOp, VectorFillOp,
                 VectorReduceOp, VectorPrefetchOp, VectorCopyOp, CheckIndexOp>(
                user))
          unknown = user;
      }
    if (unknown) {
      vc.whole = ("'" + unknown->getName().getStringRef() +
                  "' uses it, which a rank cannot serve from its own part")
                     .str();
      continue;
    }
    for (Value member : vc.members) {
      (atSource ? partial.needed : partial.owned).insert(member);
      partial.graphOf[member] = vc.graph;
      partial.classOf[member] = index;
    }
  }
  return partial;
}

static bool accessesOwnedOnly(Operation *user,
                              const SetVector<Operation *> &ownedLoops,
                              bool mirrored);

/// Whether `use` of a vector that is not whole reads it where the rank has
/// it right: in a read the ranks answer together (`together`), at the vertex of
/// a loop over owned vertices, at a traversal's destination or its epilogue's
/// vertex, and for a `mirrored` vector at a traversal's source. Pure writes and
/// mirrors count as local: either the ranks write their own vertices, or all
/// ranks write alike; so does an index check, which reads only the length.
static bool readsOwnedOnly(OpOperand &use,
                           const SetVector<Operation *> &ownedLoops,
                           const SmallPtrSetImpl<Operation *> &together,
                           bool mirrored) {
  Operation *user = use.getOwner();
  if (together.contains(user))
    return true;
  if (isa<VectorSetOp, VectorFillOp, VectorPrefetchOp, VectorMirrorOp,
          CheckIndexOp>(user) ||
      isTracked(use))
    return true;
  if (auto copy = dyn_cast<VectorCopyOp>(user))
    return use.get() == copy.getDest();
  return accessesOwnedOnly(user, ownedLoops, mirrored);
}

/// Whether `user`, an element access of a vector, is at a vertex the rank
/// owns (see readsOwnedOnly), or, for a `mirrored` vector, a read at a
/// traversal's source.
static bool accessesOwnedOnly(Operation *user,
                              const SetVector<Operation *> &ownedLoops,
                              bool mirrored) {
  Value index = TypeSwitch<Operation *, Value>(user)
                    .Case([](VectorGetOp get) { return get.getIndex(); })
                    .Case([](VectorSetOp set) { return set.getIndex(); })
                    .Case([](ReduceOp reduce) { return reduce.getIndex(); })
                    .Case([](VectorCasOp cas) { return cas.getIndex(); })
                    .Default([](Operation *) { return Value(); });
  Operation *loop = outermostLoop(user);
  if (!index || !loop)
    return false;
  if (auto apply = dyn_cast<EdgeSetApplyOp>(loop)) {
    // The epilogue runs only for the rank's own vertices
    // (runEpilogueOnOwned).
    Region &epilogue = apply.getEpilogue();
    if (!epilogue.empty() && epilogue.isAncestor(user->getParentRegion()))
      return index == epilogue.front().getArgument(0);
    if (auto get = dyn_cast<VectorGetOp>(user); mirrored && get)
      if (readsAtSource(get))
        return true;
    Region &dstFilter = apply.getDstFilter();
    return index == apply.getBody().getArgument(1) ||
           (!dstFilter.empty() && index == dstFilter.front().getArgument(0));
  }
  return ownedLoops.contains(loop) &&
         index == loop->getRegion(0).front().getArgument(0);
}

/// How much of the set `mirror` mirrors (a traversal's output or an owned
/// filter's) a rank needs (`whole` where it cannot tell). Its
/// size, its out-degree sum in its graph and the members of its own
/// vertices (a traversal's `to` set, a loop over owned vertices, a free)
/// need only the rank's owned members (`owned`), as do the traversal's
/// mirrors of the vectors it changed there; a traversal of the graph
/// from it also needs the members the rank's edges read, its mirrors
/// (`mirrored`). Anything else reads the set whole.
static VertexDataPartition
setPartition(VertexSetMirrorOp mirror, const SetVector<Operation *> &ownedLoops,
             bool remarks) {
  Value graph = mirror.getGraph();
  bool frontier = false;
  const char *why = nullptr;
  for (OpOperand *use : usesThroughBranches(mirror.getSet())) {
    Operation *user = use->getOwner();
    if (user == mirror.getOperation() ||
        isa<VertexSetSizeOp, VertexSetFreeOp>(user))
      continue;
    // The traversal's vector mirrors come first: they read its owned part.
    if (auto changed = dyn_cast<VectorMirrorOp>(user);
        changed && changed->getBlock() == mirror->getBlock() &&
        changed->isBeforeInBlock(mirror))
      continue;
    if (auto sum = dyn_cast<VertexSetOutDegreeSumOp>(user)) {
      if (sum.getGraph() != graph)
        why = "its out-degree sum in another graph is read";
    } else if (auto apply = dyn_cast<EdgeSetApplyOp>(user)) {
      if (apply.getGraph() != graph)
        why = "a traversal of another graph reads it";
      else if (apply.getSegments())
        why = "a segmented traversal reads it";
      else
        frontier |= use->get() == apply.getFrom();
    } else if (isa<VertexSetApplyOp, VertexSetFilterOp>(user)) {
      if (!ownedLoops.contains(user))
        why = "a vertex loop that runs on every rank reads it";
    } else {
      why = "an operation reads it whole";
    }
    if (why) {
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": whole vertex set at " << mirror.getLoc()
                 << ": " << why << " (" << user->getName() << ")\n");
      if (remarks)
        mirror.emitRemark("vertex set stays whole on every rank: ")
            << why << " ('" << user->getName() << "')";
      return VertexDataPartition::Whole;
    }
  }
  LLVM_DEBUG(
      llvm::dbgs() << DEBUG_TYPE ": vertex set at " << mirror.getLoc()
                   << " by need: "
                   << (frontier ? "a traversal's frontier" : "owned members")
                   << "\n");
  return frontier ? VertexDataPartition::Mirrored : VertexDataPartition::Owned;
}

/// The loop (or op) each gather of a vector that is not whole comes before.
using AnchorMap = DenseMap<Operation *, Operation *>;

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

    PartialVectors partial = partialVectors(module);
    SetVector<Operation *> ownedLoops = loopsOverOwned(module);
    SmallVector<EdgeSetApplyOp> applies;
    module.walk([&](EdgeSetApplyOp apply) { applies.push_back(apply); });
    for (EdgeSetApplyOp apply : applies) {
      FailureOr<TraversalWrites> written = writesOf(apply);
      if (failed(written))
        return signalPassFailure();
      SmallVector<Value> mirrored = llvm::to_vector(
          llvm::make_filter_range(written->vectors, [&](Value v) {
            return !partial.owned.contains(v);
          }));
      LLVM_DEBUG(printTraversal(llvm::dbgs() << DEBUG_TYPE ": mirroring "
                                             << mirrored.size() << " of the "
                                             << written->vectors.size()
                                             << " vectors written by ",
                                apply));
      runEpilogueOnOwned(apply);
      addMirrors(apply, mirrored, partial.needed);
      for (const ScalarWrite &scalar : written->scalars)
        combineOverRanks(apply, scalar);
      withoutBucketFusion(apply);
      synchronously(apply);
    }
    for (Operation *loop : ownedLoops)
      runOnOwned(loop, partial);
    partitionSets(module, ownedLoops);
    SmallPtrSet<Operation *, 8> together = readTogether(partial);
    AnchorMap anchorOf;
    gatherBeforeReads(partial, partial.owned, ownedLoops, together,
                      /*mirrored=*/false, anchorOf);
    gatherBeforeReads(partial, partial.needed, ownedLoops, together,
                      /*mirrored=*/true, anchorOf);
    agreeOnScalars(module, ownedLoops);
    partitionVectors(partial, ownedLoops, together, anchorOf);
    module.walk([](LoadOp load) { load.setDistributed(true); });
    printOnRankZero(module);
    startAndStopMPI(main);
    MLIRContext *context = &getContext();
    module->setAttr(
        DLTIDialect::kMapAttrName,
        MapAttr::get(context,
                     {DataLayoutEntryAttr::get(
                         StringAttr::get(context, kImplementationKey),
                         StringAttr::get(context, mpiImplementation))}));
  }

  /// Whether `use` only reads the vector (a loop reading a gathered copy
  /// may do that).
  static bool readsOnly(OpOperand &use) {
    Operation *user = use.getOwner();
    if (auto copy = dyn_cast<VectorCopyOp>(user))
      return use.get() == copy.getSource();
    return isa<VectorGetOp, VectorReduceOp, CheckIndexOp, VectorPrefetchOp>(
        user);
  }

  /// Why a vector of `graph` that `apply` accesses at its destinations must
  /// stay whole, or null.
  static const char *traversalWhy(EdgeSetApplyOp apply, Value graph) {
    if (apply.getGraph() != graph)
      return "a traversal of another graph accesses it";
    if (apply.getSegments())
      return "a segmented traversal accesses it";
    return nullptr;
  }

  /// Whether `user` assigns one element outside vertex loops and traversals
  /// (`parent[root] = root` in main): all ranks run it alike, and on a
  /// partitioned vector only the vertex's owner stores, and the ranks that
  /// mirror it in their mirror's slot (partitionVectors).
  static bool isWrittenOnOwner(Operation *user) {
    return isa<VectorSetOp>(user) && !outermostLoop(user);
  }

  /// Why a rank cannot hold only its owned elements (and, for a `mirrored`
  /// vector, its mirrors' ones) of `vector`, made for `graph`, at `use`;
  /// null where it can: at the accesses readsOwnedOnly places at owned
  /// vertices (of `graph`, by a loop over all its destinations or over the
  /// frontier's sources, not segments), reads the ranks answer together,
  /// mirrors by need and index checks.
  static const char *
  wholeBecause(OpOperand &use, Value graph, bool mirrored,
               const SetVector<Operation *> &ownedLoops,
               const SmallPtrSetImpl<Operation *> &together) {
    Operation *user = use.getOwner();
    if (auto mirror = dyn_cast<VectorMirrorOp>(user))
      return mirror.getNeeded() ? nullptr
                                : "it is gathered whole for a read at "
                                  "vertices other ranks own";
    if (isa<CheckIndexOp, VectorPrefetchOp>(user) || together.contains(user))
      return nullptr;
    if (isTracked(use))
      return traversalWhy(cast<EdgeSetApplyOp>(user), graph);
    if (!isa<VectorGetOp, VectorSetOp, ReduceOp, VectorCasOp>(user))
      return "an operation reads or writes it whole";
    if (isWrittenOnOwner(user))
      return nullptr;
    if (!accessesOwnedOnly(user, ownedLoops, mirrored))
      return "it is accessed at a vertex the rank may not own";
    Operation *loop = outermostLoop(user);
    if (auto apply = dyn_cast<EdgeSetApplyOp>(loop)) {
      if (const char *why = traversalWhy(apply, graph))
        return why;
      // graph-lower-direction gives a push the fused loop back as a loop
      // over every vertex, which reads and resets the sum at each.
      ReduceOp sum = apply.getDestinationReduce();
      if (!apply.getEpilogue().empty() && sum && sum.getVector() == use.get() &&
          apply.getScheduleOrDefault().getDirection() != Direction::DensePull)
        return "a traversal that may push sums into it for a fused loop";
      return nullptr;
    }
    return loadedGraphOf(loop->getOperand(0)) == graph
               ? nullptr
               : "a loop over another graph's vertices accesses it";
  }

  /// Each vector of a loaded graph gets its partition: `owned` or
  /// `mirrored` for the partial ones every use of which a rank can serve
  /// from its own elements (and its mirrors' slots), `whole` for the rest.
  /// A mirrored vector's reads at traversals' sources then go through
  /// `graph.mirror_slots` (which the traversal emitter turns, in a pull, into
  /// one load of the edge's renumbered source, `graph.mirror_sources`, and in
  /// a push into one load per source); an element read in main reads, on the
  /// ranks that do not own the vertex, the first owned element instead (its
  /// value is the owner's anyway). The values of one class (VectorClass: a
  /// loop's double buffers) get one partition; with `remarks`, a remark at
  /// each vector that stays whole says why.
  void partitionVectors(const PartialVectors &partial,
                        const SetVector<Operation *> &ownedLoops,
                        const SmallPtrSetImpl<Operation *> &together,
                        const AnchorMap &anchorOf) {
    // Each graph's slot map and owned range, made after its load.
    struct SlotMap {
      Value slots;
      OwnedRangeOp owned;
    };
    DenseMap<Value, SlotMap> slotsOf;
    for (const VectorClass &vc : partial.classes) {
      // Fields of records hold every vertex.
      if (llvm::any_of(vc.made, [](Operation *op) {
            return TypeSwitch<Operation *, bool>(op)
                .Case<VectorNewOp, OutDegreesOp>(
                    [](auto made) { return bool(made.getRecords()); })
                .Default([](Operation *) { return true; });
          }))
        continue;
      Value graph = vc.graph;
      bool mirrored = partial.needed.contains(vc.members.front());
      std::string why = vc.whole;
      // The loops that read it after a gather, which then read a whole copy.
      SmallVector<std::pair<Operation *, Operation *>> gathers;
      auto inGathered = [&](Operation *user) {
        return llvm::any_of(gathers, [&](auto gather) {
          return gather.second == user || gather.second->isProperAncestor(user);
        });
      };
      auto inClass = [&](Value value) {
        return llvm::is_contained(vc.members, value);
      };
      // Copies from one of its buffers to another (graph-fuse-epilogue's
      // after an odd number of swaps): each rank copies its own elements.
      SmallVector<VectorCopyOp> copies;
      if (why.empty() &&
          (mirrored || partial.owned.contains(vc.members.front()))) {
        for (Value member : vc.members)
          for (Operation *user : member.getUsers())
            if (Operation *anchor = anchorOf.lookup(user))
              gathers.emplace_back(user, anchor);
        for (Value member : vc.members) {
          for (OpOperand &use : member.getUses()) {
            Operation *user = use.getOwner();
            if (anchorOf.contains(user) || carriesVector(use))
              continue;
            const char *because = nullptr;
            auto copy = dyn_cast<VectorCopyOp>(user);
            if (copy && inClass(copy.getSource()) && inClass(copy.getDest())) {
              if (!llvm::is_contained(copies, copy))
                copies.push_back(copy);
            } else if (inGathered(user)) {
              because = readsOnly(use) ? nullptr
                                       : "a loop that reads it at vertices "
                                         "other ranks own also writes it";
            } else {
              because =
                  wholeBecause(use, graph, mirrored, ownedLoops, together);
            }
            if (because) {
              why = because;
              break;
            }
          }
          if (!why.empty())
            break;
        }
      } else if (why.empty()) {
        why = "it is not read only at owned vertices and sources";
      }
      MLIRContext *context = graph.getContext();
      if (!why.empty()) {
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": whole vector at "
                   << vc.made.front()->getLoc() << ": " << why << "\n");
        if (remarks)
          vc.made.front()->emitRemark("vector stays whole on every rank: ")
              << why;
        for (Operation *made : vc.made)
          partitionVector(made, VertexDataPartitionAttr::get(
                                    context, VertexDataPartition::Whole));
        continue;
      }
      VertexDataPartition partition =
          mirrored ? VertexDataPartition::Mirrored : VertexDataPartition::Owned;
      auto partitionAttr = VertexDataPartitionAttr::get(context, partition);
      for (Operation *made : vc.made) {
        partitionVector(made, partitionAttr);
        // Each rank fills its owned degrees; a mirror by need fills the
        // mirrors' slots of out-degrees read at sources.
        if (mirrored && isa<OutDegreesOp>(made)) {
          OpBuilder b(made->getContext());
          b.setInsertionPointAfter(made);
          VectorMirrorOp::create(b, made->getLoc(), graph, made->getResult(0),
                                 Value(), /*needed=*/true, partitionAttr);
        }
      }
      for (auto [mirror, gatheredIn] : gathers) {
        Operation *anchor = gatheredIn;
        OpBuilder b(mirror);
        Value vector = mirror->getOperand(1);
        auto whole = VectorGatherOp::create(b, mirror->getLoc(),
                                            vector.getType(), graph, vector);
        vector.replaceUsesWithIf(whole, [&](OpOperand &use) {
          return use.getOwner() == anchor ||
                 anchor->isProperAncestor(use.getOwner());
        });
        mirror->erase();
      }
      // Where vertex `v`'s element of a mirrored vector is on this rank:
      // its own place for an owned vertex, its mirror's slot, or the first
      // owned element for any other vertex.
      auto slotOf = [&](OpBuilder &b, Location loc, Value v) -> Value {
        SlotMap &map = slotsOf[graph];
        if (!map.slots) {
          OpBuilder atLoad(graph.getContext());
          atLoad.setInsertionPointAfterValue(graph);
          map.slots = MirrorSlotsOp::create(
              atLoad, graph.getLoc(),
              MemRefType::get({ShapedType::kDynamic}, b.getI64Type()), graph);
          map.owned =
              OwnedRangeOp::create(atLoad, graph.getLoc(), b.getIndexType(),
                                   b.getIndexType(), graph);
        }
        return MirrorSlotOp::create(b, loc, b.getIndexType(), map.slots, v,
                                    map.owned.getBegin(), map.owned.getEnd());
      };
      // Collected first: the accesses move into guards, and an assignment
      // right after its vector would move under the walk's feet.
      SetVector<Operation *> users;
      for (Value member : vc.members)
        users.insert_range(member.getUsers());
      for (Operation *user : users) {
        if (auto mirror = dyn_cast<VectorMirrorOp>(user)) {
          // Its mirrors by need fill the slots, whichever buffer it is.
          if (mirrored)
            mirror.setPartitionAttr(partitionAttr);
          continue;
        }
        if (isWrittenOnOwner(user)) {
          // The owner stores, and so does every rank that mirrors the
          // vertex, in its mirror's slot: the mirrors stay right.
          auto set = cast<VectorSetOp>(user);
          OpBuilder b(set);
          Location loc = set.getLoc();
          auto range = OwnedRangeOp::create(b, loc, b.getIndexType(),
                                            b.getIndexType(), graph);
          Value stores = ownsVertex(b, loc, range, set.getIndex());
          Value at = set.getIndex();
          if (mirrored) {
            at = slotOf(b, loc, set.getIndex());
            stores = arith::OrIOp::create(
                b, loc, stores,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, at,
                                      range.getEnd()));
          }
          auto ifStores =
              scf::IfOp::create(b, loc, stores, /*withElseRegion=*/false);
          set->moveBefore(ifStores.thenBlock()->getTerminator());
          set.getIndexMutable().assign(at);
          continue;
        }
        auto get = dyn_cast<VectorGetOp>(user);
        if (!get)
          continue;
        OpBuilder b(get);
        Location loc = get.getLoc();
        if (together.contains(get)) {
          auto range = OwnedRangeOp::create(b, loc, b.getIndexType(),
                                            b.getIndexType(), graph);
          get.getIndexMutable().assign(arith::SelectOp::create(
              b, loc, ownsVertex(b, loc, range, get.getIndex()), get.getIndex(),
              range.getBegin()));
        } else if (mirrored && readsAtSource(get)) {
          get.getIndexMutable().assign(slotOf(b, loc, get.getIndex()));
        }
      }
      for (VectorCopyOp copy : copies)
        copyOwned(copy, graph, mirrored ? partitionAttr : nullptr);
    }
  }

  /// Gives a vector that graph-distribute partitions (`graph.vector.new`
  /// or `graph.out_degrees`) its partition.
  static void partitionVector(Operation *made,
                              VertexDataPartitionAttr partition) {
    if (auto vector = dyn_cast<VectorNewOp>(made))
      vector.setPartitionAttr(partition);
    else
      cast<OutDegreesOp>(made).setPartitionAttr(partition);
  }

  /// Replaces a copy between two buffers of one partitioned vector by a
  /// copy of the rank's owned elements (a `graph.parallel_for` over its
  /// owned range), then, for a `mirrored` one (`partition`), a mirror by
  /// need that fills the destination's mirrors' slots.
  static void copyOwned(VectorCopyOp copy, Value graph,
                        VertexDataPartitionAttr partition) {
    OpBuilder b(copy);
    Location loc = copy.getLoc();
    auto range =
        OwnedRangeOp::create(b, loc, b.getIndexType(), b.getIndexType(), graph);
    auto sched = ScheduleAttr::getDefault(b.getContext())
                     .with([](ScheduleAttr::Options &options) {
                       options.parallel = Parallelization::StaticVertex;
                     });
    auto loop = ParallelForOp::create(b, loc, range.getBegin(), range.getEnd(),
                                      /*label=*/nullptr, sched);
    {
      OpBuilder::InsertionGuard guard(b);
      Block *body =
          b.createBlock(&loop.getBody(), {}, {b.getIndexType()}, {loc});
      Value v = body->getArgument(0);
      auto type = cast<VertexVectorType>(copy.getSource().getType());
      Value element = VectorGetOp::create(b, loc, type.getElementType(),
                                          copy.getSource(), v);
      VectorSetOp::create(b, loc, copy.getDest(), v, element);
      YieldOp::create(b, loc);
    }
    if (partition)
      VectorMirrorOp::create(b, loc, graph, copy.getDest(), Value(),
                             /*needed=*/true, partition);
    copy.erase();
  }

  /// Errors at the ops that need edges a rank does not hold, at the loads of
  /// float weights, and at the loads and traversals inside parallel loops,
  /// whose MPI calls would come from several threads at once.
  LogicalResult checkOps() {
    WalkResult walk = getOperation().walk([](Operation *op) {
      if (isa<RelabelOp, TransposeOp, CommonNeighborsOp, AdjacencyOp,
              AdjacencyWeightsOp>(op)) {
        op->emitOpError("cannot be distributed: it reads edges of vertices "
                        "that other ranks hold");
        return WalkResult::interrupt();
      }
      if (auto load = dyn_cast<LoadOp>(op)) {
        Type weights = load.getType().getWeightStorageType();
        if (weights && !weights.isInteger(32)) {
          load.emitOpError("of ")
              << load.getType().getWeightType()
              << " edge weights cannot be distributed: ranks load and "
                 "exchange int32 weights";
          return WalkResult::interrupt();
        }
      }
      if (isa<LoadOp, EdgeSetApplyOp>(op) &&
          (op->getParentOfType<ParallelForOp>() ||
           op->getParentOfType<VertexSetApplyOp>())) {
        op->emitOpError("inside a parallel loop cannot be distributed: its "
                        "MPI calls would come from several threads at once");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  /// `value` combined over all ranks with `op` (`mpi.allreduce` in place
  /// on a one-element buffer).
  static Value allReduce(OpBuilder &b, Location loc, Value value,
                         mpi::MPI_ReductionOpEnum op) {
    // Flags and other narrow integers travel as i32.
    Type type = value.getType();
    if (type.isInteger() && type.getIntOrFloatBitWidth() < 32) {
      Value wide = arith::ExtUIOp::create(b, loc, b.getI32Type(), value);
      return arith::TruncIOp::create(b, loc, type, allReduce(b, loc, wide, op));
    }
    Value buffer =
        memref::AllocaOp::create(b, loc, MemRefType::get({1}, value.getType()));
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    memref::StoreOp::create(b, loc, value, buffer, c0);
    Value world =
        mpi::CommWorldOp::create(b, loc, mpi::CommType::get(b.getContext()));
    mpi::AllReduceOp::create(
        b, loc, /*retval=*/Type(), buffer, buffer,
        mpi::MPI_ReductionOpEnumAttr::get(b.getContext(), op), world);
    return memref::LoadOp::create(b, loc, buffer, c0);
  }

  /// After `apply` (a traversal or a loop over owned vertices), every rank's
  /// copy of the scalar holds its own rank's updates only: an all-reduce
  /// (`mpi.allreduce`) combines them. Sums and flags need the value from
  /// before the loop, loaded before it.
  static void combineOverRanks(Operation *apply, ScalarWrite scalar) {
    OpBuilder b(apply);
    Location loc = apply->getLoc();
    Value before = memref::LoadOp::create(b, loc, scalar.memref);
    b.setInsertionPointAfter(apply);
    Value now = memref::LoadOp::create(b, loc, scalar.memref);
    Type type = now.getType();
    bool isFloat = isa<FloatType>(type);
    // Flags travel as i32: whether this rank changed the flag.
    Value mine = now;
    mpi::MPI_ReductionOpEnum op = mpi::MPI_ReductionOpEnum::MPI_SUM;
    switch (scalar.combine) {
    case ScalarCombine::Sum:
      mine = isFloat ? arith::SubFOp::create(b, loc, now, before).getResult()
                     : arith::SubIOp::create(b, loc, now, before).getResult();
      break;
    case ScalarCombine::Min:
      op = mpi::MPI_ReductionOpEnum::MPI_MIN;
      break;
    case ScalarCombine::Max:
      op = mpi::MPI_ReductionOpEnum::MPI_MAX;
      break;
    case ScalarCombine::Flip:
      mine = arith::ExtUIOp::create(
          b, loc, b.getI32Type(),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, now, before));
      op = mpi::MPI_ReductionOpEnum::MPI_MAX;
      break;
    }
    Value all = allReduce(b, loc, mine, op);
    Value result = all;
    if (scalar.combine == ScalarCombine::Sum)
      result = isFloat ? arith::AddFOp::create(b, loc, before, all).getResult()
                       : arith::AddIOp::create(b, loc, before, all).getResult();
    if (scalar.combine == ScalarCombine::Flip) {
      Value changed = arith::TruncIOp::create(b, loc, b.getI1Type(), all);
      Value flipped = arith::XOrIOp::create(
          b, loc, before, arith::ConstantIntOp::create(b, loc, 1, 1));
      result = arith::SelectOp::create(b, loc, changed, flipped, before);
    }
    memref::StoreOp::create(b, loc, result, scalar.memref);
  }

  /// `value` as rank 0 has it, on every rank: an all-reduce sum to which
  /// the other ranks add zero.
  static Value rankZeros(OpBuilder &b, Location loc, Value value) {
    Value zero =
        arith::ConstantOp::create(b, loc, b.getZeroAttr(value.getType()));
    Value mine =
        arith::SelectOp::create(b, loc, isRankZero(b, loc), value, zero);
    return allReduce(b, loc, mine, mpi::MPI_ReductionOpEnum::MPI_SUM);
  }

  /// The vertex loops that do not run over owned vertices run whole on every
  /// rank, and OpenMP may combine a parallel loop's updates of a scalar, or
  /// a float reduction's partial sums, in another order on each rank: the ranks
  /// would then disagree in the last bits, and a loop condition on the value
  /// could send them different ways. Every rank takes rank 0's value instead.
  static void agreeOnScalars(ModuleOp module,
                             const SetVector<Operation *> &ownedLoops) {
    // Only outermost loops: the all-reduce must not run in OpenMP threads.
    auto nested = [](Operation *op) {
      return op->getParentOfType<VertexSetApplyOp>() ||
             op->getParentOfType<VertexSetFilterOp>() ||
             op->getParentOfType<ParallelForOp>() ||
             op->getParentOfType<EdgeSetApplyOp>();
    };
    module.walk([&](Operation *loop) {
      if (!isa<VertexSetApplyOp, VertexSetFilterOp, ParallelForOp>(loop) ||
          nested(loop) || ownedLoops.contains(loop))
        return;
      SetVector<Value> scalars;
      loop->walk([&](Operation *op) {
        if (auto store = dyn_cast<memref::StoreOp>(op)) {
          if (isOutsideScalar(store.getMemRef(), loop))
            scalars.insert(store.getMemRef());
        } else if (std::optional<ScalarWrite> write = scalarWrite(op, loop)) {
          scalars.insert(write->memref);
        }
      });
      OpBuilder b(loop->getContext());
      b.setInsertionPointAfter(loop);
      for (Value scalar : scalars) {
        Value value = memref::LoadOp::create(b, loop->getLoc(), scalar);
        memref::StoreOp::create(b, loop->getLoc(),
                                rankZeros(b, loop->getLoc(), value), scalar);
      }
    });
    module.walk([&](VectorReduceOp reduce) {
      if (!isa<FloatType>(reduce.getType()) || nested(reduce) ||
          reduce.getBegin())
        return;
      SmallVector<OpOperand *> uses = llvm::to_vector(llvm::map_range(
          reduce.getResult().getUses(), [](OpOperand &use) { return &use; }));
      OpBuilder b(reduce->getContext());
      b.setInsertionPointAfter(reduce);
      Value agreed = rankZeros(b, reduce.getLoc(), reduce.getResult());
      for (OpOperand *use : uses)
        use->set(agreed);
    });
  }

  /// Bucket fusion goes on with a thread's own bins inside one traversal,
  /// but a rank holds only the edges into its vertices: the vertices it
  /// improved must first reach the other ranks. The eager queue it fuses
  /// over is then processed one bucket per traversal, which computes the
  /// same. An ordered worklist (obim) likewise keeps its buckets' rounds.
  static void withoutBucketFusion(EdgeSetApplyOp apply) {
    ScheduleAttr sched = apply.getScheduleOrDefault();
    if (sched.getPriorityUpdate() != PriorityUpdate::EagerWithFusion &&
        sched.getPriorityUpdate() != PriorityUpdate::Obim)
      return;
    apply.setScheduleAttr(sched.with([](ScheduleAttr::Options &options) {
      options.priorityUpdate = PriorityUpdate::Eager;
    }));
  }

  /// An asynchronous loop's threads would go on with vertices whose values
  /// changed on another rank; each round's mirrors must come first, so the
  /// loop keeps its rounds (it computes the same).
  static void synchronously(EdgeSetApplyOp apply) {
    ScheduleAttr sched = apply.getScheduleOrDefault();
    if (sched.isAsync())
      apply.setScheduleAttr(sched.with([](ScheduleAttr::Options &options) {
        options.async = AsyncMode::None;
        options.delta = ScheduleCount(1);
      }));
  }

  /// A rank holds the in-edges of its own vertices only, so it runs the
  /// epilogue (a vertex loop fused into the pull) for those: the other
  /// vertices' sums are another rank's, and their epilogues' writes come
  /// with the mirrors after the traversal; a fused filter keeps only owned
  /// vertices, as a traversal's output set has them.
  static void runEpilogueOnOwned(EdgeSetApplyOp apply) {
    Region &epilogue = apply.getEpilogue();
    if (!epilogue.empty())
      runOnlyWhereOwned(apply, apply.getGraph(), epilogue.front());
  }

  /// Whether `vertex` is in the rank's owned `range`.
  static Value ownsVertex(OpBuilder &b, Location loc, OwnedRangeOp range,
                          Value vertex) {
    return arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, vertex,
                              range.getBegin()),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, vertex,
                              range.getEnd()));
  }

  /// Puts `body` (whose first argument is a vertex) under an `scf.if` that
  /// runs it only for the vertices this rank owns (graph.owned_range, made
  /// before `anchor`); a body that yields whether to keep its vertex (an
  /// epilogue's keep) yields false for the others.
  static void runOnlyWhereOwned(Operation *anchor, Value graph, Block &body) {
    Location loc = anchor->getLoc();
    OpBuilder b(anchor);
    auto range =
        OwnedRangeOp::create(b, loc, b.getIndexType(), b.getIndexType(), graph);
    Operation *yield = body.getTerminator();
    b.setInsertionPointToStart(&body);
    Value owns = ownsVertex(b, loc, range, body.getArgument(0));
    TypeRange results = yield->getOperandTypes();
    bool keeps = !results.empty();
    auto guard = scf::IfOp::create(b, loc, results, owns,
                                   /*withElseRegion=*/keeps);
    Block *then = guard.thenBlock();
    // Without results the then block already ends in its yield.
    then->getOperations().splice(
        keeps ? then->end() : then->getTerminator()->getIterator(),
        body.getOperations(), std::next(guard->getIterator()),
        yield->getIterator());
    if (!keeps)
      return;
    b.setInsertionPointToEnd(then);
    scf::YieldOp::create(b, loc, yield->getOperands());
    b.setInsertionPointToEnd(guard.elseBlock());
    scf::YieldOp::create(
        b, loc, ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)});
    yield->setOperands(guard.getResults());
  }

  /// The outermost vertex loops over a loaded graph's vertices that write
  /// vertex data only at their own vertex (writesOnlyOwnVertex).
  static SetVector<Operation *> loopsOverOwned(ModuleOp module) {
    SetVector<Operation *> loops;
    module.walk([&](Operation *op) {
      if (isa<VertexSetApplyOp, VertexSetFilterOp>(op) && !outermostLoop(op) &&
          loadedGraphOf(op->getOperand(0)) && writesOnlyOwnVertex(op))
        loops.insert(op);
    });
    return loops;
  }

  /// `loop` runs only over the vertices this rank owns (`[%begin to %end]`
  /// of graph.owned_range; a filter keeps only those); then the globals it
  /// updates are combined over the ranks, the vectors it writes that must stay
  /// whole are mirrored, and a filter's set becomes the union of all ranks'
  /// sets.
  static void runOnOwned(Operation *loop, const PartialVectors &partial) {
    Value graph = loadedGraphOf(loop->getOperand(0));
    Location loc = loop->getLoc();
    Block &body = loop->getRegion(0).front();
    SetVector<Value> written;
    SmallVector<ScalarWrite> scalars;
    body.walk([&](Operation *op) {
      if (isa<VectorSetOp, ReduceOp, VectorCasOp>(op))
        written.insert(writtenVector(op));
      else if (std::optional<ScalarWrite> scalar = scalarWrite(op, loop))
        if (llvm::none_of(scalars, [&](const ScalarWrite &known) {
              return known.memref == scalar->memref;
            }))
          scalars.push_back(*scalar);
    });
    for (const ScalarWrite &scalar : scalars)
      combineOverRanks(loop, scalar);

    OpBuilder atLoop(loop);
    auto range = OwnedRangeOp::create(atLoop, loc, atLoop.getIndexType(),
                                      atLoop.getIndexType(), graph);
    TypeSwitch<Operation *>(loop).Case<VertexSetApplyOp, VertexSetFilterOp>(
        [&](auto op) {
          op.getBeginMutable().assign(range.getBegin());
          op.getEndMutable().assign(range.getEnd());
        });

    OpBuilder b(loop);
    b.setInsertionPointAfter(loop);
    for (Value vector : written)
      if (!partial.owned.contains(vector))
        VectorMirrorOp::create(b, loc, graph, vector, Value(),
                               partial.needed.contains(vector),
                               /*partition=*/nullptr);
    if (auto filter = dyn_cast<VertexSetFilterOp>(loop))
      VertexSetMirrorOp::create(b, loc, graph, filter.getResult(),
                                /*partition=*/nullptr);
  }

  /// Each set a traversal or an owned filter makes is mirrored by need
  /// where its uses allow (setPartition), else whole as before.
  void partitionSets(ModuleOp module,
                     const SetVector<Operation *> &ownedLoops) {
    module.walk([&](VertexSetMirrorOp mirror) {
      VertexDataPartition partition = setPartition(mirror, ownedLoops, remarks);
      if (partition != VertexDataPartition::Whole)
        mirror.setPartitionAttr(
            VertexDataPartitionAttr::get(mirror.getContext(), partition));
    });
  }

  /// The MPI operation that combines the ranks' `kind` reductions, or none
  /// for unsigned min and max (MPI would compare the values as signed).
  static std::optional<mpi::MPI_ReductionOpEnum> mpiReduction(ReduceKind kind) {
    switch (kind) {
    case ReduceKind::Add:
      return mpi::MPI_ReductionOpEnum::MPI_SUM;
    case ReduceKind::Min:
      return mpi::MPI_ReductionOpEnum::MPI_MIN;
    case ReduceKind::Max:
      return mpi::MPI_ReductionOpEnum::MPI_MAX;
    case ReduceKind::Or:
      return mpi::MPI_ReductionOpEnum::MPI_BOR;
    case ReduceKind::And:
      return mpi::MPI_ReductionOpEnum::MPI_BAND;
    default:
      return std::nullopt;
    }
  }

  /// The reads of a vector that is not whole, outside vertex loops and
  /// traversals, that the ranks answer together instead of gathering the
  /// whole vector: a whole-vector reduction (`sum()`, `min()`, `max()`)
  /// reduces the rank's owned elements and one all-reduce combines the
  /// ranks' results; an element read (`vec[k]` in `main`) takes the owner's
  /// value, an all-reduce sum of its bits to which the other ranks add zero.
  /// Every rank gets the same value. Returns those reads.
  static SmallPtrSet<Operation *, 8>
  readTogether(const PartialVectors &partial) {
    SmallVector<Operation *> reads;
    for (const SetVector<Value> *vectors : {&partial.owned, &partial.needed})
      for (Value vector : *vectors)
        for (Operation *user : vector.getUsers()) {
          auto reduce = dyn_cast<VectorReduceOp>(user);
          if (!outermostLoop(user) &&
              (isa<VectorGetOp>(user) ||
               (reduce && mpiReduction(reduce.getKind()))))
            reads.push_back(user);
        }
    for (Operation *read : reads) {
      Location loc = read->getLoc();
      OpBuilder b(read);
      auto range =
          OwnedRangeOp::create(b, loc, b.getIndexType(), b.getIndexType(),
                               partial.graphOf.lookup(read->getOperand(0)));
      Value value = read->getResult(0);
      SmallVector<OpOperand *> uses = llvm::to_vector(llvm::map_range(
          value.getUses(), [](OpOperand &use) { return &use; }));
      b.setInsertionPointAfter(read);
      Value all;
      if (auto reduce = dyn_cast<VectorReduceOp>(read)) {
        reduce.getBeginMutable().assign(range.getBegin());
        reduce.getEndMutable().assign(range.getEnd());
        all = allReduce(b, loc, value, *mpiReduction(reduce.getKind()));
      } else {
        Value owns =
            ownsVertex(b, loc, range, cast<VectorGetOp>(read).getIndex());
        all = fromOwner(b, loc, value, owns);
      }
      for (OpOperand *use : uses)
        use->set(all);
    }
    return SmallPtrSet<Operation *, 8>(llvm::from_range, reads);
  }

  /// `value` as the rank where `owns` holds has it, on every rank: the sum
  /// of its bits (as an integer) with the other ranks' zeros.
  static Value fromOwner(OpBuilder &b, Location loc, Value value, Value owns) {
    Type type = value.getType();
    Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
    Value bits = value;
    if (isa<FloatType>(type))
      bits = arith::BitcastOp::create(b, loc, bitsType, value);
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(bitsType));
    Value mine = arith::SelectOp::create(b, loc, owns, bits, zero);
    Value all = allReduce(b, loc, mine, mpi::MPI_ReductionOpEnum::MPI_SUM);
    return isa<FloatType>(type)
               ? arith::BitcastOp::create(b, loc, type, all).getResult()
               : all;
  }

  /// Every use of a vector that is not whole that reads it where the rank
  /// may not have it right gets the whole vector first (one all-gather), before
  /// the outermost loop or traversal it is in (its anchor, in `anchorOf`).
  /// A loop's passing of a vector from one buffer to another and a copy
  /// between them (partitionVectors copies the owned elements) read
  /// nothing another rank has.
  static void gatherBeforeReads(const PartialVectors &partial,
                                const SetVector<Value> &vectors,
                                const SetVector<Operation *> &ownedLoops,
                                const SmallPtrSetImpl<Operation *> &together,
                                bool mirrored, AnchorMap &anchorOf) {
    for (Value vector : vectors) {
      SmallVector<Operation *> anchors;
      for (OpOperand &use : vector.getUses()) {
        if (carriesVector(use) ||
            readsOwnedOnly(use, ownedLoops, together, mirrored))
          continue;
        if (auto copy = dyn_cast<VectorCopyOp>(use.getOwner()))
          if (partial.sameClass(copy.getSource(), copy.getDest()))
            continue;
        Operation *loop = outermostLoop(use.getOwner());
        Operation *anchor = loop ? loop : use.getOwner();
        if (!llvm::is_contained(anchors, anchor))
          anchors.push_back(anchor);
      }
      for (Operation *anchor : anchors) {
        OpBuilder b(anchor);
        auto gather = VectorMirrorOp::create(b, anchor->getLoc(),
                                             partial.graphOf.lookup(vector),
                                             vector, Value(), /*needed=*/false,
                                             /*partition=*/nullptr);
        anchorOf[gather] = anchor;
      }
    }
  }

  /// Mirrors of the written vectors (only to the ranks that read them for
  /// the `needed` ones), then of the output set. The tracked
  /// vector changed only at the output set's vertices when every write to it
  /// reports to that set.
  static void addMirrors(EdgeSetApplyOp apply, ArrayRef<Value> vectors,
                         const SetVector<Value> &needed) {
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
      VectorMirrorOp::create(b, loc, apply.getGraph(), vector, changed,
                             needed.contains(vector), /*partition=*/nullptr);
    }
    if (Value modified = apply.getModified())
      VertexSetMirrorOp::create(b, loc, apply.getGraph(), modified,
                                /*partition=*/nullptr);
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

  /// Every print runs on rank 0 only. Each function asks for its rank once,
  /// on entry: not in the loops (OpenMP threads) that print.
  static void printOnRankZero(ModuleOp module) {
    SmallVector<PrintOp> prints;
    module.walk([&](PrintOp print) { prints.push_back(print); });
    DenseMap<Operation *, Value> onRankZero;
    for (PrintOp print : prints) {
      auto function = print->getParentOfType<FunctionOpInterface>();
      Value &onZero = onRankZero[function];
      if (!onZero) {
        auto b = OpBuilder::atBlockBegin(&function.getFunctionBody().front());
        onZero = isRankZero(b, function.getLoc());
      }
      OpBuilder b(print);
      auto ifZero = scf::IfOp::create(b, print.getLoc(), onZero,
                                      /*withElseRegion=*/false);
      print->moveBefore(ifZero.thenBlock()->getTerminator());
    }
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
