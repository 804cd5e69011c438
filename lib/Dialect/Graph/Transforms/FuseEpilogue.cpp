//===- FuseEpilogue.cpp - vertex loops fused into pull traversals ---------===//
//
// Makes the vertex loop after a dense pull the pull's per-destination
// epilogue: see the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Epilogue.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHFUSEEPILOGUE
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-fuse-epilogue"

namespace {

/// A traversal, the vertex loop after it, and what fusing them takes.
struct Fusion {
  EdgeSetApplyOp traversal;
  /// The vertex loops that become the epilogue: a graph.vertexset.apply or
  /// a graph.vertexset.filter, or the two filters `choice` picks from.
  SmallVector<Operation *> loops;
  /// An scf.if whose branches each yield the set of a filter over the same
  /// vertices (GraphIt's `if ... frontier = vertices.filter(f) else ...`).
  scf::IfOp choice;
  /// The body's one reduction into the destination, whose sum the epilogue
  /// gets in a register; null when the body reduces into rows.
  ReduceOp accumulated;
  /// The vector the body reduces into at the destination: the accumulated
  /// reduction's, or a vector of rows (CF's error vectors).
  Value acc;
  /// Side-effect free ops between the two, which move before the traversal.
  SmallVector<Operation *> between;
  /// Vectors the loop writes and the traversal reads: double-buffered.
  SmallVector<Value> buffered;
  /// The same under the schedule's `epilogue = in_place`: written in place.
  SmallVector<Value> inPlace;
  /// The value the accumulated vector always holds outside the traversal,
  /// when the pass could prove one.
  TypedAttr reset;
};

/// Why a candidate does not fuse.
using Reason = std::optional<std::string>;
using Effects = ArrayRef<MemoryEffects::EffectInstance>;

} // namespace

/// How a remark names a vector: its GraphIt name when it has one.
static std::string nameOf(Value vector) {
  if (Operation *def = vector.getDefiningOp())
    if (auto name =
            def->getAttrOfType<StringAttr>(GraphDialect::kFieldAttrName))
      return ("'" + name.getValue() + "'").str();
  return "a vector";
}

static std::string labelOf(std::optional<StringRef> label) {
  return label ? ("'" + *label + "'").str() : std::string("(unlabelled)");
}

/// The set a vertex loop (apply or filter) runs over, and its body.
static Value loopSet(Operation *loop) {
  if (auto filter = dyn_cast<VertexSetFilterOp>(loop))
    return filter.getSet();
  return cast<VertexSetApplyOp>(loop).getSet();
}

static Region &loopBody(Operation *loop) {
  if (auto filter = dyn_cast<VertexSetFilterOp>(loop))
    return filter.getPredicate();
  return cast<VertexSetApplyOp>(loop).getBody();
}

static std::string loopLabel(Operation *loop) {
  if (auto filter = dyn_cast<VertexSetFilterOp>(loop))
    return labelOf(filter.getLabel());
  return labelOf(cast<VertexSetApplyOp>(loop).getLabel());
}

/// How a remark names the fused loops.
static std::string loopsName(const Fusion &fusion) {
  auto label = loopLabel;
  if (fusion.choice)
    return "vertex filters " + label(fusion.loops[0]) + " and " +
           label(fusion.loops[1]) + " (one chosen per run)";
  Operation *loop = fusion.loops.front();
  return (isa<VertexSetFilterOp>(loop) ? "vertex filter " : "vertex loop ") +
         label(loop);
}

/// Calls `fn` on every op of `region` that declares its effects (ops with
/// recursive effects are looked into); returns the first op that declares
/// none, if any.
static Operation *forEachEffectOp(Region &region,
                                  function_ref<void(Operation *, Effects)> fn) {
  Operation *unknown = nullptr;
  region.walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface) {
      unknown = op;
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    fn(op, effects);
    return WalkResult::advance();
  });
  return unknown;
}

