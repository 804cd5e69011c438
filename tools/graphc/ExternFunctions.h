//===- ExternFunctions.h - extern functions a program needs defined -------===//
//
// The functions a graph program declares without a body (GraphIt's `extern
// func`), kept from before lowering so that a missing definition is reported
// at its declaration instead of as the linker's or the JIT's raw output.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHC_EXTERNFUNCTIONS_H
#define GRAPHC_EXTERNFUNCTIONS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace graphc {

/// The C and C++ sources, objects and archives linked with the program, and
/// the compiler that builds them: where a definition of the wrong type can
/// be found when an extern function stays undefined.
struct LinkInputs {
  llvm::ArrayRef<std::string> files;
  llvm::StringRef compiler;
};

class ExternFunctions {
public:
  /// A function a link input defines.
  struct Definition {
    std::string symbol, file;
  };

  /// Collects the body-less functions of `module`, before lowering declares
  /// the runtime's. `program` names the input in the suggested fix.
  ExternFunctions(mlir::ModuleOp module, llvm::StringRef program);

  /// Reports each extern function the linker's output `log` names as an
  /// undefined reference (GNU ld, gold and lld spell it in their own ways).
  /// Whether every undefined reference in `log` was one of them, so that
  /// the located errors say all there is to say.
  bool reportUndefinedReferences(llvm::StringRef log,
                                 const LinkInputs &inputs) const;

  /// Reports each extern function the shared library at `path` leaves
  /// undefined (such a library links, and fails when loaded). Whether there
  /// were none.
  bool checkLibrary(llvm::StringRef path, const LinkInputs &inputs) const;

  /// Reports each extern function whose symbol `isDefined` does not find,
  /// with `fix` as the advice. Whether all were found.
  bool checkDefined(llvm::function_ref<bool(llvm::StringRef symbol)> isDefined,
                    llvm::StringRef fix) const;

private:
  struct Decl {
    std::string symbol; // As the object file names it.
    std::string name;   // As the user wrote it (a C++ name, unmangled).
    mlir::Location loc;
  };
  const Decl *find(llvm::StringRef symbol) const;
  /// Reports `decl` undefined: as defined with other parameter types or
  /// linkage when one of `definitions` has its name, else with `fix`.
  void report(const Decl &decl, llvm::StringRef fix,
              llvm::ArrayRef<Definition> definitions) const;
  /// Reports each of `missing` (in declaration order).
  void reportMissing(llvm::function_ref<bool(const Decl &)> isMissing,
                     llvm::StringRef fix, const LinkInputs &inputs) const;

  std::vector<Decl> decls; // In the order of their declarations.
  std::string program;
};

} // namespace graphc

#endif // GRAPHC_EXTERNFUNCTIONS_H
