//===- CBindings.cpp - C interface of exported graph functions ------------===//

#include "graph-mlir/Target/CBindings.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::graph;

static constexpr StringLiteral kExportAttrName = GraphDialect::kExportAttrName;

namespace {

/// How one argument or result crosses the C boundary.
struct CValue {
  enum Kind { Graph, Scalar, Array } kind;
  std::string type;      // The C type: scalar, or the array's element.
  int64_t length = 0;    // Elements of a fixed-length array; 0: per vertex.
  std::string name;      // The parameter's name.
  int64_t rowLength = 0; // Each element a row of this many (row-major).
};

/// One exported function and its C form.
struct Export {
  func::FuncOp op;
  std::string name;
  SmallVector<CValue> params; // The vector result, if any, is the last.
  std::optional<CValue> result;
  std::string graphParam; // The parameter that sizes per-vertex arrays.
  // Without one, the graph.global slot of the graph an earlier call kept.
  std::string graphSlot, graphName;
};

} // namespace

static std::optional<std::string> scalarCType(Type type) {
  if (type.isIndex())
    return "int64_t"; // A Vertex.
  if (type.isInteger(1))
    return "bool";
  if (type.isInteger(8) || type.isInteger(16) || type.isInteger(32) ||
      type.isInteger(64))
    return "int" + std::to_string(type.getIntOrFloatBitWidth()) + "_t";
  if (type.isF32())
    return "float";
  if (type.isF64())
    return "double";
  return std::nullopt;
}

static FailureOr<CValue> cValue(func::FuncOp op, Type type, StringRef name) {
  if (isa<EdgeSetType>(type))
    return CValue{CValue::Graph, "graphrt_graph *", 0, name.str()};
  if (auto vector = dyn_cast<VertexVectorType>(type)) {
    std::optional<std::string> element = scalarCType(vector.getElementType());
    if (element && !vector.getLayout())
      return CValue{CValue::Array, *element, vector.getLength(), name.str(),
                    vector.getRowLength()};
  } else if (std::optional<std::string> scalar = scalarCType(type)) {
    return CValue{CValue::Scalar, *scalar, 0, name.str()};
  }
  return op.emitError("exported function '")
         << op->getAttrOfType<StringAttr>(kExportAttrName).getValue()
         << "' has a " << type << " with no C form";
}

static FailureOr<SmallVector<Export, 4>> collectExports(ModuleOp module) {
  SmallVector<Export, 4> exports;
  GlobalOp graphSlot;
  for (auto global : module.getOps<GlobalOp>())
    if (!graphSlot && isa<EdgeSetType>(global.getType()))
      graphSlot = global;
  for (auto op : module.getOps<func::FuncOp>()) {
    auto name = op->getAttrOfType<StringAttr>(kExportAttrName);
    if (!name)
      continue;
    Export exported{op, name.str(), {}, std::nullopt, ""};
    auto names =
        op->getAttrOfType<ArrayAttr>(GraphDialect::kExportParamsAttrName);
    for (auto [i, type] : llvm::enumerate(op.getArgumentTypes())) {
      auto argName = names && i < names.size() ? dyn_cast<StringAttr>(names[i])
                                               : StringAttr();
      FailureOr<CValue> param =
          cValue(op, type, argName ? argName.str() : "arg" + std::to_string(i));
      if (failed(param))
        return failure();
      if (param->kind == CValue::Graph && exported.graphParam.empty())
        exported.graphParam = param->name;
      exported.params.push_back(*param);
    }
    if (op.getNumResults() > 1)
      return op.emitError("an exported function returns at most one value");
    if (op.getNumResults() == 1) {
      FailureOr<CValue> result = cValue(op, op.getResultTypes()[0], "result");
      if (failed(result))
        return failure();
      exported.result = *result;
    }
    for (const CValue &param : exported.params) {
      if (param.kind != CValue::Array || param.length ||
          !exported.graphParam.empty())
        continue;
      if (!graphSlot)
        return op.emitError("exported function '")
               << exported.name << "' has a per-vertex array '" << param.name
               << "' but no graph parameter to size it";
      exported.graphSlot = graphSlot.getSymName().str();
      exported.graphName = StringRef(exported.graphSlot)
                               .drop_front(GraphDialect::kStatePrefix.size())
                               .str();
    }
    exports.push_back(std::move(exported));
  }
  return exports;
}

