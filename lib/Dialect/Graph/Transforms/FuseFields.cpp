//===- FuseFields.cpp - fuseFields groups as arrays of records ------------===//
//
// Gives the vectors of each fuseFields group one array of records as their
// storage: see the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/Transforms/Passes.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::graph {
#define GEN_PASS_DEF_GRAPHFUSEFIELDS
#include "graph-mlir/Dialect/Graph/Transforms/Passes.h.inc"
#include "llvm/Support/Debug.h"
} // namespace mlir::graph

using namespace mlir;
using namespace mlir::graph;

#define DEBUG_TYPE "graph-fuse-fields"

/// Bytes a field of `element` takes in a record (a bool takes one).
static int64_t fieldBytes(Type element) {
  return llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
}

static Value getGraph(Operation *producer) {
  if (auto op = dyn_cast<VectorNewOp>(producer))
    return op.getGraph();
  return cast<OutDegreesOp>(producer).getGraph();
}

static MutableOperandRange getRecordsMutable(Operation *producer) {
  if (auto op = dyn_cast<VectorNewOp>(producer))
    return op.getRecordsMutable();
  return cast<OutDegreesOp>(producer).getRecordsMutable();
}

namespace {
struct GraphFuseFieldsPass
    : graph::impl::GraphFuseFieldsBase<GraphFuseFieldsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto groups =
        module->getAttrOfType<ArrayAttr>(GraphDialect::kFusedFieldsAttrName);
    if (!groups)
      return;
    llvm::StringMap<Operation *> producers;
    module.walk([&](Operation *op) {
      if (!isa<VectorNewOp, OutDegreesOp>(op))
        return;
      if (auto name =
              op->getAttrOfType<StringAttr>(GraphDialect::kFieldAttrName))
        producers[name.getValue()] = op;
    });
    for (Attribute group : groups) {
      auto names = dyn_cast<ArrayAttr>(group);
      if (!names || !llvm::all_of(names, llvm::IsaPred<StringAttr>)) {
        module.emitError() << GraphDialect::kFusedFieldsAttrName
                           << " must list arrays of vector names, got "
                           << group;
        return signalPassFailure();
      }
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": fusing " << names << "\n");
      if (failed(fuse(module, names, producers)))
        return signalPassFailure();
    }
    module->removeAttr(GraphDialect::kFusedFieldsAttrName);
  }

  static LogicalResult fuse(ModuleOp module, ArrayAttr names,
                            const llvm::StringMap<Operation *> &producers) {
    SmallVector<Operation *> fields;
    for (StringAttr name : names.getAsRange<StringAttr>()) {
      Operation *op = producers.lookup(name.getValue());
      if (!op)
        return module.emitError()
               << "fuseFields group " << names << ": no vector named '"
               << name.getValue() << "' (a graph.vector.new or "
               << "graph.out_degrees with " << GraphDialect::kFieldAttrName
               << " = \"" << name.getValue() << "\")";
      if (getRecordsMutable(op).size() || llvm::is_contained(fields, op))
        return op->emitError() << "vector '" << name.getValue()
                               << "' is in more than one fuseFields group";
      if (!fields.empty() && getGraph(op) != getGraph(fields.front()))
        return op->emitError()
               << "fuseFields group " << names << ": '" << name.getValue()
               << "' belongs to another graph than the "
                  "group's first vector";
      if (!fields.empty() && op->getBlock() != fields.front()->getBlock())
        return op->emitError()
               << "fuseFields group " << names << ": '" << name.getValue()
               << "' is made in another block than the "
                  "group's first vector";
      for (Operation *user : op->getResult(0).getUsers())
        if (!isa<GraphDialect>(user->getDialect()))
          return user->emitError()
                 << "vector '" << name.getValue() << "' of fuseFields group "
                 << names << " is used by '" << user->getName()
                 << "'; only graph ops take a vector stored in records";
      fields.push_back(op);
    }

    // Natural alignment in the group's order; the record size rounds up
    // to the largest field so that every record starts aligned.
    SmallVector<int64_t> offsets;
    int64_t size = 0, align = 1;
    for (Operation *op : fields) {
      int64_t bytes = fieldBytes(
          cast<VertexVectorType>(op->getResult(0).getType()).getElementType());
      size = llvm::alignTo(size, bytes);
      offsets.push_back(size);
      size += bytes;
      align = std::max(align, bytes);
    }
    size = llvm::alignTo(size, align);

    Operation *first =
        *llvm::min_element(fields, [](Operation *a, Operation *b) {
          return a->isBeforeInBlock(b);
        });
    OpBuilder b(first);
    MLIRContext *context = b.getContext();
    Value records = RecordsNewOp::create(
        b, first->getLoc(), RecordsType::get(context, size), getGraph(first));
    for (auto [field, offset] : llvm::zip_equal(fields, offsets)) {
      Operation *op = field;
      Value vector = op->getResult(0);
      auto fieldType = cast<VertexVectorType>(vector.getType());
      auto type = VertexVectorType::getChecked(
          [op] { return op->emitError(); }, context, fieldType.getElementType(),
          RecordLayoutAttr::get(context, size, offset), int64_t(0),
          fieldType.getRowLength());
      if (!type)
        return failure();
      getRecordsMutable(op).assign(records);
      vector.setType(type);
    }
    return success();
  }
};
} // namespace
