//===- graphc.cpp - graph program -> native executable --------------------===//
//
// The graph-mlir driver: reads a GraphIt program (.gt) or graph IR (.mlir),
// runs the graph-to-llvm pipeline, translates to LLVM IR, optimizes and emits
// an object for the host CPU, and links it with libgraphrt, libomp and libnuma.
// For --target=gpu the object embeds the kernels' PTX.
//
//===----------------------------------------------------------------------===//

#include "graph-mlir/Dialect/Graph/IR/GraphDialect.h"
#include "graph-mlir/Frontend/GraphIt/GraphIt.h"
#include "graph-mlir/Pipelines/Pipelines.h"
#include "graph-mlir/Target/CBindings.h"
#include "graph-mlir/Version.h"

#include "ExternFunctions.h"
#include "PrintSchedules.h"

#include "mlir/Conversion/MPIToLLVM/MPIToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm-c/Target.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/Archive.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <set>

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory graphcCategory("graphc options");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<program.gt|program.mlir>"),
                                      cl::cat(graphcCategory));
static cl::list<std::string>
    programArgs(cl::Positional,
                cl::desc("[program arguments...] (with --run), else C/C++ "
                         "sources, objects and archives to link"),
                cl::cat(graphcCategory));
static cl::opt<bool>
    runProgram("run",
               cl::desc("compile in memory and run the program now, passing it "
                        "the arguments after the input (graph file first)"),
               cl::cat(graphcCategory));
static cl::opt<std::string> outputFile("o", cl::desc("output file"),
                                       cl::value_desc("file"),
                                       cl::cat(graphcCategory));

static cl::opt<std::string> scheduleFile(
    "schedule",
    cl::desc("take the schedule of a .gt program from this file's schedule: "
             "part (or its whole text)"),
    cl::value_desc("file"), cl::cat(graphcCategory));

enum class EmitKind { Graph, MLIR, LLVM, Obj, Exe, Lib, PTX };
static cl::opt<EmitKind> emitKind(
    "emit", cl::desc("what to produce"), cl::init(EmitKind::Exe),
    cl::values(clEnumValN(EmitKind::Graph, "graph",
                          "graph IR, before any lowering"),
               clEnumValN(EmitKind::MLIR, "mlir", "LLVM-dialect MLIR"),
               clEnumValN(EmitKind::LLVM, "llvm", "optimized LLVM IR"),
               clEnumValN(EmitKind::Obj, "obj", "an object file"),
               clEnumValN(EmitKind::Exe, "exe", "an executable (default)"),
               clEnumValN(EmitKind::Lib, "lib",
                          "a shared library of the export functions, with "
                          "a C header beside it (lib<name>.so, "
                          "lib<name>.h)"),
               clEnumValN(EmitKind::PTX, "ptx",
                          "the PTX of the program's GPU kernels "
                          "(--target=gpu)")),
    cl::cat(graphcCategory));
static cl::opt<graph::Target> target(
    "target", cl::desc("what the program runs on"),
    cl::init(graph::Target::CPU),
    cl::values(clEnumValN(graph::Target::CPU, "cpu", "the host CPU (default)"),
               clEnumValN(graph::Target::GPU, "gpu",
                          "an NVIDIA GPU, through the CUDA driver: the "
                          "kernels are embedded as PTX"),
               clEnumValN(graph::Target::GPUHost, "gpu-host",
                          "the host CPU, running the GPU build's kernels "
                          "as host loops (to test and debug them)")),
    cl::cat(graphcCategory));
static cl::opt<std::string>
    gpuArch("gpu-arch",
            cl::desc("with --target=gpu: the NVIDIA GPU architecture the PTX "
                     "is for, sm_XX (default sm_80; newer GPUs JIT-compile "
                     "it)"),
            cl::init("sm_80"), cl::value_desc("sm_XX"),
            cl::cat(graphcCategory));
static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level 0-3"),
                                  cl::Prefix, cl::init(3),
                                  cl::cat(graphcCategory));
static cl::opt<bool> verbose("v", cl::desc("print each step"),
                             cl::cat(graphcCategory));
static cl::opt<bool> printSchedules(
    "print-schedules",
    cl::desc("print every labelled traversal's schedule, defaults included, "
             "and the scheduling call behind each option"),
    cl::cat(graphcCategory));
static cl::opt<bool> printPipeline("print-pipeline",
                                   cl::desc("print the MLIR pass pipeline"),
                                   cl::cat(graphcCategory));
static cl::opt<int64_t>
    hybridThreshold("hybrid-threshold",
                    cl::desc("hybrid traversals go dense above |E| / this"),
                    cl::init(20), cl::cat(graphcCategory));
