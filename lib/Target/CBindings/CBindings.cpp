//===- CBindings.cpp - C interface of exported graph functions ------------===//

#include "graph-mlir/Target/CBindings.h"
#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/JSON.h"

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
  std::string weights;   // A graph's edge weight type (MLIR), or none.
  // A graph's constructor from CSR arrays: graphrt_graph_from_csr, or its
  // _f32 / _f64 form for float / double weights (the header names these).
  std::string csr;
  int32_t weightCode = 0; // graphrt_load's weight type (GRAPHRT_WEIGHTS_*).
};

/// One exported function and its C form.
struct Export {
  func::FuncOp op;
  std::string name;
  SmallVector<CValue> params;   // The vector result, if any, is the last.
  std::optional<CValue> result; // A scalar, written through a last pointer.
  std::string graphParam;       // The parameter that sizes per-vertex arrays.
  // Without one, the graph.global slot of the graph an earlier call kept.
  std::string graphSlot, graphName;
  // The graph.global slots it reads without storing them, and those it
  // stores.
  SmallVector<GlobalOp> loads, stores;
};

} // namespace

// C and C++ keywords (the header is included from both), and names the
// bindings' source uses, which a parameter must not shadow.
static const llvm::StringSet<> &cKeywords() {
  static const llvm::StringSet<> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
      "bool", "break", "case", "catch", "char", "char8_t", "char16_t",
      "char32_t", "class", "compl", "concept", "const", "consteval",
      "constexpr", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
      "float", "for", "friend", "goto", "if", "inline", "int", "long",
      "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
      "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "restrict", "return", "short", "signed",
      "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
      "template", "this", "thread_local", "throw", "true", "try", "typedef",
      "typeid", "typename", "typeof", "typeof_unqual", "union", "unsigned",
      "using", "virtual", "void", "volatile", "wchar_t", "while", "xor",
      "xor_eq",
      // Types and macros of <stdbool.h>, <stdint.h> and <setjmp.h>.
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
      "uint32_t", "uint64_t", "intptr_t", "uintptr_t", "size_t", "NULL",
      "jmp_buf", "setjmp", "longjmp"};
  return keywords;
}

// Prefixes of the symbols of libgraphrt, the compiled program, MLIR's C
// interface and OpenMP's runtime (libomp, with its GOMP compatibility layer).
static constexpr StringLiteral kReservedPrefixes[] = {
    "graphrt_", "rt_",  "graphit_", "_mlir_", "mlir_", "__kmpc_",
    "__kmp",    "kmp_", "omp_",     "ompt_",  "GOMP_"};

