//===- Vectors.cpp - vectors, records, their atomics ----------------------===//
//
// Part of convert-graph-to-scf; GraphToSCFInternal.h lists its files.
//
//===----------------------------------------------------------------------===//

#include "GraphToSCFInternal.h"

#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::graph;

Value mlir::graph::toStorage(OpBuilder &b, Location loc, Value v) {
  Type storage = GraphTypeConverter::storageType(v.getType());
  if (storage == v.getType())
    return v;
  return arith::ExtUIOp::create(b, loc, storage, v);
}

Value mlir::graph::fromStorage(OpBuilder &b, Location loc, Value stored,
                               Type element) {
  if (stored.getType() == element)
    return stored;
  return arith::TruncIOp::create(b, loc, element, stored);
}

/// Stores `value(indices)` at every element of a vector's memref: one
/// index, or a vertex and a column for a vector of rows. A per-vertex vector
/// is filled in a parallel loop (the first touch of fresh memory, so pages
/// land near the threads using them); a fixed-length one, small and perhaps
/// inside a parallel loop already, serially.
static void fillParallel(OpBuilder &b, Location loc, Value memref,
                         function_ref<Value(OpBuilder &, ValueRange)> value) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value size = memref::DimOp::create(b, loc, memref, 0);
  auto type = cast<MemRefType>(memref.getType());
  Parallelization parallel = type.hasStaticShape()
                                 ? Parallelization::Serial
                                 : Parallelization::StaticVertex;
  buildVertexLoop(b, loc, zero, size, parallel, 4096,
                  [&](OpBuilder &b, Location loc, Value i) {
                    if (type.getRank() == 1) {
                      memref::StoreOp::create(b, loc, value(b, i), memref, i);
                      return;
                    }
                    Value columns = arith::ConstantIndexOp::create(
                        b, loc, type.getDimSize(1));
                    Value one = arith::ConstantIndexOp::create(b, loc, 1);
                    scf::ForOp::create(
                        b, loc, zero, columns, one, {},
                        [&](OpBuilder &b, Location loc, Value k, ValueRange) {
                          memref::StoreOp::create(b, loc, value(b, {i, k}),
                                                  memref, ValueRange{i, k});
                          scf::YieldOp::create(b, loc);
                        });
                  });
}

/// The memref indices of a vector element: its vertex, and its column in a
/// vector of rows.
static SmallVector<Value, 2> elementIndices(Value index, Value column) {
  SmallVector<Value, 2> indices{index};
  if (column)
    indices.push_back(column);
  return indices;
}

static Value castInteger(OpBuilder &b, Location loc, Value v, Type to) {
  unsigned from = v.getType().getIntOrFloatBitWidth();
  unsigned width = to.getIntOrFloatBitWidth();
  if (from < width)
    return arith::ExtSIOp::create(b, loc, to, v);
  if (from > width)
    return arith::TruncIOp::create(b, loc, to, v);
  return v;
}

/// Frees the memref `owned` that `op` allocates when `op`'s block ends.
static void deallocAtEndOfBlock(OpBuilder &b, Operation *op, Value owned) {
  freeAtEndOfBlock(b, op, [&](OpBuilder &b) {
    memref::DeallocOp::create(b, op->getLoc(), owned);
  });
}

/// The uninitialised memref of a new vector of `type` (converted to
/// `memrefType`): an array of its own, or its field of `records`, a byte
/// array of one record per vertex.
static Value allocVector(OpBuilder &b, Location loc, Operation *from,
                         MemRefType memrefType, Value graph, Value records) {
  Value n = numVertices(b, loc, from, graph);
  if (!records)
    return memref::AllocOp::create(b, loc, memrefType, n);
  // The bytes as a dense array of the field's type (legal: the records are
  // a multiple of the field's size), then every stride-th element from the
  // field's offset.
  auto [strides, offset] = memrefType.getStridesAndOffset();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value stride = arith::ConstantIndexOp::create(b, loc, strides[0]);
  Value count = arith::MulIOp::create(b, loc, n, stride);
  Value dense = memref::ViewOp::create(
      b, loc, memrefOf(memrefType.getElementType()), records, zero, count);
  return memref::ReinterpretCastOp::create(
      b, loc, memrefType, dense, b.getIndexAttr(offset), {OpFoldResult(n)},
      {b.getIndexAttr(strides[0])});
}