static cl::opt<int64_t> serialWork(
    "serial-work",
    cl::desc("a parallel sparse push runs on the calling thread when its "
             "frontier's size plus out-degree sum is at most this (0: never)"),
    cl::init(1024), cl::cat(graphcCategory));
static cl::opt<bool> distributed(
    "distributed",
    cl::desc("run the program on MPI ranks, each holding a part of the graph "
             "(graph-distribute); run the executable with mpirun -np N"),
    cl::cat(graphcCategory));
static cl::opt<bool> noEpilogueFusion(
    "no-epilogue-fusion",
    cl::desc("keep every vertex loop a pass of its own, instead of fusing "
             "it into the pull traversal before it (graph-fuse-epilogue)"),
    cl::cat(graphcCategory));
static cl::opt<graph::SegmentedEpilogue> segmentedEpilogue(
    "segmented-epilogue",
    cl::desc("under plain segments, whether a vertex loop fuses into the "
             "pull traversal's last segment (graph-fuse-epilogue)"),
    cl::init(graph::SegmentedEpilogue::Auto), graph::segmentedEpilogueValues(),
    cl::cat(graphcCategory));
static cl::opt<bool> printFusion(
    "print-fusion",
    cl::desc("remark at every pull traversal followed by a vertex loop: "
             "whether the loop fused into it, and why not"),
    cl::cat(graphcCategory));
static cl::opt<bool> printDistribution(
    "print-distribution",
    cl::desc("with --distributed, remark at every vector and vertex set that "
             "stays whole on every rank: why (graph-distribute)"),
    cl::cat(graphcCategory));
static cl::opt<std::string> runtimeDir(
    "runtime-dir",
    cl::desc("directory holding libgraphrt.a and libgraphrt.so (default: "
             "../lib beside graphc, in the build tree and when installed)"),
    cl::cat(graphcCategory));
static cl::opt<std::string> linker("linker", cl::desc("C compiler that links"),
                                   cl::init(GRAPH_LINKER),
                                   cl::cat(graphcCategory));

/// The first of graphc's own options that takes one value and was given
/// more than once, or null: LLVM keeps the last occurrence silently, which
/// hides a stale flag in a script (`-O0 ... -O3`), so it is an error.
static cl::Option *repeatedOption() {
  for (cl::Option *option : cl::getRegisteredOptions().values()) {
    bool single = option->getNumOccurrencesFlag() == cl::Optional ||
                  option->getNumOccurrencesFlag() == cl::Required;
    if (single && option->getNumOccurrences() > 1 &&
        llvm::is_contained(option->Categories, &graphcCategory))
      return option;
  }
  return nullptr;
}

static void step(const Twine &what) {
  if (verbose)
    llvm::errs() << "graphc: " << what << "\n";
}

static LogicalResult fail(const Twine &message) {
  llvm::errs() << "graphc: error: " << message << "\n";
  return failure();
}

static std::string defaultOutput() {
  StringRef stem = llvm::sys::path::stem(inputFile);
  switch (emitKind) {
  case EmitKind::Graph:
    return (stem + ".graph.mlir").str();
  case EmitKind::MLIR:
    return (stem + ".llvm.mlir").str();
  case EmitKind::LLVM:
    return (stem + ".ll").str();
  case EmitKind::Obj:
    return (stem + ".o").str();
  case EmitKind::Exe:
    return stem.str();
  case EmitKind::Lib:
    return ("lib" + stem + ".so").str();
  case EmitKind::PTX:
    return (stem + ".ptx").str();
  }
  llvm_unreachable("unknown emit kind");
}

static LogicalResult writeFile(StringRef path,
                               function_ref<void(llvm::raw_ostream &)> write) {
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file)
    return fail(error);
  write(file->os());
  file->keep();
  return success();
}

static llvm::CodeGenOptLevel codeGenLevel() {
  return optLevel == 0   ? llvm::CodeGenOptLevel::None
         : optLevel == 1 ? llvm::CodeGenOptLevel::Less
         : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                         : llvm::CodeGenOptLevel::Aggressive;
}

static std::unique_ptr<llvm::TargetMachine> hostTargetMachine() {
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    (void)fail(error);
    return nullptr;
  }
  llvm::SubtargetFeatures features;
  for (auto &feature : llvm::sys::getHostCPUFeatures())
    features.AddFeature(feature.first(), feature.second);
  llvm::TargetOptions options;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), features.getString(), options,
      llvm::Reloc::PIC_, std::nullopt, codeGenLevel()));
}

static LogicalResult emitObject(llvm::Module &module, llvm::TargetMachine &tm,
                                StringRef path) {
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return fail("cannot write " + path + ": " + ec.message());
  llvm::legacy::PassManager codegen;
  if (tm.addPassesToEmitFile(codegen, out.os(), nullptr,
                             llvm::CodeGenFileType::ObjectFile))
    return fail("the target cannot emit object files");
  codegen.run(module);
  out.keep();
  return success();
}

