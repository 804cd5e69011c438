//===- GraphToSCF.cpp - graph ops to scf/omp/memref + runtime calls -------===//

#include "graph-mlir/Conversion/GraphToSCF/GraphToSCF.h"

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoopUtils.h"
#include "graph-mlir/Dialect/Graph/Transforms/LoweringOrder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace mlir::graph {
#define GEN_PASS_DEF_CONVERTGRAPHTOSCF
#include "graph-mlir/Conversion/Passes.h.inc"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

/// The runtime's entry point calls this in place of the IR's @main.
static constexpr StringLiteral kUserMain = "graphrt_user_main";
/// Globals holding the texts of graph.string_constant and graph.print.
static constexpr StringLiteral kTextPrefix = "graphrt_text_";

GraphTypeConverter::GraphTypeConverter(MLIRContext *context) {
  addConversion([](Type type) { return type; });
  auto handle = LLVM::LLVMPointerType::get(context);
  addConversion([handle](EdgeSetType) { return handle; });
  addConversion([handle](VertexSetType) { return handle; });
  addConversion([handle](ListType) { return handle; });
  addConversion([handle](StringType) { return handle; });
  addConversion([handle](SegmentsType) { return handle; });
  addConversion([handle](PriorityQueueType) { return handle; });
  addConversion([](VertexVectorType type) {
    Type storage = storageType(type.getElementType());
    int64_t rows = type.isPerVertex() ? ShapedType::kDynamic : type.getLength();
    if (type.hasRows())
      return MemRefType::get({rows, type.getRowLength()}, storage);
    if (!type.isPerVertex())
      return MemRefType::get({type.getLength()}, storage);
    RecordLayoutAttr layout = type.getLayout();
    if (!layout)
      return MemRefType::get({ShapedType::kDynamic}, storage);
    // A field of an array of records: strides and offsets count elements.
    int64_t bytes = storage.getIntOrFloatBitWidth() / 8;
    return MemRefType::get({ShapedType::kDynamic}, storage,
                           StridedLayoutAttr::get(type.getContext(),
                                                  layout.getOffset() / bytes,
                                                  {layout.getSize() / bytes}));
  });
  addConversion([](RecordsType type) {
    return MemRefType::get({ShapedType::kDynamic},
                           IntegerType::get(type.getContext(), 8));
  });
}

Type GraphTypeConverter::storageType(Type element) {
  // Atomics work on whole bytes: a bool takes one, as in C++.
  if (element.isInteger(1))
    return IntegerType::get(element.getContext(), 8);
  return element;
}

//===----------------------------------------------------------------------===//
// Runtime calls
//===----------------------------------------------------------------------===//

static MemRefType memrefOf(Type element) {
  return MemRefType::get({ShapedType::kDynamic}, element);
}

/// Calls libgraphrt's `name`, declaring it on first use. Functions returning
/// memrefs use MLIR's C interface (`_mlir_ciface_<name>` in graph_rt.h).
static ValueRange callRuntime(OpBuilder &builder, Location loc, Operation *from,
                              StringRef name, TypeRange results,
                              ValueRange args) {
  auto module = from->getParentOfType<ModuleOp>();
  auto callee = module.lookupSymbol<func::FuncOp>(name);
  if (!callee) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    callee = func::FuncOp::create(
        builder, loc, name, builder.getFunctionType(args.getTypes(), results));
    callee.setPrivate();
    if (llvm::any_of(results, llvm::IsaPred<MemRefType>))
      callee->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      builder.getUnitAttr());
  }
  return func::CallOp::create(builder, loc, callee, args).getResults();
}

static Value callRuntime1(OpBuilder &builder, Location loc, Operation *from,
                          StringRef name, Type result, ValueRange args) {
  return callRuntime(builder, loc, from, name, TypeRange{result}, args)[0];
}

/// A vector element as it is stored: bools widen to 0 or 1 in a byte.
static Value toStorage(OpBuilder &b, Location loc, Value v) {
  Type storage = GraphTypeConverter::storageType(v.getType());
  if (storage == v.getType())
    return v;
  return arith::ExtUIOp::create(b, loc, storage, v);
}

/// A stored element back as a value of type `element`.
static Value fromStorage(OpBuilder &b, Location loc, Value stored,
                         Type element) {
  if (stored.getType() == element)
    return stored;
  return arith::TruncIOp::create(b, loc, element, stored);
}

static Value toIndex(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}
static Value toI64(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
}
static Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

static Value numVertices(OpBuilder &b, Location loc, Operation *from,
                         Value graph) {
  return toIndex(b, loc,
                 callRuntime1(b, loc, from, "graphrt_num_vertices",
                              b.getI64Type(), graph));
}

/// Moves a single-block region's ops before the builder's insertion point
/// with its block arguments replaced; returns what its graph.yield yielded.
static SmallVector<Value> inlineRegion(ConversionPatternRewriter &rewriter,
                                       Region &region, ValueRange args) {
  Block *block = &region.front();
  auto yield = cast<YieldOp>(block->getTerminator());
  SmallVector<Value> yielded(yield.getResults());
  rewriter.inlineBlockBefore(block, rewriter.getInsertionBlock(),
                             rewriter.getInsertionPoint(), args);
  rewriter.eraseOp(yield);
  return yielded;
}

/// Whether what `op` creates outlives its block: yielded out of it, or kept
/// in a graph.global slot for later calls.
static bool escapesBlock(Operation *op) {
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    return user->hasTrait<OpTrait::IsTerminator>() || isa<GlobalStoreOp>(user);
  });
}

/// Emits, through `emitFree`, the release of what `op` creates at the end of
/// the block that defines it: a program's graphs, vectors and records live
/// as long as that block (the whole program for @main's), unless the block
/// yields them out.
static void freeAtEndOfBlock(OpBuilder &b, Operation *op,
                             function_ref<void(OpBuilder &)> emitFree) {
  Block *block = op->getBlock();
  if (!block->mightHaveTerminator() || escapesBlock(op))
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(block->getTerminator());
  emitFree(b);
}

namespace {

template <typename OpTy> struct GraphPattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;
};

//===----------------------------------------------------------------------===//
// Environment, printing, timers
//===----------------------------------------------------------------------===//

