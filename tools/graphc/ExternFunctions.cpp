//===- ExternFunctions.cpp - extern functions a program needs defined -----===//

#include "ExternFunctions.h"

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace mlir;
using graphc::ExternFunctions;
using graphc::LinkInputs;

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

/// The functions the object file `object` defines, as from `file`.
static void addDefinitions(const llvm::object::ObjectFile &object,
                           StringRef file,
                           std::vector<ExternFunctions::Definition> &out) {
  for (const llvm::object::SymbolRef &symbol : object.symbols()) {
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    llvm::Expected<llvm::object::SymbolRef::Type> type = symbol.getType();
    llvm::Expected<StringRef> name = symbol.getName();
    if (flags && type && name &&
        !(*flags & llvm::object::SymbolRef::SF_Undefined) &&
        *type == llvm::object::SymbolRef::ST_Function)
      out.push_back({name->str(), file.str()});
    if (!flags)
      llvm::consumeError(flags.takeError());
    if (!type)
      llvm::consumeError(type.takeError());
    if (!name)
      llvm::consumeError(name.takeError());
  }
}

/// The functions the link inputs define; sources are compiled (into
/// temporary objects) to find out. Inputs that cannot be read add nothing.
static std::vector<ExternFunctions::Definition>
linkInputDefinitions(const graphc::LinkInputs &inputs) {
  std::vector<ExternFunctions::Definition> definitions;
  for (const std::string &file : inputs.files) {
    StringRef extension = llvm::sys::path::extension(file);
    std::string path = file;
    llvm::FileRemover removeObject;
    if (extension != ".o" && extension != ".a") {
      SmallString<128> object;
      if (llvm::sys::fs::createTemporaryFile("graphc-extern", "o", object))
        continue;
      removeObject.setFile(object);
      StringRef args[] = {inputs.compiler, "-c", "-w", file, "-o", object};
      if (llvm::sys::ExecuteAndWait(
              inputs.compiler, args, std::nullopt,
              {std::nullopt, std::nullopt, StringRef("")}) != 0)
        continue;
      path = object.str().str();
    }
    auto binary = llvm::object::createBinary(path);
    if (!binary) {
      llvm::consumeError(binary.takeError());
      continue;
    }
    if (auto *object =
            dyn_cast<llvm::object::ObjectFile>(binary->getBinary())) {
      addDefinitions(*object, llvm::sys::path::filename(file), definitions);
      continue;
    }
    auto *archive = dyn_cast<llvm::object::Archive>(binary->getBinary());
    if (!archive)
      continue;
    llvm::Error error = llvm::Error::success();
    for (const llvm::object::Archive::Child &child : archive->children(error)) {
      auto member = child.getAsBinary();
      if (!member) {
        llvm::consumeError(member.takeError());
        continue;
      }
      if (auto *object = dyn_cast<llvm::object::ObjectFile>(member->get()))
        addDefinitions(*object, llvm::sys::path::filename(file), definitions);
    }
    llvm::consumeError(std::move(error));
  }
  return definitions;
}

void ExternFunctions::report(const Decl &decl, StringRef fix,
                             ArrayRef<Definition> definitions) const {
  std::string called = llvm::demangle(decl.symbol);
  for (const Definition &definition : definitions) {
    std::string defined = llvm::demangle(definition.symbol);
    if (cxxBaseName(defined) != decl.name)
      continue;
    if (!StringRef(defined).contains('(')) {
      emitError(decl.loc) << "extern function '" << decl.name << "' is defined"
                          << " in " << definition.file
                          << " with C linkage, but the program calls the C++ "
                             "function '"
                          << called
                          << "': define it in C++ (a .cpp file, or "
                             "inside extern \"C++\" { })";
      return;
    }
    emitError(decl.loc) << "extern function '" << decl.name << "' is defined"
                        << " in " << definition.file << " as '" << defined
                        << "', but the program calls '" << called
                        << "': give it the parameter types of the extern func "
                           "(a Vertex is an int)";
    return;
  }
  emitError(decl.loc) << "extern function '" << decl.name
                      << "' has no definition: " << fix << " (graphc "
                      << program << " " << decl.name << ".cpp)";
}

void ExternFunctions::reportMissing(function_ref<bool(const Decl &)> isMissing,
                                    StringRef fix,
                                    const LinkInputs &inputs) const {
  std::vector<Definition> definitions = linkInputDefinitions(inputs);
  for (const Decl &decl : decls)
    if (isMissing(decl))
      report(decl, fix, definitions);
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

bool ExternFunctions::reportUndefinedReferences(
    StringRef log, const LinkInputs &inputs) const {
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
  if (!missing.empty())
    reportMissing([&](const Decl &decl) { return missing.contains(&decl); },
                  kLinkFix, inputs);
  return !missing.empty() && !unknown;
}

bool ExternFunctions::checkLibrary(StringRef path,
                                   const LinkInputs &inputs) const {
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
  if (undefined.empty())
    return true;
  reportMissing([&](const Decl &decl) { return undefined.contains(&decl); },
                kLinkFix, inputs);
  return false;
}

bool ExternFunctions::checkDefined(function_ref<bool(StringRef)> isDefined,
                                   StringRef fix) const {
  bool all = true;
  for (const Decl &decl : decls) {
    if (isDefined(decl.symbol))
      continue;
    report(decl, fix, {});
    all = false;
  }
  return all;
}