/// The stored value a new vector's elements start with: `init`, or zero.
static Value initialElement(OpBuilder &b, Location loc, Value init,
                            Type element) {
  if (!init)
    init = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  return toStorage(b, loc, init);
}

Value mlir::graph::buildCompareAndSwap(OpBuilder &b, Location loc, Value memref,
                                       Value index, Value expected,
                                       Value desired) {
  Value one = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto rmw =
      memref::GenericAtomicRMWOp::create(b, loc, memref, ValueRange{index});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(rmw.getBody());
    Value current = rmw.getCurrentValue();
    Value unchanged = arith::XOrIOp::create(
        b, loc, buildNotEqual(b, loc, current, expected), one);
    Value next = arith::SelectOp::create(b, loc, unchanged, desired, current);
    memref::AtomicYieldOp::create(b, loc, next);
  }
  Value differs = buildNotEqual(b, loc, rmw.getResult(), expected);
  return arith::XOrIOp::create(b, loc, differs, one);
}

namespace {

struct RecordsNewLowering : GraphPattern<RecordsNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(RecordsNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value n = numVertices(rewriter, loc, op, adaptor.getGraph());
    Value size =
        arith::ConstantIndexOp::create(rewriter, loc, op.getType().getSize());
    Value bytes = arith::MulIOp::create(rewriter, loc, n, size);
    // Records start on cache lines, so one vertex's fields share a line.
    Value records =
        memref::AllocOp::create(rewriter, loc, memrefOf(rewriter.getI8Type()),
                                bytes, rewriter.getI64IntegerAttr(64));
    deallocAtEndOfBlock(rewriter, op, records);
    rewriter.replaceOp(op, records);
    return success();
  }
};

/// A distributed graph's vector, allocated by libgraphrt: the rank's
/// elements (all of them, its owned ones, or those and its mirrors' slots),
/// which `fill` fills (given them from the first, the first owned
/// vertex's, on), viewed so that vertex v's element is at index v
/// (the storage starts at the first owned vertex).
static Value newPartitioned(OpBuilder &b, Location loc, Operation *op,
                            MemRefType type, Value graph,
                            VertexDataPartition partition,
                            function_ref<void(OpBuilder &, Value)> fill) {
  int64_t vertexBytes = type.getElementTypeBitWidth() / 8 *
                        (type.getRank() == 2 ? type.getDimSize(1) : 1);
  Value storage = callRuntime1(
      b, loc, op, RuntimeFunction::DistVectorNew,
      {graph, arith::ConstantIntOp::create(b, loc, vertexBytes, 64),
       arith::ConstantIntOp::create(b, loc, static_cast<int>(partition), 32)});
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value vertexSize = arith::ConstantIndexOp::create(b, loc, vertexBytes);
  Value count = arith::DivUIOp::create(
      b, loc, memref::DimOp::create(b, loc, storage, 0), vertexSize);
  Value elements =
      memref::ViewOp::create(b, loc, type, storage, zero, ValueRange{count});
  fill(b, elements);
  Value shift = zero;
  if (partition != VertexDataPartition::Whole) {
    Value begin = toIndex(
        b, loc,
        callRuntime1(b, loc, op, RuntimeFunction::DistOwnedBegin, graph));
    shift = arith::SubIOp::create(
        b, loc, zero, arith::MulIOp::create(b, loc, begin, vertexSize));
  }
  Value vector = memref::ViewOp::create(
      b, loc, type, storage, shift, ValueRange{numVertices(b, loc, op, graph)});
  deallocAtEndOfBlock(b, op, vector);
  return vector;
}

