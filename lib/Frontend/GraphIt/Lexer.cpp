//===- Lexer.cpp - GraphIt tokens -----------------------------------------===//

#include "graph-mlir/Frontend/GraphIt/Lexer.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <cctype>

using namespace mlir::graph::graphit;

void Lexer::advance(size_t n) {
  for (; n && cur < end; --n, ++cur) {
    if (*cur == '\n') {
      ++line;
      col = 1;
      atLineStart = true;
    } else {
      ++col;
    }
  }
}

static bool isIdentStart(char c) { return std::isalpha(c) || c == '_'; }
static bool isIdentChar(char c) { return std::isalnum(c) || c == '_'; }

Token Lexer::next() {
  // Skip white space and comments.
  while (cur < end) {
    if (std::isspace(*cur)) {
      advance();
    } else if (*cur == '%' || (lineComments && *cur == '/' && peek(1) == '/')) {
      while (cur < end && *cur != '\n')
        advance();
    } else {
      break;
    }
  }
  Token tok;
  tok.line = line;
  tok.col = col;
  tok.startsLine = atLineStart;
  atLineStart = false;
  const char *start = cur;
  auto finish = [&](Token::Kind kind, size_t length) {
    advance(length);
    tok.kind = kind;
    tok.text = llvm::StringRef(start, cur - start);
    return tok;
  };
  if (cur >= end)
    return finish(Token::Eof, 0);

  char c = *cur;
  if (isIdentStart(c)) {
    size_t n = 1;
    while (isIdentChar(peek(n)))
      ++n;
    llvm::StringRef word(start, n);
    // `min=` and friends: a reduction operator, unless it is `min ==`.
    if (peek(n) == '=' && peek(n + 1) != '=') {
      Token::Kind kind = llvm::StringSwitch<Token::Kind>(word)
                             .Cases({"min", "asyncMin"}, Token::MinAssign)
                             .Cases({"max", "asyncMax"}, Token::MaxAssign)
                             .Default(Token::Ident);
      if (kind != Token::Ident)
        return finish(kind, n + 1);
    }
    return finish(Token::Ident, n);
  }
  if (std::isdigit(c) || (c == '.' && std::isdigit(peek(1)))) {
    size_t n = 0;
    bool isFloat = false;
    while (std::isdigit(peek(n)))
      ++n;
    if (peek(n) == '.' && std::isdigit(peek(n + 1))) {
      isFloat = true;
      for (++n; std::isdigit(peek(n));)
        ++n;
    }
    if (peek(n) == 'e' || peek(n) == 'E') {
      size_t m = n + 1;
      if (peek(m) == '+' || peek(m) == '-')
        ++m;
      if (std::isdigit(peek(m))) {
        isFloat = true;
        for (n = m; std::isdigit(peek(n));)
          ++n;
      }
    }
    return finish(isFloat ? Token::Float : Token::Int, n);
  }
  if (c == '"') {
    size_t n = 1;
    while (cur + n < end && cur[n] != '"' && cur[n] != '\n')
      ++n;
    if (peek(n) != '"')
      return finish(Token::Error, n);
    Token t = finish(Token::String, n + 1);
    t.text = t.text.drop_front().drop_back();
    return t;
  }
  auto two = [&](char second, Token::Kind ifTwo, Token::Kind ifOne) {
    return peek(1) == second ? finish(ifTwo, 2) : finish(ifOne, 1);
  };
  switch (c) {
  case '(':
    return finish(Token::LParen, 1);
  case ')':
    return finish(Token::RParen, 1);
  case '{':
    return finish(Token::LBrace, 1);
  case '}':
    return finish(Token::RBrace, 1);
  case '[':
    return finish(Token::LBracket, 1);
  case ']':
    return finish(Token::RBracket, 1);
  case ',':
    return finish(Token::Comma, 1);
  case ';':
    return finish(Token::Semi, 1);
  case ':':
    return finish(Token::Colon, 1);
  case '.':
    return finish(Token::Dot, 1);
  case '#':
    return finish(Token::Hash, 1);
  case '*':
    return finish(Token::Star, 1);
  case '/':
    return finish(Token::Slash, 1);
  case '+':
    return two('=', Token::PlusAssign, Token::Plus);
  case '-':
    if (peek(1) == '>')
      return finish(Token::Arrow, 2);
    return two('=', Token::MinusAssign, Token::Minus);
  case '=':
    return two('=', Token::EqEq, Token::Assign);
  case '!':
    return two('=', Token::NotEq, Token::Error);
  case '<':
    return two('=', Token::LessEq, Token::Less);
  case '>':
    return two('=', Token::GreaterEq, Token::Greater);
  default:
    return finish(Token::Error, 1);
  }
}

llvm::StringRef mlir::graph::graphit::spell(Token::Kind kind) {
  switch (kind) {
  case Token::Eof:
    return "end of file";
  case Token::Error:
    return "invalid token";
  case Token::Ident:
    return "identifier";
  case Token::Int:
    return "integer";
  case Token::Float:
    return "number";
  case Token::String:
    return "string";
  case Token::LParen:
    return "'('";
  case Token::RParen:
    return "')'";
  case Token::LBrace:
    return "'{'";
  case Token::RBrace:
    return "'}'";
  case Token::LBracket:
    return "'['";
  case Token::RBracket:
    return "']'";
  case Token::Comma:
    return "','";
  case Token::Semi:
    return "';'";
  case Token::Colon:
    return "':'";
  case Token::Dot:
    return "'.'";
  case Token::Arrow:
    return "'->'";
  case Token::Hash:
    return "'#'";
  case Token::Assign:
    return "'='";
  case Token::PlusAssign:
    return "'+='";
  case Token::MinusAssign:
    return "'-='";
  case Token::MinAssign:
    return "'min='";
  case Token::MaxAssign:
    return "'max='";
  case Token::Plus:
    return "'+'";
  case Token::Minus:
    return "'-'";
  case Token::Star:
    return "'*'";
  case Token::Slash:
    return "'/'";
  case Token::EqEq:
    return "'=='";
  case Token::NotEq:
    return "'!='";
  case Token::Less:
    return "'<'";
  case Token::LessEq:
    return "'<='";
  case Token::Greater:
    return "'>'";
  case Token::GreaterEq:
    return "'>='";
  }
  llvm_unreachable("unknown token kind");
}
