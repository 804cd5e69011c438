//===- AST.h - GraphIt abstract syntax tree ---------------------*- C++ -*-===//
//
// The parsed GraphIt program. The parser builds it; semantic analysis fills
// in the resolution fields (types, declarations, builtins) that MLIR
// generation then relies on.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_AST_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_AST_H

#include "mlir/IR/Location.h"
#include "llvm/Support/Casting.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::graph::graphit {

/// A GraphIt type. Scalars stand alone; a vector names its scalar element
/// (and `width` K for `vector{Vertex}(vector[K](T))`); an edgeset names its
/// weight type (Void when unweighted).
struct GtType {
  enum Kind : uint8_t {
    Error, // After a diagnostic: suppresses follow-up errors.
    Void,
    Bool,
    Int,
    UInt,
    UInt64,
    Float,
    Double,
    String,
    Vertex,
    Vector,
    FixedVector, // vector[K](T): elem T, width K; vector[K](vector[M](T)):
                 // also rowWidth M.
    VertexSet,
    List,          // list{T}: elem is T, a vertex set or a number.
    PriorityQueue, // priority_queue{Vertex}(T): elem is T.
    Neighbors,     // edges.getNgh(v): v's out-neighbours, never built as a
                   // set (only counted and intersected).
    EdgeSet,
    EdgeView, // `edges.from(..)...`: an edgeset with filters, before apply.
    Func,     // A function name used as an argument of apply/filter.
  };
  Kind kind = Error;
  Kind elem = Void;
  int64_t width = 0;
  int64_t rowWidth = 0;