/// One call that stores the rank's owned out-degrees into `elements`, a
/// partitioned vector's storage from the first owned vertex on.
static void fillOwnedDegrees(OpBuilder &b, Location loc, Operation *op,
                             Value graph, Value elements) {
  auto type = cast<MemRefType>(elements.getType());
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, elements);
  Value pointer = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()),
      toI64(b, loc, address));
  Value bytes = arith::ConstantIntOp::create(
      b, loc, type.getElementTypeBitWidth() / 8, 64);
  callRuntime(b, loc, op, RuntimeFunction::DistOwnedDegrees,
              {graph, pointer, bytes});
}

struct OutDegreesLowering : GraphPattern<OutDegreesOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(OutDegreesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<VertexDataPartition> partition = op.getPartition();
    if (partition && *partition != VertexDataPartition::Whole) {
      // The rank's owned degrees, from its global out-offsets; a mirror by
      // need after the op fills the mirrors' slots.
      auto memrefType =
          cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
      Value graph = adaptor.getGraph();
      rewriter.replaceOp(
          op, newPartitioned(rewriter, loc, op, memrefType, graph, *partition,
                             [&](OpBuilder &b, Value elements) {
                               fillOwnedDegrees(b, loc, op, graph, elements);
                             }));
      return success();
    }
    Value degrees = callRuntime1(rewriter, loc, op, RuntimeFunction::OutDegrees,
                                 adaptor.getGraph());
    Type element = op.getType().getElementType();
    auto memrefType =
        cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    if (memrefType == degrees.getType()) {
      deallocAtEndOfBlock(rewriter, op, degrees);
      rewriter.replaceOp(op, degrees);
      return success();
    }
    Value converted = allocVector(rewriter, loc, op, memrefType,
                                  adaptor.getGraph(), adaptor.getRecords());
    if (!adaptor.getRecords())
      deallocAtEndOfBlock(rewriter, op, converted);
    fillParallel(rewriter, loc, converted, [&](OpBuilder &b, ValueRange i) {
      return castInteger(b, loc, memref::LoadOp::create(b, loc, degrees, i),
                         element);
    });
    memref::DeallocOp::create(rewriter, loc, degrees);
    rewriter.replaceOp(op, converted);
    return success();
  }
};

/// The external global `T *symbol` (defined here, null until set) holding
/// the vector's data pointer.
struct VectorExportLowering : GraphPattern<VectorExportOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorExportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    publishVector(rewriter, op.getLoc(), op, adaptor.getVector(),
                  op.getSymbol());
    rewriter.eraseOp(op);
    return success();
  }

  static void publishVector(OpBuilder &b, Location loc, Operation *from,
                            Value vector, StringRef symbol) {
    auto module = from->getParentOfType<ModuleOp>();
    auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
    auto global = module.lookupSymbol<LLVM::GlobalOp>(symbol);
    if (!global) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      global =
          LLVM::GlobalOp::create(b, loc, ptrType, /*isConstant=*/false,
                                 LLVM::Linkage::External, symbol, Attribute());
      Block *init = b.createBlock(&global.getInitializerRegion());
      b.setInsertionPointToStart(init);
      LLVM::ReturnOp::create(b, loc, LLVM::ZeroOp::create(b, loc, ptrType));
    }
    Value address =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, vector);
    Value integer = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
    Value pointer = LLVM::IntToPtrOp::create(b, loc, ptrType, integer);
    LLVM::StoreOp::create(b, loc, pointer,
                          LLVM::AddressOfOp::create(b, loc, global));
  }
};

struct VectorNewLowering : GraphPattern<VectorNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value init = initialElement(rewriter, loc, adaptor.getInit(),
                                op.getType().getElementType());
    auto memrefType =
        cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    if (std::optional<VertexDataPartition> partition = op.getPartition()) {
      rewriter.replaceOp(
          op, newPartitioned(rewriter, loc, op, memrefType, adaptor.getGraph(),
                             *partition, [&](OpBuilder &b, Value elements) {
                               fillParallel(b, loc, elements,
                                            [&](OpBuilder &, ValueRange) {
                                              return init;
                                            });
                             }));
      return success();
    }
    Value vector = allocVector(rewriter, loc, op, memrefType,
                               adaptor.getGraph(), adaptor.getRecords());
    if (!adaptor.getRecords())
      deallocAtEndOfBlock(rewriter, op, vector);
    fillParallel(rewriter, loc, vector,
                 [&](OpBuilder &, ValueRange) { return init; });
    rewriter.replaceOp(op, vector);
    return success();
  }
};