/// Why `name` cannot name a C identifier of the bindings (a function with
/// `isFunction`, else a parameter), or nothing.
static std::optional<std::string> cNameProblem(StringRef name,
                                               bool isFunction) {
  if (name.empty() || llvm::isDigit(name[0]) ||
      !llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return std::string("is not a C identifier");
  if (cKeywords().contains(name))
    return std::string("is a C or C++ keyword or a name the C bindings use");
  if (name.starts_with("__") ||
      (name.size() > 1 && name[0] == '_' && llvm::isUpper(name[1])))
    return std::string("is reserved in C (it starts with '__' or '_' and a "
                       "capital)");
  for (StringRef prefix : kReservedPrefixes)
    if (name.starts_with(prefix))
      return ("starts with '" + prefix +
              "', which the runtime's and the compiled program's symbols use")
          .str();
  if (!isFunction)
    return std::nullopt;
  if (llvm::is_contained({"main", "_start", "_init", "_fini", "environ"}, name))
    return std::string("is a symbol every C program has");
  // The libraries an export library and its callers link against: a symbol
  // they define would be replaced, for the whole process, by the export
  // function. Opened once; those not installed are skipped (the prefixes
  // above cover libgraphrt's and libomp's).
  static const SmallVector<std::pair<const char *, llvm::sys::DynamicLibrary>>
      libraries = [] {
        SmallVector<std::pair<const char *, llvm::sys::DynamicLibrary>> opened;
        for (const char *library :
             {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
              "libomp.so.5", "libnuma.so.1"}) {
          llvm::sys::DynamicLibrary lib =
              llvm::sys::DynamicLibrary::getLibrary(library);
          if (lib.isValid())
            opened.push_back({library, lib});
        }
        return opened;
      }();
  for (auto [library, lib] : libraries)
    if (lib.getAddressOfSymbol(name.str().c_str()))
      return ("is a symbol of " + Twine(library) +
              ", which every caller of the library would then call instead")
          .str();
  return std::nullopt;
}

std::optional<std::string> mlir::graph::exportNameProblem(StringRef name) {
  return cNameProblem(name, /*isFunction=*/true);
}

std::optional<std::string> mlir::graph::exportParamNameProblem(StringRef name) {
  return cNameProblem(name, /*isFunction=*/false);
}

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
  if (auto edgeset = dyn_cast<EdgeSetType>(type)) {
    CValue graph{CValue::Graph, "graphrt_graph *", 0, name.str(), 0, "", "", 0};
    Type storage = edgeset.getWeightStorageType();
    graph.csr = "graphrt_graph_from_csr";
    if (edgeset.isWeighted()) {
      llvm::raw_string_ostream(graph.weights) << edgeset.getWeightType();
      graph.csr += storage.isF32() ? "_f32" : storage.isF64() ? "_f64" : "";
      graph.weightCode = storage.isF32() ? 2 : storage.isF64() ? 3 : 1;
    }
    return graph;
  }
  if (auto vector = dyn_cast<VertexVectorType>(type)) {
    std::optional<std::string> element = scalarCType(vector.getElementType());
    if (element && !vector.getLayout())
      return CValue{CValue::Array,         *element,
                    vector.getLength(),    name.str(),
                    vector.getRowLength(), ""};
  } else if (std::optional<std::string> scalar = scalarCType(type)) {
    return CValue{CValue::Scalar, *scalar, 0, name.str(), 0, ""};
  }
  return op.emitError("exported function '")
         << op->getAttrOfType<StringAttr>(kExportAttrName).getValue()
         << "' has a " << type << " with no C form";
}

/// The graph.global slots `func` and the functions it calls load and store.
static void collectState(func::FuncOp func, SymbolTable &symbols,
                         llvm::SmallPtrSetImpl<Operation *> &seen,
                         llvm::SetVector<GlobalOp> &loads,
                         llvm::SetVector<GlobalOp> &stores) {
  if (!seen.insert(func).second)
    return;
  func.walk([&](Operation *op) {
    if (auto load = dyn_cast<GlobalLoadOp>(op)) {
      if (auto slot = symbols.lookup<GlobalOp>(load.getGlobal()))
        loads.insert(slot);
    } else if (auto store = dyn_cast<GlobalStoreOp>(op)) {
      if (auto slot = symbols.lookup<GlobalOp>(store.getGlobal()))
        stores.insert(slot);
    } else if (auto call = dyn_cast<func::CallOp>(op)) {
      if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
        collectState(callee, symbols, seen, loads, stores);
    }
  });
}

