//===- Parser.cpp - GraphIt recursive-descent parser ----------------------===//

#include "graph-mlir/Frontend/GraphIt/Parser.h"
#include "graph-mlir/Frontend/GraphIt/Lexer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::graph::graphit;

/// `text` with control and non-ASCII bytes escaped, for a diagnostic.
static std::string printable(StringRef text) {
  std::string escaped;
  llvm::raw_string_ostream os(escaped);
  llvm::printEscapedString(text, os);
  return escaped;
}

namespace {

/// Nesting of expressions and blocks is bounded, as clang bounds bracket
/// depth: the parser, semantic analysis and MLIR generation all recurse over
/// it, and an unbounded input would overflow their stacks.
constexpr unsigned kMaxNesting = 256;

class Parser {
public:
  /// `scheduleText`: the buffer holds only scheduling statements.
  Parser(StringRef buffer, StringRef fileName, MLIRContext *context,
         unsigned line = 1, unsigned col = 1, bool scheduleText = false)
      : lexer(buffer, line, col), fileName(fileName), context(context) {
    if (scheduleText)
      lexer.skipLineComments();
    tok = lexer.next();
  }

  std::unique_ptr<Program> parseProgram();
  FailureOr<std::vector<ScheduleCall>> parseSchedule();

private:
  // Token helpers.
  Location loc(const Token &t) const {
    return FileLineColLoc::get(context, fileName, t.line, t.col);
  }
  Location loc() const { return loc(tok); }
  void consume() { tok = lexer.next(); }
  bool is(Token::Kind kind) const { return tok.kind == kind; }
  bool isKeyword(StringRef word) const {
    return tok.kind == Token::Ident && tok.text == word;
  }
  bool consumeIf(Token::Kind kind) {
    if (!is(kind))
      return false;
    consume();
    return true;
  }
  bool consumeKeyword(StringRef word) {
    if (!isKeyword(word))
      return false;
    consume();
    return true;
  }
  /// Reports an error at the current token; at an invalid token, reports
  /// that instead of what the caller expected.
  InFlightDiagnostic error() {
    if (tok.kind != Token::Error)
      return emitError(loc());
    emitError(loc()) << (tok.text.starts_with("\"")
                             ? "unterminated string"
                             : "invalid character '" + printable(tok.text) +
                                   "'");
    InFlightDiagnostic ignored = emitError(loc());
    ignored.abandon();
    return ignored;
  }
  std::string found() const {
    if (tok.kind == Token::Eof)
      return "end of file";
    return "'" + tok.text.str() + "'";
  }
  LogicalResult expect(Token::Kind kind, StringRef context) {
    if (consumeIf(kind))
      return success();
    error() << "expected " << spell(kind) << " " << context << ", found "
            << found();
    return failure();
  }
  LogicalResult expectKeyword(StringRef word, StringRef context) {
    if (consumeKeyword(word))
      return success();
    error() << "expected '" << word << "' " << context << ", found " << found();
    return failure();
  }
  FailureOr<std::string> parseIdent(StringRef what) {
    if (!is(Token::Ident)) {
      error() << "expected " << what << ", found " << found();
      return failure();
    }
    std::string name = tok.text.str();
    consume();
    return name;
  }

  /// Counts one more level of nesting while alive; false (after an error)
  /// when that level would exceed kMaxNesting.
  class Nested {
  public:
    explicit Nested(Parser &parser)
        : parser(parser), ok(parser.nesting < kMaxNesting) {
      if (ok)
        ++parser.nesting;
      else
        parser.error() << "nesting too deep: more than " << kMaxNesting
                       << " levels of nested expressions or blocks";
    }
    ~Nested() {
      if (ok)
        --parser.nesting;
    }
    explicit operator bool() const { return ok; }

  private:
    Parser &parser;
    bool ok;
  };

  /// Sets the depth of a new node from its children's; null (after an
  /// error) when the tree gets deeper than kMaxNesting, as a long chain such
  /// as `1 + 1 + ... + 1` does without nesting in the source.
  ExprPtr bounded(ExprPtr expr);

  // Declarations.
  LogicalResult parseElement(Program &program);
  std::unique_ptr<VarDecl> parseVarDecl(bool isGlobal);
  std::unique_ptr<FuncDecl> parseFunc();
  FailureOr<TypeSpec> parseType();
  FailureOr<GtType> parseListElement();
  FailureOr<TypeSpec> parseVectorElementType(TypeSpec &spec);
  std::unique_ptr<VarDecl> parseTypedName(StringRef what);

  // Statements.
  LogicalResult parseBlock(StmtList &block, StringRef construct);
  StmtPtr parseStmt();
  StmtPtr parseIf();
  StmtPtr parseWhile();
  StmtPtr parseFor();

  // Expressions.
  ExprPtr parseExpr();
  ExprPtr parseBinary(int level);
  ExprPtr parseUnary();
  ExprPtr parsePostfix();
  ExprPtr parsePrimary();
  LogicalResult parseArgs(std::vector<ExprPtr> &args);

