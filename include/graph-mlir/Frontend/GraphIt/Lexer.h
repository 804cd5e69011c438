//===- Lexer.h - GraphIt tokens ---------------------------------*- C++ -*-===//

#ifndef GRAPH_MLIR_FRONTEND_GRAPHIT_LEXER_H
#define GRAPH_MLIR_FRONTEND_GRAPHIT_LEXER_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::graph::graphit {

struct Token {
  enum Kind {
    Eof,
    Error, // An invalid character or an unterminated string.
    Ident,
    Int,
    Float,
    String,
    // Punctuation.
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Comma,
    Semi,
    Colon,
    Dot,
    Arrow,
    Hash,
    Assign,
    PlusAssign,
    MinusAssign,
    MinAssign, // `min=` and `asyncMin=`
    MaxAssign, // `max=` and `asyncMax=`
    Plus,
    Minus,
    Star,
    Slash,
    EqEq,
    NotEq,
    Less,
    LessEq,
    Greater,
    GreaterEq,
  };
  Kind kind = Eof;
  llvm::StringRef text; // Spelling; the unquoted contents of a string.
  unsigned line = 0, col = 0;
  /// True when the token is the first on its line (finds `schedule:`).
  bool startsLine = false;
};

/// Splits a GraphIt buffer into tokens; `%` comments and white space are
/// skipped.
class Lexer {
public:
  Lexer(llvm::StringRef buffer, unsigned line = 1, unsigned col = 1)
      : cur(buffer.begin()), end(buffer.end()), line(line), col(col) {}
  Token next();
  /// From here on `//` starts a comment too: GraphIt's schedules are C++
  /// text, and its GPU schedule files comment lines out that way.
  void skipLineComments() { lineComments = true; }

private:
  char peek(size_t ahead = 0) const {
    return cur + ahead < end ? cur[ahead] : '\0';
  }
  void advance(size_t n = 1);

  const char *cur, *end;
  unsigned line, col;
  bool atLineStart = true;
  bool lineComments = false;
};

/// Spelling of a token kind for "expected ..." diagnostics.
llvm::StringRef spell(Token::Kind kind);

} // namespace mlir::graph::graphit

#endif // GRAPH_MLIR_FRONTEND_GRAPHIT_LEXER_H