struct VectorAllocLowering : GraphPattern<VectorAllocOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value init = initialElement(rewriter, loc, adaptor.getInit(),
                                op.getType().getElementType());
    auto memrefType =
        cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    Value vector = memref::AllocOp::create(rewriter, loc, memrefType);
    deallocAtEndOfBlock(rewriter, op, vector);
    fillParallel(rewriter, loc, vector,
                 [&](OpBuilder &, ValueRange) { return init; });
    rewriter.replaceOp(op, vector);
    return success();
  }
};

struct VectorCopyLowering : GraphPattern<VectorCopyOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A loop, not memref.copy: a field of records is strided, which
    // memref.copy would hand to a library the program does not link.
    Value source = adaptor.getSource();
    fillParallel(rewriter, op.getLoc(), adaptor.getDest(),
                 [&](OpBuilder &b, ValueRange i) {
                   return memref::LoadOp::create(b, op.getLoc(), source, i);
                 });
    rewriter.eraseOp(op);
    return success();
  }
};

struct VectorGetLowering : GraphPattern<VectorGetOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value stored = memref::LoadOp::create(
        rewriter, loc, adaptor.getVector(),
        elementIndices(adaptor.getIndex(), adaptor.getColumn()));
    rewriter.replaceOp(op, fromStorage(rewriter, loc, stored, op.getType()));
    return success();
  }
};

struct VectorSetLowering : GraphPattern<VectorSetOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorSetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::StoreOp>(
        op, toStorage(rewriter, op.getLoc(), adaptor.getValue()),
        adaptor.getVector(),
        elementIndices(adaptor.getIndex(), adaptor.getColumn()));
    return success();
  }
};

/// `index < size` (unsigned, so a negative index fails too), else a call of
/// graphrt_index_error, which prints the one-line error and exits. The
/// runtime function is declared noreturn and cold, so the check costs a
/// compare and a branch never taken.
/// In a kernel: the first thread whose `index` is `outside` its range
/// records it in `slot` ([flag, index]); every failing thread reads element
/// 0 instead.
static Value deferFailure(OpBuilder &b, Location loc, Value index,
                          Value outside, Value slot) {
  auto ifOutside = scf::IfOp::create(b, loc, outside, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOutside.thenBlock());
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value old = memref::AtomicRMWOp::create(
        b, loc, arith::AtomicRMWKind::assign,
        arith::ConstantIntOp::create(b, loc, 1, 64), slot, ValueRange{zero});
    Value first =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old,
                              arith::ConstantIntOp::create(b, loc, 0, 64));
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifFirst.thenBlock());
    memref::StoreOp::create(
        b, loc, arith::IndexCastOp::create(b, loc, b.getI64Type(), index), slot,
        ValueRange{arith::ConstantIndexOp::create(b, loc, 1)});
  }
  return arith::SelectOp::create(
      b, loc, outside, arith::ConstantIndexOp::create(b, loc, 0), index);
}

