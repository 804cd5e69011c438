//===- Frontier.cpp - frontier layouts of the traversal emitter -----------===//
//
// The CPU frontier layouts: dense views (bitvector or bools) that a pull
// tests and marks, and a push's output ids, buffered per thread.
//
//===----------------------------------------------------------------------===//

#include "Frontier.h"

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

//===----------------------------------------------------------------------===//
// DenseFrontier
//===----------------------------------------------------------------------===//

std::pair<Value, Value> mlir::graph::bitOf(OpBuilder &b, Location loc,
                                           Value v) {
  Value word = arith::ShRUIOp::create(
      b, loc, v, arith::ConstantIndexOp::create(b, loc, 6));
  Value bit = arith::IndexCastOp::create(
      b, loc, b.getI64Type(),
      arith::AndIOp::create(b, loc, v,
                            arith::ConstantIndexOp::create(b, loc, 63)));
  Value mask = arith::ShLIOp::create(
      b, loc, arith::ConstantIntOp::create(b, loc, 1, 64), bit);
  return {word, mask};
}

DenseFrontier::DenseFrontier(OpBuilder &b, Location loc, Value set,
                             ScheduleAttr sched, FrontierSets side)
    : bits(sched.getFrontier() == FrontierLayout::Bitvector &&
           (sched.getFrontierSets() == FrontierSets::Both ||
            sched.getFrontierSets() == side)) {
  if (bits)
    view = VertexSetBitsOp::create(b, loc, memrefOf(b.getI64Type()), set);
  else
    view = VertexSetBoolsOp::create(b, loc, memrefOf(b.getI8Type()), set);
}

Value DenseFrontier::contains(OpBuilder &b, Location loc, Value v) const {
  if (!bits) {
    Value byte = memref::LoadOp::create(b, loc, view, v);
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 8);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, byte, zero);
  }
  auto [wordIndex, mask] = bitOf(b, loc, v);
  Value word = memref::LoadOp::create(b, loc, view, wordIndex);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                               arith::AndIOp::create(b, loc, word, mask),
                               arith::ConstantIntOp::create(b, loc, 0, 64));
}

Value DenseFrontier::mark(OpBuilder &b, Location loc,
                          const ExecutionModel &execution, Value v,
                          bool exclusive) const {
  if (bits) {
    auto [word, mask] = bitOf(b, loc, v);
    Value old;
    if (exclusive) {
      old = memref::LoadOp::create(b, loc, view, word);
      memref::StoreOp::create(b, loc, arith::OrIOp::create(b, loc, old, mask),
                              view, word);
    } else {
      old = execution.emitAtomic(b, loc, arith::AtomicRMWKind::ori, mask, view,
                                 word);
    }
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                 arith::AndIOp::create(b, loc, old, mask),
                                 arith::ConstantIntOp::create(b, loc, 0, 64));
  }
  Value one8 = arith::ConstantIntOp::create(b, loc, 1, 8);
  Value old;
  if (exclusive) {
    old = memref::LoadOp::create(b, loc, view, v);
    memref::StoreOp::create(b, loc, one8, view, v);
  } else {
    old = execution.emitAtomic(b, loc, arith::AtomicRMWKind::assign, one8, view,
                               v);
  }
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                               arith::ConstantIntOp::create(b, loc, 0, 8));
}

//===----------------------------------------------------------------------===//
// OutputFrontier: counting members
//===----------------------------------------------------------------------===//

Value OutputFrontier::constIndex(OpBuilder &b, int64_t v) const {
  return arith::ConstantIndexOp::create(b, loc, v);
}

void OutputFrontier::allocateStats(OpBuilder &b) {
  outOffsets = AdjacencyOp::create(b, loc, memrefOf(b.getI64Type()),
                                   memrefOf(b.getI32Type()), EdgeDirection::Out,
                                   op.getGraph())
                   .getOffsets();
  stats = memref::AllocOp::create(b, loc, MemRefType::get({2}, b.getI64Type()));
  for (int64_t i : {0, 1})
    memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                            stats, ValueRange{constIndex(b, i)});
}

ThreadOutput OutputFrontier::openThread(OpBuilder &b) {
  return {allocateThreadStats(b, arith::ConstantIntOp::create(b, loc, 0, 64)),
          {},
          {}};
}

