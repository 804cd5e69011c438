//===- SerialEdgeScan.cpp - a vertex's edges one after another ------------===//
//
// The CPU's edge scan: the thread scanning a vertex visits its edges itself,
// in order, in an scf.for (or an scf.while where the visit decides where to
// go on).
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
  void emitSearch(OpBuilder &b, Location loc, Value begin, Value end, Seek seek,
                  VisitThenSeek visit) const override;
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
                                Value end, Seek seek,
                                VisitThenSeek visit) const {
  Type indexType = b.getIndexType();
  OpBuilder::InsertionGuard guard(b);
  auto scan =
      scf::WhileOp::create(b, loc, TypeRange{indexType}, ValueRange{begin});
  b.createBlock(&scan.getBefore(), {}, {indexType}, {loc});
  Value found = seek(b, scan.getBeforeArguments()[0]);
  scf::ConditionOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, found, end),
      ValueRange{found});
  b.createBlock(&scan.getAfter(), {}, {indexType}, {loc});
  scf::YieldOp::create(b, loc, visit(b, scan.getAfterArguments()[0]));
}

const EdgeScan &mlir::graph::getSerialEdgeScan() {
  static const SerialEdgeScan scan;
  return scan;
}