/// The path of `name` in the runtime directory, or an error naming it and
/// `hint`.
static FailureOr<std::string>
runtimeLibrary(StringRef name, StringRef hint = "use --runtime-dir") {
  std::string path = (runtimeDir + "/" + name).str();
  if (!llvm::sys::fs::exists(path))
    return fail("cannot find " + path + " (" + hint + ")");
  return path;
}

/// Whether `path` is something the linker takes beside the program: C or C++
/// sources defining its extern functions, objects, archives.
static bool isLinkInput(StringRef path) {
  return llvm::is_contained({".c", ".cc", ".cpp", ".cxx", ".C", ".o", ".a"},
                            llvm::sys::path::extension(path));
}

static bool isCxxSource(StringRef path) {
  return llvm::is_contained({".cc", ".cpp", ".cxx", ".C"},
                            llvm::sys::path::extension(path));
}

/// The program's extern functions given on the command line (as in GraphIt,
/// C++ functions) and the wrappers graphc wrote for those taking strings.
static void appendLinkInputs(SmallVectorImpl<StringRef> &args,
                             ArrayRef<std::string> generated) {
  for (const std::string &input : programArgs)
    args.push_back(input);
  for (const std::string &input : generated)
    args.push_back(input);
  if (llvm::any_of(programArgs, isCxxSource) || !generated.empty())
    args.push_back("-lstdc++");
}

/// Runs the linker with its output captured: passed on, or, when the link
/// failed only for want of extern functions, replaced by one located error
/// each.
static LogicalResult runLinker(StringRef program, ArrayRef<StringRef> args,
                               const graphc::ExternFunctions &externs) {
  step("link: " + llvm::join(args, " "));
  SmallString<128> logPath;
  std::optional<StringRef> redirects[] = {std::nullopt, std::nullopt,
                                          std::nullopt};
  if (!llvm::sys::fs::createTemporaryFile("graphc-link", "log", logPath))
    redirects[1] = redirects[2] = logPath.str();
  std::string error;
  int status = llvm::sys::ExecuteAndWait(program, args, std::nullopt, redirects,
                                         0, 0, &error);
  std::string log;
  if (!logPath.empty()) {
    if (auto buffer = llvm::MemoryBuffer::getFile(logPath))
      log = (*buffer)->getBuffer().str();
    llvm::sys::fs::remove(logPath);
  }
  if (status == 0) {
    llvm::errs() << log;
    return success();
  }
  std::vector<std::string> files(programArgs.begin(), programArgs.end());
  if (externs.reportUndefinedReferences(log, {files, program}))
    return failure();
  llvm::errs() << log;
  return fail("link failed" + (error.empty() ? "" : ": " + error));
}

/// A function of the runtime's GPU part that every program with GPU kernels
/// calls (gpu-to-llvm's kernel launch).
static constexpr const char *kGPURuntimeSymbol = "mgpuLaunchKernel";

/// Whether the lowered program has GPU kernels (gpu.binary ops), which need
/// the runtime's GPU part.
static bool hasGPUKernels = false;

/// Whether the archive at `path` has a member defining `symbol`.
static bool archiveDefines(StringRef path, StringRef symbol) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return false;
  auto archive = llvm::object::Archive::create((*buffer)->getMemBufferRef());
  if (!archive) {
    llvm::consumeError(archive.takeError());
    return false;
  }
  for (const llvm::object::Archive::Symbol &defined : (*archive)->symbols())
    if (defined.getName() == symbol)
      return true;
  return false;
}

/// For a program with GPU kernels: one error when the runtime archive at
/// `path` lacks the GPU part (a libgraphrt built without it).
static LogicalResult checkGPURuntime(StringRef path) {
  if (!hasGPUKernels || archiveDefines(path, kGPURuntimeSymbol))
    return success();
  return fail(path + " has no GPU runtime (" + kGPURuntimeSymbol +
              "), which programs with GPU kernels call");
}