Value OutputFrontier::allocateThreadStats(OpBuilder &b, Value zero) {
  if (!stats)
    return {};
  Value mine = execution.allocateThreadPrivate(
      b, loc, MemRefType::get({2}, b.getI64Type()));
  for (int64_t i : {0, 1})
    memref::StoreOp::create(b, loc, zero, mine, ValueRange{constIndex(b, i)});
  return mine;
}

void OutputFrontier::closeThread(OpBuilder &b, const ThreadOutput &thread) {
  if (!stats)
    return;
  for (int64_t i : {0, 1}) {
    Value mine = memref::LoadOp::create(b, loc, thread.stats,
                                        ValueRange{constIndex(b, i)});
    execution.emitAtomic(b, loc, arith::AtomicRMWKind::addi, mine, stats,
                         ValueRange{constIndex(b, i)});
  }
}

void OutputFrontier::countMember(OpBuilder &b, const ThreadOutput &thread,
                                 Value v) {
  Value next = arith::AddIOp::create(b, loc, v, constIndex(b, 1));
  Value degree = arith::SubIOp::create(
      b, loc, memref::LoadOp::create(b, loc, outOffsets, next),
      memref::LoadOp::create(b, loc, outOffsets, v));
  auto add = [&](int64_t counter, Value amount) {
    Value at = constIndex(b, counter);
    if (thread.sharedByThreads) {
      execution.emitAtomic(b, loc, arith::AtomicRMWKind::addi, amount,
                           thread.stats, at);
      return;
    }
    Value sum = arith::AddIOp::create(
        b, loc, memref::LoadOp::create(b, loc, thread.stats, at), amount);
    memref::StoreOp::create(b, loc, sum, thread.stats, at);
  };
  add(0, arith::ConstantIntOp::create(b, loc, 1, 64));
  add(1, degree);
}

//===----------------------------------------------------------------------===//
// A pull's output: dense marks
//===----------------------------------------------------------------------===//

namespace {
/// A pull marks its output in a dense view of the fresh set, laid out as the
/// next traversal reads it as its source frontier, and counts as it marks:
/// the first mark of a vertex adds 1 and its out-degree to the thread's
/// counters, which graph.vertexset.seal_dense takes as given.
class DenseOutput : public OutputFrontier {
public:
  DenseOutput(EdgeSetApplyOp op, const ExecutionModel &execution, Value set,
              DenseFrontier marks)
      : OutputFrontier(op, execution, set), marks(marks) {}

  bool marksBits() const override { return marks.isBits(); }
  void add(OpBuilder &b, const LoopFrame &frame, Value v,
           bool ownsVertex) override;
  Value seal(OpBuilder &b) override;

private:
  DenseFrontier marks;
};
} // namespace

void DenseOutput::add(OpBuilder &b, const LoopFrame &frame, Value v,
                      bool ownsVertex) {
  // A bit shares its word with 63 other vertices: only a loop handing each
  // thread whole words, marking its own index, writes it alone.
  bool exclusive =
      ownsVertex && (!marks.isBits() || (frame.ownsWords && v == frame.index));
  Value first = marks.mark(b, loc, execution, v, exclusive);
  OpBuilder::InsertionGuard guard(b);
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  countMember(b, frame.output, v);
}

Value DenseOutput::seal(OpBuilder &b) {
  Value count =
      memref::LoadOp::create(b, loc, stats, ValueRange{constIndex(b, 0)});
  Value degrees =
      memref::LoadOp::create(b, loc, stats, ValueRange{constIndex(b, 1)});
  memref::DeallocOp::create(b, loc, stats);
  VertexSetSealDenseOp::create(b, loc, set, count, degrees, op.getGraph());
  return set;
}

//===----------------------------------------------------------------------===//
// A push's output: ids
//===----------------------------------------------------------------------===//

/// Whether the out-degree sum of `set` is asked for: by a hybrid
/// traversal's direction test, a push without dedup sizing its output, or
/// graph.vertexset.out_degree_sum, reached directly or through the region
/// arguments and results of the loops and branches that forward the set.
static bool feedsDegreeSum(Value set) {
  for (OpOperand *use : usesThroughBranches(set)) {
    Operation *user = use->getOwner();
    if (isa<VertexSetOutDegreeSumOp>(user))
      return true;
    auto apply = dyn_cast<EdgeSetApplyOp>(user);
    if (!apply || use->get() != apply.getFrom())
      continue;
    ScheduleAttr sched = apply.getScheduleOrDefault();
    if (sched.isHybrid() ||
        (sched.getDirection() == Direction::SparsePush && !apply.getDedup()))
      return true;
  }
  return false;
}