bool mlir::graph::hasExports(ModuleOp module) {
  return llvm::any_of(module.getOps<func::FuncOp>(), [](func::FuncOp op) {
    return op->hasAttr(kExportAttrName);
  });
}

static std::string cParam(const CValue &value) {
  switch (value.kind) {
  case CValue::Graph:
    return value.type + value.name;
  case CValue::Scalar:
    return value.type + " " + value.name;
  case CValue::Array:
    return value.type + " *" + value.name;
  }
  llvm_unreachable("unknown C value kind");
}

static void writePrototype(const Export &exported, llvm::raw_ostream &os) {
  os << (exported.result ? exported.result->type : "void") << " "
     << exported.name << "(";
  if (exported.params.empty())
    os << "void";
  llvm::interleaveComma(exported.params, os,
                        [&](const CValue &param) { os << cParam(param); });
  os << ")";
}

/// The declarations the header and the source share.
static void writeDeclarations(ArrayRef<Export> exports, llvm::raw_ostream &os) {
  os << R"(#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Graphs (libgraphrt): build one from CSR arrays (copied; offsets has
 * num_vertices + 1 entries, neighbors and weights offsets[num_vertices];
 * weights may be NULL) or load a file, and free it when done. */
typedef struct graphrt_graph graphrt_graph;
graphrt_graph *graphrt_graph_from_csr(int64_t num_vertices,
                                      const int64_t *offsets,
                                      const int32_t *neighbors,
                                      const int32_t *weights);
graphrt_graph *graphrt_load(const char *path, int32_t weighted,
                            int32_t symmetrize);
int64_t graphrt_num_vertices(const graphrt_graph *g);
void graphrt_graph_free(graphrt_graph *g);
)";
  for (const Export &exported : exports) {
    os << "\n/* export func " << exported.name << ": ";
    SmallVector<std::string> arrays;
    for (const CValue &param : exported.params)
      if (param.kind == CValue::Array)
        arrays.push_back(
            param.name + " has " +
            (param.length ? std::to_string(param.length)
             : exported.graphSlot.empty()
                 ? "graphrt_num_vertices(" + exported.graphParam + ")"
                 : "(the vertex count of the graph an earlier "
                   "call gave '" +
                       exported.graphName + "')") +
            (param.rowLength ? " x " + std::to_string(param.rowLength)
                             : std::string()) +
            " elements");
    os << (arrays.empty() ? "no arrays" : llvm::join(arrays, ", ")) << ". */\n";
    writePrototype(exported, os);
    os << ";\n";
  }
  os << R"(
#ifdef __cplusplus
}
#endif
)";
}

LogicalResult mlir::graph::writeExportHeader(ModuleOp module,
                                             llvm::raw_ostream &os) {
  FailureOr<SmallVector<Export, 4>> exports = collectExports(module);
  if (failed(exports))
    return failure();
  os << "/* C bindings of a graph-mlir program's export functions (generated "
        "by graphc). */\n#ifndef GRAPH_MLIR_EXPORTS_H\n#define "
        "GRAPH_MLIR_EXPORTS_H\n\n";
  writeDeclarations(*exports, os);
  os << "\n#endif /* GRAPH_MLIR_EXPORTS_H */\n";
  return success();
}