/// Links the export functions' C bindings (`source`) and the program's
/// object into a shared library that loads libgraphrt.so from its own
/// directory ($ORIGIN, so that the two can be copied elsewhere together),
/// else from the runtime directory.
static LogicalResult linkLibrary(StringRef object, StringRef source,
                                 StringRef library,
                                 ArrayRef<std::string> generated,
                                 const graphc::ExternFunctions &externs) {
  auto program = llvm::sys::findProgramByName(linker);
  if (!program)
    return fail("cannot find the linker '" + linker + "'");
  if (failed(runtimeLibrary("libgraphrt.so")))
    return failure();
  // libgraphrt.so comes from the same build as libgraphrt.a.
  if (hasGPUKernels) {
    FailureOr<std::string> archive = runtimeLibrary("libgraphrt.a");
    if (failed(archive) || failed(checkGPURuntime(*archive)))
      return failure();
  }
  std::string searchDir = "-L" + runtimeDir,
              rpath = "-Wl,-rpath,$ORIGIN:" + runtimeDir;
  SmallVector<StringRef> args = {*program, "-shared", "-O2", source, object};
  appendLinkInputs(args, generated);
  args.append({searchDir, rpath, "-Wl,--enable-new-dtags", "-lgraphrt",
               "-fopenmp=libomp", "-lm", "-o", library});
  if (failed(runLinker(*program, args, externs)))
    return failure();
  std::vector<std::string> files(programArgs.begin(), programArgs.end());
  if (externs.checkLibrary(library, {files, *program}))
    return success();
  llvm::sys::fs::remove(library);
  return failure();
}

static LogicalResult link(StringRef object, StringRef executable,
                          ArrayRef<std::string> generated,
                          const graphc::ExternFunctions &externs) {
  auto program = llvm::sys::findProgramByName(linker);
  if (!program)
    return fail("cannot find the linker '" + linker + "'");
  FailureOr<std::string> runtime = runtimeLibrary("libgraphrt.a");
  if (failed(runtime))
    return failure();
  if (failed(checkGPURuntime(*runtime)))
    return failure();
  SmallVector<StringRef> args = {*program, object};
  if (!programArgs.empty())
    args.push_back("-O2");
  appendLinkInputs(args, generated);
  // libgraphrt_mpi uses libgraphrt, so it comes first.
  FailureOr<std::string> mpiRuntime;
  SmallVector<std::string> mpiArgs;
  if (distributed) {
    mpiRuntime = runtimeLibrary("libgraphrt_mpi.a",
                                "this graphc was built without MPI: install "
                                "libopenmpi-dev and rebuild it, or use "
                                "--runtime-dir");
    if (failed(mpiRuntime))
      return failure();
    args.push_back(*mpiRuntime);
#ifdef GRAPH_MPI_LIBRARIES
    for (StringRef library : llvm::split(GRAPH_MPI_LIBRARIES, ';')) {
      mpiArgs.push_back(library.str());
      mpiArgs.push_back(
          ("-Wl,-rpath," + llvm::sys::path::parent_path(library)).str());
    }
#endif
  }
  args.append({*runtime, "-fopenmp=libomp", "-lm"});
#ifdef GRAPH_HAVE_NUMA
  args.push_back("-lnuma");
#endif
  for (const std::string &arg : mpiArgs)
    args.push_back(arg);
  args.append({"-o", executable});
  return runLinker(*program, args, externs);
}

static bool isGraphItProgram() {
  return llvm::sys::path::extension(inputFile) == ".gt";
}

/// The contents of a program or schedule file. Only regular files: reading
/// a FIFO or a device would block or never end.
static std::unique_ptr<llvm::MemoryBuffer> readSourceFile(StringRef path) {
  std::string error;
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      status.type() != llvm::sys::fs::file_type::regular_file &&
      status.type() != llvm::sys::fs::file_type::directory_file) {
    (void)fail(path + ": not a regular file");
    return nullptr;
  }
  auto buffer = openInputFile(path, &error);
  if (!buffer)
    (void)fail(error);
  return buffer;
}

/// The calls of the program's own `schedule:` section (none without one),
/// parsed quietly: importGraphIt reports its errors when it uses them.
static FailureOr<graph::graphit::Schedule>
ownSchedule(llvm::SourceMgr &sourceMgr, unsigned programId,
            MLIRContext &context) {
  StringRef text = sourceMgr.getMemoryBuffer(programId)->getBuffer();
  if (!text.starts_with("schedule:") && !text.contains("\nschedule:"))
    return graph::graphit::Schedule();
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  return graph::graphit::parseGraphItSchedule(sourceMgr, programId, &context);
}

/// The label (or, for fuseFields, the vectors) a scheduling call is about.
static std::string scheduleSubject(const graph::graphit::ScheduleCall &call) {
  if (call.args.empty())
    return "";
  return call.args[0].kind == graph::graphit::ScheduleArg::List
             ? llvm::join(call.args[0].list, ", ")
             : call.args[0].str;
}

/// `--schedule` replaces the program's whole schedule: warns at each call of
/// the program's own `schedule:` section whose option the file does not set
/// for the same label (that traversal falls back to the default).
static void warnDroppedScheduleCalls(llvm::SourceMgr &sourceMgr,
                                     unsigned programId,
                                     const graph::graphit::Schedule &file,
                                     MLIRContext &context) {
  FailureOr<graph::graphit::Schedule> own =
      ownSchedule(sourceMgr, programId, context);
  if (failed(own))
    return;
  std::set<std::pair<std::string, std::string>> set;
  for (const graph::graphit::ScheduleCall &call : file.calls)
    set.insert({call.name, scheduleSubject(call)});
  for (const graph::graphit::ScheduleCall &call : own->calls)
    if (!set.count({call.name, scheduleSubject(call)}))
      emitWarning(call.loc)
          << "--schedule " << llvm::sys::path::filename(scheduleFile)
          << " replaces the program's schedule and has no " << call.name
          << " for '" << scheduleSubject(call) << "': this option is dropped";
}

