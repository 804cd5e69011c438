//===- SerialEdgeScan.cpp - a vertex's edges one after another ------------===//
//
// The CPU's edge scan: the thread scanning a vertex visits its edges itself,
// in order, in an scf.for, or in an scf.while where the visit decides
// whether to go on.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Traversal.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

namespace {
class SerialEdgeScan : public EdgeScan {
public:
  Value emitForEach(OpBuilder &b, Location loc, Value begin, Value end,
                    Value init, Visit visit) const override;
  void emitSearch(OpBuilder &b, Location loc, Value begin, Value end, Test test,
                  VisitWhile visit, StillOpen) const override;

private:
  /// The first entry in [from, end) that passes `test`, or `end`: a loop of
  /// one test and one branch per entry skipped.
  static Value emitSkip(OpBuilder &b, Location loc, Value from, Value end,
                        Test test);
};
} // namespace

Value SerialEdgeScan::emitForEach(OpBuilder &b, Location loc, Value begin,
                                  Value end, Value init, Visit visit) const {
  SmallVector<Value, 1> inits;
  if (init)
    inits.push_back(init);
  auto loop = scf::ForOp::create(
      b, loc, begin, end, arith::ConstantIndexOp::create(b, loc, 1), inits,
      [&](OpBuilder &b, Location, Value k, ValueRange carried) {
        Value next = visit(b, k, init ? carried[0] : Value());
        scf::YieldOp::create(b, loc, init ? ValueRange{next} : ValueRange{});
      });
  return init ? loop.getResult(0) : Value();
}

void SerialEdgeScan::emitSearch(OpBuilder &b, Location loc, Value begin,
                                Value end, Test test, VisitWhile visit,
                                StillOpen) const {
  // Only this thread's visits close the vertex, and each reports it.
  // Separate from the visit's loop, the skip compiles to a tight loop; with
  // the visit's flag carried in the same loop, every skipped entry took two
  // more branches.
  Type indexType = b.getIndexType();
  OpBuilder::InsertionGuard guard(b);
  auto scan =
      scf::WhileOp::create(b, loc, TypeRange{indexType}, ValueRange{begin});
  b.createBlock(&scan.getBefore(), {}, {indexType}, {loc});
  Value from = scan.getBeforeArguments()[0];
  Value found = test ? emitSkip(b, loc, from, end, test) : from;
  scf::ConditionOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, found, end),
      ValueRange{found});
  b.createBlock(&scan.getAfter(), {}, {indexType}, {loc});
  Value k = scan.getAfterArguments()[0];
  Value next = arith::SelectOp::create(
      b, loc, visit(b, k),
      arith::AddIOp::create(b, loc, k,
                            arith::ConstantIndexOp::create(b, loc, 1)),
      end);
  scf::YieldOp::create(b, loc, next);
}

Value SerialEdgeScan::emitSkip(OpBuilder &b, Location loc, Value from,
                               Value end, Test test) {
  Type indexType = b.getIndexType();
  auto search =
      scf::WhileOp::create(b, loc, TypeRange{indexType}, ValueRange{from});
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&search.getBefore(), {}, {indexType}, {loc});
  Value j = search.getBeforeArguments()[0];
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, j, end);
  auto ifInRange = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()}, inRange,
                                     /*withElseRegion=*/true);
  b.setInsertionPointToStart(ifInRange.thenBlock());
  scf::YieldOp::create(
      b, loc,
      ValueRange{arith::XOrIOp::create(
          b, loc, test(b, j), arith::ConstantIntOp::create(b, loc, 1, 1))});
  b.setInsertionPointToStart(ifInRange.elseBlock());
  scf::YieldOp::create(b, loc,
                       ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)});
  b.setInsertionPointAfter(ifInRange);
  scf::ConditionOp::create(b, loc, ifInRange.getResult(0), ValueRange{j});
  b.createBlock(&search.getAfter(), {}, {indexType}, {loc});
  scf::YieldOp::create(b, loc,
                       ValueRange{arith::AddIOp::create(
                           b, loc, search.getAfterArguments()[0],
                           arith::ConstantIndexOp::create(b, loc, 1))});
  return search.getResult(0);
}

void EdgeScan::emitFold(OpBuilder &b, Location loc, Value begin, Value end,
                        Value init, ReduceKind, Visit visit,
                        Finish finish) const {
  finish(b, emitForEach(b, loc, begin, end, init, visit));
}

const EdgeScan &mlir::graph::getSerialEdgeScan() {
  static const SerialEdgeScan scan;
  return scan;
}