LogicalResult mlir::graph::writeExportSource(ModuleOp module,
                                             llvm::raw_ostream &os) {
  FailureOr<SmallVector<Export, 4>> exports = collectExports(module);
  if (failed(exports))
    return failure();
  os << "/* C bindings of a graph-mlir program's export functions (generated "
        "by graphc): each wraps its arrays in memref descriptors and calls "
        "the compiled function's C interface. */\n";
  writeDeclarations(*exports, os);
  // One descriptor type per element type and rank (rows have two).
  auto descriptor = [](const CValue &array) {
    return (array.rowLength ? "graphrt_rows_" : "graphrt_array_") + array.type;
  };
  std::vector<std::string> descriptors;
  os << "\n/* Program teardown between calls (libgraphrt). */\n"
        "void graphrt_vset_free_all(void);\nvoid "
        "graphrt_graph_free_kept(void);\n";
  std::vector<std::string> slots;
  for (const Export &exported : *exports)
    if (!exported.graphSlot.empty() &&
        !llvm::is_contained(slots, exported.graphSlot)) {
      if (slots.empty())
        os << "/* The graph an earlier call kept (program state). */\n"
              "void graphrt_state_check(const void *p, const char *name);\n";
      slots.push_back(exported.graphSlot);
      os << "extern graphrt_graph *" << exported.graphSlot << ";\n";
    }
  for (const Export &exported : *exports)
    for (const CValue &param : exported.params) {
      if (param.kind != CValue::Array ||
          llvm::is_contained(descriptors, descriptor(param)))
        continue;
      descriptors.push_back(descriptor(param));
      int rank = param.rowLength ? 2 : 1;
      os << "typedef struct { " << param.type << " *allocated, *aligned; "
         << "int64_t offset, sizes[" << rank << "], strides[" << rank << "]; } "
         << descriptor(param) << ";\n";
    }
  for (const Export &exported : *exports) {
    std::string impl =
        "_mlir_ciface_" + func::FuncOp(exported.op).getSymName().str();
    os << "\n"
       << (exported.result ? exported.result->type : "void") << " " << impl
       << "(";
    if (exported.params.empty())
      os << "void";
    llvm::interleaveComma(exported.params, os, [&](const CValue &param) {
      os << (param.kind == CValue::Array ? descriptor(param) + " *"
                                         : param.type);
    });
    os << ");\n";
    writePrototype(exported, os);
    os << " {\n";
    if (!exported.graphParam.empty())
      os << "  int64_t num_vertices = graphrt_num_vertices("
         << exported.graphParam << ");\n  (void)num_vertices;\n";
    else if (!exported.graphSlot.empty())
      os << "  graphrt_state_check(" << exported.graphSlot << ", \""
         << exported.graphName
         << "\");\n  int64_t num_vertices = graphrt_num_vertices("
         << exported.graphSlot << ");\n";
    for (const CValue &param : exported.params) {
      if (param.kind != CValue::Array)
        continue;
      std::string count =
          param.length ? std::to_string(param.length) : "num_vertices";
      std::string row = std::to_string(param.rowLength);
      os << "  " << descriptor(param) << " " << param.name << "_array = {"
         << param.name << ", " << param.name << ", 0, "
         << (param.rowLength ? "{" + count + ", " + row + "}, {" + row + ", 1}"
                             : "{" + count + "}, {1}")
         << "};\n";
    }
    os << "  " << (exported.result ? exported.result->type + " result = " : "")
       << impl << "(";
    llvm::interleaveComma(exported.params, os, [&](const CValue &param) {
      os << (param.kind == CValue::Array ? "&" + param.name + "_array"
                                         : param.name);
    });
    os << ");\n  graphrt_vset_free_all();\n  graphrt_graph_free_kept();\n";
    if (exported.result)
      os << "  return result;\n";
    os << "}\n";
  }
  return success();
}