/// The schedules a GraphIt program is compiled with: both GPU targets run
/// GPU schedules (gpu-host runs their kernels on the CPU).
static graph::graphit::ScheduleTarget scheduleTarget() {
  return target == graph::Target::CPU ? graph::graphit::ScheduleTarget::CPU
                                      : graph::graphit::ScheduleTarget::GPU;
}

/// Reads the input into `sourceMgr` and imports (.gt) or parses (.mlir) it;
/// `calls` are then the scheduling calls the program was compiled with.
static OwningOpRef<ModuleOp>
readProgram(llvm::SourceMgr &sourceMgr, MLIRContext &context,
            std::vector<graph::graphit::ScheduleCall> &calls) {
  auto buffer = readSourceFile(inputFile);
  if (!buffer)
    return nullptr;
  unsigned programId =
      sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  if (!isGraphItProgram()) {
    step("parse " + inputFile);
    return parseSourceFile<ModuleOp>(sourceMgr, &context);
  }

  std::optional<graph::graphit::Schedule> schedule;
  if (!scheduleFile.empty()) {
    auto scheduleBuffer = readSourceFile(scheduleFile);
    if (!scheduleBuffer)
      return nullptr;
    unsigned id =
        sourceMgr.AddNewSourceBuffer(std::move(scheduleBuffer), llvm::SMLoc());
    step("read the schedule of " + scheduleFile);
    FailureOr<graph::graphit::Schedule> parsed =
        graph::graphit::parseGraphItSchedule(sourceMgr, id, &context);
    if (failed(parsed))
      return nullptr;
    schedule = std::move(*parsed);
    calls = schedule->calls;
  } else if (FailureOr<graph::graphit::Schedule> own =
                 ownSchedule(sourceMgr, programId, context);
             succeeded(own)) {
    calls = own->calls;
  }
  step("import the GraphIt program " + inputFile);
  OwningOpRef<ModuleOp> module = graph::graphit::importGraphIt(
      sourceMgr, &context, schedule ? &*schedule : nullptr, scheduleTarget());
  // Only a program that compiles: its errors come first and alone.
  if (module && schedule)
    warnDroppedScheduleCalls(sourceMgr, programId, *schedule, context);
  return module;
}

/// JIT-compiles the LLVM-dialect `module` against the shared libgraphrt and
/// runs it with argv = {input, program arguments...}.
static LogicalResult runInProcess(ModuleOp module,
                                  const graphc::ExternFunctions &externs) {
  FailureOr<std::string> found = runtimeLibrary("libgraphrt.so");
  if (failed(found))
    return failure();
  const std::string &runtime = *found;
  std::string error;
  auto library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(runtime.c_str(), &error);
  if (!library.isValid())
    return fail("cannot load " + runtime + ": " + error);
  auto programStart = reinterpret_cast<void (*)(int, char **)>(
      library.getAddressOfSymbol("graphrt_program_start"));
  auto programEnd = reinterpret_cast<void (*)()>(
      library.getAddressOfSymbol("graphrt_program_end"));
  if (!programStart || !programEnd)
    return fail(runtime + " is not the runtime of this graphc");
  if (hasGPUKernels && !library.getAddressOfSymbol(kGPURuntimeSymbol))
    return fail(runtime + " has no GPU runtime (" + kGPURuntimeSymbol +
                "), which programs with GPU kernels call");
  // Nothing defines an extern function here unless this process or the
  // runtime happens to: say so at its declaration, before the JIT fails.
  auto process = llvm::sys::DynamicLibrary::getPermanentLibrary(nullptr);
  if (!externs.checkDefined(
          [&](StringRef symbol) {
            std::string name = symbol.str();
            return library.getAddressOfSymbol(name.c_str()) ||
                   process.getAddressOfSymbol(name.c_str());
          },
          "--run links no C or C++ files; build an executable with one "
          "defining it"))
    return failure();

  auto tm = hostTargetMachine();
  if (!tm)
    return failure();
  step("JIT-compile at -O" + Twine(optLevel.getValue()) + " for " +
       tm->getTargetCPU());
  auto optimize = makeOptimizingTransformer(optLevel, 0, tm.get());
  ExecutionEngineOptions options;
  options.transformer = optimize;
  options.jitCodeGenOptLevel = codeGenLevel();
  SmallVector<StringRef> libraries = {runtime};
  options.sharedLibPaths = libraries;
  auto engine = ExecutionEngine::create(module, options, std::move(tm));
  if (!engine)
    return fail("JIT compilation failed: " + toString(engine.takeError()));
  auto entry = (*engine)->lookup("graphrt_user_main");
  if (!entry)
    return fail(toString(entry.takeError()));
  // Global constructors: those of --target=gpu load the kernels' PTX.
  (*engine)->initialize();

  SmallVector<char *> argv = {inputFile.data()};
  for (std::string &arg : programArgs)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  step("run");
  programStart(argv.size() - 1, argv.data());
  reinterpret_cast<void (*)()>(*entry)();
  programEnd();
  return success();
}