/// graph.argv and graph.argv_at: the runtime's argv at a constant or a
/// computed index.
template <typename OpTy> struct ArgvLowering : GraphPattern<OpTy> {
  using GraphPattern<OpTy>::GraphPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value index;
    if constexpr (std::is_same_v<OpTy, ArgvOp>)
      index = arith::ConstantIntOp::create(rewriter, loc, op.getIndex(), 64);
    else
      index = toI64(rewriter, loc, adaptor.getIndex());
    rewriter.replaceOp(
        op, callRuntime1(rewriter, loc, op, "graphrt_argv",
                         this->getTypeConverter()->convertType(op.getType()),
                         index));
    return success();
  }
};

struct AtoiLowering : GraphPattern<AtoiOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(AtoiOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    // The runtime checks the range of the result type, so a too large
    // argument is an error instead of wrapping.
    Value bits = constI32(rewriter, loc, type.getIntOrFloatBitWidth());
    Value value = callRuntime1(
        rewriter, loc, op,
        op.getIsUnsigned() ? "graphrt_atou_bits" : "graphrt_atoi_bits",
        rewriter.getI64Type(), {adaptor.getInput(), bits});
    if (type.getIntOrFloatBitWidth() < 64)
      value = arith::TruncIOp::create(rewriter, loc, type, value);
    rewriter.replaceOp(op, value);
    return success();
  }
};

/// The address of a NUL-terminated global holding `text`. Texts are shared:
/// one global per distinct text, named by its order of first use so that
/// names are deterministic and never collide.
static Value textAddress(OpBuilder &b, Location loc, Operation *from,
                         StringRef text) {
  auto module = from->getParentOfType<ModuleOp>();
  std::string value = (text + Twine('\0')).str();
  unsigned count = 0;
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    if (!global.getSymName().starts_with(kTextPrefix))
      continue;
    ++count;
    if (auto stored = dyn_cast_or_null<StringAttr>(global.getValueOrNull());
        stored && stored.getValue() == value)
      return LLVM::AddressOfOp::create(b, loc, global);
  }
  return LLVM::createGlobalString(loc, b, (kTextPrefix + Twine(count)).str(),
                                  value, LLVM::Linkage::Internal);
}

struct StringConstantLowering : GraphPattern<StringConstantOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(StringConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       textAddress(rewriter, op.getLoc(), op, op.getValue()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Program state (graph.global)
//===----------------------------------------------------------------------===//

/// The LLVM type a slot stores a value of (converted) type `type` as: a
/// memref as its descriptor struct, an index as an i64.
static Type slotType(Type type) {
  MLIRContext *context = type.getContext();
  if (auto memref = dyn_cast<MemRefType>(type)) {
    auto i64 = IntegerType::get(context, 64);
    auto dims = LLVM::LLVMArrayType::get(i64, memref.getRank());
    auto ptr = LLVM::LLVMPointerType::get(context);
    return LLVM::LLVMStructType::getLiteral(context,
                                            {ptr, ptr, i64, dims, dims});
  }
  if (type.isIndex())
    return IntegerType::get(context, 64);
  return type;
}

struct GlobalLowering : GraphPattern<GlobalOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type slot = slotType(getTypeConverter()->convertType(op.getType()));
    // External: the C bindings of export functions read the graph's slot.
    auto global = rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
        op, slot, /*isConstant=*/false, LLVM::Linkage::External,
        op.getSymName(), Attribute());
    Block *init = rewriter.createBlock(&global.getInitializerRegion());
    rewriter.setInsertionPointToStart(init);
    LLVM::ReturnOp::create(
        rewriter, op.getLoc(),
        LLVM::ZeroOp::create(rewriter, op.getLoc(), slot).getResult());
    return success();
  }
};

struct GlobalLoadLowering : GraphPattern<GlobalLoadOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(GlobalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    Type slot = slotType(type);
    auto ptrType = LLVM::LLVMPointerType::get(getContext());
    Value address =
        LLVM::AddressOfOp::create(rewriter, loc, ptrType, op.getGlobal());
    Value stored = LLVM::LoadOp::create(rewriter, loc, slot, address);
    // A handle or an array that was never stored is null.
    Value pointer;
    if (isa<MemRefType>(type))
      pointer = LLVM::ExtractValueOp::create(rewriter, loc, stored, 0);
    else if (isa<LLVM::LLVMPointerType>(type))
      pointer = stored;
    StringRef name = op.getGlobal();
    name.consume_front(GraphDialect::kStatePrefix);
    if (pointer)
      callRuntime(rewriter, loc, op, "graphrt_state_check", {},
                  {pointer, textAddress(rewriter, loc, op, name)});
    Value value = stored;
    if (isa<MemRefType>(type))
      value = UnrealizedConversionCastOp::create(rewriter, loc, type, stored)
                  .getResult(0);
    else if (type.isIndex())
      value = arith::IndexCastOp::create(rewriter, loc, type, stored);
    rewriter.replaceOp(op, value);
    return success();
  }
};

struct GlobalStoreLowering : GraphPattern<GlobalStoreOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(GlobalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    Type type = value.getType();
    if (isa<VertexSetType>(op.getValue().getType()))
      callRuntime(rewriter, loc, op, "graphrt_vset_keep", {}, value);
    if (isa<MemRefType>(type))
      value = UnrealizedConversionCastOp::create(rewriter, loc, slotType(type),
                                                 value)
                  .getResult(0);
    else if (type.isIndex())
      value = toI64(rewriter, loc, value);
    auto ptrType = LLVM::LLVMPointerType::get(getContext());
    Value address =
        LLVM::AddressOfOp::create(rewriter, loc, ptrType, op.getGlobal());
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, value, address);
    return success();
  }
};