/// The traversal's side: a CPU dense pull over every destination whose body
/// writes nothing but its one reduction into the destination.
static Reason checkTraversal(Fusion &fusion) {
  EdgeSetApplyOp op = fusion.traversal;
  ScheduleAttr sched = op.getScheduleOrDefault();
  if (sched.getGpu())
    return "the traversal runs on the GPU";
  if (sched.getDirection() != Direction::DensePull &&
      sched.getDirection() != Direction::SparsePushDensePull)
    return ("the traversal's direction is '" +
            stringifyDirection(sched.getDirection()) + "', which does not pull")
        .str();
  if (op.getTo() || !op.getDstFilter().empty() || op.getModified() ||
      op.getUpdatedQueue())
    return std::string("the traversal has to(...), a dst_filter, a result or "
                       "update_priority(...)");
  fusion.accumulated = op.getDestinationReduce();
  fusion.acc = fusion.accumulated ? fusion.accumulated.getVector()
                                  : op.getDestinationRows();
  if (!fusion.acc)
    return std::string("the traversal's body has no single reduction into "
                       "the destination, nor reductions only into its row "
                       "of a vector of rows");
  bool writesOther = false;
  auto noteWrites = [&](Operation *inner, Effects effects) {
    auto reduce = dyn_cast<ReduceOp>(inner);
    if (reduce && (reduce == fusion.accumulated ||
                   (!fusion.accumulated && reduce.getVector() == fusion.acc)))
      return;
    for (const MemoryEffects::EffectInstance &effect : effects)
      writesOther |= !isa<MemoryEffects::Read>(effect.getEffect());
  };
  if (forEachEffectOp(op.getBody(), noteWrites) ||
      forEachEffectOp(op.getSrcFilter(), noteWrites) || writesOther)
    return std::string("the traversal's body writes more than its reduction "
                       "into the destination");
  return std::nullopt;
}

/// The loop's side: per-vertex accesses only, and the accumulated vector
/// read before it is assigned.
static Reason checkLoop(Fusion &fusion, Operation *loop) {
  EdgeSetApplyOp op = fusion.traversal;
  auto all = loopSet(loop).getDefiningOp<VertexSetNewOp>();
  if (!all || !all.getAll() || all.getGraph() != op.getGraph())
    return std::string("the loop runs over another set than the traversal's "
                       "vertices");
  if (all.mayBeFreedAt(loop))
    return std::string("the loop's set of all vertices may be deleted");
  Block &body = loopBody(loop).front();
  Value v = body.getArgument(0), acc = fusion.acc;
  // Only a sum in a register needs the loop to read it before resetting it
  // and to reset it unconditionally; rows stay in memory.
  bool inRegister = bool(fusion.accumulated);
  llvm::SetVector<Value> written;
  llvm::DenseSet<Value> elsewhere;
  Reason reason;
  bool assignedAcc = false;
  auto fail = [&](const Twine &why) {
    if (!reason)
      reason = why.str();
  };
  auto note = [&](Operation *inner, Effects effects) {
    if (effects.empty() || isa<GlobalLoadOp>(inner))
      return;
    Value vector, index;
    bool write = false;
    if (auto get = dyn_cast<VectorGetOp>(inner)) {
      vector = get.getVector();
      index = get.getIndex();
      if (vector == acc && assignedAcc && inRegister)
        fail("the loop reads " + nameOf(acc) + " after assigning it");
    } else if (auto set = dyn_cast<VectorSetOp>(inner)) {
      vector = set.getVector();
      index = set.getIndex();
      write = true;
      if (vector == acc && set->getBlock() != &body && inRegister)
        fail("the loop assigns " + nameOf(acc) + " under a condition");
      assignedAcc |= vector == acc;
    } else if (auto reduce = dyn_cast<ReduceOp>(inner)) {
      vector = reduce.getVector();
      index = reduce.getIndex();
      write = true;
      if (vector == acc && inRegister)
        fail("the loop reduces into " + nameOf(acc));
    } else {
      return fail("the loop has '" + inner->getName().getStringRef() +
                  "', which may have other effects");
    }
    if (write)
      written.insert(vector);
    if (index != v)
      elsewhere.insert(vector);
  };
  Operation *unknown = forEachEffectOp(loopBody(loop), note);
  if (reason)
    return reason;
  if (unknown)
    return ("the loop has '" + unknown->getName().getStringRef() +
            "', which may have other effects")
        .str();
  if (elsewhere.contains(acc))
    return "the loop reads " + nameOf(acc) + " at another vertex";
  for (Value vector : written)
    if (elsewhere.contains(vector))
      return "the loop accesses " + nameOf(vector) +
             ", which it writes, at another vertex";

  // What the traversal reads and the loop writes needs a second buffer.
  llvm::DenseSet<Value> traversed;
  auto noteVectors = [&](Operation *, Effects effects) {
    for (const MemoryEffects::EffectInstance &effect : effects)
      if (Value vector = effect.getValue())
        traversed.insert(vector);
  };
  forEachEffectOp(op.getBody(), noteVectors);
  forEachEffectOp(op.getSrcFilter(), noteVectors);
  bool inPlace =
      op.getScheduleOrDefault().getEpilogue() == EpilogueUpdate::InPlace;
  SmallVector<Value> &shared = inPlace ? fusion.inPlace : fusion.buffered;
  for (Value vector : written)
    if (vector != acc && traversed.contains(vector) &&
        !llvm::is_contained(shared, vector))
      shared.push_back(vector);
  if (fusion.buffered.empty())
    return std::nullopt;
  auto forOp = dyn_cast<scf::ForOp>(op->getParentOp());
  for (Value vector : fusion.buffered) {
    if (cast<VertexVectorType>(vector.getType()).getLayout())
      return "the traversal reads " + nameOf(vector) +
             ", which the loop writes and which is a field of records: it "
             "has no second buffer";
    if (!forOp || !forOp.isDefinedOutsideOfLoop(vector) ||
        !forOp.isDefinedOutsideOfLoop(op.getGraph()))
      return "the traversal reads " + nameOf(vector) +
             ", which the loop writes: its two buffers swap only in an "
             "scf.for that holds the traversal and is inside the vector's "
             "scope";
  }
  return std::nullopt;
}