struct CheckIndexLowering : GraphPattern<CheckIndexOp> {
  CheckIndexLowering(const GraphTypeConverter &converter, MLIRContext *context,
                     bool recoverable)
      : GraphPattern(converter, context), recoverable(recoverable) {}
  LogicalResult
  matchAndRewrite(CheckIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value index = adaptor.getIndex();
    // The frontend drops the checks it proves; a loop finished after the
    // check was made (the counter of a `for` with a break) is proven here.
    if (op.isKnownInRange()) {
      rewriter.replaceOp(op, index);
      return success();
    }
    Value size = isa<VertexVectorType>(op.getRange().getType())
                     ? memref::DimOp::create(rewriter, loc, adaptor.getRange(),
                                             op.getColumn() ? 1 : 0)
                           .getResult()
                     : numVertices(rewriter, loc, op, adaptor.getRange());
    Value outside = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::uge, index, size);
    if (Value slot = adaptor.getDeferTo()) {
      rewriter.replaceOp(op, deferFailure(rewriter, loc, index, outside, slot));
      return success();
    }
    std::string where = sourcePosition(loc);
    // Recoverable: the error returns, and the access reads element 0.
    TypeRange results;
    if (recoverable)
      results = index.getType();
    auto ifOutside =
        scf::IfOp::create(rewriter, loc, results, outside, recoverable);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOutside.thenBlock());
      callRuntime(
          rewriter, loc, op, RuntimeFunction::IndexError,
          {toI64(rewriter, loc, index), toI64(rewriter, loc, size),
           textAddress(rewriter, loc, op, where),
           textAddress(rewriter, loc, op, op.getWhat()),
           textAddress(rewriter, loc, op, op.getSource().value_or(""))});
      if (recoverable) {
        scf::YieldOp::create(
            rewriter, loc,
            ValueRange{arith::ConstantOp::create(
                rewriter, loc, rewriter.getZeroAttr(index.getType()))});
        rewriter.setInsertionPointToStart(ifOutside.elseBlock());
        scf::YieldOp::create(rewriter, loc, index);
      }
    }
    auto callee = op->getParentOfType<ModuleOp>().lookupSymbol<func::FuncOp>(
        runtimeFunctionName(RuntimeFunction::IndexError));
    if (!callee->hasAttr("passthrough")) {
      ArrayAttr attrs = recoverable
                            ? rewriter.getStrArrayAttr({"cold"})
                            : rewriter.getStrArrayAttr({"noreturn", "cold"});
      rewriter.modifyOpInPlace(callee,
                               [&] { callee->setAttr("passthrough", attrs); });
    }
    rewriter.replaceOp(op, recoverable ? ifOutside.getResult(0) : index);
    return success();
  }

private:
  bool recoverable;
};

struct VectorFillLowering : GraphPattern<VectorFillOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value value = toStorage(rewriter, op.getLoc(), adaptor.getValue());
    fillParallel(rewriter, op.getLoc(), adaptor.getVector(),
                 [&](OpBuilder &, ValueRange) { return value; });
    rewriter.eraseOp(op);
    return success();
  }
};