struct PrintLowering : GraphPattern<PrintOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto call = [&](StringRef name, Value v) {
      callRuntime(rewriter, loc, op, name, {}, v);
    };
    if (std::optional<StringRef> text = op.getText()) {
      call("graphrt_print_str", textAddress(rewriter, loc, op, *text));
    } else {
      Value v = adaptor.getValue();
      Type type = op.getValue().getType();
      if (isa<StringType>(type))
        call("graphrt_print_str", v);
      else if (type.isInteger(1))
        call("graphrt_print_bool",
             arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(), v));
      else if (isa<FloatType>(type))
        call("graphrt_print_f64",
             type.isF64() ? v
                          : arith::ExtFOp::create(rewriter, loc,
                                                  rewriter.getF64Type(), v)
                                .getResult());
      else if (type.getIntOrFloatBitWidth() == 64)
        call(op.getIsUnsigned() ? "graphrt_print_u64" : "graphrt_print_i64", v);
      else if (op.getIsUnsigned())
        call("graphrt_print_u64",
             arith::ExtUIOp::create(rewriter, loc, rewriter.getI64Type(), v));
      else
        call("graphrt_print_i64",
             arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(), v));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct TimerStartLowering : GraphPattern<TimerStartOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(TimerStartOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), op, "graphrt_timer_start", {}, {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct TimerStopLowering : GraphPattern<TimerStopOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(TimerStopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op,
                                        "graphrt_timer_stop",
                                        rewriter.getF64Type(), {}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Edgesets
//===----------------------------------------------------------------------===//

/// Frees the graph `op` makes at the end of `op`'s block or, when its handle
/// leaves the block (a loop or branch yields it), when the program ends.
static void releaseGraph(OpBuilder &b, Operation *op, Value graph) {
  Location loc = op->getLoc();
  // Program state lives as long as the library; a graph yielded out of its
  // block, to the end of the program.
  if (llvm::any_of(op->getUsers(), llvm::IsaPred<GlobalStoreOp>))
    return;
  if (escapesBlock(op)) {
    callRuntime(b, loc, op, "graphrt_graph_keep", {}, graph);
    return;
  }
  freeAtEndOfBlock(b, op, [&](OpBuilder &b) {
    callRuntime(b, loc, op, "graphrt_graph_free", {}, graph);
  });
}

struct LoadLowering : GraphPattern<LoadOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value weighted = constI32(rewriter, loc, op.getType().isWeighted());
    Value symmetrize = constI32(rewriter, loc, op.getSymmetrize());
    Value graph =
        callRuntime1(rewriter, loc, op,
                     op.getDistributed() ? "graphrt_dist_load" : "graphrt_load",
                     getTypeConverter()->convertType(op.getType()),
                     {adaptor.getPath(), weighted, symmetrize});
    if (adaptor.getLike())
      callRuntime(rewriter, loc, op, "graphrt_check_vertex_count", {},
                  {graph, adaptor.getLike(), adaptor.getPath()});
    releaseGraph(rewriter, op, graph);
    rewriter.replaceOp(op, graph);
    return success();
  }
};

/// One call with the address of vertex 0's element, the bytes each vertex
/// has (a row of them with rows) and the distance between vertices (a
/// record's size for a fused field), then the set of changed vertices if
/// the op has one.
struct VectorMirrorLowering : GraphPattern<VectorMirrorOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorMirrorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vector = adaptor.getVector();
    auto type = cast<MemRefType>(vector.getType());
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    int64_t vertexBytes =
        elementBytes * (type.getRank() == 2 ? type.getDimSize(1) : 1);
    auto metadata =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, vector);
    Value bytes = arith::ConstantIndexOp::create(rewriter, loc, elementBytes);
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, vector);
    Value first = arith::AddIOp::create(
        rewriter, loc, base,
        arith::MulIOp::create(rewriter, loc, metadata.getOffset(), bytes));
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value pointer = LLVM::IntToPtrOp::create(rewriter, loc, ptrType,
                                             toI64(rewriter, loc, first));
    Value stride =
        arith::MulIOp::create(rewriter, loc, metadata.getStrides()[0], bytes);
    SmallVector<Value> args = {
        adaptor.getGraph(), pointer,
        arith::ConstantIntOp::create(rewriter, loc, vertexBytes, 64),
        toI64(rewriter, loc, stride)};
    if (adaptor.getChanged())
      args.push_back(adaptor.getChanged());
    callRuntime(rewriter, loc, op,
                adaptor.getChanged() ? "graphrt_dist_mirror_changed"
                                     : "graphrt_dist_mirror",
                {}, args);
    rewriter.eraseOp(op);
    return success();
  }
};

struct EmptyGraphLowering : GraphPattern<EmptyGraphOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(EmptyGraphOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value count = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI64Type(), adaptor.getCount());
    Value graph =
        callRuntime1(rewriter, loc, op, "graphrt_graph_empty",
                     getTypeConverter()->convertType(op.getType()), count);
    releaseGraph(rewriter, op, graph);
    rewriter.replaceOp(op, graph);
    return success();
  }
};

struct RelabelLowering : GraphPattern<RelabelOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(RelabelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value graph =
        callRuntime1(rewriter, op.getLoc(), op, "graphrt_relabel",
                     adaptor.getGraph().getType(), adaptor.getGraph());
    releaseGraph(rewriter, op, graph);
    rewriter.replaceOp(op, graph);
    return success();
  }
};

struct IsDirectedLowering : GraphPattern<IsDirectedOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(IsDirectedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value symmetric = callRuntime1(rewriter, loc, op, "graphrt_is_symmetric",
                                   rewriter.getI32Type(), adaptor.getGraph());
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op, arith::CmpIPredicate::eq, symmetric, constI32(rewriter, loc, 0));
    return success();
  }
};

template <typename OpTy> struct CountLowering : GraphPattern<OpTy> {
  CountLowering(const TypeConverter &converter, MLIRContext *context,
                StringRef function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value count = callRuntime1(rewriter, loc, op, function,
                               rewriter.getI64Type(), adaptor.getOperands());
    rewriter.replaceOp(op, toIndex(rewriter, loc, count));
    return success();
  }
  std::string function;
};

/// Ops that return a runtime-owned array: one C-interface call each.
template <typename OpTy> struct ArrayLowering : GraphPattern<OpTy> {
  ArrayLowering(const TypeConverter &converter, MLIRContext *context,
                StringRef function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(), op, function,
                                       op->getResultTypes(),
                                       adaptor.getOperands()));
    return success();
  }
  std::string function;
};