/// The constant `acc` holds wherever the traversal is not running: its
/// initial value, when every other use is the loop assigning it that value.
static TypedAttr findReset(Fusion &fusion) {
  if (!fusion.accumulated)
    return {};
  Value acc = fusion.acc;
  auto def = acc.getDefiningOp<VectorNewOp>();
  if (!def)
    return {};
  Type element = fusion.accumulated.getValue().getType();
  TypedAttr initial;
  if (Value init = def.getInit()) {
    if (!matchPattern(init, m_Constant(&initial)))
      return {};
  } else {
    initial = cast<TypedAttr>(Builder(def).getZeroAttr(element));
  }
  if (initial.getType() != element)
    return {};
  bool assigned = false;
  for (Operation *user : acc.getUsers()) {
    if (user == fusion.accumulated || user == def)
      continue;
    if (!llvm::any_of(fusion.loops, [&](Operation *loop) {
          return loop->isProperAncestor(user);
        }))
      return {};
    if (isa<VectorGetOp>(user))
      continue;
    TypedAttr value;
    auto set = dyn_cast<VectorSetOp>(user);
    if (!set || !matchPattern(set.getValue(), m_Constant(&value)) ||
        value != initial)
      return {};
    assigned = true;
  }
  return assigned ? initial : TypedAttr();
}

/// The filter whose set `block` (an scf.if branch) yields and nothing else
/// computes; null for another block.
static VertexSetFilterOp onlyFilter(Block *block) {
  auto filter = dyn_cast<VertexSetFilterOp>(&block->front());
  auto yield = dyn_cast<scf::YieldOp>(block->getTerminator());
  if (!filter || filter->getNextNode() != yield ||
      yield.getResults() != filter->getResults())
    return {};
  return filter;
}

/// Whether the body `block` of a loop over vertices assigns the element of
/// `vector` at its vertex, at its top level, before any other access to
/// `vector`: a second buffer of it then needs no copy of the old element.
/// A row is never assigned whole.
static bool assignsFirst(Block &block, Value vector) {
  if (cast<VertexVectorType>(vector.getType()).hasRows())
    return false;
  Operation *first = nullptr;
  block.walk([&](Operation *inner) {
    if (!first && llvm::is_contained(inner->getOperands(), vector))
      first = inner;
  });
  auto set = dyn_cast_or_null<VectorSetOp>(first);
  return set && set->getBlock() == &block && set.getVector() == vector &&
         set.getIndex() == block.getArgument(0);
}

/// What the loops access per vertex besides the accumulated vector: the
/// streams an epilogue adds to the pass it runs in.
struct Streams {
  /// Bytes per vertex of the vectors; a double-buffered one whose old
  /// element the epilogue copies counts twice.
  int64_t bytes = 0;
  /// The vectors, for remarks.
  std::string names;
  /// Whether the loops build a kept set (a fused filter).
  bool keptSet = false;
  bool empty() const { return names.empty() && !keptSet; }
};

