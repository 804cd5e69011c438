//===- UnionFind.cpp - union-find forests ---------------------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

/// The parent `forest[v]` of vertex `v` (an index) in a union-find forest.
static Value loadParent(OpBuilder &b, Location loc, Value forest, Value v) {
  return memref::LoadOp::create(b, loc, forest, v);
}

namespace {

/// Afforest's link: while the two roots found differ, point the larger at
/// the smaller by CAS; when another thread moved it first, retry from the
/// new parents.
struct VectorLinkLowering : GraphPattern<VectorLinkOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorLinkOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value forest = adaptor.getVector();
    Type id = cast<MemRefType>(forest.getType()).getElementType();
    auto parentOf = [&](OpBuilder &b, Value v) {
      return loadParent(b, loc, forest, toIndex(b, loc, v));
    };
    Value first = loadParent(rewriter, loc, forest, adaptor.getFirst());
    Value second = loadParent(rewriter, loc, forest, adaptor.getSecond());
    scf::WhileOp::create(
        rewriter, loc, TypeRange{id, id}, ValueRange{first, second},
        [&](OpBuilder &b, Location loc, ValueRange ids) {
          Value differ = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                               ids[0], ids[1]);
          auto step = scf::IfOp::create(
              b, loc, differ,
              [&](OpBuilder &b, Location loc) {
                Value high = arith::MaxSIOp::create(b, loc, ids[0], ids[1]);
                Value low = arith::MinSIOp::create(b, loc, ids[0], ids[1]);
                Value highParent = parentOf(b, high);
                Value linked = arith::CmpIOp::create(
                    b, loc, arith::CmpIPredicate::eq, highParent, low);
                Value isRoot = arith::CmpIOp::create(
                    b, loc, arith::CmpIPredicate::eq, highParent, high);
                auto swap = scf::IfOp::create(
                    b, loc, isRoot,
                    [&](OpBuilder &b, Location loc) {
                      scf::YieldOp::create(
                          b, loc,
                          buildCompareAndSwap(b, loc, forest,
                                              toIndex(b, loc, high), high,
                                              low));
                    },
                    [&](OpBuilder &b, Location loc) {
                      scf::YieldOp::create(
                          b, loc,
                          arith::ConstantIntOp::create(b, loc, 0, 1)
                              .getResult());
                    });
                Value done =
                    arith::OrIOp::create(b, loc, linked, swap.getResult(0));
                Value again = arith::XOrIOp::create(
                    b, loc, done, arith::ConstantIntOp::create(b, loc, 1, 1));
                scf::YieldOp::create(b, loc,
                                     ValueRange{again,
                                                parentOf(b, parentOf(b, high)),
                                                parentOf(b, low)});
              },
              [&](OpBuilder &b, Location loc) {
                scf::YieldOp::create(b, loc,
                                     ValueRange{differ, ids[0], ids[1]});
              });
          scf::ConditionOp::create(b, loc, step.getResult(0),
                                   step.getResults().drop_front());
        },
        [&](OpBuilder &b, Location loc, ValueRange ids) {
          scf::YieldOp::create(b, loc, ids);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

/// Path compression: while v's parent is not a root, point v at its
/// grandparent; the parent then is v's root.
struct VectorFindLowering : GraphPattern<VectorFindOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorFindOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value forest = adaptor.getVector(), v = adaptor.getIndex();
    Type id = cast<MemRefType>(forest.getType()).getElementType();
    auto loop = scf::WhileOp::create(
        rewriter, loc, TypeRange{id, id}, ValueRange{},
        [&](OpBuilder &b, Location loc, ValueRange) {
          Value parent = loadParent(b, loc, forest, v);
          Value grandparent =
              loadParent(b, loc, forest, toIndex(b, loc, parent));
          Value differ = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                               parent, grandparent);
          scf::ConditionOp::create(b, loc, differ,
                                   ValueRange{parent, grandparent});
        },
        [&](OpBuilder &b, Location loc, ValueRange ids) {
          memref::StoreOp::create(b, loc, ids[1], forest, v);
          scf::YieldOp::create(b, loc);
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

} // namespace

void mlir::graph::populateUnionFindPatterns(const GraphTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<VectorLinkLowering, VectorFindLowering>(converter,
                                                       patterns.getContext());
}