struct AdjacencyLowering : GraphPattern<AdjacencyOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(AdjacencyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef side = op.getDirection() == EdgeDirection::Out ? "out" : "in";
    Value graph = adaptor.getGraph();
    Value offsets =
        callRuntime1(rewriter, loc, op, ("graphrt_" + side + "_offsets").str(),
                     op.getOffsets().getType(), graph);
    Value neighbors = callRuntime1(rewriter, loc, op,
                                   ("graphrt_" + side + "_neighbors").str(),
                                   op.getNeighbors().getType(), graph);
    rewriter.replaceOp(op, {offsets, neighbors});
    return success();
  }
};

struct AdjacencyWeightsLowering : GraphPattern<AdjacencyWeightsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(AdjacencyWeightsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef side = op.getDirection() == EdgeDirection::Out ? "out" : "in";
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op,
                                        ("graphrt_" + side + "_weights").str(),
                                        op.getType(), adaptor.getGraph()));
    return success();
  }
};

/// Stores `value(i)` into every element of `memref`. A per-vertex vector
/// is filled in a parallel loop (the first touch of fresh memory, so pages
/// land near the threads using them); a fixed-length one, small and perhaps
/// inside a parallel loop already, serially.
/// Stores `value(indices)` at every element of a vector's memref: one
/// index, or a vertex and a column for a vector of rows.
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

struct OutDegreesLowering : GraphPattern<OutDegreesOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(OutDegreesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value degrees =
        callRuntime1(rewriter, loc, op, "graphrt_out_degrees",
                     memrefOf(rewriter.getI32Type()), adaptor.getGraph());
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

//===----------------------------------------------------------------------===//
// Segments
//===----------------------------------------------------------------------===//

struct SegmentsLowering : GraphPattern<SegmentsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(SegmentsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // graph_rt.h: GRAPHRT_PULL / GRAPHRT_PUSH, GRAPHRT_FIXED_VERTEX_COUNT /
    // GRAPHRT_EDGE_AWARE.
    bool pull = op.getType().getDirection() == EdgeDirection::In;
    bool edgeAware = op.getStrategy() == SegmentStrategy::EdgeAwareVertexCount;
    rewriter.replaceOp(
        op, callRuntime1(rewriter, loc, op, "graphrt_segments_get",
                         getTypeConverter()->convertType(op.getType()),
                         {adaptor.getGraph(),
                          toI64(rewriter, loc, adaptor.getCount()),
                          constI32(rewriter, loc, pull ? 0 : 1),
                          constI32(rewriter, loc, edgeAware ? 1 : 0)}));
    return success();
  }
};

struct SegmentViewLowering : GraphPattern<SegmentViewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(SegmentViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> args = {adaptor.getSegments(),
                               toI64(rewriter, loc, adaptor.getIndex())};
    // A named array: the temporary list of a braced ArrayRef would not
    // outlive the loop's range expression.
    static constexpr StringLiteral functions[] = {"graphrt_segment_vertices",
                                                  "graphrt_segment_offsets",
                                                  "graphrt_segment_neighbors"};
    SmallVector<Value> arrays;
    for (auto [name, result] : llvm::zip_equal(functions, op->getResults()))
      arrays.push_back(
          callRuntime1(rewriter, loc, op, name, result.getType(), args));
    rewriter.replaceOp(op, arrays);
    return success();
  }
};