static Streams findStreams(const Fusion &fusion) {
  llvm::SetVector<Value> vectors;
  for (Operation *loop : fusion.loops)
    loopBody(loop).walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (isa<VertexVectorType>(operand.getType()) && operand != fusion.acc)
          vectors.insert(operand);
    });
  Streams streams;
  streams.keptSet = fusion.choice || fusion.loops.front()->getNumResults();
  for (Value vector : vectors) {
    auto type = cast<VertexVectorType>(vector.getType());
    Type element = type.getElementType();
    int64_t bytes = element.isIndex()
                        ? 8
                        : llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
    if (type.hasRows())
      bytes *= type.getRowLength();
    bool twice =
        llvm::is_contained(fusion.buffered, vector) &&
        (fusion.choice ||
         !assignsFirst(loopBody(fusion.loops.front()).front(), vector));
    streams.bytes += twice ? 2 * bytes : bytes;
    if (!streams.names.empty())
      streams.names += ", ";
    streams.names += nameOf(vector) + (twice ? " (two buffers)" : "");
  }
  return streams;
}

static std::string describe(const Streams &streams) {
  std::string text;
  if (!streams.names.empty())
    text = streams.names + ": " + std::to_string(streams.bytes) +
           " bytes per vertex";
  if (streams.keptSet)
    text += text.empty() ? "the kept set" : ", and the kept set";
  return text;
}

/// Under plain segments the epilogue runs in the last segment, beside the
/// segment's contributions. The segment count is what was tuned to the
/// cache: one segment's range of the contributions the body reads at the
/// source, beside the scan's own streams (the segment's edges, `acc`),
/// fits it; that is all the compiler knows, for the vertex count, the cache
/// and the graph's degrees are known only at run time (a Kronecker and a
/// uniform graph of the same size and segments measured fusion 7% slower
/// and 2% faster). Every per-vertex stream the epilogue adds grows that
/// working set past what the segments were tuned for, so by default
/// (`auto`) the loop fuses there only when it has none; the option forces
/// either way. Returns why the loop stays apart, if it does.
static Reason checkSegments(Fusion &fusion, SegmentedEpilogue policy,
                            const Streams &streams) {
  ScheduleAttr sched = fusion.traversal.getScheduleOrDefault();
  if (!sched.isSegmented() || sched.getNuma() != NumaMode::Serial ||
      policy == SegmentedEpilogue::LastSegment)
    return std::nullopt;
  if (policy == SegmentedEpilogue::OwnLoop)
    return std::string("under plain segments the loop keeps a pass of its "
                       "own (segmented-epilogue=own-loop)");
  if (streams.empty())
    return std::nullopt;
  return "under plain segments the loop keeps a pass of its own: its "
         "per-vertex streams (" +
         describe(streams) +
         ") would join the last segment's working set, which the segment "
         "count was chosen to fit in cache (segmented-epilogue=last-segment "
         "fuses it)";
}

/// Finds the next vertex loop after `op` in its block (`fusion.loops` and
/// `fusion.choice`); `fusion.between` gets the side-effect free ops before
/// it, and `blocker` the first op with effects there. graph.vertexset.free
/// stays where it is: running the loop before it reads no freed set.
static void findLoopAfter(Fusion &fusion, Operation *&blocker) {
  for (Operation *next = fusion.traversal->getNextNode(); next;
       next = next->getNextNode()) {
    if (isa<VertexSetApplyOp, VertexSetFilterOp>(next)) {
      fusion.loops.push_back(next);
      return;
    }
    if (auto choice = dyn_cast<scf::IfOp>(next);
        choice && choice->getNumResults() == 1 && choice.elseBlock()) {
      VertexSetFilterOp first = onlyFilter(choice.thenBlock());
      VertexSetFilterOp second = onlyFilter(choice.elseBlock());
      if (first && second) {
        fusion.loops = {first, second};
        fusion.choice = choice;
        return;
      }
    }
    if (isa<VertexSetFreeOp>(next))
      continue;
    if (!blocker && (!isMemoryEffectFree(next) || next->getNumRegions()))
      blocker = next;
    fusion.between.push_back(next);
  }
}