/// An scf.parallel with an scf.reduce, which convert-scf-to-openmp makes an
/// omp.wsloop reduction. min and max combine as compare and select, the
/// form that pass recognizes.
struct VectorReduceLowering : GraphPattern<VectorReduceOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vector = adaptor.getVector();
    Type element = op.getType();
    ReduceKind kind = op.getKind();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value begin = adaptor.getBegin() ? adaptor.getBegin() : zero;
    Value end = adaptor.getEnd()
                    ? adaptor.getEnd()
                    : memref::DimOp::create(rewriter, loc, vector, zero);
    Value identity = reductionIdentity(rewriter, loc, kind, element);
    auto valueAt = [&](OpBuilder &b, Location loc, Value i) {
      return fromStorage(b, loc, memref::LoadOp::create(b, loc, vector, i),
                         element);
    };
    // A fixed-length vector is small and may sit inside a parallel loop.
    if (cast<MemRefType>(vector.getType()).hasStaticShape()) {
      auto loop = scf::ForOp::create(
          rewriter, loc, begin, end, one, ValueRange{identity},
          [&](OpBuilder &b, Location loc, Value i, ValueRange acc) {
            scf::YieldOp::create(
                b, loc,
                combineBySelect(b, loc, kind, acc[0], valueAt(b, loc, i)));
          });
      rewriter.replaceOp(op, loop.getResults());
      return success();
    }
    auto loop = scf::ParallelOp::create(
        rewriter, loc, ValueRange{begin}, ValueRange{end}, ValueRange{one},
        ValueRange{identity},
        [&](OpBuilder &b, Location loc, ValueRange ivs, ValueRange) {
          auto reduce = scf::ReduceOp::create(
              b, loc, ValueRange{valueAt(b, loc, ivs[0])});
          Block &combine = reduce.getReductions()[0].front();
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(&combine);
          Value lhs = combine.getArgument(0), rhs = combine.getArgument(1);
          scf::ReduceReturnOp::create(b, loc,
                                      combineBySelect(b, loc, kind, lhs, rhs));
        });
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }

  static Value combineBySelect(OpBuilder &b, Location loc, ReduceKind kind,
                               Value lhs, Value rhs) {
    bool isFloat = isa<FloatType>(lhs.getType());
    Value keepLhs;
    switch (kind) {
    case ReduceKind::Min:
    case ReduceKind::Max:
      keepLhs = isFloat ? arith::CmpFOp::create(b, loc,
                                                kind == ReduceKind::Min
                                                    ? arith::CmpFPredicate::OLT
                                                    : arith::CmpFPredicate::OGT,
                                                lhs, rhs)
                              .getResult()
                        : arith::CmpIOp::create(b, loc,
                                                kind == ReduceKind::Min
                                                    ? arith::CmpIPredicate::slt
                                                    : arith::CmpIPredicate::sgt,
                                                lhs, rhs)
                              .getResult();
      break;
    case ReduceKind::MinU:
    case ReduceKind::MaxU:
      keepLhs = arith::CmpIOp::create(b, loc,
                                      kind == ReduceKind::MinU
                                          ? arith::CmpIPredicate::ult
                                          : arith::CmpIPredicate::ugt,
                                      lhs, rhs);
      break;
    default:
      return combineReduction(b, loc, kind, lhs, rhs);
    }
    return arith::SelectOp::create(b, loc, keepLhs, lhs, rhs);
  }
};

struct ReduceLowering : GraphPattern<ReduceOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vector = adaptor.getVector();
    SmallVector<Value, 2> index =
        elementIndices(adaptor.getIndex(), adaptor.getColumn());
    Value value = adaptor.getValue();
    Type element = value.getType();
    Value old;
    if (!op.getAtomic()) {
      old = fromStorage(rewriter, loc,
                        memref::LoadOp::create(rewriter, loc, vector, index),
                        element);
      memref::StoreOp::create(
          rewriter, loc,
          toStorage(rewriter, loc,
                    combineReduction(rewriter, loc, op.getKind(), old, value)),
          vector, index);
    } else {
      // A bool's byte holds 0 or 1, so or/and of whole bytes is exact.
      Value operand = reductionOperand(rewriter, loc, op.getKind(), value);
      auto atomicUpdate = [&](OpBuilder &b, Location loc) {
        return fromStorage(b, loc,
                           memref::AtomicRMWOp::create(
                               b, loc, getAtomicKind(op.getKind(), element),
                               toStorage(b, loc, operand), vector, index),
                           element);
      };
      if (isIdempotent(op.getKind())) {
        // Elements only move one way under min, max, or and and: when the
        // value read now would not change, the atomic would not either, so
        // most updates of a converging traversal cost a plain load.
        Value current = fromStorage(
            rewriter, loc, memref::LoadOp::create(rewriter, loc, vector, index),
            element);
        Value changes = buildNotEqual(
            rewriter, loc,
            combineReduction(rewriter, loc, op.getKind(), current, value),
            current);
        old = scf::IfOp::create(
                  rewriter, loc, changes,
                  [&](OpBuilder &b, Location loc) {
                    scf::YieldOp::create(b, loc, atomicUpdate(b, loc));
                  },
                  [&](OpBuilder &b, Location loc) {
                    scf::YieldOp::create(b, loc, current);
                  })
                  .getResult(0);
      } else {
        old = atomicUpdate(rewriter, loc);
      }
    }
    Value updated = combineReduction(rewriter, loc, op.getKind(), old, value);
    rewriter.replaceOp(op, buildNotEqual(rewriter, loc, updated, old));
    return success();
  }
};