struct SegmentWeightsLowering : GraphPattern<SegmentWeightsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(SegmentWeightsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOp(
        op,
        callRuntime1(
            rewriter, loc, op, "graphrt_segment_weights", op.getType(),
            {adaptor.getSegments(), toI64(rewriter, loc, adaptor.getIndex())}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Vectors
//===----------------------------------------------------------------------===//

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

/// The stored value a new vector's elements start with: `init`, or zero.
static Value initialElement(OpBuilder &b, Location loc, Value init,
                            Type element) {
  if (!init)
    init = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  return toStorage(b, loc, init);
}

struct VectorNewLowering : GraphPattern<VectorNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VectorNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value init = initialElement(rewriter, loc, adaptor.getInit(),
                                op.getType().getElementType());
    Value vector = allocVector(
        rewriter, loc, op,
        cast<MemRefType>(getTypeConverter()->convertType(op.getType())),
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
struct CheckIndexLowering : GraphPattern<CheckIndexOp> {
  CheckIndexLowering(GraphTypeConverter &converter, MLIRContext *context,
                     bool recoverable)
      : GraphPattern(converter, context), recoverable(recoverable) {}
  LogicalResult
  matchAndRewrite(CheckIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value index = adaptor.getIndex();
    Value size = isa<VertexVectorType>(op.getRange().getType())
                     ? memref::DimOp::create(rewriter, loc, adaptor.getRange(),
                                             op.getColumn() ? 1 : 0)
                           .getResult()
                     : numVertices(rewriter, loc, op, adaptor.getRange());
    Value outside = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::uge, index, size);
    std::string where;
    if (auto file = loc->findInstanceOf<FileLineColLoc>())
      where = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
               ":" + Twine(file.getColumn()))
                  .str();
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
          rewriter, loc, op, "graphrt_index_error", {},
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
        "graphrt_index_error");
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
    Value size = memref::DimOp::create(rewriter, loc, vector, zero);
    Value identity = reductionIdentity(rewriter, loc, kind, element);
    auto valueAt = [&](OpBuilder &b, Location loc, Value i) {
      return fromStorage(b, loc, memref::LoadOp::create(b, loc, vector, i),
                         element);
    };
    // A fixed-length vector is small and may sit inside a parallel loop.
    if (cast<MemRefType>(vector.getType()).hasStaticShape()) {
      auto loop = scf::ForOp::create(
          rewriter, loc, zero, size, one, ValueRange{identity},
          [&](OpBuilder &b, Location loc, Value i, ValueRange acc) {
            scf::YieldOp::create(
                b, loc,
                combineBySelect(b, loc, kind, acc[0], valueAt(b, loc, i)));
          });
      rewriter.replaceOp(op, loop.getResults());
      return success();
    }
    auto loop = scf::ParallelOp::create(
        rewriter, loc, ValueRange{zero}, ValueRange{size}, ValueRange{one},
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

/// Atomically sets `memref[index]` to `desired` if it holds `expected`
/// (both in storage form); returns whether it did.
static Value buildCompareAndSwap(OpBuilder &b, Location loc, Value memref,
                                 Value index, Value expected, Value desired) {
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

/// The parent `forest[v]` of vertex `v` (an index) in a union-find forest.
static Value loadParent(OpBuilder &b, Location loc, Value forest, Value v) {
  return memref::LoadOp::create(b, loc, forest, v);
}

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

//===----------------------------------------------------------------------===//
// Priority queues
//===----------------------------------------------------------------------===//

/// Calls libgraphrt's queue function `name`: integer operands widen to
/// int64_t (index already is); an i1 result comes back as int32_t, an
/// integer result as int64_t.
static Value callQueueRuntime(ConversionPatternRewriter &rewriter,
                              Operation *op, StringRef name,
                              ValueRange operands, Type resultHandle = {}) {
  Location loc = op->getLoc();
  SmallVector<Value> args;
  for (Value v : operands) {
    auto type = dyn_cast<IntegerType>(v.getType());
    args.push_back(
        type && type.getWidth() < 64
            ? arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(), v)
            : v);
  }
  if (op->getNumResults() == 0) {
    callRuntime(rewriter, loc, op, name, {}, args);
    return {};
  }
  Type result = op->getResult(0).getType();
  if (resultHandle)
    return callRuntime1(rewriter, loc, op, name, resultHandle, args);
  if (result.isInteger(1))
    return arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne,
        callRuntime1(rewriter, loc, op, name, rewriter.getI32Type(), args),
        constI32(rewriter, loc, 0));
  Value wide =
      callRuntime1(rewriter, loc, op, name, rewriter.getI64Type(), args);
  if (result.isInteger(64))
    return wide;
  return arith::TruncIOp::create(rewriter, loc, result, wide);
}

/// Queue ops that are one libgraphrt call (see callQueueRuntime).
template <typename OpTy> struct QueueCallLowering : GraphPattern<OpTy> {
  QueueCallLowering(const TypeConverter &converter, MLIRContext *context,
                    StringRef function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type handle;
    if (op->getNumResults() && !isa<IntegerType>(op->getResult(0).getType()))
      handle =
          this->getTypeConverter()->convertType(op->getResult(0).getType());
    Value result =
        callQueueRuntime(rewriter, op, function, adaptor.getOperands(), handle);
    if (result)
      rewriter.replaceOp(op, result);
    else
      rewriter.eraseOp(op);
    return success();
  }
  std::string function;
};

struct PriorityQueueNewLowering : GraphPattern<PriorityQueueNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PriorityQueueNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vector = adaptor.getPriorities();
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value address = toI64(
        rewriter, loc,
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, vector));
    Value data = LLVM::IntToPtrOp::create(rewriter, loc, ptrType, address);
    unsigned width = op.getQueue().getType().getPriorityType().getWidth();
    bool lazy = op.getUpdate() == PriorityUpdate::Lazy ||
                op.getUpdate() == PriorityUpdate::LazyConstantSum;
    // What the queue starts with is a flag of its own (libgraphrt's
    // GRAPHRT_PQ_START, _ALL, _EMPTY): no start value means "none", so
    // every start value the program computes is checked as a vertex.
    enum { kStart = 0, kAll = 1, kEmpty = 2 };
    Value start =
        adaptor.getStart()
            ? toI64(rewriter, loc, adaptor.getStart())
            : arith::ConstantIntOp::create(rewriter, loc, 0, 64).getResult();
    int32_t initial = adaptor.getStart() ? kStart : op.getAll() ? kAll : kEmpty;
    SmallVector<Value> args = {
        data,
        constI32(rewriter, loc, width / 8),
        toI64(rewriter, loc, memref::DimOp::create(rewriter, loc, vector, 0)),
        constI32(rewriter, loc, op.getOrder() == BucketOrder::LowerFirst),
        toI64(rewriter, loc, adaptor.getDelta()),
        start,
        constI32(rewriter, loc, initial),
        constI32(rewriter, loc, lazy),
        toI64(rewriter, loc, adaptor.getOpenBuckets())};
    rewriter.replaceOp(
        op, callRuntime1(rewriter, loc, op, "graphrt_pq_new", ptrType, args));
    return success();
  }
};

struct PriorityQueueFinishedLowering : GraphPattern<PriorityQueueFinishedOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PriorityQueueFinishedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callQueueRuntime(rewriter, op,
                                            op.getVertex()
                                                ? "graphrt_pq_finished_vertex"
                                                : "graphrt_pq_finished",
                                            adaptor.getOperands()));
    return success();
  }
};

/// The queue's priority vector, viewed through libgraphrt: one C-interface
/// function per element width.
struct PriorityQueuePrioritiesLowering
    : GraphPattern<PriorityQueuePrioritiesOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(PriorityQueuePrioritiesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = op.getQueue().getType().getPriorityType();
    std::string name = "graphrt_pq_priorities_i" +
                       std::to_string(element.getIntOrFloatBitWidth());
    rewriter.replaceOp(op, callRuntime1(rewriter, op.getLoc(), op, name,
                                        getTypeConverter()->convertType(
                                            op.getPriorities().getType()),
                                        adaptor.getQueue()));
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
    auto next = [&](OpBuilder &b, Value current) {
      Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                          current, floor);
      Value sum = arith::MaxSIOp::create(
          b, loc, arith::AddIOp::create(b, loc, current, amount), floor);
      return arith::SelectOp::create(b, loc, above, sum, current).getResult();
    };
    Value old;
    if (op.getAtomic()) {
      auto rmw = memref::GenericAtomicRMWOp::create(
          rewriter, loc, adaptor.getVector(), ValueRange{adaptor.getIndex()});
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(rmw.getBody());
      memref::AtomicYieldOp::create(rewriter, loc,
                                    next(rewriter, rmw.getCurrentValue()));
      rewriter.setInsertionPointAfter(rmw);
      old = rmw.getResult();
    } else {
      old = memref::LoadOp::create(rewriter, loc, adaptor.getVector(),
                                   adaptor.getIndex());
      memref::StoreOp::create(rewriter, loc, next(rewriter, old),
                              adaptor.getVector(), adaptor.getIndex());
    }
    Value updated = next(rewriter, old);
    rewriter.replaceOp(op,
                       {buildNotEqual(rewriter, loc, updated, old), updated});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Vertex sets