/// Gives the loop around the traversal a second buffer of each vector in
/// `fusion.buffered`, swapped at the end of every iteration (see Passes.td).
static void doubleBuffer(Fusion &fusion, RewriterBase &rewriter) {
  EdgeSetApplyOp op = fusion.traversal;
  auto forOp = cast<scf::ForOp>(op->getParentOp());
  Location loc = op.getLoc();
  // The second buffer is made beside the vector, when that is a new one,
  // so that it is made once, not at every run of the loop.
  SmallVector<Value> inits(fusion.buffered);
  for (Value vector : fusion.buffered) {
    Value graph = op.getGraph();
    if (auto def = vector.getDefiningOp<VectorNewOp>()) {
      rewriter.setInsertionPointAfter(def);
      graph = def.getGraph();
    } else {
      rewriter.setInsertionPoint(forOp);
    }
    inits.push_back(VectorNewOp::create(rewriter, loc, vector.getType(), graph,
                                        /*init=*/Value()));
  }
  rewriter.setInsertionPoint(forOp);
  inits.push_back(arith::ConstantIntOp::create(rewriter, loc, 0, 1));
  size_t count = fusion.buffered.size();
  FailureOr<LoopLikeOpInterface> replaced = forOp.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> args) {
        SmallVector<Value> yields(args.slice(count, count));
        llvm::append_range(yields, args.take_front(count));
        Value one = arith::ConstantIntOp::create(b, loc, 1, 1);
        yields.push_back(arith::XOrIOp::create(b, loc, args.back(), one));
        return yields;
      });
  auto loop = cast<scf::ForOp>(replaced->getOperation());
  size_t first = loop.getNumRegionIterArgs() - (2 * count + 1);
  Block *body = loop.getBody();
  Region &epilogue = op.getEpilogue();
  Block &epilogueBlock = epilogue.front();
  Value v = epilogueBlock.getArgument(0);
  for (auto [i, vector] : llvm::enumerate(fusion.buffered)) {
    Value current = loop.getRegionIterArgs()[first + i];
    Value next = loop.getRegionIterArgs()[first + count + i];
    rewriter.replaceUsesWithIf(vector, current, [&](OpOperand &use) {
      Operation *top = body->findAncestorOpInBlock(*use.getOwner());
      return top && (top->isBeforeInBlock(op) ||
                     (top == op &&
                      !epilogue.isAncestor(use.getOwner()->getParentRegion())));
    });
    rewriter.replaceUsesWithIf(vector, next, [&](OpOperand &use) {
      return loop->isProperAncestor(use.getOwner());
    });
    // The epilogue fills every element of the next buffer: it starts with
    // v's old element (row) unless its first access to it assigns it.
    auto type = cast<VertexVectorType>(vector.getType());
    rewriter.setInsertionPointToStart(&epilogueBlock);
    if (type.hasRows()) {
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value length =
          arith::ConstantIndexOp::create(rewriter, loc, type.getRowLength());
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      scf::ForOp::create(rewriter, loc, zero, length, one, ValueRange{},
                         [&](OpBuilder &b, Location loc, Value k, ValueRange) {
                           Value old = VectorGetOp::create(
                               b, loc, type.getElementType(), current, v, k);
                           VectorSetOp::create(b, loc, next, v, k, old);
                           scf::YieldOp::create(b, loc);
                         });
    } else if (!assignsFirst(epilogueBlock, next)) {
      Value old =
          VectorGetOp::create(rewriter, loc, type.getElementType(), current, v);
      VectorSetOp::create(rewriter, loc, next, v, old);
    }
    // After an odd number of iterations the latest values are in the
    // second buffer.
    rewriter.setInsertionPointAfter(loop);
    auto ifSwapped = scf::IfOp::create(rewriter, loc, loop.getResults().back(),
                                       /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifSwapped.thenBlock());
    VectorCopyOp::create(rewriter, loc, loop.getResult(first + i), vector);
  }
}

/// Moves a filter's predicate into `branch` (an scf.if's block) for
/// vertex `v`, its graph.yield becoming an scf.yield.
static void inlineAsBranch(VertexSetFilterOp filter, Block *branch, Value v,
                           RewriterBase &rewriter) {
  Block *predicate = &filter.getPredicate().front();
  auto yield = cast<YieldOp>(predicate->getTerminator());
  rewriter.inlineBlockBefore(predicate, branch, branch->end(), v);
  rewriter.setInsertionPoint(yield);
  rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yield.getResults());
}