/// Writes the PTX of each kernel module (a gpu.binary after the pipeline) of
/// `module`, after a comment line naming it.
static LogicalResult writePTX(ModuleOp module, StringRef output) {
  if (!hasGPUKernels)
    return fail("--emit=ptx: the program has no GPU kernels");
  return writeFile(output, [&](llvm::raw_ostream &os) {
    for (gpu::BinaryOp binary : module.getOps<gpu::BinaryOp>())
      for (auto object : binary.getObjects().getAsRange<gpu::ObjectAttr>())
        os << "// gpu.module @" << binary.getName() << "\n"
           << object.getObject().getValue().rtrim('\0');
  });
}

/// The header --emit=lib writes beside the library `output`.
static std::string libraryHeader(StringRef output) {
  StringRef dir = llvm::sys::path::parent_path(output);
  return (dir + (dir.empty() ? "" : "/") + llvm::sys::path::stem(output) + ".h")
      .str();
}

/// A file graphc writes that is one of its inputs would be lost: refuse it.
/// Files are compared as the file system resolves them (links, `./`, `..`),
/// not as spelled.
static LogicalResult checkOutputsAreNotInputs(StringRef output) {
  if (runProgram || output == "-")
    return success();
  SmallVector<std::pair<StringRef, std::string>> inputs = {
      {"the program", inputFile}};
  if (!scheduleFile.empty())
    inputs.push_back({"the schedule", scheduleFile});
  for (const std::string &input : programArgs)
    inputs.push_back({"a link input", input});
  SmallVector<std::string> outputs = {output.str()};
  if (emitKind == EmitKind::Lib)
    outputs.push_back(libraryHeader(output));
  for (const std::string &written : outputs)
    for (auto &[what, input] : inputs) {
      bool same = false;
      if (!llvm::sys::fs::equivalent(written, input, same) && same)
        return fail("the output '" + written + "' is " + what + " '" + input +
                    "'; choose another output file with -o");
    }
  return success();
}

/// A fresh file in the temporary directory for an intermediate result, so
/// that no file beside the output is overwritten.
static FailureOr<std::string> temporaryFile(StringRef prefix,
                                            StringRef suffix) {
  SmallString<128> path;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile(prefix, suffix, path))
    return fail("cannot create a temporary file: " + ec.message());
  return path.str().str();
}