  // Schedule.
  LogicalResult parseScheduleStmt(std::vector<ScheduleCall> &calls);
  LogicalResult parseScheduleCall(ScheduleCall &call);
  LogicalResult parseScheduleArgs(std::vector<ScheduleArg> &args);
  StmtPtr retrieveAsAssign(ExprPtr &expr);

  Lexer lexer;
  Token tok;
  std::string fileName;
  MLIRContext *context;
  unsigned nesting = 0;
};

} // namespace

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// GraphIt's container types beyond vertex sets and vectors, by what they
/// are; empty for any other name.
static StringRef unsupportedContainer(StringRef typeName) {
  return llvm::StringSwitch<StringRef>(typeName)
      .Case("vertexsubset", "vertexsubset types")
      .Default("");
}

/// GraphIt's GPU lists: `list.retrieve(set);` pops the last vertex set
/// into `set`, which is the assignment `set = list.retrieve();`.
StmtPtr Parser::retrieveAsAssign(ExprPtr &expr) {
  auto *call = dyn_cast<MethodExpr>(expr.get());
  if (!call || call->name != "retrieve" || call->args.size() != 1)
    return nullptr;
  ExprPtr into = std::move(call->args[0]);
  call->args.clear();
  Location at = into->loc;
  return std::make_unique<AssignStmt>(at, std::move(into), AssignStmt::Set,
                                      std::move(expr));
}

std::unique_ptr<Program> Parser::parseProgram() {
  auto program = std::make_unique<Program>();
  while (!is(Token::Eof)) {
    if (isKeyword("schedule") && tok.startsLine) {
      consume();
      lexer.skipLineComments();
      if (failed(expect(Token::Colon, "after 'schedule'")))
        return nullptr;
      FailureOr<std::vector<ScheduleCall>> calls = parseSchedule();
      if (failed(calls))
        return nullptr;
      program->schedule = std::move(*calls);
      break;
    }
    if (isKeyword("element")) {
      if (failed(parseElement(*program)))
        return nullptr;
    } else if (isKeyword("const") || isKeyword("var")) {
      std::unique_ptr<VarDecl> decl = parseVarDecl(/*isGlobal=*/true);
      if (!decl)
        return nullptr;
      program->globals.push_back(std::move(decl));
    } else if (isKeyword("func") || isKeyword("extern") ||
               isKeyword("export")) {
      std::unique_ptr<FuncDecl> func = parseFunc();
      if (!func)
        return nullptr;
      program->funcs.push_back(std::move(func));
    } else {
      error() << "expected 'element', 'const', 'func' or 'schedule:' at top "
                 "level, found "
              << found();
      return nullptr;
    }
  }
  program->end = loc();
  return program;
}

LogicalResult Parser::parseElement(Program &program) {
  consume(); // element
  Location nameLoc = loc();
  FailureOr<std::string> name = parseIdent("element name");
  if (failed(name))
    return failure();
  program.elements.emplace_back(*name, nameLoc);
  return expectKeyword("end", "after element declaration");
}

/// `const|var name : type [= init];`
std::unique_ptr<VarDecl> Parser::parseVarDecl(bool isGlobal) {
  consume(); // const / var
  std::unique_ptr<VarDecl> decl = parseTypedName("variable name");
  if (!decl)
    return nullptr;
  decl->isGlobal = isGlobal;
  if (consumeIf(Token::Assign)) {
    decl->init = parseExpr();
    if (!decl->init)
      return nullptr;
    // `= new vector{Vertex}(T)()` is the declaration's own zero-filled
    // vector.
    if (auto *newVector = dyn_cast<NewVectorExpr>(decl->init.get())) {
      if (newVector->type != decl->spec.type) {
        emitError(newVector->loc)
            << "'" << decl->name << "' has type " << decl->spec.type.str()
            << ", initialized with a new " << newVector->type.str();
        return nullptr;
      }
      decl->init = nullptr;
    }
  }
  if (failed(expect(Token::Semi, "after variable declaration")))
    return nullptr;
  return decl;
}

/// `name : type`
std::unique_ptr<VarDecl> Parser::parseTypedName(StringRef what) {
  Location nameLoc = loc();
  FailureOr<std::string> name = parseIdent(what);
  if (failed(name) || failed(expect(Token::Colon, "before the type")))
    return nullptr;
  FailureOr<TypeSpec> type = parseType();
  if (failed(type))
    return nullptr;
  return std::make_unique<VarDecl>(nameLoc, *name, std::move(*type), nullptr);
}

/// `{T}` after `list`: the list type of vertex sets or numbers.
FailureOr<GtType> Parser::parseListElement() {
  if (failed(expect(Token::LBrace, "after 'list'")))
    return failure();
  Location elemLoc = loc();
  FailureOr<TypeSpec> elem = parseType();
  if (failed(elem) || failed(expect(Token::RBrace, "after the list element")))
    return failure();
  GtType type = elem->type;
  bool number = type.isNumeric() && type.kind != GtType::Vertex;
  if (type.kind == GtType::VertexSet || number)
    return GtType::get(GtType::List, type.kind);
  emitError(elemLoc) << "lists of " << type.str()
                     << " are not supported; a list holds vertex sets or "
                        "numbers (int, uint, uint_64, float, double, bool)";
  return failure();
}