struct VectorCasLowering : GraphPattern<VectorCasOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorCasOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOp(op, buildCompareAndSwap(
                               rewriter, loc, adaptor.getVector(),
                               adaptor.getIndex(),
                               toStorage(rewriter, loc, adaptor.getExpected()),
                               toStorage(rewriter, loc, adaptor.getDesired())));
    return success();
  }
};

struct VectorPrefetchLowering : GraphPattern<VectorPrefetchOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorPrefetchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value storage = adaptor.getVector();
    SmallVector<Value, 2> indices{adaptor.getIndex()};
    if (cast<MemRefType>(storage.getType()).getRank() == 2)
      indices.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
    rewriter.replaceOpWithNewOp<memref::PrefetchOp>(
        op, storage, indices, rewriter.getBoolAttr(op.getWrite()),
        rewriter.getI32IntegerAttr(3), rewriter.getBoolAttr(true));
    return success();
  }
};

/// `vector[index] = max(vector[index] + amount, floor)` when the element is
/// above `floor`, atomically; yields whether it changed and the new value.
struct VectorAddFlooredLowering : GraphPattern<VectorAddFlooredOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorAddFlooredOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value amount = adaptor.getAmount(), floor = adaptor.getFloor();
    // The element after the update from `current`; with `overflow`, also
    // whether the sum overflowed (then the element stays).
    auto next = [&](OpBuilder &b, Value current, Value *overflow) {
      Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                          current, floor);
      Value sum = arith::AddIOp::create(b, loc, current, amount);
      // a + b wrapped when both operands' signs differ from the sum's.
      Value signs = arith::AndIOp::create(
          b, loc, arith::XOrIOp::create(b, loc, current, sum),
          arith::XOrIOp::create(b, loc, amount, sum));
      Value zero =
          arith::ConstantOp::create(b, loc, b.getZeroAttr(sum.getType()));
      Value wrapped =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, signs, zero);
      Value floored = arith::MaxSIOp::create(b, loc, sum, floor);
      Value kept = arith::SelectOp::create(b, loc, wrapped, current, floored);
      Value updated = arith::SelectOp::create(b, loc, above, kept, current);
      if (overflow)
        *overflow = arith::AndIOp::create(b, loc, above, wrapped);
      return updated;
    };
    Value old;
    if (op.getAtomic()) {
      auto rmw = memref::GenericAtomicRMWOp::create(
          rewriter, loc, adaptor.getVector(), ValueRange{adaptor.getIndex()});
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(rmw.getBody());
      memref::AtomicYieldOp::create(
          rewriter, loc, next(rewriter, rmw.getCurrentValue(), nullptr));
      rewriter.setInsertionPointAfter(rmw);
      old = rmw.getResult();
    } else {
      old = memref::LoadOp::create(rewriter, loc, adaptor.getVector(),
                                   adaptor.getIndex());
      memref::StoreOp::create(rewriter, loc, next(rewriter, old, nullptr),
                              adaptor.getVector(), adaptor.getIndex());
    }
    Value overflow;
    Value updated = next(rewriter, old, &overflow);
    rewriter.replaceOp(
        op, {buildNotEqual(rewriter, loc, updated, old), updated, overflow});
    return success();
  }
};

} // namespace

void mlir::graph::populateVectorPatterns(const GraphTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         bool recoverableErrors) {
  MLIRContext *context = patterns.getContext();
  patterns.add<RecordsNewLowering, OutDegreesLowering, VectorExportLowering,
               VectorNewLowering, VectorAllocLowering, VectorCopyLowering,
               VectorGetLowering, VectorSetLowering, VectorFillLowering,
               VectorReduceLowering, ReduceLowering, VectorCasLowering,
               VectorPrefetchLowering, VectorAddFlooredLowering>(converter,
                                                                 context);
  patterns.add<CheckIndexLowering>(converter, context, recoverableErrors);
}