//===----------------------------------------------------------------------===//

/// Handles to nothing (a deleted set, a queue not created yet): null.
template <typename OpTy> struct NullHandleLowering : GraphPattern<OpTy> {
  using GraphPattern<OpTy>::GraphPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ZeroOp>(
        op, this->getTypeConverter()->convertType(op.getType()));
    return success();
  }
};

struct VertexSetNewLowering : GraphPattern<VertexSetNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value n = callRuntime1(rewriter, loc, op, "graphrt_num_vertices",
                           rewriter.getI64Type(), adaptor.getGraph());
    Value all = constI32(rewriter, loc, op.getAll());
    if (Value size = adaptor.getSize()) {
      Value zero =
          arith::ConstantIntOp::create(rewriter, loc, size.getType(), 0);
      Value nonzero = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne, size, zero);
      all =
          arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(), nonzero);
    }
    rewriter.replaceOp(
        op,
        callRuntime1(rewriter, loc, op, "graphrt_vset_new",
                     getTypeConverter()->convertType(op.getType()), {n, all}));
    return success();
  }
};

struct VertexSetInsertLowering : GraphPattern<VertexSetInsertOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetInsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, op, "graphrt_vset_insert", {},
                {adaptor.getSet(), toI64(rewriter, loc, adaptor.getVertex())});
    rewriter.eraseOp(op);
    return success();
  }
};

/// Ops that become one runtime call with the same operands and no result.
template <typename OpTy> struct VoidCallLowering : GraphPattern<OpTy> {
  VoidCallLowering(const TypeConverter &converter, MLIRContext *context,
                   StringRef function)
      : GraphPattern<OpTy>(converter, context), function(function) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), op, function, {}, adaptor.getOperands());
    rewriter.eraseOp(op);
    return success();
  }
  std::string function;
};

/// Ops whose one result is a runtime handle returned by `function`; with
/// `freeFunction`, released by it at the end of the defining block.
template <typename OpTy> struct HandleLowering : GraphPattern<OpTy> {
  HandleLowering(const TypeConverter &converter, MLIRContext *context,
                 StringRef function, StringRef freeFunction = "")
      : GraphPattern<OpTy>(converter, context), function(function),
        freeFunction(freeFunction) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename GraphPattern<OpTy>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value handle = callRuntime1(
        rewriter, loc, op, function,
        this->getTypeConverter()->convertType(op->getResult(0).getType()),
        adaptor.getOperands());
    if (!freeFunction.empty())
      freeAtEndOfBlock(rewriter, op, [&](OpBuilder &b) {
        callRuntime(b, loc, op, freeFunction, {}, handle);
      });
    rewriter.replaceOp(op, handle);
    return success();
  }
  std::string function, freeFunction;
};

//===----------------------------------------------------------------------===//
// Lists
//===----------------------------------------------------------------------===//

/// Lists of vertex sets hold set handles (graphrt_vlist, which checks that
/// an appended set is live); lists of numbers hold packed values
/// (graphrt_list), passed to and from the runtime as the bits of an i64.
static bool isSetList(Value list) {
  return isa<VertexSetType>(cast<ListType>(list.getType()).getElementType());
}

/// The i64 whose low bytes are `value`'s bits, and back.
static Value toBits(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (type.isIndex())
    return toI64(b, loc, value);
  unsigned width = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, b.getIntegerType(width), value);
  if (width == 64)
    return value;
  return arith::ExtUIOp::create(b, loc, b.getI64Type(), value);
}

static Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, bits);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width != 64)
    bits = arith::TruncIOp::create(b, loc, b.getIntegerType(width), bits);
  if (isa<FloatType>(type))
    return arith::BitcastOp::create(b, loc, type, bits);
  return bits;
}

struct ListNewLowering : GraphPattern<ListNewOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type handleType = getTypeConverter()->convertType(op.getType());
    bool sets = isSetList(op.getList());
    Value handle;
    if (sets) {
      handle =
          callRuntime1(rewriter, loc, op, "graphrt_vlist_new", handleType, {});
    } else {
      Type element = op.getType().getElementType();
      int64_t bytes = element.isIndex()
                          ? 8
                          : std::max(1u, element.getIntOrFloatBitWidth() / 8);
      handle = callRuntime1(
          rewriter, loc, op, "graphrt_list_new", handleType,
          arith::ConstantIntOp::create(rewriter, loc, bytes, 64).getResult());
    }
    freeAtEndOfBlock(rewriter, op, [&](OpBuilder &b) {
      callRuntime(b, loc, op, sets ? "graphrt_vlist_free" : "graphrt_list_free",
                  {}, handle);
    });
    rewriter.replaceOp(op, handle);
    return success();
  }
};

struct ListAppendLowering : GraphPattern<ListAppendOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListAppendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isSetList(op.getList()))
      callRuntime(rewriter, loc, op, "graphrt_vlist_append", {},
                  adaptor.getOperands());
    else
      callRuntime(
          rewriter, loc, op, "graphrt_list_append", {},
          {adaptor.getList(), toBits(rewriter, loc, adaptor.getValue())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct ListPopLowering : GraphPattern<ListPopOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ListPopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    if (isSetList(op.getList())) {
      rewriter.replaceOp(op,
                         callRuntime1(rewriter, loc, op, "graphrt_vlist_pop",
                                      type, adaptor.getList()));
      return success();
    }
    Value bits = callRuntime1(rewriter, loc, op, "graphrt_list_pop",
                              rewriter.getI64Type(), adaptor.getList());
    rewriter.replaceOp(op, fromBits(rewriter, loc, bits, type));
    return success();
  }
};

struct VertexSetIdBufferLowering : GraphPattern<VertexSetIdBufferOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetIdBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value set = adaptor.getSet();
    Value capacity = adaptor.getCapacity();
    rewriter.replaceOp(
        op, capacity ? callRuntime1(rewriter, loc, op,
                                    "graphrt_vset_id_buffer_n", op.getType(),
                                    {set, toI64(rewriter, loc, capacity)})
                     : callRuntime1(rewriter, loc, op, "graphrt_vset_id_buffer",
                                    op.getType(), set));
    return success();
  }
};