namespace {
/// A push appends its output vertices to the set's id buffer. In a parallel
/// loop each thread collects them in a block of kIdBlock ids on its own
/// stack and moves a full block to the buffer with one atomic add (GraphIt's
/// sliding queue); the partial block follows the thread's share of the loop.
/// A serial push takes one slot per vertex. With dedup, an atomic exchange
/// on the set's bools lets each vertex in once, unless the winning write
/// already does (`claimsVertices`). It counts members, as a pull does, only
/// when a later out-degree sum needs them.
class IdOutput : public OutputFrontier {
public:
  IdOutput(EdgeSetApplyOp op, const ExecutionModel &execution, Value set)
      : OutputFrontier(op, execution, set) {}

  /// Emits the flags, the id buffer and its shared count.
  void allocate(OpBuilder &b, bool claimsVertices);
  bool keepsThreadState() const override { return true; }
  ThreadOutput openThread(OpBuilder &b) override;
  void closeThread(OpBuilder &b, const ThreadOutput &thread) override;
  void add(OpBuilder &b, const LoopFrame &frame, Value v,
           bool ownsVertex) override;
  Value seal(OpBuilder &b) override;

private:
  /// Adds `v` to the ids: at a slot taken from the shared count, or into the
  /// thread's block, which moves to the output when full.
  void append(OpBuilder &b, const ThreadOutput &thread, Value v);
  /// Moves the first `count` (i64) ids of the thread's block to the output.
  void flush(OpBuilder &b, const ThreadOutput &thread, Value count);

  /// Ids a thread buffers (on its stack) before moving them to the output.
  static constexpr int64_t kIdBlock = 2048;
  /// The set's bools, with dedup unless the writes claim vertices.
  Value flags;
  /// The set's id buffer and the number of ids in it ([1 x i64]).
  Value ids, count;
};
} // namespace

void IdOutput::allocate(OpBuilder &b, bool claimsVertices) {
  Value graph = op.getGraph();
  if (op.getDedup() && feedsDegreeSum(op.getModified()))
    allocateStats(b);
  if (op.getDedup() && !claimsVertices)
    flags = VertexSetBoolsOp::create(b, loc, memrefOf(b.getI8Type()), set);
  // Without dedup every change appends: up to one entry per tracked write
  // per traversed edge, and a push traverses at most the frontier's
  // out-edges.
  Value capacity;
  if (!op.getDedup()) {
    if (Value from = op.getFrom())
      capacity = VertexSetOutDegreeSumOp::create(b, loc, b.getIndexType(), from,
                                                 graph);
    else
      capacity = NumEdgesOp::create(b, loc, b.getIndexType(), graph);
    size_t writes = op.getTrackedWrites().size();
    if (writes > 1)
      capacity = arith::MulIOp::create(b, loc, capacity, constIndex(b, writes));
  }
  ids = VertexSetIdBufferOp::create(b, loc, memrefOf(b.getI32Type()), set,
                                    capacity);
  // Heap, not stack: traversals run in loops of unbounded trip count.
  count = memref::AllocOp::create(b, loc, MemRefType::get({1}, b.getI64Type()));
  memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                          count, ValueRange{constIndex(b, 0)});
}

ThreadOutput IdOutput::openThread(OpBuilder &b) {
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  ThreadOutput thread;
  thread.stats = allocateThreadStats(b, zero);
  thread.ids = execution.allocateThreadPrivate(
      b, loc, MemRefType::get({kIdBlock}, b.getI32Type()));
  thread.idCount = execution.allocateThreadPrivate(
      b, loc, MemRefType::get({1}, b.getI64Type()));
  memref::StoreOp::create(b, loc, zero, thread.idCount,
                          ValueRange{constIndex(b, 0)});
  return thread;
}

void IdOutput::closeThread(OpBuilder &b, const ThreadOutput &thread) {
  flush(b, thread,
        memref::LoadOp::create(b, loc, thread.idCount,
                               ValueRange{constIndex(b, 0)}));
  OutputFrontier::closeThread(b, thread);
}

void IdOutput::add(OpBuilder &b, const LoopFrame &frame, Value v, bool) {
  OpBuilder::InsertionGuard guard(b);
  if (flags) {
    // The first thread to flag v appends it: the output is duplicate-free.
    Value old = execution.emitAtomic(b, loc, arith::AtomicRMWKind::assign,
                                     arith::ConstantIntOp::create(b, loc, 1, 8),
                                     flags, v);
    Value first =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                              arith::ConstantIntOp::create(b, loc, 0, 8));
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifFirst.thenBlock());
  }
  append(b, frame.output, v);
  if (stats)
    countMember(b, frame.output, v);
}