static FailureOr<SmallVector<Export, 4>> collectExports(ModuleOp module) {
  SmallVector<Export, 4> exports;
  SymbolTable symbols(module);
  llvm::StringSet<> names;
  GlobalOp graphSlot;
  for (auto global : module.getOps<GlobalOp>())
    if (!graphSlot && isa<EdgeSetType>(global.getType()))
      graphSlot = global;
  for (auto op : module.getOps<func::FuncOp>()) {
    auto name = op->getAttrOfType<StringAttr>(kExportAttrName);
    if (!name)
      continue;
    if (std::optional<std::string> problem = exportNameProblem(name))
      return op.emitError("export function name '")
             << name.getValue() << "' " << *problem;
    if (!names.insert(name).second)
      return op.emitError("export function name '")
             << name.getValue() << "' is exported twice";
    Export exported{op, name.str(), {}, std::nullopt, "", "", "", {}, {}};
    llvm::SetVector<GlobalOp> loads, stores;
    llvm::SmallPtrSet<Operation *, 8> seen;
    collectState(op, symbols, seen, loads, stores);
    for (GlobalOp slot : loads)
      if (!stores.contains(slot))
        exported.loads.push_back(slot);
    exported.stores.assign(stores.begin(), stores.end());
    auto names =
        op->getAttrOfType<ArrayAttr>(GraphDialect::kExportParamsAttrName);
    for (auto [i, type] : llvm::enumerate(op.getArgumentTypes())) {
      auto argName = names && i < names.size() ? dyn_cast<StringAttr>(names[i])
                                               : StringAttr();
      if (argName)
        if (std::optional<std::string> problem =
                exportParamNameProblem(argName.getValue()))
          return op.emitError("parameter '")
                 << argName.getValue() << "' of export function '"
                 << name.getValue() << "' " << *problem;
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
      // Named apart from the parameters.
      std::string resultName = "result";
      while (llvm::any_of(exported.params, [&](const CValue &param) {
        return param.name == resultName;
      }))
        resultName += "_";
      FailureOr<CValue> result = cValue(op, op.getResultTypes()[0], resultName);
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
  os << "int " << exported.name << "(";
  SmallVector<std::string> params;
  for (const CValue &param : exported.params)
    params.push_back(cParam(param));
  if (exported.result)
    params.push_back(exported.result->type + " *" + exported.result->name);
  os << (params.empty() ? "void" : llvm::join(params, ", ")) << ")";
}

/// The declarations the header and the source share.
static void writeDeclarations(ArrayRef<Export> exports, llvm::raw_ostream &os) {
  os << R"c(#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Errors. No function here exits or aborts its caller:
 *  - every export function returns an int status, 0 on success and 1 on an
 *    error, and writes a number it returns through its last argument (a
 *    pointer); graphrt_graph_from_csr and graphrt_load return NULL on an
 *    error, graphrt_num_vertices -1, graphrt_graph_free 1;
 *  - graphrt_last_error() is then the error in one line (e.g. "CSR neighbor
 *    7 of vertex 2 out of range [0, 3)"); it is the calling thread's own,
 *    and "" after a call that succeeded;
 *  - arguments are checked before they are used: NULL pointers, graphs that
 *    were freed, CSR arrays (offsets from 0, never decreasing, neighbours in
 *    range, sizes that fit in memory); so are globals of the program that an
 *    earlier export function must have set;
 *  - an error of the program itself (an id out of range, a distance
 *    overflow...) or of the runtime (out of memory...) ends the call with
 *    its status, also inside a parallel loop (whose threads finish the loop
 *    first);
 *  - export functions run one at a time: a call made while another thread's
 *    runs waits for it (they share the program's globals).
 * Graphs (libgraphrt): build one from CSR arrays (copied; offsets has
 * num_vertices + 1 entries, neighbors and weights offsets[num_vertices];
 * weights may be NULL) or load a file, and free it when done. The weights
 * are of the graph parameter's type, as the comment above each function
 * says: int32_t (graphrt_graph_from_csr; graphrt_load's `weighted` 1),
 * float (graphrt_graph_from_csr_f32; 2) or double
 * (graphrt_graph_from_csr_f64; 3); float weights must be finite. */
#ifndef GRAPH_MLIR_EXPORT_RUNTIME /* once for all the libraries' headers */
#define GRAPH_MLIR_EXPORT_RUNTIME
typedef struct graphrt_graph graphrt_graph;
graphrt_graph *graphrt_graph_from_csr(int64_t num_vertices,
                                      const int64_t *offsets,
                                      const int32_t *neighbors,
                                      const int32_t *weights);
graphrt_graph *graphrt_graph_from_csr_f32(int64_t num_vertices,
                                          const int64_t *offsets,
                                          const int32_t *neighbors,
                                          const float *weights);
graphrt_graph *graphrt_graph_from_csr_f64(int64_t num_vertices,
                                          const int64_t *offsets,
                                          const int32_t *neighbors,
                                          const double *weights);
graphrt_graph *graphrt_load(const char *path, int32_t weighted,
                            int32_t symmetrize);
int64_t graphrt_num_vertices(const graphrt_graph *g);
int32_t graphrt_graph_free(graphrt_graph *g);
const char *graphrt_last_error(void);
#endif

/* Arrays: an array parameter is the caller's memory, of the element type
 * of its prototype, which the function reads and may write in place (a
 * function returning a vector fills its last array); none may be NULL.
 * The comment above each function gives every array's length in elements:
 * a number, the vertex count of its graph parameter, or that of the graph
 * an earlier call kept; N x K is N rows of K, row-major. The function
 * trusts these lengths: a shorter array is read and written past its end. */
)c";
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
    os << (arrays.empty() ? "no arrays" : llvm::join(arrays, ", "));
    for (const CValue &param : exported.params)
      if (param.kind == CValue::Graph && param.weightCode > 1)
        os << "; " << param.name << " has " << param.weights
           << " edge weights (make it with " << param.csr
           << ", or graphrt_load(path, " << param.weightCode << ", ...))";
    if (exported.result)
      os << "; the result goes to *" << exported.result->name;
    os << ". */\n";
    writePrototype(exported, os);
    os << ";\n";
  }
  os << R"(
#ifdef __cplusplus
}
#endif
)";
}

std::string mlir::graph::exportHeaderGuard(StringRef name) {
  std::string guard = "GRAPH_MLIR_";
  for (char c : name)
    guard += llvm::isAlnum(c) ? llvm::toUpper(c) : '_';
  return guard + "_H";
}

LogicalResult mlir::graph::writeExportHeader(ModuleOp module,
                                             llvm::raw_ostream &os,
                                             StringRef name) {
  FailureOr<SmallVector<Export, 4>> exports = collectExports(module);
  if (failed(exports))
    return failure();
  std::string guard = exportHeaderGuard(name);
  os << "/* C bindings of a graph-mlir program's export functions (generated "
        "by graphc). */\n#ifndef "
     << guard << "\n#define " << guard << "\n\n";
  writeDeclarations(*exports, os);
  os << "\n#endif /* " << guard << " */\n";
  return success();
}

/// A C string literal of `text`.
static std::string cString(StringRef text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

/// The export functions as JSON, for callers that bind them at run time
/// (the Python package): each parameter's kind, C type and array shape, the
/// number result, and what sizes the per-vertex arrays.
static std::string exportDescription(ArrayRef<Export> exports) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::json::OStream json(os);
  auto value = [&](const CValue &value) {
    json.object([&] {
      json.attribute("name", value.name);
      switch (value.kind) {
      case CValue::Graph:
        json.attribute("kind", "graph");
        json.attribute("weights", value.weights.empty()
                                      ? llvm::json::Value(nullptr)
                                      : llvm::json::Value(value.weights));
        return;
      case CValue::Scalar:
        json.attribute("kind", "scalar");
        json.attribute("type", value.type);
        return;
      case CValue::Array:
        json.attribute("kind", "array");
        json.attribute("type", value.type);
        json.attribute("length", value.length);
        json.attribute("row_length", value.rowLength);
        return;
      }
    });
  };
  json.object([&] {
    json.attributeArray("functions", [&] {
      for (const Export &exported : exports)
        json.object([&] {
          json.attribute("name", exported.name);
          json.attributeArray("params", [&] {
            for (const CValue &param : exported.params)
              value(param);
          });
          json.attributeBegin("result");
          if (exported.result)
            value(*exported.result);
          else
            json.value(nullptr);
          json.attributeEnd();
          // Per-vertex arrays have the vertex count of this graph parameter,
          // or of the graph an earlier call kept in this global.
          json.attributeBegin("vertices");
          if (!exported.graphParam.empty())
            json.object([&] { json.attribute("param", exported.graphParam); });
          else if (!exported.graphSlot.empty())
            json.object([&] {
              json.attribute("global", exported.graphName);
              json.attribute("symbol", exported.graphSlot);
            });
          else
            json.value(nullptr);
          json.attributeEnd();
          // A graph it keeps for later calls must outlive the call.
          json.attribute("keeps_graph",
                         llvm::any_of(exported.stores, [](GlobalOp slot) {
                           return isa<EdgeSetType>(slot.getType());
                         }));
        });
    });
  });
  return text;
}

LogicalResult mlir::graph::writeExportSource(ModuleOp module,
                                             llvm::raw_ostream &os) {
  FailureOr<SmallVector<Export, 4>> exports = collectExports(module);
  if (failed(exports))
    return failure();
  os << "/* C bindings of a graph-mlir program's export functions (generated "
        "by graphc): each checks its arguments, wraps its arrays in memref "
        "descriptors and calls the compiled function's C interface under a "
        "recovery point, so that an error returns a status. */\n";
  writeDeclarations(*exports, os);
  // One descriptor type per element type and rank (rows have two).
  auto descriptor = [](const CValue &array) {
    return (array.rowLength ? "graphrt_rows_" : "graphrt_array_") + array.type;
  };
  std::vector<std::string> descriptors;
  os << "\n/* A call's error channel (libgraphrt, graph_rt.h). */\n"
        "#include <setjmp.h>\n"
        "void graphrt_export_begin(jmp_buf *env);\n"
        "int32_t graphrt_export_end(void);\n"
        "int32_t graphrt_export_failed(void);\n"
        "void graphrt_export_poll(void);\n"
        "void graphrt_export_check_graph(const graphrt_graph *g, const char "
        "*func, const char *param);\n"
        "void graphrt_export_check_state_graph(const graphrt_graph *g, const "
        "char *func, const char *name);\n"
        "void graphrt_export_check_array(const void *p, const char *func, "
        "const char *param);\n"
        "void graphrt_export_check_state(int32_t set, const char *name);\n"
        "void graphrt_export_library(void);\n"
        "/* Loading the library makes libgraphrt's client calls return "
        "errors. */\n"
        "__attribute__((constructor)) static void "
        "graphrt_library_loaded(void) {\n  graphrt_export_library();\n}\n";
  // The slots some function reads, each with a flag: set once a call that
  // stores it has returned.
  SmallVector<GlobalOp> slots;
  for (const Export &exported : *exports)
    for (GlobalOp slot : exported.loads)
      if (!llvm::is_contained(slots, slot))
        slots.push_back(slot);
  auto slotIndex = [&](GlobalOp slot) {
    return std::to_string(llvm::find(slots, slot) - slots.begin());
  };
  auto slotName = [](GlobalOp slot) {
    StringRef name = slot.getSymName();
    name.consume_front(GraphDialect::kStatePrefix);
    return name;
  };
  if (!slots.empty())
    os << "/* Program state: whether a call has set each global another "
          "reads. */\nstatic int32_t graphrt_state_set["
       << slots.size() << "];\n";
  // The kept graphs: a call checks that those it reads were not freed since.
  auto isGraph = [](GlobalOp slot) { return isa<EdgeSetType>(slot.getType()); };
  std::vector<std::string> graphSlots;
  for (const Export &exported : *exports) {
    SmallVector<std::string> names;
    for (GlobalOp slot : exported.loads)
      if (isGraph(slot))
        names.push_back(slot.getSymName().str());
    if (!exported.graphSlot.empty())
      names.push_back(exported.graphSlot);
    for (const std::string &name : names)
      if (!llvm::is_contained(graphSlots, name)) {
        graphSlots.push_back(name);
        os << "extern graphrt_graph *" << name << ";\n";
      }
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
    std::string funcName = cString(exported.name);
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
    os << " {\n  jmp_buf graphrt_env;\n  graphrt_export_begin(&graphrt_env);\n"
          "  if (setjmp(graphrt_env))\n    return graphrt_export_failed();\n";
    // Every check comes before the compiled code touches anything.
    for (const CValue &param : exported.params) {
      if (param.kind == CValue::Graph)
        os << "  graphrt_export_check_graph(" << param.name << ", " << funcName
           << ", " << cString(param.name) << ");\n";
      else if (param.kind == CValue::Array)
        os << "  graphrt_export_check_array(" << param.name << ", " << funcName
           << ", " << cString(param.name) << ");\n";
    }
    if (exported.result)
      os << "  graphrt_export_check_array(" << exported.result->name << ", "
         << funcName << ", " << cString(exported.result->name) << ");\n";
    for (GlobalOp slot : exported.loads)
      os << "  graphrt_export_check_state(graphrt_state_set[" << slotIndex(slot)
         << "], " << cString(slotName(slot)) << ");\n";
    for (GlobalOp slot : exported.loads)
      if (isGraph(slot))
        os << "  graphrt_export_check_state_graph(" << slot.getSymName() << ", "
           << funcName << ", " << cString(slotName(slot)) << ");\n";
    if (!exported.graphParam.empty())
      os << "  int64_t graphrt_n = graphrt_num_vertices(" << exported.graphParam
         << ");\n  (void)graphrt_n;\n";
    else if (!exported.graphSlot.empty()) {
      if (llvm::none_of(exported.loads, [&](GlobalOp slot) {
            return slot.getSymName() == exported.graphSlot;
          }))
        os << "  graphrt_export_check_state_graph(" << exported.graphSlot
           << ", " << funcName << ", " << cString(exported.graphName) << ");\n";
      os << "  int64_t graphrt_n = graphrt_num_vertices(" << exported.graphSlot
         << ");\n";
    }
    for (const CValue &param : exported.params) {
      if (param.kind != CValue::Array)
        continue;
      std::string count =
          param.length ? std::to_string(param.length) : "graphrt_n";
      std::string row = std::to_string(param.rowLength);
      os << "  " << descriptor(param) << " graphrt_array_" << param.name
         << " = {" << param.name << ", " << param.name << ", 0, "
         << (param.rowLength ? "{" + count + ", " + row + "}, {" + row + ", 1}"
                             : "{" + count + "}, {1}")
         << "};\n";
    }
    os << "  " << (exported.result ? "*" + exported.result->name + " = " : "")
       << impl << "(";
    llvm::interleaveComma(exported.params, os, [&](const CValue &param) {
      os << (param.kind == CValue::Array ? "&graphrt_array_" + param.name
                                         : param.name);
    });
    os << ");\n";
    // An error deferred in a parallel region fails the call before it
    // records state.
    os << "  graphrt_export_poll();\n";
    for (GlobalOp slot : exported.stores)
      if (llvm::is_contained(slots, slot))
        os << "  graphrt_state_set[" << slotIndex(slot) << "] = 1;\n";
    os << "  return graphrt_export_end();\n}\n";
  }
  os << "\n/* The export functions described in JSON. */\n"
        "const char *graphit_exports_json(void) {\n  return "
     << cString(exportDescription(*exports)) << ";\n}\n";
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
  registerTranslation(
      "graph-export-header", "C header of a graph program's export functions",
      [](ModuleOp module, llvm::raw_ostream &os) {
        // Named after the module (`module @name`), as graphc names it
        // after the library.
        return writeExportHeader(module, os,
                                 module.getSymName().value_or("exports"));
      });
  registerTranslation("graph-export-source",
                      "C source of a graph program's export functions",
                      writeExportSource);
}