static LogicalResult compile() {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  mpi::registerConvertMPIToLLVMInterface(registry);
  if (target == graph::Target::GPU)
    graph::registerGPUTargetInterfaces(registry);
  registry.insert<graph::GraphDialect>();
  MLIRContext context(registry);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::vector<graph::graphit::ScheduleCall> scheduleCalls;
  OwningOpRef<ModuleOp> module = readProgram(sourceMgr, context, scheduleCalls);
  if (!module)
    return failure();
  if (printSchedules)
    graphc::printSchedules(*module, scheduleCalls, llvm::outs(),
                           scheduleTarget());
  std::string output = outputFile.empty() ? defaultOutput() : outputFile;
  if (failed(checkOutputsAreNotInputs(output)))
    return failure();
  if (emitKind == EmitKind::Graph)
    return writeFile(output, [&](llvm::raw_ostream &os) { module->print(os); });
  bool hasMain = static_cast<bool>(module->lookupSymbol("main"));
  if (emitKind == EmitKind::Exe && !hasMain)
    return fail(graph::hasExports(*module)
                    ? "the program has no main, only export functions: build "
                      "a shared library with --emit=lib"
                    : "the program has no main");
  // The C bindings and C++ wrappers come from the graph-level signatures.
  std::string wrappers;
  {
    llvm::raw_string_ostream os(wrappers);
    graph::writeExternWrappers(*module, os);
  }
  std::string bindings;
  if (emitKind == EmitKind::Lib) {
    if (!graph::hasExports(*module))
      return fail("--emit=lib needs export functions; the program has none");
    std::string header = libraryHeader(output);
    llvm::raw_string_ostream source(bindings);
    if (failed(graph::writeExportSource(*module, source)) ||
        failed(writeFile(header, [&](llvm::raw_ostream &os) {
          (void)graph::writeExportHeader(*module, os,
                                         llvm::sys::path::stem(header));
        })))
      return failure();
  }

  // Kernels (hand-written, or from GPU schedules) need a GPU target.
  if (target == graph::Target::CPU &&
      module
          ->walk([](gpu::LaunchOp launch) {
            emitError(launch.getLoc(),
                      "'gpu.launch' runs on a GPU: compile with "
                      "--target=gpu, or --target=gpu-host to run it "
                      "on the CPU");
            return WalkResult::interrupt();
          })
          .wasInterrupted())
    return failure();

  graphc::ExternFunctions externs(*module, inputFile);
  PassManager pm(&context);
  // MLIR's own debugging options (--mlir-print-ir-after-all, --mlir-timing,
  // --mlir-pass-statistics...), as in graph-opt.
  if (failed(applyPassManagerCLOptions(pm)))
    return fail("bad pass manager options");
  applyDefaultTimingPassManagerCLOptions(pm);
  graph::GraphToLLVMOptions options;
  options.hybridThreshold = hybridThreshold;
  options.serialWork = serialWork;
  options.distributed = distributed;
  options.epilogueFusion = !noEpilogueFusion;
  options.fusionRemarks = printFusion;
  options.distributionRemarks = printDistribution;
  options.segmentedEpilogue = segmentedEpilogue;
  options.library = emitKind == EmitKind::Lib;
  options.target = target;
  options.gpuArch = gpuArch;
  graph::buildGraphToLLVMPipeline(pm, options);
  if (printPipeline) {
    pm.printAsTextualPipeline(llvm::outs());
    llvm::outs() << "\n";
  }
  step("lower to the LLVM dialect");
  if (failed(pm.run(*module)))
    return failure();
  hasGPUKernels = !module->getOps<gpu::BinaryOp>().empty();
  if (runProgram)
    return runInProcess(*module, externs);
  if (emitKind == EmitKind::PTX)
    return writePTX(*module, output);
  if (emitKind == EmitKind::MLIR)
    return writeFile(output, [&](llvm::raw_ostream &os) { module->print(os); });

  step("translate to LLVM IR");
  llvm::LLVMContext llvmContext;
  auto llvmModule = translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    return fail("translation to LLVM IR failed");
  auto tm = hostTargetMachine();
  if (!tm)
    return failure();
  llvmModule->setDataLayout(tm->createDataLayout());
  llvmModule->setTargetTriple(tm->getTargetTriple());
  step("optimize at -O" + Twine(optLevel.getValue()) + " for " +
       tm->getTargetCPU());
  if (auto err =
          makeOptimizingTransformer(optLevel, 0, tm.get())(llvmModule.get()))
    return fail("LLVM optimization failed: " + toString(std::move(err)));
  if (emitKind == EmitKind::LLVM)
    return writeFile(
        output, [&](llvm::raw_ostream &os) { llvmModule->print(os, nullptr); });

  if (emitKind == EmitKind::Obj) {
    step("emit " + output);
    return emitObject(*llvmModule, *tm, output);
  }
  // Intermediate files live in the temporary directory, each removed when
  // the link is done.
  SmallVector<std::string> temporaries;
  llvm::scope_exit removeTemporaries([&] {
    for (const std::string &path : temporaries)
      llvm::sys::fs::remove(path);
  });
  auto writeTemporary = [&](StringRef suffix,
                            StringRef text) -> FailureOr<std::string> {
    FailureOr<std::string> path =
        temporaryFile(llvm::sys::path::stem(output), suffix);
    if (failed(path))
      return failure();
    temporaries.push_back(*path);
    if (failed(writeFile(*path, [&](llvm::raw_ostream &os) { os << text; })))
      return failure();
    return path;
  };
  FailureOr<std::string> object =
      temporaryFile(llvm::sys::path::stem(output), "o");
  if (failed(object))
    return failure();
  temporaries.push_back(*object);
  step("emit " + *object);
  if (failed(emitObject(*llvmModule, *tm, *object)))
    return failure();
  SmallVector<std::string> generated;
  if (!wrappers.empty()) {
    FailureOr<std::string> externs = writeTemporary("externs.cpp", wrappers);
    if (failed(externs))
      return failure();
    generated.push_back(*externs);
  }
  if (emitKind == EmitKind::Lib) {
    FailureOr<std::string> source = writeTemporary("bindings.c", bindings);
    if (failed(source))
      return failure();
    return linkLibrary(*object, *source, output, generated, externs);
  }
  return link(*object, output, generated, externs);
}