void IdOutput::append(OpBuilder &b, const ThreadOutput &thread, Value v) {
  Value id = arith::IndexCastOp::create(b, loc, b.getI32Type(), v);
  if (!thread.ids) {
    Value pos =
        execution.emitAtomic(b, loc, arith::AtomicRMWKind::addi,
                             arith::ConstantIntOp::create(b, loc, 1, 64), count,
                             ValueRange{constIndex(b, 0)});
    memref::StoreOp::create(
        b, loc, id, ids,
        ValueRange{arith::IndexCastOp::create(b, loc, b.getIndexType(), pos)});
    return;
  }
  Value c0 = constIndex(b, 0);
  Value mine = memref::LoadOp::create(b, loc, thread.idCount, c0);
  Value slot = arith::IndexCastOp::create(b, loc, b.getIndexType(), mine);
  memref::StoreOp::create(b, loc, id, thread.ids, slot);
  Value next = arith::AddIOp::create(
      b, loc, mine, arith::ConstantIntOp::create(b, loc, 1, 64));
  Value full =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                            arith::ConstantIntOp::create(b, loc, kIdBlock, 64));
  auto ifFull = scf::IfOp::create(b, loc, full, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFull.thenBlock());
  flush(b, thread, next);
  memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64),
                          thread.idCount, c0);
  b.setInsertionPointToStart(ifFull.elseBlock());
  memref::StoreOp::create(b, loc, next, thread.idCount, c0);
}

void IdOutput::flush(OpBuilder &b, const ThreadOutput &thread, Value n) {
  // One atomic per block instead of one per id.
  Value pos = execution.emitAtomic(b, loc, arith::AtomicRMWKind::addi, n, count,
                                   ValueRange{constIndex(b, 0)});
  Value base = arith::IndexCastOp::create(b, loc, b.getIndexType(), pos);
  scf::ForOp::create(b, loc, constIndex(b, 0),
                     arith::IndexCastOp::create(b, loc, b.getIndexType(), n),
                     constIndex(b, 1), ValueRange{},
                     [&](OpBuilder &b, Location, Value i, ValueRange) {
                       Value id = memref::LoadOp::create(b, loc, thread.ids, i);
                       Value slot = arith::AddIOp::create(b, loc, base, i);
                       memref::StoreOp::create(b, loc, id, ids, slot);
                       scf::YieldOp::create(b, loc);
                     });
}

Value IdOutput::seal(OpBuilder &b) {
  Value graph = op.getGraph();
  Value n = memref::LoadOp::create(b, loc, count, ValueRange{constIndex(b, 0)});
  memref::DeallocOp::create(b, loc, count);
  Value degrees;
  if (stats) {
    degrees =
        memref::LoadOp::create(b, loc, stats, ValueRange{constIndex(b, 1)});
    memref::DeallocOp::create(b, loc, stats);
  }
  // With dedup, the flag exchange or the write's claim let each id in once.
  VertexSetSealIdsOp::create(b, loc, set, n,
                             /*keepDuplicates=*/!op.getDedup(),
                             /*distinct=*/op.getDedup(), degrees,
                             degrees ? graph : Value());
  return set;
}

//===----------------------------------------------------------------------===//
// Choosing the layout
//===----------------------------------------------------------------------===//

std::unique_ptr<OutputFrontier>
OutputFrontier::create(OpBuilder &b, EdgeSetApplyOp op, bool claimsVertices,
                       const ExecutionModel &execution, bool marks) {
  Location loc = op.getLoc();
  Value set = VertexSetNewOp::create(b, loc, VertexSetType::get(b.getContext()),
                                     op.getGraph(), /*all=*/false);
  // A pull counts its output as it marks it (the members' out-degrees are a
  // sequential read there); a push with a distinct output only when a later
  // out-degree sum needs them.
  ScheduleAttr sched = op.getScheduleOrDefault();
  if (marks) {
    // Laid out as the next traversal reads it as its source frontier.
    DenseFrontier marks(b, loc, set, sched, FrontierSets::Src);
    auto output = std::make_unique<DenseOutput>(op, execution, set, marks);
    output->allocateStats(b);
    return output;
  }
  auto output = std::make_unique<IdOutput>(op, execution, set);
  output->allocate(b, claimsVertices);
  return output;
}