FailureOr<TypeSpec> Parser::parseType() {
  TypeSpec spec;
  Location typeLoc = loc();
  FailureOr<std::string> name = parseIdent("a type");
  if (failed(name))
    return failure();
  auto element = [&]() -> LogicalResult {
    Location elemLoc = loc();
    FailureOr<std::string> elem = parseIdent("element name");
    if (failed(elem))
      return failure();
    spec.elements.emplace_back(*elem, elemLoc);
    return success();
  };
  auto scalar = llvm::StringSwitch<GtType::Kind>(*name)
                    .Case("int", GtType::Int)
                    .Case("uint", GtType::UInt)
                    .Case("uint_64", GtType::UInt64)
                    .Case("float", GtType::Float)
                    .Case("double", GtType::Double)
                    .Case("bool", GtType::Bool)
                    .Case("string", GtType::String)
                    .Default(GtType::Error);
  if (scalar != GtType::Error) {
    spec.type = GtType::get(scalar);
    return spec;
  }
  if (StringRef container = unsupportedContainer(*name); !container.empty()) {
    emitError(typeLoc) << container << " ('" << *name << "') are not supported";
    return failure();
  }
  if (*name == "list") {
    FailureOr<GtType> list = parseListElement();
    if (failed(list))
      return failure();
    spec.type = *list;
    return spec;
  }
  if (*name == "priority_queue") {
    if (failed(expect(Token::LBrace, "after 'priority_queue'")) ||
        failed(element()) ||
        failed(expect(Token::RBrace, "after the queue element")) ||
        failed(expect(Token::LParen, "before the priority type")))
      return failure();
    Location priorityLoc = loc();
    FailureOr<TypeSpec> priority = parseType();
    if (failed(priority) ||
        failed(expect(Token::RParen, "after the priority type")))
      return failure();
    if (!priority->type.isInteger()) {
      emitError(priorityLoc) << "priorities must be int, uint or uint_64, got "
                             << priority->type.str();
      return failure();
    }
    spec.type = GtType::get(GtType::PriorityQueue, priority->type.kind);
    return spec;
  }
  if (*name == "vector") {
    // `[K](T)`: a fixed-size vector of K numbers.
    auto fixedSize = [&]() -> FailureOr<GtType> {
      int64_t width = 0;
      if (failed(expect(Token::LBracket, "after 'vector'")))
        return failure();
      if (!is(Token::Int) || tok.text.getAsInteger(10, width) || width <= 0) {
        error() << "expected a positive integer vector width, found "
                << found();
        return failure();
      }
      consume();
      if (failed(expect(Token::RBracket, "after vector width")) ||
          failed(expect(Token::LParen, "before vector value type")))
        return failure();
      Location valueLoc = loc();
      FailureOr<TypeSpec> value = parseType();
      if (failed(value) ||
          failed(expect(Token::RParen, "after vector value type")))
        return failure();
      // `vector[K](vector[M](T))`: K rows of M numbers.
      GtType row = value->type;
      if (row.kind == GtType::FixedVector && !row.rowWidth)
        return GtType::get(GtType::FixedVector, row.elem, width, row.width);
      if (!row.isNumeric() || row.kind == GtType::Vertex) {
        emitError(valueLoc) << "fixed-size vector values must be numbers, "
                               "booleans or fixed-size vectors of them, not "
                            << row.str();
        return failure();
      }
      return GtType::get(GtType::FixedVector, row.kind, width);
    };
    if (is(Token::LBracket)) {
      FailureOr<GtType> fixed = fixedSize();
      if (failed(fixed))
        return failure();
      spec.type = *fixed;
      return spec;
    }
    if (failed(expect(Token::LBrace, "after 'vector'")) || failed(element()) ||
        failed(expect(Token::RBrace, "after vector element")) ||
        failed(expect(Token::LParen, "before vector value type")))
      return failure();
    // `vector[K](T)`: K values of T per vertex.
    int64_t width = 0;
    GtType value;
    Location valueLoc = loc();
    if (isKeyword("vector")) {
      consume();
      FailureOr<GtType> fixed = fixedSize();
      if (failed(fixed))
        return failure();
      if (fixed->rowWidth) {
        emitError(valueLoc)
            << "per-vertex values may be rows of numbers, not " << fixed->str();
        return failure();
      }
      value = GtType::get(fixed->elem);
      width = fixed->width;
    } else {
      FailureOr<TypeSpec> parsed = parseType();
      if (failed(parsed))
        return failure();
      value = parsed->type;
      llvm::append_range(spec.elements, parsed->elements);
    }
    if (failed(expect(Token::RParen, "after vector value type")))
      return failure();
    GtType::Kind elem = value.kind;
    if (elem == GtType::Vertex) { // Stored as a 32-bit vertex id.
      elem = GtType::Int;
      spec.vertexValues = true;
    }
    if (!value.isNumeric()) {
      emitError(valueLoc) << "vector values must be numbers or booleans, not "
                          << value.str();
      return failure();
    }
    spec.type = GtType::get(GtType::Vector, elem, width);
    return spec;
  }
  if (*name == "vertexset") {
    if (failed(expect(Token::LBrace, "after 'vertexset'")) ||
        failed(element()) ||
        failed(expect(Token::RBrace, "after vertexset element")))
      return failure();
    spec.type = GtType::get(GtType::VertexSet);
    return spec;
  }
  if (*name == "edgeset") {
    if (failed(expect(Token::LBrace, "after 'edgeset'")) || failed(element()) ||
        failed(expect(Token::RBrace, "after edgeset element")) ||
        failed(expect(Token::LParen, "before edge endpoints")) ||
        failed(element()) ||
        failed(expect(Token::Comma, "between endpoints")) || failed(element()))
      return failure();
    GtType::Kind weight = GtType::Void;
    if (consumeIf(Token::Comma)) {
      Location weightLoc = loc();
      FailureOr<TypeSpec> w = parseType();
      if (failed(w))
        return failure();
      if (!w->type.isInteger() && !w->type.isFloat()) {
        emitError(weightLoc)
            << "edge weights must be numbers, not " << w->type.str();
        return failure();
      }
      weight = w->type.kind;
    }
    if (failed(expect(Token::RParen, "after edge endpoints")))
      return failure();
    spec.type = GtType::get(GtType::EdgeSet, weight);
    return spec;
  }
  // Any other name is an element type: a vertex.
  spec.elements.emplace_back(*name, typeLoc);
  spec.type = GtType::get(GtType::Vertex);
  return spec;
}

