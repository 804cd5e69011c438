//===- CBindings.h - C interface of exported graph functions ----*- C++ -*-===//
//
// A GraphIt `export func` becomes a function with `graph.export = "name"`
// and `llvm.emit_c_interface`. Its C binding is a function `int name(...)`
// taking plain C values: a graph handle (`graphrt_graph *`), numbers, and
// vectors as arrays, with a vector result written to a last array argument
// and a number result through a last pointer; it returns 0, or 1 on an
// error with the message in graphrt_last_error(). It checks its arguments
// and the program state it reads, wraps the arrays into memref descriptors
// and calls the compiled function's `_mlir_ciface_` entry under a recovery
// point (graphrt_export_begin). This writes the header declaring the
// bindings and the C source defining them.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_TARGET_CBINDINGS_H
#define GRAPH_MLIR_TARGET_CBINDINGS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace mlir::graph {

/// Whether `module` exports functions.
bool hasExports(ModuleOp module);

/// Why `name` cannot name an export function's C binding, or nothing: it
/// must be a C identifier, not a C or C++ keyword, not reserved (`__x`,
/// `_X`), not start with a prefix of the runtime's, the compiled program's,
/// MLIR's or OpenMP's symbols (`graphrt_`, `rt_`, `graphit_`, `_mlir_`,
/// `omp_`, `__kmpc_`...), not be `main`, and not be a symbol of the C, math,
/// C++, OpenMP or NUMA libraries installed here (looked up in libc.so.6,
/// libm.so.6, libstdc++.so.6, libgcc_s.so.1, libomp.so.5, libnuma.so.1):
/// the library's function would replace that symbol in its whole process.
std::optional<std::string> exportNameProblem(StringRef name);
/// The same for a parameter name, without the library look-up.
std::optional<std::string> exportParamNameProblem(StringRef name);

/// The C header: the runtime entry points a caller needs to make graphs and
/// one prototype per exported function, each with its arrays and their
/// sizes. `name` (the library's, e.g. `libbfs`) gives the include guard
/// (exportHeaderGuard), so that the headers of several libraries can be
/// included together. Fails (with a diagnostic) on a signature with no C
/// form.
LogicalResult writeExportHeader(ModuleOp module, llvm::raw_ostream &os,
                                StringRef name);

/// The include guard of the header of library `name`: GRAPH_MLIR_, the name
/// in capitals with every other character than a letter or digit as `_`,
/// and _H (`libbfs` gives GRAPH_MLIR_LIBBFS_H).
std::string exportHeaderGuard(StringRef name);

/// The C source defining the exported functions (self-contained: it repeats
/// the header's declarations), and `const char *graphit_exports_json(void)`,
/// which describes them in JSON for callers that bind them at run time (the
/// Python package graphmlir): `{"functions": [{"name", "params", "result",
/// "vertices"}]}`, each parameter (and the number result) `{"name", "kind":
/// "graph" | "scalar" | "array"}` with a graph's `"weights"` (the MLIR weight
/// type or null), a number's or array element's C `"type"`, an array's
/// `"length"` (0: one element per vertex) and `"row_length"` (0: not rows);
/// `"vertices"` says what sizes the per-vertex arrays: `{"param"}` a graph
/// parameter, `{"global", "symbol"}` the graph an earlier call kept, or null;
/// `"keeps_graph"` whether the function keeps a graph for later calls.
LogicalResult writeExportSource(ModuleOp module, llvm::raw_ostream &os);

/// The C++ wrappers (C linkage) of the C++ functions the program calls that
/// take strings, lists or vertex sets or return vertex sets (graph.extern),
/// or nothing when there are none. A wrapper returning a vertex set takes
/// the program's vertex count (i64, -1 for none) after the C++ function's
/// arguments and checks the set with graphrt_vset_from_extern.
void writeExternWrappers(ModuleOp module, llvm::raw_ostream &os);

/// Registers the translations --graph-export-header and
/// --graph-export-source.
void registerCBindingsTranslations();

} // namespace mlir::graph

#endif // GRAPH_MLIR_TARGET_CBINDINGS_H