void mlir::graph::writeExternWrappers(ModuleOp module, llvm::raw_ostream &os) {
  bool first = true;
  for (auto op : module.getOps<func::FuncOp>()) {
    auto names = op->getAttrOfType<ArrayAttr>(GraphDialect::kExternAttrName);
    auto params =
        op->getAttrOfType<ArrayAttr>(GraphDialect::kExternParamsAttrName);
    if (!names || !params || names.size() != 2)
      continue;
    if (first)
      os << "// C wrappers of the C++ functions a graph-mlir program calls "
            "(generated by graphc).\n#include <cstdint>\n#include <cstring>\n"
            "#include <string>\n#include <vector>\n\n"
            "// Vertex sets and lists of numbers (graph_rt.h).\n"
            "extern \"C\" {\nstruct graphrt_vset;\nstruct graphrt_list;\n"
            "int64_t graphrt_vset_created(void);\n"
            "graphrt_vset *graphrt_vset_from_extern(graphrt_vset *s, const "
            "char *name, int64_t num_vertices, int64_t created_before);\n"
            "int64_t graphrt_list_size(const graphrt_list *l);\n"
            "void *graphrt_list_data(graphrt_list *l);\n"
            "void graphrt_list_resize(graphrt_list *l, int64_t size);\n}\n";
    first = false;
    StringRef name = cast<StringAttr>(names[0]).getValue();
    StringRef result = cast<StringAttr>(names[1]).getValue();
    SmallVector<StringRef> types;
    for (Attribute type : params)
      types.push_back(cast<StringAttr>(type).getValue());
    // A list is copied into a std::vector of its element type (`T` of
    // `std::vector<T> *`) and back after the call, which may change it.
    auto listElement = [](StringRef type) {
      return type.consume_front("std::vector<") && type.consume_back("> *")
                 ? type
                 : StringRef();
    };
    os << "\n"
       << result << " " << name << "(" << llvm::join(types, ", ")
       << ");\nextern \"C\" " << result << " " << op.getSymName() << "(";
    for (auto [i, type] : llvm::enumerate(types)) {
      StringRef cType = type;
      if (type == "std::string")
        cType = "const char *";
      else if (!listElement(type).empty())
        cType = "graphrt_list *";
      os << (i ? ", " : "") << cType << " a" << i;
    }
    // A vertex set result is checked (graphrt_vset_from_extern) against the
    // vertex count the program passes last.
    bool returnsSet = result == "graphrt_vset *";
    if (returnsSet)
      os << (types.empty() ? "" : ", ") << "int64_t num_vertices";
    os << ") {\n";
    if (returnsSet)
      os << "  int64_t created = graphrt_vset_created();\n";
    for (auto [i, type] : llvm::enumerate(types))
      if (StringRef elem = listElement(type); !elem.empty())
        os << "  " << elem << " *data" << i << " = static_cast<" << elem
           << " *>(graphrt_list_data(a" << i << "));\n  std::vector<" << elem
           << "> v" << i << "(data" << i << ", data" << i
           << " + graphrt_list_size(a" << i << "));\n";
    os << "  " << (result == "void" ? "" : "auto result = ") << name << "(";
    for (auto [i, type] : llvm::enumerate(types)) {
      std::string arg = "a" + std::to_string(i);
      if (type == "std::string")
        arg = "std::string(" + arg + ")";
      else if (!listElement(type).empty())
        arg = "&v" + std::to_string(i);
      os << (i ? ", " : "") << arg;
    }
    os << ");\n";
    for (auto [i, type] : llvm::enumerate(types))
      if (StringRef elem = listElement(type); !elem.empty())
        os << "  graphrt_list_resize(a" << i << ", v" << i
           << ".size());\n  if (!v" << i
           << ".empty())\n    std::memcpy(graphrt_list_data(a" << i << "), v"
           << i << ".data(), v" << i << ".size() * sizeof(" << elem << "));\n";
    if (returnsSet)
      os << "  return graphrt_vset_from_extern(result, \"" << name
         << "\", num_vertices, created);\n";
    else if (result != "void")
      os << "  return result;\n";
    os << "}\n";
  }
}

void mlir::graph::registerCBindingsTranslations() {
  auto registerTranslation =
      [](StringRef name, StringRef description,
         LogicalResult (*write)(ModuleOp, llvm::raw_ostream &)) {
        TranslateFromMLIRRegistration(
            name, description,
            [write](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
              auto module = dyn_cast<ModuleOp>(op);
              if (!module)
                return op->emitError("expected a module");
              return write(module, os);
            },
            [](DialectRegistry &registry) {
              // Any graph program: the graph dialect and what it lowers to.
              registerAllDialects(registry);
              registry.insert<GraphDialect>();
            });
      };
  registerTranslation("graph-export-header",
                      "C header of a graph program's export functions",
                      writeExportHeader);
  registerTranslation("graph-export-source",
                      "C source of a graph program's export functions",
                      writeExportSource);
}