/// `op` with the results `types` instead of its own (replacing it; its
/// results must be unused).
static EdgeSetApplyOp withResults(EdgeSetApplyOp op, TypeRange types,
                                  RewriterBase &rewriter) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto kept = EdgeSetApplyOp::create(
      rewriter, op.getLoc(), types, op.getGraph(), op.getFrom(), op.getTo(),
      op.getNeighborsFrom(), op.getNeighborsUntil(), op.getTracked(),
      op.getUpdatedQueue(), op.getSegments(), op.getDedupAttr(),
      op.getLabelAttr(), op.getScheduleAttr(), op.getResetAttr(),
      op.getFromDistinctAttr());
  for (auto [from, to] : llvm::zip(op->getRegions(), kept->getRegions()))
    to.takeBody(from);
  rewriter.eraseOp(op);
  return kept;
}

static void fuse(Fusion &fusion, RewriterBase &rewriter) {
  EdgeSetApplyOp op = fusion.traversal;
  for (Operation *moved : fusion.between)
    rewriter.moveOpBefore(moved, op);
  Region &epilogue = op.getEpilogue();
  Location loc = fusion.loops.front()->getLoc();
  // The epilogue's arguments: the vertex, and the sum unless the body
  // reduces into rows.
  SmallVector<Type, 2> argTypes{rewriter.getIndexType()};
  if (fusion.accumulated)
    argTypes.push_back(fusion.accumulated.getValue().getType());
  // What the loops' set stood for: the epilogue's kept vertices.
  Operation *replaced =
      fusion.choice ? fusion.choice.getOperation() : fusion.loops.front();
  Value keptSet = replaced->getNumResults() ? replaced->getResult(0) : Value();
  if (fusion.choice) {
    Block *block =
        rewriter.createBlock(&epilogue, epilogue.end(), argTypes,
                             SmallVector<Location, 2>(argTypes.size(), loc));
    auto keep = scf::IfOp::create(rewriter, loc, rewriter.getI1Type(),
                                  fusion.choice.getCondition(),
                                  /*withElseRegion=*/true);
    YieldOp::create(rewriter, loc, keep.getResults());
    Value v = block->getArgument(0);
    inlineAsBranch(cast<VertexSetFilterOp>(fusion.loops[0]), keep.thenBlock(),
                   v, rewriter);
    inlineAsBranch(cast<VertexSetFilterOp>(fusion.loops[1]), keep.elseBlock(),
                   v, rewriter);
  } else {
    rewriter.inlineRegionBefore(loopBody(fusion.loops.front()), epilogue,
                                epilogue.end());
    for (Type type : ArrayRef(argTypes).drop_front())
      epilogue.front().addArgument(type, loc);
  }
  // The loop's reads of the accumulated element become the sum; with reset
  // its assignments go. Rows are read from memory.
  if (fusion.accumulated) {
    BlockArgument sum = epilogue.front().getArgument(1);
    for (Operation *user : llvm::make_early_inc_range(fusion.acc.getUsers())) {
      if (!epilogue.isAncestor(user->getParentRegion()))
        continue;
      if (isa<VectorGetOp>(user))
        rewriter.replaceOp(user, sum);
      else if (fusion.reset)
        rewriter.eraseOp(user);
    }
  }
  if (fusion.reset)
    rewriter.modifyOpInPlace(op, [&] { op.setResetAttr(fusion.reset); });
  if (keptSet) {
    op = fusion.traversal =
        withResults(op, VertexSetType::get(op.getContext()), rewriter);
    rewriter.replaceAllUsesWith(keptSet, op.getModified());
  }
  rewriter.eraseOp(replaced);
  if (!fusion.buffered.empty())
    doubleBuffer(fusion, rewriter);
}