/// `func name(p : T, ...) [-> r : T] body end`
std::unique_ptr<FuncDecl> Parser::parseFunc() {
  Location start = loc();
  bool isExtern = consumeKeyword("extern");
  bool isExport = !isExtern && consumeKeyword("export");
  if ((isExtern || isExport) && !isKeyword("func")) {
    error() << "expected 'func' after '" << (isExtern ? "extern" : "export")
            << "', found " << found();
    return nullptr;
  }
  consume(); // func
  auto func = std::make_unique<FuncDecl>(FuncDecl{"", loc(), {}, {}, {}, {}});
  func->isExtern = isExtern;
  if (isExtern)
    func->externLoc = start;
  func->isExport = isExport;
  FailureOr<std::string> name = parseIdent("function name");
  if (failed(name))
    return nullptr;
  func->name = *name;
  auto parseNames = [&](std::vector<std::unique_ptr<VarDecl>> &names,
                        Token::Kind close, StringRef what) {
    if (!is(close)) {
      do {
        std::unique_ptr<VarDecl> decl = parseTypedName(what);
        if (!decl)
          return failure();
        names.push_back(std::move(decl));
      } while (consumeIf(Token::Comma));
    }
    return success();
  };
  if (consumeIf(Token::LBracket) &&
      (failed(parseNames(func->captures, Token::RBracket,
                         "captured argument name")) ||
       failed(expect(Token::RBracket, "after captured arguments"))))
    return nullptr;
  if (failed(expect(Token::LParen, "after function name")) ||
      failed(parseNames(func->params, Token::RParen, "parameter name")) ||
      failed(expect(Token::RParen, "after parameters")))
    return nullptr;
  if (consumeIf(Token::Arrow)) {
    bool paren = consumeIf(Token::LParen);
    func->result = parseTypedName("result name");
    if (!func->result ||
        (paren && failed(expect(Token::RParen, "after function result"))))
      return nullptr;
  }
  if (isExtern) {
    if (!func->captures.empty()) {
      emitError(func->loc) << "an extern function captures no arguments";
      return nullptr;
    }
    if (failed(expect(Token::Semi, "after an extern function's signature")))
      return nullptr;
    return func;
  }
  if (failed(parseBlock(func->body, "function")) ||
      failed(expectKeyword("end", "to close the function")))
    return nullptr;
  return func;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// Statements up to (not including) `end`, `elif` or `else`.
LogicalResult Parser::parseBlock(StmtList &block, StringRef construct) {
  Nested nested(*this);
  if (!nested)
    return failure();
  while (!isKeyword("end") && !isKeyword("elif") && !isKeyword("else")) {
    if (is(Token::Eof)) {
      error() << "expected 'end' to close the " << construct
              << ", found end of file";
      return failure();
    }
    // GraphIt accepts empty statements, as in `if c x = 1; end;`.
    if (consumeIf(Token::Semi))
      continue;
    StmtPtr stmt = parseStmt();
    if (!stmt)
      return failure();
    block.push_back(std::move(stmt));
  }
  return success();
}

StmtPtr Parser::parseStmt() {
  std::string label;
  if (consumeIf(Token::Hash)) {
    FailureOr<std::string> name = parseIdent("label name");
    if (failed(name) || failed(expect(Token::Hash, "after label")))
      return nullptr;
    label = *name;
  }
  Location stmtLoc = loc();
  StmtPtr stmt;
  if (isKeyword("var") || isKeyword("const")) {
    stmt = parseVarDecl(/*isGlobal=*/false);
  } else if (isKeyword("if")) {
    stmt = parseIf();
  } else if (isKeyword("while")) {
    stmt = parseWhile();
  } else if (isKeyword("for")) {
    stmt = parseFor();
  } else if (isKeyword("par_for")) {
    stmt = parseFor();
  } else if (consumeKeyword("break")) {
    if (succeeded(expect(Token::Semi, "after 'break'")))
      stmt = std::make_unique<BreakStmt>(stmtLoc);
  } else if (consumeKeyword("return")) {
    if (succeeded(expect(Token::Semi, "after 'return' (results are returned "
                                      "by assigning the named result)")))
      stmt = std::make_unique<ReturnStmt>(stmtLoc);
  } else if (consumeKeyword("print")) {
    ExprPtr value = parseExpr();
    if (value && succeeded(expect(Token::Semi, "after print statement")))
      stmt = std::make_unique<PrintStmt>(stmtLoc, std::move(value));
  } else if (consumeKeyword("delete")) {
    ExprPtr set = parseExpr();
    if (set && succeeded(expect(Token::Semi, "after delete statement")))
      stmt = std::make_unique<DeleteStmt>(stmtLoc, std::move(set));
  } else {
    ExprPtr target = parseExpr();
    if (!target)
      return nullptr;
    std::optional<AssignStmt::Op> op;
    switch (tok.kind) {
    case Token::Assign:
      op = AssignStmt::Set;
      break;
    case Token::PlusAssign:
      op = AssignStmt::Add;
      break;
    case Token::MinusAssign:
      op = AssignStmt::Sub;
      break;
    case Token::MinAssign:
      op = AssignStmt::Min;
      break;
    case Token::MaxAssign:
      op = AssignStmt::Max;
      break;
    default:
      break;
    }
    if (op) {
      Location opLoc = loc();
      consume();
      ExprPtr value = parseExpr();
      if (value && succeeded(expect(Token::Semi, "after assignment")))
        stmt = std::make_unique<AssignStmt>(opLoc, std::move(target), *op,
                                            std::move(value));
    } else if (succeeded(expect(Token::Semi, "after expression statement"))) {
      stmt = retrieveAsAssign(target);
      if (!stmt)
        stmt = std::make_unique<ExprStmt>(stmtLoc, std::move(target));
    }
  }
  if (stmt)
    stmt->label = label;
  return stmt;
}

StmtPtr Parser::parseIf() {
  auto stmt = std::make_unique<IfStmt>(loc());
  consume(); // if
  do {
    ExprPtr cond = parseExpr();
    if (!cond)
      return nullptr;
    StmtList body;
    if (failed(parseBlock(body, "if statement")))
      return nullptr;
    stmt->branches.emplace_back(std::move(cond), std::move(body));
  } while (consumeKeyword("elif"));
  if (consumeKeyword("else") && failed(parseBlock(stmt->elseBody, "if "
                                                                  "statement")))
    return nullptr;
  if (failed(expectKeyword("end", "to close the if statement")))
    return nullptr;
  return stmt;
}

StmtPtr Parser::parseWhile() {
  Location whileLoc = loc();
  consume(); // while
  ExprPtr cond = parseExpr();
  if (!cond)
    return nullptr;
  auto stmt = std::make_unique<WhileStmt>(whileLoc, std::move(cond));
  if (failed(parseBlock(stmt->body, "while loop")) ||
      failed(expectKeyword("end", "to close the while loop")))
    return nullptr;
  return stmt;
}

StmtPtr Parser::parseFor() {
  Location forLoc = loc();
  bool parallel = isKeyword("par_for");
  consume(); // for, par_for
  Location varLoc = loc();
  FailureOr<std::string> name = parseIdent("loop variable");
  if (failed(name) || failed(expectKeyword("in", "after the loop variable")))
    return nullptr;
  ExprPtr lo = parseExpr();
  if (!lo || failed(expect(Token::Colon, "in the loop range 'lo:hi'")))
    return nullptr;
  ExprPtr hi = parseExpr();
  if (!hi)
    return nullptr;
  consumeIf(Token::Semi); // GraphIt allows `for i in 0:n;`
  TypeSpec intSpec;
  intSpec.type = GtType::get(GtType::Int);
  auto var = std::make_unique<VarDecl>(varLoc, *name, intSpec, nullptr);
  auto stmt = std::make_unique<ForStmt>(forLoc, std::move(var), std::move(lo),
                                        std::move(hi));
  stmt->parallel = parallel;
  if (failed(parseBlock(stmt->body, "for loop")) ||
      failed(expectKeyword("end", "to close the for loop")))
    return nullptr;
  return stmt;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseExpr() {
  Nested nested(*this);
  if (!nested)
    return nullptr;
  return parseBinary(0);
}

static unsigned maxDepth(const std::vector<ExprPtr> &exprs) {
  unsigned depth = 0;
  for (const ExprPtr &expr : exprs)
    depth = std::max(depth, expr->depth);
  return depth;
}

ExprPtr Parser::bounded(ExprPtr expr) {
  unsigned below = 0;
  if (auto *binary = dyn_cast<BinaryExpr>(expr.get()))
    below = std::max(binary->lhs->depth, binary->rhs->depth);
  else if (auto *unary = dyn_cast<UnaryExpr>(expr.get()))
    below = unary->operand->depth;
  else if (auto *index = dyn_cast<IndexExpr>(expr.get()))
    below = std::max(index->base->depth, index->index->depth);
  else if (auto *method = dyn_cast<MethodExpr>(expr.get()))
    below = std::max(method->receiver->depth, maxDepth(method->args));
  else if (auto *call = dyn_cast<CallExpr>(expr.get()))
    below = std::max(maxDepth(call->args), maxDepth(call->captured));
  else if (auto *list = dyn_cast<VectorLitExpr>(expr.get()))
    below = maxDepth(list->values);
  else if (auto *newSet = dyn_cast<NewSetExpr>(expr.get()))
    below = newSet->size->depth;
  else if (auto *functor = dyn_cast<FunctorExpr>(expr.get()))
    below = std::max(functor->func->depth, maxDepth(functor->captured));
  expr->depth = below + 1;
  if (expr->depth <= kMaxNesting)
    return expr;
  emitError(expr->loc) << "expression too deep: more than " << kMaxNesting
                       << " levels of operators, calls or indexing";
  return nullptr;
}

/// Binary operators by increasing precedence: or and xor, and, equality,
/// comparison, additive, multiplicative.
ExprPtr Parser::parseBinary(int level) {
  if (level == 6)
    return parseUnary();
  ExprPtr lhs = parseBinary(level + 1);
  while (lhs) {
    std::optional<BinaryExpr::Op> op;
    switch (level) {
    case 0:
      if (isKeyword("or"))
        op = BinaryExpr::Or;
      else if (isKeyword("xor"))
        op = BinaryExpr::Xor;
      break;
    case 1:
      if (isKeyword("and"))
        op = BinaryExpr::And;
      break;
    case 2:
      if (is(Token::EqEq))
        op = BinaryExpr::Eq;
      else if (is(Token::NotEq))
        op = BinaryExpr::Ne;
      break;
    case 3:
      if (is(Token::Less))
        op = BinaryExpr::Lt;
      else if (is(Token::LessEq))
        op = BinaryExpr::Le;
      else if (is(Token::Greater))
        op = BinaryExpr::Gt;
      else if (is(Token::GreaterEq))
        op = BinaryExpr::Ge;
      break;
    case 4:
      if (is(Token::Plus))
        op = BinaryExpr::Add;
      else if (is(Token::Minus))
        op = BinaryExpr::Sub;
      break;
    case 5:
      if (is(Token::Star))
        op = BinaryExpr::Mul;
      else if (is(Token::Slash))
        op = BinaryExpr::Div;
      break;
    }
    if (!op)
      break;
    Location opLoc = loc();
    consume();
    ExprPtr rhs = parseBinary(level + 1);
    if (!rhs)
      return nullptr;
    lhs = bounded(std::make_unique<BinaryExpr>(opLoc, *op, std::move(lhs),
                                               std::move(rhs)));
  }
  return lhs;
}

ExprPtr Parser::parseUnary() {
  Location opLoc = loc();
  std::optional<UnaryExpr::Op> op;
  if (consumeIf(Token::Minus))
    op = UnaryExpr::Neg;
  else if (consumeKeyword("not"))
    op = UnaryExpr::Not;
  if (!op)
    return parsePostfix();
  Nested nested(*this);
  if (!nested)
    return nullptr;
  ExprPtr operand = parseUnary();
  if (!operand)
    return nullptr;
  return bounded(std::make_unique<UnaryExpr>(opLoc, *op, std::move(operand)));
}

LogicalResult Parser::parseArgs(std::vector<ExprPtr> &args) {
  if (failed(expect(Token::LParen, "before arguments")))
    return failure();
  if (!is(Token::RParen)) {
    do {
      ExprPtr arg = parseExpr();
      if (!arg)
        return failure();
      args.push_back(std::move(arg));
    } while (consumeIf(Token::Comma));
  }
  return expect(Token::RParen, "after arguments");
}

ExprPtr Parser::parsePostfix() {
  ExprPtr expr = parsePrimary();
  while (expr) {
    if (consumeIf(Token::LBracket)) {
      std::vector<ExprPtr> indices;
      do {
        indices.push_back(parseExpr());
        if (!indices.back())
          return nullptr;
      } while (consumeIf(Token::Comma));
      if (failed(expect(Token::RBracket, "after index")))
        return nullptr;
      Location baseLoc = expr->loc;
      if (indices.size() == 1)
        expr = bounded(std::make_unique<IndexExpr>(baseLoc, std::move(expr),
                                                   std::move(indices[0])));
      else
        expr = bounded(std::make_unique<FunctorExpr>(baseLoc, std::move(expr),
                                                     std::move(indices)));
    } else if (FunctionArg fn = asFunctionArg(*expr);
               is(Token::LParen) && fn.ref && !fn.captured.empty()) {
      // `f[a, b](args)`: a functor called at once.
      std::vector<ExprPtr> args;
      if (failed(parseArgs(args)))
        return nullptr;
      std::vector<ExprPtr> captured;
      if (auto *index = dyn_cast<IndexExpr>(expr.get()))
        captured.push_back(std::move(index->index));
      else
        captured = std::move(cast<FunctorExpr>(*expr).captured);
      auto call = std::make_unique<CallExpr>(fn.ref->loc, fn.ref->name,
                                             std::move(args));
      call->captured = std::move(captured);
      expr = bounded(std::move(call));
    } else if (consumeIf(Token::Dot)) {
      Location nameLoc = loc();
      FailureOr<std::string> name = parseIdent("method name");
      std::vector<ExprPtr> args;
      if (failed(name) || failed(parseArgs(args)))
        return nullptr;
      expr = bounded(std::make_unique<MethodExpr>(nameLoc, std::move(expr),
                                                  *name, std::move(args)));
    } else {
      break;
    }
  }
  return expr;
}

ExprPtr Parser::parsePrimary() {
  Location primLoc = loc();
  switch (tok.kind) {
  case Token::Int: {
    uint64_t value;
    if (tok.text.getAsInteger(10, value)) {
      error() << "integer literal " << tok.text << " is too large";
      return nullptr;
    }
    consume();
    return std::make_unique<IntLitExpr>(primLoc, value);
  }
  case Token::Float: {
    double value;
    tok.text.getAsDouble(value);
    consume();
    return std::make_unique<FloatLitExpr>(primLoc, value);
  }
  case Token::String: {
    std::string value = tok.text.str();
    consume();
    return std::make_unique<StringLitExpr>(primLoc, value);
  }
  case Token::LBrace: {
    consume();
    std::vector<ExprPtr> values;
    do {
      ExprPtr value = parseExpr();
      if (!value)
        return nullptr;
      values.push_back(std::move(value));
    } while (consumeIf(Token::Comma));
    if (failed(expect(Token::RBrace, "to close the vector's values")))
      return nullptr;
    return bounded(std::make_unique<VectorLitExpr>(primLoc, std::move(values)));
  }
  case Token::LParen: {
    consume();
    ExprPtr inner = parseExpr();
    if (!inner || failed(expect(Token::RParen, "to close '('")))
      return nullptr;
    return inner;
  }
  case Token::Ident:
    break;
  default:
    error() << "expected an expression, found " << found();
    return nullptr;
  }
  if (consumeKeyword("true"))
    return std::make_unique<BoolLitExpr>(primLoc, true);
  if (consumeKeyword("false"))
    return std::make_unique<BoolLitExpr>(primLoc, false);
  if (consumeKeyword("new")) {
    if (is(Token::Ident)) {
      if (StringRef container = unsupportedContainer(tok.text);
          !container.empty()) {
        error() << container << " ('" << tok.text << "') are not supported";
        return nullptr;
      }
    }
    if (isKeyword("vector")) {
      FailureOr<TypeSpec> spec = parseType();
      if (failed(spec) ||
          failed(expect(Token::LParen, "after the vector type")) ||
          failed(expect(Token::RParen, "after '('")))
        return nullptr;
      return std::make_unique<NewVectorExpr>(primLoc, spec->type);
    }
    if (isKeyword("priority_queue")) {
      FailureOr<TypeSpec> spec = parseType();
      std::vector<ExprPtr> args;
      if (failed(spec) || failed(parseArgs(args)))
        return nullptr;
      return bounded(std::make_unique<NewPriorityQueueExpr>(primLoc, spec->type,
                                                            std::move(args)));
    }
    if (consumeKeyword("list")) {
      FailureOr<GtType> list = parseListElement();
      if (failed(list) ||
          failed(expect(Token::LParen, "after the list type")) ||
          failed(expect(Token::RParen, "after '('")))
        return nullptr;
      return std::make_unique<NewListExpr>(primLoc, *list);
    }
    if (failed(expectKeyword("vertexset", "after 'new'")) ||
        failed(expect(Token::LBrace, "after 'vertexset'")))
      return nullptr;
    FailureOr<std::string> elem = parseIdent("element name");
    if (failed(elem) || failed(expect(Token::RBrace, "after element name")) ||
        failed(expect(Token::LParen, "before the vertex count")))
      return nullptr;
    ExprPtr size = parseExpr();
    if (!size || failed(expect(Token::RParen, "after the vertex count")))
      return nullptr;
    return bounded(
        std::make_unique<NewSetExpr>(primLoc, *elem, std::move(size)));
  }
  std::string name = tok.text.str();
  consume();
  if (!is(Token::LParen))
    return std::make_unique<VarRefExpr>(primLoc, name);
  std::vector<ExprPtr> args;
  if (failed(parseArgs(args)))
    return nullptr;
  return bounded(std::make_unique<CallExpr>(primLoc, name, std::move(args)));
}

//===----------------------------------------------------------------------===//
// Schedule
//===----------------------------------------------------------------------===//

FailureOr<std::vector<ScheduleCall>> Parser::parseSchedule() {
  std::vector<ScheduleCall> calls;
  while (!is(Token::Eof))
    if (failed(parseScheduleStmt(calls)))
      return failure();
  return calls;
}

/// The arguments of a scheduling call, after its `(`, through its `)`.
LogicalResult Parser::parseScheduleArgs(std::vector<ScheduleArg> &args) {
  while (!is(Token::RParen)) {
    ScheduleArg arg{ScheduleArg::String, loc(), "", 0, {}};
    if (is(Token::String) || is(Token::Ident)) {
      arg.kind = is(Token::String) ? ScheduleArg::String : ScheduleArg::Name;
      arg.str = tok.text.str();
      consume();
    } else if (is(Token::Int)) {
      arg.kind = ScheduleArg::Int;
      if (tok.text.getAsInteger(10, arg.value)) {
        error() << "integer " << tok.text << " is too large";
        return failure();
      }
      consume();
    } else if (is(Token::Float)) {
      arg.kind = ScheduleArg::Float;
      arg.str = tok.text.str();
      if (tok.text.getAsDouble(arg.fraction)) {
        error() << "invalid number " << tok.text;
        return failure();
      }
      consume();
    } else if (consumeIf(Token::LBrace)) {
      arg.kind = ScheduleArg::List;
      do {
        if (!is(Token::String) && !is(Token::Ident)) {
          error() << "expected a vector name, found " << found();
          return failure();
        }
        arg.list.push_back(tok.text.str());
        consume();
      } while (consumeIf(Token::Comma));
      if (failed(expect(Token::RBrace, "after the list")))
        return failure();
    } else {
      error() << "expected a string, a number, a name or a '{...}' list, "
                 "found "
              << found();
      return failure();
    }
    args.push_back(std::move(arg));
    if (!consumeIf(Token::Comma))
      break;
  }
  return expect(Token::RParen, "after arguments");
}

/// `name(args)` of a scheduling call.
LogicalResult Parser::parseScheduleCall(ScheduleCall &call) {
  FailureOr<std::string> name = parseIdent("scheduling function");
  if (failed(name) || failed(expect(Token::LParen, "before arguments")))
    return failure();
  call.name = *name;
  return parseScheduleArgs(call.args);
}

/// `program->call(args)->call(args)...;`, or a GPU schedule's
/// `Type var;`, `Type var(args);`, `Type var = other;` or `var.call(args);`.
LogicalResult Parser::parseScheduleStmt(std::vector<ScheduleCall> &calls) {
  Location first = loc();
  FailureOr<std::string> name = parseIdent(
      "'program', a GPU schedule type or a GPU schedule variable to start a "
      "scheduling statement");
  if (failed(name))
    return failure();
  // `Type var...`: a GPU schedule variable's declaration.
  if (is(Token::Ident)) {
    ScheduleCall decl{
        *name, first, {}, ScheduleCall::Declaration, tok.text.str()};
    consume();
    if (consumeIf(Token::Assign)) {
      decl.isCopy = true;
      ScheduleArg other{ScheduleArg::Name, loc(), "", 0, {}};
      FailureOr<std::string> source = parseIdent("a schedule variable to copy");
      if (failed(source))
        return failure();
      other.str = *source;
      decl.args.push_back(std::move(other));
    } else if (consumeIf(Token::LParen) &&
               failed(parseScheduleArgs(decl.args))) {
      return failure();
    }
    calls.push_back(std::move(decl));
    return expect(Token::Semi, "after the declaration");
  }
  // `var.call(args);`
  if (consumeIf(Token::Dot)) {
    ScheduleCall call{"", loc(), {}, ScheduleCall::Method, *name};
    if (failed(parseScheduleCall(call)))
      return failure();
    calls.push_back(std::move(call));
    return expect(Token::Semi, "after scheduling statement");
  }
  if (StringRef(*name).ends_with("GPUSchedule")) {
    error() << "expected a schedule variable name after '" << *name
            << "', found " << found();
    return failure();
  }
  if (*name != "program") {
    emitError(first) << "expected 'program' to start a scheduling statement, "
                        "found '"
                     << *name << "'";
    return failure();
  }
  if (failed(expect(Token::Arrow, "after 'program'")))
    return failure();
  do {
    ScheduleCall call{"", loc(), {}, ScheduleCall::Program, ""};
    if (failed(parseScheduleCall(call)))
      return failure();
    calls.push_back(std::move(call));
  } while (consumeIf(Token::Arrow));
  return expect(Token::Semi, "after scheduling statement");
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::unique_ptr<Program>
mlir::graph::graphit::parseProgram(llvm::SourceMgr &sourceMgr,
                                   unsigned bufferId, MLIRContext *context) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferId);
  Parser parser(buffer->getBuffer(), buffer->getBufferIdentifier(), context);
  return parser.parseProgram();
}

FailureOr<std::vector<ScheduleCall>> mlir::graph::graphit::parseScheduleCalls(
    llvm::SourceMgr &sourceMgr, unsigned bufferId, MLIRContext *context) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferId);
  StringRef text = buffer->getBuffer();
  // Start after the `schedule:` line when there is one.
  unsigned line = 1;
  for (StringRef rest = text; !rest.empty(); ++line) {
    auto [current, next] = rest.split('\n');
    StringRef afterKeyword = current.ltrim();
    if (afterKeyword.consume_front("schedule") &&
        afterKeyword.ltrim().starts_with(":")) {
      const char *start = afterKeyword.ltrim().data() + 1;
      Parser parser(text.drop_front(start - text.data()),
                    buffer->getBufferIdentifier(), context, line,
                    start - current.data() + 1, /*scheduleText=*/true);
      return parser.parseSchedule();
    }
    rest = next;
  }
  Parser parser(text, buffer->getBufferIdentifier(), context, 1, 1,
                /*scheduleText=*/true);
  return parser.parseSchedule();
}