  static GtType get(Kind kind, Kind elem = Void, int64_t width = 0,
                    int64_t rowWidth = 0) {
    GtType t;
    t.kind = kind;
    t.elem = elem;
    t.width = width;
    t.rowWidth = rowWidth;
    return t;
  }
  bool operator==(const GtType &o) const {
    return kind == o.kind && elem == o.elem && width == o.width &&
           rowWidth == o.rowWidth;
  }
  bool operator!=(const GtType &o) const { return !(*this == o); }
  bool isError() const { return kind == Error; }
  bool isInteger() const {
    return kind == Int || kind == UInt || kind == UInt64;
  }
  bool isFloat() const { return kind == Float || kind == Double; }
  /// Numbers, bool and Vertex: the types a condition may have.
  bool isNumeric() const {
    return isInteger() || isFloat() || kind == Bool || kind == Vertex;
  }
  /// Numbers and Vertex: the operand types of arithmetic and ordering.
  bool isArithmetic() const { return isNumeric() && kind != Bool; }
  /// GraphIt's implicit conversions: among numbers, and between integers
  /// and Vertex; bool converts to nothing else, Vertex to no float.
  bool convertsTo(const GtType &to) const {
    if (*this == to)
      return true;
    if (!isArithmetic() || !to.isArithmetic())
      return false;
    return !(kind == Vertex && to.isFloat()) &&
           !(isFloat() && to.kind == Vertex);
  }
  bool isUnsigned() const { return kind == UInt || kind == UInt64; }
  /// GraphIt spelling, for diagnostics.
  std::string str() const;
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

struct VarDecl;
struct FuncDecl;

struct Expr {
  enum Kind {
    IntLit,
    FloatLit,
    BoolLit,
    StringLit,
    VarRef,
    Index,
    Unary,
    Binary,
    Call,
    Method,
    NewSet,
    NewList,
    NewVector,
    VectorLit,
    NewPriorityQueue,
    Functor,
  };
  Expr(Kind kind, Location loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;
  const Kind kind;
  Location loc;
  /// Height of the tree below and including this node (set by the parser,
  /// which bounds it: later phases recurse over the tree).
  unsigned depth = 1;
  /// Set by semantic analysis.
  GtType type;
};
using ExprPtr = std::unique_ptr<Expr>;

struct IntLitExpr : Expr {
  IntLitExpr(Location loc, uint64_t value) : Expr(IntLit, loc), value(value) {}
  uint64_t value;
  static bool classof(const Expr *e) { return e->kind == IntLit; }
};

struct FloatLitExpr : Expr {
  FloatLitExpr(Location loc, double value)
      : Expr(FloatLit, loc), value(value) {}
  double value;
  static bool classof(const Expr *e) { return e->kind == FloatLit; }
};

struct BoolLitExpr : Expr {
  BoolLitExpr(Location loc, bool value) : Expr(BoolLit, loc), value(value) {}
  bool value;
  static bool classof(const Expr *e) { return e->kind == BoolLit; }
};

struct StringLitExpr : Expr {
  StringLitExpr(Location loc, std::string value)
      : Expr(StringLit, loc), value(std::move(value)) {}
  std::string value;
  static bool classof(const Expr *e) { return e->kind == StringLit; }
};

/// A name: a variable, a function (as an apply argument) or `argv`.
struct VarRefExpr : Expr {
  VarRefExpr(Location loc, std::string name)
      : Expr(VarRef, loc), name(std::move(name)) {}
  std::string name;
  VarDecl *decl = nullptr;
  FuncDecl *func = nullptr;
  bool isArgv = false;
  static bool classof(const Expr *e) { return e->kind == VarRef; }
};

/// `base[index]`: a vector element, `argv[k]`, or `vec[v][i]`.
struct IndexExpr : Expr {
  IndexExpr(Location loc, ExprPtr base, ExprPtr index)
      : Expr(Index, loc), base(std::move(base)), index(std::move(index)) {}
  ExprPtr base, index;
  static bool classof(const Expr *e) { return e->kind == Index; }
};

struct UnaryExpr : Expr {
  enum Op { Neg, Not };
  UnaryExpr(Location loc, Op op, ExprPtr operand)
      : Expr(Unary, loc), op(op), operand(std::move(operand)) {}
  Op op;
  ExprPtr operand;
  static bool classof(const Expr *e) { return e->kind == Unary; }
};

struct BinaryExpr : Expr {
  enum Op { Add, Sub, Mul, Div, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor };
  BinaryExpr(Location loc, Op op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Binary, loc), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
  Op op;
  ExprPtr lhs, rhs;
  /// Set by semantic analysis: the type both operands convert to.
  GtType operandType;
  static bool classof(const Expr *e) { return e->kind == Binary; }
};

enum class Builtin {
  None,
  Fabs,
  Sqrt,
  Pow,
  Log,
  Floor,
  Ceil,
  Max,
  Min,
  Atoi,
  ToDouble,
  StartTimer,
  StopTimer,
  Load,
  IntersectNeighbor,
  AtomicAdd, // atomicAdd(vector, v, amount): vector[v] += amount, atomically.
  WriteMin,  // writeMin(vector, v, x): vector[v] min= x atomically; changed?
  Intersection,  // intersection(getNgh(u), getNgh(v), |u|, |v|, v)
  UnionFindLink, // unionFindLink(forest, u, v): joins u's and v's trees.
  UnionFindRoot, // unionFindRoot(forest, v): v's root, compressing its path.
};

/// `name(args)`: a builtin or a user function.
struct CallExpr : Expr {
  CallExpr(Location loc, std::string callee, std::vector<ExprPtr> args)
      : Expr(Call, loc), callee(std::move(callee)), args(std::move(args)) {}
  std::string callee;
  std::vector<ExprPtr> args;
  /// `f[a, b](args)`: the functor's captured arguments.
  std::vector<ExprPtr> captured;
  Builtin builtin = Builtin::None;
  FuncDecl *func = nullptr;
  static bool classof(const Expr *e) { return e->kind == Call; }
};

/// The methods of edgesets, vertex sets, lists, priority queues and
/// vectors, as semantic analysis resolves their names (GraphIt spells some
/// two ways).
enum class Method {
  None,
  GetVertices,         // edges.getVertices()
  GetOutDegrees,       // edges.getOutDegrees()
  GetOutDegree,        // edges.getOutDegree(v)
  GetNgh,              // edges.getNgh(v)
  IsDirected,          // edges.isDirected()
  From,                // edges.from(set or filter)
  To,                  // edges.to(set or filter)
  SrcFilter,           // edges.srcFilter(filter)
  DstFilter,           // edges.dstFilter(filter)
  NeighborRange,       // edges.neighborRange(first[, until])
  EdgeApply,           // edges.apply(f)
  ApplyModified,       // edges.applyModified(f, vector[, dedup])
  VertexApply,         // set.apply(f)
  Filter,              // set.filter(f), set.where(f)
  AddVertex,           // set.addVertex(v)
  ExternQueueUpdate,   // set.applyUpdatePriorityExtern(f)
  Size,                // set.getVertexSetSize(), set.size()
  VectorSum,           // vec.sum()
  VectorMax,           // vec.max()
  VectorMin,           // vec.min()
  Transpose,           // edges.transpose()
  Relabel,             // edges.relabel()
  ListAppend,          // list.append(value)
  ListInsert,          // list.insert(value): a copy of a vertex set
  ListPop,             // list.pop(), and `set = list.retrieve()`
  ApplyUpdatePriority, // edges.applyUpdatePriority(f)
  QueueFinished,       // pq.finished()
  QueueFinishedVertex, // pq.finishedNode(v)
  QueueDequeue,        // pq.dequeue_ready_set()
  QueueCurrent,        // pq.get_current_priority()
  QueueUpdateMin,      // pq.updatePriorityMin(v, old, new)
  QueueUpdateMax,      // pq.updatePriorityMax(v, old, new)
  QueueUpdateSum,      // pq.updatePrioritySum(v, amount, floor)
};

/// `f[a, b]`: a function with its captured arguments bound (a functor).
/// With one captured argument, `f[a]` parses as an IndexExpr.
struct FunctorExpr : Expr {
  FunctorExpr(Location loc, ExprPtr func, std::vector<ExprPtr> captured)
      : Expr(Functor, loc), func(std::move(func)),
        captured(std::move(captured)) {}
  ExprPtr func;
  std::vector<ExprPtr> captured;
  static bool classof(const Expr *e) { return e->kind == Expr::Functor; }
};

/// A function passed to apply, filter and the like: `f`, `f[a]` or
/// `f[a, b]`; `ref` is null if `expr` has none of these shapes.
struct FunctionArg {
  VarRefExpr *ref = nullptr;
  std::vector<Expr *> captured;
};
inline FunctionArg asFunctionArg(Expr &expr) {
  FunctionArg arg;
  if (auto *ref = dyn_cast<VarRefExpr>(&expr)) {
    arg.ref = ref;
  } else if (auto *index = dyn_cast<IndexExpr>(&expr)) {
    arg.ref = dyn_cast<VarRefExpr>(index->base.get());
    arg.captured.push_back(index->index.get());
  } else if (auto *functor = dyn_cast<FunctorExpr>(&expr)) {
    arg.ref = dyn_cast<VarRefExpr>(functor->func.get());
    for (ExprPtr &captured : functor->captured)
      arg.captured.push_back(captured.get());
  }
  return arg;
}

/// `receiver.name(args)`: a method (see Method).
struct MethodExpr : Expr {
  MethodExpr(Location loc, ExprPtr receiver, std::string name,
             std::vector<ExprPtr> args)
      : Expr(Method, loc), receiver(std::move(receiver)), name(std::move(name)),
        args(std::move(args)) {}
  ExprPtr receiver;
  std::string name;
  std::vector<ExprPtr> args;
  graphit::Method method = graphit::Method::None; // Set by semantic analysis.
  /// Set by semantic analysis for applyUpdatePriority and
  /// applyUpdatePriorityExtern: the queue the traversal updates.
  VarDecl *queue = nullptr;
  static bool classof(const Expr *e) { return e->kind == Expr::Method; }
};

/// `new vertexset{Vertex}(n)`.
struct NewSetExpr : Expr {
  NewSetExpr(Location loc, std::string element, ExprPtr size)
      : Expr(NewSet, loc), element(std::move(element)), size(std::move(size)) {}
  std::string element;
  ExprPtr size;
  static bool classof(const Expr *e) { return e->kind == NewSet; }
};

/// `new vector{Vertex}(T)()`: a zero-filled per-vertex vector. The parser
/// folds it into the declaration it initializes; anywhere else it is an
/// error.
struct NewVectorExpr : Expr {
  NewVectorExpr(Location loc, GtType type) : Expr(NewVector, loc), type(type) {}
  GtType type;
  static bool classof(const Expr *e) { return e->kind == NewVector; }
};

/// `{a, b, c}`: the initial values of a fixed-size vector.
struct VectorLitExpr : Expr {
  VectorLitExpr(Location loc, std::vector<ExprPtr> values)
      : Expr(VectorLit, loc), values(std::move(values)) {}
  std::vector<ExprPtr> values;
  static bool classof(const Expr *e) { return e->kind == VectorLit; }
};

/// `new priority_queue{Vertex}(T)(dup_within, dup_across, priorities,
/// bucket_order, priority_order, init_bucket[, start])`.
struct NewPriorityQueueExpr : Expr {
  NewPriorityQueueExpr(Location loc, GtType type, std::vector<ExprPtr> args)
      : Expr(NewPriorityQueue, loc), queueType(type), args(std::move(args)) {}
  GtType queueType;
  std::vector<ExprPtr> args;
  /// Set by semantic analysis: the variable the queue is assigned to.
  VarDecl *queue = nullptr;
  static bool classof(const Expr *e) { return e->kind == NewPriorityQueue; }
};

/// `new list{T}()`.
struct NewListExpr : Expr {
  NewListExpr(Location loc, GtType listType)
      : Expr(NewList, loc), listType(listType) {}
  GtType listType;
  static bool classof(const Expr *e) { return e->kind == NewList; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// A type as written: its GraphIt type plus the element names it mentions
/// (checked against the `element` declarations).
struct TypeSpec {
  GtType type;
  std::vector<std::pair<std::string, Location>> elements;
  /// `vector{Vertex}(Vertex)`: the values are vertex ids, stored as int but
  /// assigned only what converts to a Vertex.
  bool vertexValues = false;
};

struct Stmt {
  enum Kind {
    VarDeclK,
    Assign,
    ExprS,
    If,
    While,
    For,
    Break,
    Return,
    Print,
    Delete,
  };
  Stmt(Kind kind, Location loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;
  const Kind kind;
  Location loc;
  /// `#label#` before the statement, empty when unlabelled.
  std::string label;
};
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

/// A variable: a global (`const`), a local (`var`), a parameter, a named
/// function result, or a `for` loop variable.
struct VarDecl : Stmt {
  VarDecl(Location loc, std::string name, TypeSpec spec, ExprPtr init)
      : Stmt(VarDeclK, loc), name(std::move(name)), spec(std::move(spec)),
        init(std::move(init)) {}
  std::string name;
  TypeSpec spec;
  ExprPtr init;
  bool isGlobal = false;
  /// Set by semantic analysis: a global scalar written by a function other
  /// than main or an export function lives in memory (it may be written
  /// inside a traversal body, where SSA values cannot flow out); every other
  /// variable is an SSA value.
  bool inMemory = false;
  static bool classof(const Stmt *s) { return s->kind == VarDeclK; }
};

struct AssignStmt : Stmt {
  enum Op { Set, Add, Sub, Min, Max };
  AssignStmt(Location loc, ExprPtr target, Op op, ExprPtr value)
      : Stmt(Assign, loc), target(std::move(target)), op(op),
        value(std::move(value)) {}
  ExprPtr target;
  Op op;
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->kind == Assign; }
};

struct ExprStmt : Stmt {
  ExprStmt(Location loc, ExprPtr expr)
      : Stmt(ExprS, loc), expr(std::move(expr)) {}
  ExprPtr expr;
  static bool classof(const Stmt *s) { return s->kind == ExprS; }
};

/// `if c0 b0 elif c1 b1 ... else e end`.
struct IfStmt : Stmt {
  IfStmt(Location loc) : Stmt(If, loc) {}
  std::vector<std::pair<ExprPtr, StmtList>> branches;
  StmtList elseBody;
  static bool classof(const Stmt *s) { return s->kind == If; }
};

/// A loop; `break` needs to know which one it leaves.
struct LoopStmt : Stmt {
  using Stmt::Stmt;
  StmtList body;
  /// Set by semantic analysis: a `break` or `return` may leave the loop.
  bool mayExit = false;
  static bool classof(const Stmt *s) {
    return s->kind == While || s->kind == For;
  }
};

struct WhileStmt : LoopStmt {
  WhileStmt(Location loc, ExprPtr cond)
      : LoopStmt(While, loc), cond(std::move(cond)) {}
  ExprPtr cond;
  static bool classof(const Stmt *s) { return s->kind == While; }
};

/// `for i in lo:hi` (hi exclusive).
struct ForStmt : LoopStmt {
  ForStmt(Location loc, std::unique_ptr<VarDecl> var, ExprPtr lo, ExprPtr hi)
      : LoopStmt(For, loc), var(std::move(var)), lo(std::move(lo)),
        hi(std::move(hi)) {}
  std::unique_ptr<VarDecl> var;
  ExprPtr lo, hi;
  /// `par_for`: the iterations run in parallel (a graph.parallel_for).
  bool parallel = false;
  static bool classof(const Stmt *s) { return s->kind == For; }
};

struct BreakStmt : Stmt {
  BreakStmt(Location loc) : Stmt(Break, loc) {}
  LoopStmt *loop = nullptr; // Set by semantic analysis.
  static bool classof(const Stmt *s) { return s->kind == Break; }
};

struct ReturnStmt : Stmt {
  ReturnStmt(Location loc) : Stmt(Return, loc) {}
  /// Set by semantic analysis: the loops of the function it leaves.
  std::vector<LoopStmt *> loops;
  static bool classof(const Stmt *s) { return s->kind == Return; }
};

struct PrintStmt : Stmt {
  PrintStmt(Location loc, ExprPtr value)
      : Stmt(Print, loc), value(std::move(value)) {}
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->kind == Print; }
};

struct DeleteStmt : Stmt {
  DeleteStmt(Location loc, ExprPtr set)
      : Stmt(Delete, loc), set(std::move(set)) {}
  ExprPtr set;
  static bool classof(const Stmt *s) { return s->kind == Delete; }
};

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

struct FuncDecl {
  std::string name;
  Location loc;
  /// `func f[captures](params)`: bound where a functor `f[...]` is passed.
  std::vector<std::unique_ptr<VarDecl>> captures;
  std::vector<std::unique_ptr<VarDecl>> params;
  std::unique_ptr<VarDecl> result; // Null without `-> name : T`.
  StmtList body;
  /// `extern func f(...);`: no body; defined in C or C++ and called with
  /// C++ linkage.
  bool isExtern = false;
  /// Where an extern function's declaration starts (its `extern`): the
  /// location of its C++ declaration, which a link error points at.
  LocationAttr externLoc = {};
  /// `export func f(...)`: an entry point called from C, C++ or Python
  /// (a C function of a shared library), like main a root of inlining.
  bool isExport = false;
  bool hasReturn = false; // Set by semantic analysis.
  bool isEntry() const { return isExport || name == "main"; }
};

/// One argument of a scheduling call: a string, an integer, a number with a
/// fraction (`fraction`), a braced list of names (`fuseFields({a, b})`), or
/// a name (a GPU schedule's constant such as `TWC`, or a schedule variable).
struct ScheduleArg {
  enum Kind { String, Int, Float, List, Name } kind;
  Location loc;
  std::string str;
  int64_t value = 0;
  std::vector<std::string> list;
  double fraction = 0;
};

/// One scheduling statement: `program->name(args)` (Program), a GPU
/// schedule's `var.name(args)` (Method), or the declaration of a GPU
/// schedule variable `var` of type `name`: `SimpleGPUSchedule var;`,
/// `HybridGPUSchedule var(args)` or the copy `SimpleGPUSchedule var = other;`
/// (Declaration, `isCopy` with `other` as the only argument).
struct ScheduleCall {
  std::string name;
  Location loc;
  std::vector<ScheduleArg> args;
  enum Kind { Program, Method, Declaration } kind = Program;
  std::string var;
  bool isCopy = false;
  /// Whether the call belongs to GraphIt's GPU scheduling language.
  bool isGpu() const { return kind != Program || name == "applyGPUSchedule"; }
};

struct Program {
  /// Where the program text ends: a missing `func main()` is reported there.
  LocationAttr end;
  std::vector<std::pair<std::string, Location>> elements;
  std::vector<std::unique_ptr<VarDecl>> globals;
  std::vector<std::unique_ptr<FuncDecl>> funcs;
  std::vector<ScheduleCall> schedule;
};

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_AST_H