/// Whether `arch` is an sm_XX that LLVM's NVPTX backend compiles for.
static bool isNVPTXArchitecture(StringRef arch) {
  if (!arch.starts_with("sm_"))
    return false;
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTargetMC();
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *nvptx = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!nvptx)
    return false;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      nvptx->createMCSubtargetInfo(triple, arch, ""));
  return subtarget && subtarget->isCPUStringValid(arch);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  cl::HideUnrelatedOptions(graphcCategory);
  graph::addVersionPrinter();
  cl::ParseCommandLineOptions(
      argc, argv,
      "graphc: compile a graph program into a native executable\n\n"
      "  graphc prog.gt -o prog && ./prog graph.el [args...]\n");
  if (cl::Option *option = repeatedOption()) {
    llvm::errs() << "graphc: error: "
                 << (option->ArgStr.size() == 1 ? "-" : "--") << option->ArgStr
                 << " is given " << option->getNumOccurrences()
                 << " times; it takes one value, give it once\n";
    return 1;
  }
  if (runtimeDir.empty()) {
    std::string self = llvm::sys::fs::getMainExecutable(
        argv[0], reinterpret_cast<void *>(&compile));
    runtimeDir =
        (llvm::sys::path::parent_path(llvm::sys::path::parent_path(self)) +
         "/lib")
            .str();
  }
  StringRef extension = llvm::sys::path::extension(inputFile);
  if (extension != ".gt" && extension != ".mlir") {
    llvm::errs() << "graphc: error: " << inputFile << ": unknown input kind '"
                 << extension
                 << "' (expected a GraphIt program .gt or graph IR .mlir)\n";
    return 1;
  }
  if (hybridThreshold < 1) {
    llvm::errs() << "graphc: error: --hybrid-threshold must be a positive "
                    "integer, got "
                 << hybridThreshold.getValue() << "\n";
    return 1;
  }
  if (serialWork < 0) {
    llvm::errs() << "graphc: error: --serial-work must be a non-negative "
                    "integer, got "
                 << serialWork.getValue() << "\n";
    return 1;
  }
  if (optLevel > 3) {
    llvm::errs() << "graphc: error: -O" << optLevel
                 << " is not an optimization level (0-3)\n";
    return 1;
  }
  if (!runProgram) {
    // Without --run, the positional arguments are link inputs.
    for (const std::string &arg : programArgs) {
      if (!isLinkInput(arg)) {
        llvm::errs() << "graphc: error: unexpected argument '" << arg
                     << "' (program arguments need --run; files to link end "
                        "in .c, .cc, .cpp, .cxx, .C, .o or .a)\n";
        return 1;
      }
      if (emitKind != EmitKind::Exe && emitKind != EmitKind::Lib) {
        llvm::errs() << "graphc: error: '" << arg
                     << "' is linked into an executable or library; drop "
                        "--emit or use --emit=lib\n";
        return 1;
      }
      if (!llvm::sys::fs::exists(arg)) {
        llvm::errs() << "graphc: error: cannot open link input '" << arg
                     << "'\n";
        return 1;
      }
    }
  }
  if (runProgram && (emitKind.getNumOccurrences() || !outputFile.empty())) {
    llvm::errs() << "graphc: error: --run writes no file; drop --emit and -o\n";
    return 1;
  }
  if (distributed && (runProgram || emitKind == EmitKind::Lib)) {
    llvm::errs() << "graphc: error: --distributed builds a program for "
                    "mpirun -np N; it cannot "
                 << (runProgram ? "--run in graphc" : "be a library") << "\n";
    return 1;
  }
  if (distributed && target != graph::Target::CPU) {
    llvm::errs() << "graphc: error: --distributed runs the program on MPI "
                    "ranks of CPUs; it does not combine with --target="
                 << (target == graph::Target::GPU ? "gpu" : "gpu-host") << "\n";
    return 1;
  }
  if (target != graph::Target::GPU && gpuArch.getNumOccurrences()) {
    llvm::errs() << "graphc: error: --gpu-arch applies to --target=gpu only\n";
    return 1;
  }
  if (target != graph::Target::GPU && emitKind == EmitKind::PTX) {
    llvm::errs() << "graphc: error: --emit=ptx writes the PTX of the GPU "
                    "kernels: it needs --target=gpu\n";
    return 1;
  }
  if (target == graph::Target::GPU && !isNVPTXArchitecture(gpuArch)) {
    llvm::errs() << "graphc: error: --gpu-arch=" << gpuArch
                 << " is not an NVIDIA GPU architecture of LLVM's PTX "
                    "backend (sm_XX, e.g. sm_80 or sm_90)\n";
    return 1;
  }
  if (!scheduleFile.empty() && !isGraphItProgram()) {
    llvm::errs() << "graphc: error: --schedule applies to GraphIt programs "
                    "(.gt); graph IR carries its schedules as attributes\n";
    return 1;
  }
  return failed(compile()) ? 1 : 0;
}