struct VertexSetSealIdsLowering : GraphPattern<VertexSetSealIdsOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetSealIdsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef function = op.getKeepDuplicates()
                             ? "graphrt_vset_seal_ids_keep_dups"
                         : op.getDegrees()  ? "graphrt_vset_seal_counted_ids"
                         : op.getDistinct() ? "graphrt_vset_seal_distinct_ids"
                                            : "graphrt_vset_seal_ids";
    callRuntime(rewriter, op.getLoc(), op, function, {}, adaptor.getOperands());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The loop over a set's members: 0..n directly for a set of all vertices,
/// else over its id list. Calls `body` with the vertex id.
static void buildMemberLoop(ConversionPatternRewriter &rewriter, Location loc,
                            Operation *from, Value originalSet, Value set,
                            Parallelization parallel, int64_t grain,
                            function_ref<void(OpBuilder &, Value)> body) {
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  auto allVertices = originalSet.getDefiningOp<VertexSetNewOp>();
  if (allVertices && allVertices.getAll()) {
    Value graph = rewriter.getRemappedValue(allVertices.getGraph());
    Value n = numVertices(rewriter, loc, from, graph);
    buildVertexLoop(rewriter, loc, zero, n, parallel, grain,
                    [&](OpBuilder &b, Location, Value v) { body(b, v); });
    return;
  }
  Value ids = callRuntime1(rewriter, loc, from, "graphrt_vset_ids",
                           memrefOf(rewriter.getI32Type()), set);
  Value count = memref::DimOp::create(rewriter, loc, ids, zero);
  buildVertexLoop(
      rewriter, loc, zero, count, parallel, grain,
      [&](OpBuilder &b, Location, Value i) {
        body(b, toIndex(b, loc, memref::LoadOp::create(b, loc, ids, i)));
      });
}

/// GraphIt runs vertex set operations in parallel unless told otherwise;
/// an unscheduled `body` that prints runs serially, keeping vertex order.
static std::pair<Parallelization, int64_t>
vertexLoopSchedule(std::optional<ScheduleAttr> sched, Region &body) {
  if (sched)
    return {sched->getParallel(), sched->getGrain()};
  bool prints = body.walk([](PrintOp) { return WalkResult::interrupt(); })
                    .wasInterrupted();
  return {prints ? Parallelization::Serial : Parallelization::DynamicVertex,
          256};
}

