//===- ExternFunctions.cpp - extern functions a program needs defined -----===//

#include "ExternFunctions.h"

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using graphc::ExternFunctions;

/// `name` of a demangled C++ function `name(params)`.
static StringRef cxxBaseName(StringRef demangled) {
  return demangled.take_until([](char c) { return c == '('; });
}

ExternFunctions::ExternFunctions(ModuleOp module, StringRef program)
    : program(llvm::sys::path::filename(program).str()) {
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isExternal())
      continue;
    std::string symbol = func.getSymName().str();
    // A wrapped function's C++ name is in graph.extern, where the linker
    // reports it missing (from the wrapper's object).
    auto names =
        func->getAttrOfType<ArrayAttr>(graph::GraphDialect::kExternAttrName);
    std::string name = names && !names.empty()
                           ? cast<StringAttr>(names[0]).getValue().str()
                           : cxxBaseName(llvm::demangle(symbol)).str();
    decls.push_back({symbol, name, func.getLoc()});
  }
  auto line = [](const Decl &decl) {
    auto loc = dyn_cast<FileLineColLoc>(decl.loc);
    return loc ? loc.getLine() : 0;
  };
  llvm::sort(decls, [&](const Decl &a, const Decl &b) {
    return std::make_pair(line(a), a.symbol) <
           std::make_pair(line(b), b.symbol);
  });
}

void ExternFunctions::report(const Decl &decl, StringRef fix) const {
  emitError(decl.loc) << "extern function '" << decl.name
                      << "' has no definition: " << fix << " (graphc "
                      << program << " " << decl.name << ".cpp)";
}

/// The declaration whose symbol, or (for a C++ symbol, mangled or not) whose
/// C++ name, `symbol` is; null for none.
const ExternFunctions::Decl *ExternFunctions::find(StringRef symbol) const {
  std::string demangled = llvm::demangle(symbol);
  bool cxx = StringRef(demangled).contains('(');
  for (const Decl &decl : decls)
    if (decl.symbol == symbol || (cxx && decl.name == cxxBaseName(demangled)))
      return &decl;
  return nullptr;
}

static constexpr StringLiteral kLinkFix = "pass a .c/.cpp/.o file defining it";

bool ExternFunctions::reportUndefinedReferences(StringRef log) const {
  llvm::SmallPtrSet<const Decl *, 4> missing;
  bool unknown = false;
  for (StringRef line : llvm::split(log, '\n')) {
    StringRef symbol;
    StringRef reference = "undefined reference to ";
    if (size_t at = line.find(reference); at != StringRef::npos)
      symbol = line.substr(at + reference.size())
                   .drop_front() // ` (ld) or ' (gold)
                   .take_until([](char c) { return c == '\''; });
    else if (size_t at = line.find("undefined symbol: "); at != StringRef::npos)
      symbol = line.substr(at + strlen("undefined symbol: ")).trim();
    else
      continue;
    if (const Decl *decl = find(symbol))
      missing.insert(decl);
    else
      unknown = true;
  }
  for (const Decl &decl : decls)
    if (missing.contains(&decl))
      report(decl, kLinkFix);
  return !missing.empty() && !unknown;
}

bool ExternFunctions::checkLibrary(StringRef path) const {
  auto file = llvm::object::ObjectFile::createObjectFile(path);
  if (!file) {
    llvm::consumeError(file.takeError());
    return true;
  }
  auto *elf = dyn_cast<llvm::object::ELFObjectFileBase>(file->getBinary());
  if (!elf)
    return true;
  llvm::SmallPtrSet<const Decl *, 4> undefined;
  for (const llvm::object::ELFSymbolRef &symbol :
       elf->getDynamicSymbolIterators()) {
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    llvm::Expected<StringRef> name = symbol.getName();
    if (flags && name && (*flags & llvm::object::SymbolRef::SF_Undefined))
      if (const Decl *decl = find(*name))
        undefined.insert(decl);
    if (!flags)
      llvm::consumeError(flags.takeError());
    if (!name)
      llvm::consumeError(name.takeError());
  }
  return checkDefined(
      [&](StringRef symbol) { return !undefined.contains(find(symbol)); },
      kLinkFix);
}

bool ExternFunctions::checkDefined(function_ref<bool(StringRef)> isDefined,
                                   StringRef fix) const {
  bool all = true;
  for (const Decl &decl : decls) {
    if (isDefined(decl.symbol))
      continue;
    report(decl, fix);
    all = false;
  }
  return all;
}