Value mlir::graph::unfuseEpilogue(EdgeSetApplyOp op, RewriterBase &rewriter) {
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(op);
  Value all =
      VertexSetNewOp::create(rewriter, loc, VertexSetType::get(op.getContext()),
                             op.getGraph(), /*all=*/true);
  Region *body;
  Value kept;
  // An epilogue with a result yields whether to keep its vertex.
  if (op.getModified()) {
    auto filter = VertexSetFilterOp::create(
        rewriter, loc, VertexSetType::get(op.getContext()), all,
        /*label=*/StringAttr(), /*schedule=*/ScheduleAttr());
    body = &filter.getPredicate();
    kept = filter.getResult();
  } else {
    body = &VertexSetApplyOp::create(rewriter, loc, all,
                                     /*label=*/StringAttr(),
                                     /*schedule=*/ScheduleAttr())
                .getBody();
  }
  VertexSetFreeOp::create(rewriter, loc, all);
  rewriter.inlineRegionBefore(op.getEpilogue(), *body, body->end());
  Block &block = body->front();
  Value v = block.getArgument(0);
  // After reductions into rows the epilogue reads them itself.
  if (ReduceOp accumulated = op.getDestinationReduce()) {
    Value acc = accumulated.getVector();
    rewriter.setInsertionPointToStart(&block);
    Value sum = VectorGetOp::create(rewriter, loc,
                                    block.getArgument(1).getType(), acc, v);
    rewriter.replaceAllUsesWith(block.getArgument(1), sum);
    block.eraseArgument(1);
    if (TypedAttr reset = op.getResetAttr()) {
      rewriter.setInsertionPoint(block.getTerminator());
      VectorSetOp::create(rewriter, loc, acc, v,
                          arith::ConstantOp::create(rewriter, loc, reset));
      rewriter.modifyOpInPlace(op, [&] { op.removeResetAttr(); });
    }
  }
  // The filter's set replaces the traversal's.
  if (kept) {
    rewriter.replaceAllUsesWith(op.getModified(), kept);
    withResults(op, {}, rewriter);
  }
  return kept;
}

namespace {
struct GraphFuseEpiloguePass
    : graph::impl::GraphFuseEpilogueBase<GraphFuseEpiloguePass> {
  using GraphFuseEpilogueBase::GraphFuseEpilogueBase;

  void runOnOperation() override {
    SmallVector<EdgeSetApplyOp> traversals;
    getOperation().walk([&](EdgeSetApplyOp op) {
      if (op.getEpilogue().empty())
        traversals.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (EdgeSetApplyOp op : traversals) {
      Fusion fusion;
      fusion.traversal = op;
      Operation *blocker = nullptr;
      findLoopAfter(fusion, blocker);
      if (fusion.loops.empty())
        continue;
      std::string loopName = loopsName(fusion);
      Reason reason;
      if (blocker)
        reason = ("'" + blocker->getName().getStringRef() +
                  "' comes between the traversal and the loop after it")
                     .str();
      if (!reason)
        reason = checkTraversal(fusion);
      for (Operation *loop : fusion.loops)
        if (!reason)
          reason = checkLoop(fusion, loop);
      Streams streams;
      if (!reason) {
        streams = findStreams(fusion);
        reason = checkSegments(fusion, segmentedEpilogue, streams);
      }
      if (reason) {
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": not fusing loop " << loopName
                                << ": " << *reason << "\n");
        // At the location only: the op itself is no news to a user.
        if (remarks)
          emitRemark(op.getLoc())
              << "traversal " << labelOf(op.getLabel()) << " not fused with "
              << "the vertex loop after it: " << *reason;
        continue;
      }
      fusion.reset = findReset(fusion);
      LLVM_DEBUG(printTraversal(llvm::dbgs() << DEBUG_TYPE ": fusing loop "
                                             << loopName << " into ",
                                op));
      if (remarks) {
        InFlightDiagnostic remark = emitRemark(op.getLoc());
        remark << "fused " << loopName << " into traversal "
               << labelOf(op.getLabel()) << " as its epilogue";
        ScheduleAttr sched = op.getScheduleOrDefault();
        bool inLastSegment =
            sched.isSegmented() && sched.getNuma() == NumaMode::Serial;
        if (inLastSegment)
          remark << "; it runs in the last segment, which lists every "
                    "destination";
        if (fusion.reset && inLastSegment)
          remark << "; the last segment leaves " << fusion.reset
                 << " in the accumulated vector";
        else if (fusion.reset)
          remark << "; the sum starts from " << fusion.reset
                 << " and is not stored";
        if (!fusion.accumulated)
          remark << "; it reads the rows of " << nameOf(fusion.acc)
                 << " the traversal summed";
        for (Value vector : fusion.buffered)
          remark << "; " << nameOf(vector) << " double-buffered";
        for (Value vector : fusion.inPlace)
          remark << "; " << nameOf(vector) << " updated in place";
        if (fusion.loops.front()->getNumResults() || fusion.choice)
          remark << "; it builds the kept set per destination";
        if (sched.isSegmented() && !inLastSegment)
          remark << "; with segments spread over sockets it runs in one "
                    "pass over the vertices after them"
                 << (fusion.accumulated ? ", merging the sockets' sums" : "");
        if (inLastSegment && streams.empty())
          remark << "; it adds no per-vertex stream to the last segment";
      }
      fuse(fusion, rewriter);
    }
  }
};
} // namespace