struct VertexSetApplyLowering : GraphPattern<VertexSetApplyOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetApplyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto [parallel, grain] = vertexLoopSchedule(op.getSchedule(), op.getBody());
    buildMemberLoop(rewriter, op.getLoc(), op, op.getSet(), adaptor.getSet(),
                    parallel, grain, [&](OpBuilder &, Value v) {
                      inlineRegion(rewriter, op.getBody(), v);
                    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// A dynamically scheduled loop, `grain` iterations at a time (default 1:
/// par_for iterations are coarse).
struct ParallelForLowering : GraphPattern<ParallelForOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(ParallelForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ScheduleAttr> sched = op.getSchedule();
    Parallelization parallel =
        sched ? sched->getParallel() : Parallelization::DynamicVertex;
    int64_t grain = sched && sched->getGrain() ? sched->getGrain() : 1;
    buildVertexLoop(rewriter, op.getLoc(), adaptor.getLower(),
                    adaptor.getUpper(), parallel, grain,
                    [&](OpBuilder &, Location, Value i) {
                      inlineRegion(rewriter, op.getBody(), i);
                    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct VertexSetFilterLowering : GraphPattern<VertexSetFilterOp> {
  using GraphPattern::GraphPattern;
  LogicalResult
  matchAndRewrite(VertexSetFilterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value set = adaptor.getSet();
    Value n = callRuntime1(rewriter, loc, op, "graphrt_vset_num_vertices",
                           rewriter.getI64Type(), set);
    Value result = callRuntime1(rewriter, loc, op, "graphrt_vset_new",
                                getTypeConverter()->convertType(op.getType()),
                                {n, constI32(rewriter, loc, 0)});
    Value flags = callRuntime1(rewriter, loc, op, "graphrt_vset_bools",
                               memrefOf(rewriter.getI8Type()), result);
    auto [parallel, grain] =
        vertexLoopSchedule(op.getSchedule(), op.getPredicate());
    buildMemberLoop(
        rewriter, loc, op, op.getSet(), set, parallel, grain,
        [&](OpBuilder &b, Value v) {
          Value keep = inlineRegion(rewriter, op.getPredicate(), v)[0];
          auto ifKeep = scf::IfOp::create(b, loc, keep, false);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifKeep.thenBlock());
          memref::StoreOp::create(
              b, loc, arith::ConstantIntOp::create(b, loc, 1, 8), flags, v);
        });
    callRuntime(rewriter, loc, op, "graphrt_vset_seal_bools", {}, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertGraphToSCFPass
    : graph::impl::ConvertGraphToSCFBase<ConvertGraphToSCFPass> {
  using ConvertGraphToSCFBase::ConvertGraphToSCFBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkLoweredBefore(module, getArgument(),
                                  /*first=*/std::nullopt)))
      return signalPassFailure();

    // The runtime's main() records argc/argv and calls the program.
    if (auto main = module.lookupSymbol<func::FuncOp>("main")) {
      if (main.getNumArguments() != 0 || main.getNumResults() != 0) {
        main.emitError("the program entry @main must take and return nothing");
        return signalPassFailure();
      }
      if (failed(SymbolTable::replaceAllSymbolUses(
              main, StringAttr::get(&getContext(), kUserMain), module)))
        return signalPassFailure();
      main.setSymName(kUserMain);
    }

    GraphTypeConverter converter(&getContext());
    ConversionTarget target(getContext());
    target.addIllegalDialect<GraphDialect>();
    target.addLegalDialect<arith::ArithDialect, LLVM::LLVMDialect,
                           memref::MemRefDialect, omp::OpenMPDialect,
                           scf::SCFDialect>();
    // Program state slots hold memref descriptors as LLVM structs, cast
    // from and to the memref, until finalize-memref-to-llvm.
    target.addLegalOp<UnrealizedConversionCastOp>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(&getContext());
    populateGraphToSCFConversionPatterns(converter, patterns,
                                         recoverableErrors);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    if (recoverableErrors)
      pollAfterParallelRegions(module);
  }

  /// Raises, right after each outermost OpenMP region, the first error a
  /// thread of the region deferred.
  static void pollAfterParallelRegions(ModuleOp module) {
    SmallVector<omp::ParallelOp> regions;
    module.walk([&](omp::ParallelOp region) {
      if (!region->getParentOfType<omp::ParallelOp>())
        regions.push_back(region);
    });
    for (omp::ParallelOp region : regions) {
      OpBuilder b(region->getContext());
      b.setInsertionPointAfter(region);
      callRuntime(b, region.getLoc(), region, "graphrt_export_poll", {}, {});
    }
  }
};

} // namespace

void mlir::graph::populateGraphToSCFConversionPatterns(
    GraphTypeConverter &converter, RewritePatternSet &patterns,
    bool recoverableErrors) {
  MLIRContext *context = patterns.getContext();
  patterns
      .add<ArgvLowering<ArgvOp>, ArgvLowering<ArgvAtOp>, AtoiLowering,
           StringConstantLowering, PrintLowering,
           NullHandleLowering<VertexSetDeletedOp>,
           NullHandleLowering<PriorityQueueNoneOp>, PriorityQueueNewLowering,
           PriorityQueueFinishedLowering, PriorityQueuePrioritiesLowering,
           VectorAddFlooredLowering, TimerStartLowering, TimerStopLowering,
           LoadLowering, VectorMirrorLowering, AdjacencyLowering,
           AdjacencyWeightsLowering, OutDegreesLowering, RecordsNewLowering,
           VectorNewLowering, VectorAllocLowering, RelabelLowering,
           EmptyGraphLowering, IsDirectedLowering, ListNewLowering,
           ListAppendLowering, ListPopLowering, GlobalLowering,
           GlobalLoadLowering, GlobalStoreLowering, VectorCopyLowering,
           VectorGetLowering, VectorSetLowering, VectorFillLowering,
           VectorReduceLowering, VectorExportLowering, ReduceLowering,
           VectorCasLowering, VectorPrefetchLowering, VectorLinkLowering,
           VectorFindLowering, VertexSetNewLowering, VertexSetInsertLowering,
           VertexSetIdBufferLowering, VertexSetSealIdsLowering,
           VertexSetApplyLowering, VertexSetFilterLowering, SegmentsLowering,
           ParallelForLowering, SegmentViewLowering, SegmentWeightsLowering>(
          converter, context);
  patterns.add<CheckIndexLowering>(converter, context, recoverableErrors);
  patterns.add<CountLowering<NumVerticesOp>>(converter, context,
                                             "graphrt_num_vertices");
  patterns.add<CountLowering<NumEdgesOp>>(converter, context,
                                          "graphrt_num_edges");
  patterns.add<CountLowering<CommonNeighborsOp>>(converter, context,
                                                 "graphrt_common_neighbors");
  patterns.add<CountLowering<SegmentsCountOp>>(converter, context,
                                               "graphrt_segments_count");
  patterns.add<CountLowering<NumaSocketsOp>>(converter, context,
                                             "graphrt_numa_sockets");
  patterns.add<CountLowering<NumaThreadsPerSocketOp>>(
      converter, context, "graphrt_numa_threads_per_socket");
  patterns.add<CountLowering<VertexSetSizeOp>>(converter, context,
                                               "graphrt_vset_size");
  patterns.add<CountLowering<VertexSetOutDegreeSumOp>>(
      converter, context, "graphrt_vset_out_degree_sum");
  patterns.add<ArrayLowering<VertexSetIdsOp>>(converter, context,
                                              "graphrt_vset_ids");
  patterns.add<ArrayLowering<VertexSetBoolsOp>>(converter, context,
                                                "graphrt_vset_bools");
  patterns.add<ArrayLowering<VertexSetBitsOp>>(converter, context,
                                               "graphrt_vset_bits");
  patterns.add<VoidCallLowering<VertexSetFreeOp>>(converter, context,
                                                  "graphrt_vset_free");
  patterns.add<VoidCallLowering<VertexSetMirrorOp>>(converter, context,
                                                    "graphrt_dist_mirror_vset");
  patterns.add<VoidCallLowering<PriorityQueueMirrorOp>>(
      converter, context, "graphrt_dist_mirror_pq");
  patterns.add<HandleLowering<TransposeOp>>(
      converter, context, "graphrt_transpose", "graphrt_graph_free");
  patterns.add<VoidCallLowering<VertexSetSealBoolsOp>>(
      converter, context, "graphrt_vset_seal_bools");
  patterns.add<VoidCallLowering<VertexSetSealDenseOp>>(
      converter, context, "graphrt_vset_seal_dense");
  patterns.add<QueueCallLowering<PriorityQueueFreeOp>>(converter, context,
                                                       "graphrt_pq_free");
  patterns.add<QueueCallLowering<PriorityQueueRequeueOp>>(converter, context,
                                                          "graphrt_pq_requeue");
  patterns.add<QueueCallLowering<PriorityQueueDequeueOp>>(converter, context,
                                                          "graphrt_pq_dequeue");
  patterns.add<QueueCallLowering<PriorityQueueCurrentOp>>(
      converter, context, "graphrt_pq_current_priority");
  patterns.add<QueueCallLowering<PriorityQueuePushOp>>(converter, context,
                                                       "graphrt_pq_push");
  patterns.add<QueueCallLowering<PriorityQueueChangedOp>>(converter, context,
                                                          "graphrt_pq_changed");
  patterns.add<QueueCallLowering<PriorityQueueOverflowOp>>(
      converter, context, "graphrt_pq_overflow");
  patterns.add<QueueCallLowering<PriorityQueueEdgesOp>>(converter, context,
                                                        "graphrt_pq_edges");
  patterns.add<QueueCallLowering<PriorityQueueCountOp>>(converter, context,
                                                        "graphrt_pq_count");
  patterns.add<QueueCallLowering<PriorityQueueApplyCountsOp>>(
      converter, context, "graphrt_pq_apply_counts");
  patterns.add<ArrayLowering<PriorityQueueTakeLocalOp>>(
      converter, context, "graphrt_pq_take_local");
}
