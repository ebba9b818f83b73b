// The mini Cypher evaluator used by temporal_tck_test.cpp (see temporal_cypher_eval.h),
// with tests of the evaluator itself.

#include "temporal_cypher_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/temporal/temporal.h"

namespace quiver::testing {

namespace {

struct Token {
  enum Kind { kIdent, kInt, kFloat, kString, kPunct, kEnd } kind = kEnd;
  std::string text;  // identifier, punctuation or string contents
  size_t begin = 0;  // source offsets, for column names
  size_t end = 0;
};

std::vector<Token> Tokenize(std::string_view q) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < q.size()) {
    const char c = q[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    Token t;
    t.begin = i;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (i < q.size() && (std::isalnum(static_cast<unsigned char>(q[i])) || q[i] == '_')) ++i;
      t.kind = Token::kIdent;
      t.text = std::string(q.substr(t.begin, i - t.begin));
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < q.size() && std::isdigit(static_cast<unsigned char>(q[i]))) ++i;
      t.kind = Token::kInt;
      if (i + 1 < q.size() && q[i] == '.' && std::isdigit(static_cast<unsigned char>(q[i + 1]))) {
        ++i;
        while (i < q.size() && std::isdigit(static_cast<unsigned char>(q[i]))) ++i;
        t.kind = Token::kFloat;
      }
      t.text = std::string(q.substr(t.begin, i - t.begin));
    } else if (c == '\'') {
      ++i;
      while (i < q.size() && q[i] != '\'') {
        if (q[i] == '\\' && i + 1 < q.size()) ++i;
        t.text.push_back(q[i++]);
      }
      if (i >= q.size()) throw Unsupported("unterminated string");
      ++i;
      t.kind = Token::kString;
    } else {
      static constexpr std::string_view kTwo[] = {"<>", "<=", ">="};
      t.kind = Token::kPunct;
      t.text = std::string(1, c);
      for (std::string_view two : kTwo) {
        if (q.substr(i, 2) == two) t.text = std::string(two);
      }
      i += t.text.size();
    }
    t.end = i;
    out.push_back(std::move(t));
  }
  Token end;
  end.begin = end.end = q.size();
  out.push_back(end);
  return out;
}

bool Keyword(const Token& t, std::string_view word) {
  if (t.kind != Token::kIdent || t.text.size() != word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(t.text[i])) != word[i]) return false;
  }
  return true;
}

using Row = std::vector<std::pair<std::string, Value>>;

const Value* Lookup(const Row& row, const std::string& name) {
  for (const auto& [k, v] : row) {
    if (k == name) return &v;
  }
  return nullptr;
}

// Scalar toString(): temporal values print as their ISO text.
Value ToStringValue(const Value& v) {
  if (v.IsNull() || v.IsString()) return v;
  std::string text = ToTckString(v);
  if (v.IsTemporal() && text.size() >= 2) text = text.substr(1, text.size() - 2);
  return Value::String(text);
}

}  // namespace

class MiniCypherParser {
 public:
  MiniCypherParser(MiniCypher& db, std::string_view query)
      : db_(db), query_(query), tokens_(Tokenize(query)) {}

  EvalResult Run() {
    std::vector<Row> rows(1);
    EvalResult result;
    while (!AtEnd()) {
      if (Keyword(Peek(), "CREATE")) {
        Next();
        Create(rows);
      } else if (Keyword(Peek(), "MATCH")) {
        Next();
        rows = Match(rows);
      } else if (Keyword(Peek(), "WITH") || Keyword(Peek(), "RETURN")) {
        const bool is_return = Keyword(Next(), "RETURN");
        std::vector<std::string> names;
        rows = Project(rows, names);
        if (is_return) {
          result.columns = names;
          for (const Row& row : rows) {
            std::vector<Value> values;
            for (const auto& [k, v] : row) values.push_back(v);
            result.rows.push_back(std::move(values));
          }
          if (!AtEnd()) throw Unsupported("clauses after RETURN");
        }
      } else {
        throw Unsupported("clause " + Peek().text);
      }
    }
    return result;
  }

 private:
  const Token& Peek(size_t ahead = 0) const { return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)]; }
  const Token& Next() { return tokens_[std::min(pos_++, tokens_.size() - 1)]; }
  bool AtEnd() const { return Peek().kind == Token::kEnd; }
  bool IsPunct(std::string_view p, size_t ahead = 0) const {
    return Peek(ahead).kind == Token::kPunct && Peek(ahead).text == p;
  }
  void Expect(std::string_view p) {
    if (!IsPunct(p)) throw Unsupported("expected " + std::string(p) + " at '" + Peek().text + "'");
    Next();
  }
  std::string Ident() {
    if (Peek().kind != Token::kIdent) throw Unsupported("expected an identifier at '" + Peek().text + "'");
    return Next().text;
  }

  // (var:Label {props}) for CREATE and MATCH.
  struct NodePattern {
    std::string var;
    std::vector<std::string> labels;
    std::optional<size_t> props_at;  // token position of the property map
  };
  NodePattern Pattern() {
    NodePattern p;
    Expect("(");
    if (Peek().kind == Token::kIdent) p.var = Ident();
    while (IsPunct(":")) {
      Next();
      p.labels.push_back(Ident());
    }
    if (IsPunct("{")) {
      p.props_at = pos_;
      SkipBalanced();
    }
    Expect(")");
    if (IsPunct("-") || IsPunct("<")) throw Unsupported("relationship patterns");
    return p;
  }
  void SkipBalanced() {
    int depth = 0;
    do {
      if (IsPunct("{") || IsPunct("(") || IsPunct("[")) ++depth;
      if (IsPunct("}") || IsPunct(")") || IsPunct("]")) --depth;
      Next();
    } while (depth > 0 && !AtEnd());
  }

  void Create(const std::vector<Row>& rows) {
    std::vector<NodePattern> patterns{Pattern()};
    while (IsPunct(",")) Next(), patterns.push_back(Pattern());
    const size_t after = pos_;
    for (const Row& row : rows) {
      for (const NodePattern& p : patterns) {
        NodeValue node;
        node.id = db_.nodes_.size();
        node.labels = p.labels;
        if (p.props_at) {
          pos_ = *p.props_at;
          const Value props = Expr(row);
          for (const auto& [k, v] : props.AsMap()) {
            if (!v.IsNull()) node.properties.Set(k, v);
          }
        }
        db_.nodes_.push_back(std::move(node));
      }
    }
    pos_ = after;
  }

  std::vector<Row> Match(const std::vector<Row>& rows) {
    std::vector<NodePattern> patterns{Pattern()};
    while (IsPunct(",")) Next(), patterns.push_back(Pattern());
    if (Keyword(Peek(), "WHERE")) throw Unsupported("WHERE");
    std::vector<Row> out = rows;
    for (const NodePattern& p : patterns) {
      if (p.props_at) throw Unsupported("property predicates in MATCH");
      std::vector<Row> next;
      for (const Row& row : out) {
        for (const NodeValue& node : db_.nodes_) {
          bool ok = true;
          for (const std::string& label : p.labels) {
            ok = ok && std::find(node.labels.begin(), node.labels.end(), label) != node.labels.end();
          }
          if (!ok) continue;
          Row r = row;
          if (!p.var.empty()) r.emplace_back(p.var, Value::Node(node));
          next.push_back(std::move(r));
        }
      }
      out = std::move(next);
    }
    return out;
  }

  std::vector<Row> Project(const std::vector<Row>& rows, std::vector<std::string>& names) {
    // With no rows the items are still parsed (for the column names), in a dry run
    // where every expression is null.
    const size_t start = pos_;
    const Row no_row;
    std::vector<Row> out;
    for (size_t r = 0; r < std::max<size_t>(rows.size(), 1); ++r) {
      pos_ = start;
      dry_run_ = rows.empty();
      names.clear();
      Row projected;
      while (true) {
        const size_t begin = Peek().begin;
        const Value v = Expr(rows.empty() ? no_row : rows[r]);
        std::string name(query_.substr(begin, Peek().begin - begin));
        while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
        if (Keyword(Peek(), "AS")) {
          Next();
          name = Ident();
        }
        names.push_back(name);
        projected.emplace_back(name, v);
        if (!IsPunct(",")) break;
        Next();
      }
      if (!rows.empty()) out.push_back(std::move(projected));
    }
    dry_run_ = false;
    if (Keyword(Peek(), "ORDER") || Keyword(Peek(), "WHERE") || Keyword(Peek(), "SKIP") ||
        Keyword(Peek(), "LIMIT")) {
      throw Unsupported("ORDER BY / WHERE / SKIP / LIMIT");
    }
    return out;
  }

  // ---- expressions ----
  Value Expr(const Row& row) {
    Value left = Additive(row);
    static constexpr std::string_view kOps[] = {"=", "<>", "<", ">", "<=", ">="};
    for (std::string_view op : kOps) {
      if (!IsPunct(op)) continue;
      Next();
      const Value right = Additive(row);
      if (dry_run_) return Value();
      if (op == "=") return ToValue(Equals(left, right));
      if (op == "<>") return ToValue(NotEquals(left, right));
      if (op == "<") return ToValue(LessThan(left, right));
      if (op == ">") return ToValue(GreaterThan(left, right));
      if (op == "<=") return ToValue(LessOrEqual(left, right));
      return ToValue(GreaterOrEqual(left, right));
    }
    return left;
  }

  Value Additive(const Row& row) {
    Value v = Multiplicative(row);
    while (IsPunct("+") || IsPunct("-")) {
      const bool plus = Next().text == "+";
      const Value r = Multiplicative(row);
      if (dry_run_) {
        v = Value();
      } else if (v.IsTemporal() || r.IsTemporal()) {
        v = plus ? TemporalAdd(v, r) : TemporalSubtract(v, r);
      } else if (v.IsInt() && r.IsInt()) {
        v = Value::Int(plus ? v.AsInt() + r.AsInt() : v.AsInt() - r.AsInt());
      } else {
        throw Unsupported("non-temporal arithmetic");
      }
    }
    return v;
  }

  Value Multiplicative(const Row& row) {
    Value v = Unary(row);
    while (IsPunct("*") || IsPunct("/")) {
      const bool times = Next().text == "*";
      const Value r = Unary(row);
      if (dry_run_) {
        v = Value();
        continue;
      }
      if (!v.IsDuration() && !r.IsDuration()) throw Unsupported("non-temporal arithmetic");
      v = times ? DurationMultiply(v, r) : DurationDivide(v, r);
    }
    return v;
  }

  Value Unary(const Row& row) {
    if (IsPunct("-")) {
      Next();
      const Value v = Unary(row);
      if (dry_run_) return Value();
      if (v.IsInt()) return Value::Int(-v.AsInt());
      if (v.IsFloat()) return Value::Float(-v.AsFloat());
      throw Unsupported("unary minus on " + std::string(v.TypeName()));
    }
    Value v = Primary(row);
    while (IsPunct(".")) {
      Next();
      const std::string key = Ident();
      v = Property(v, key);
    }
    return v;
  }

  static Value Property(const Value& v, const std::string& key) {
    if (v.IsNull()) return Value();
    if (std::optional<Value> t = TemporalProperty(v, key)) return *t;
    if (v.IsNode()) {
      const Value* p = v.AsNode().properties.Find(key);
      return p ? *p : Value();
    }
    if (v.IsMap()) {
      const Value* p = v.AsMap().Find(key);
      return p ? *p : Value();
    }
    throw Unsupported("property access on " + std::string(v.TypeName()));
  }

  Value Primary(const Row& row) {
    const Token& t = Peek();
    switch (t.kind) {
      case Token::kInt:
        return Value::Int(std::stoll(Next().text));
      case Token::kFloat:
        return Value::Float(std::stod(Next().text));
      case Token::kString:
        return Value::String(Next().text);
      case Token::kIdent:
        return IdentExpr(row);
      case Token::kPunct:
        break;
      case Token::kEnd:
        throw Unsupported("unexpected end of query");
    }
    if (IsPunct("(")) {
      Next();
      Value v = Expr(row);
      Expect(")");
      return v;
    }
    if (IsPunct("[")) {
      Next();
      std::vector<Value> items;
      while (!IsPunct("]")) {
        items.push_back(Expr(row));
        if (IsPunct(",")) Next();
      }
      Next();
      return Value::List(std::move(items));
    }
    if (IsPunct("{")) {
      Next();
      ValueMap map;
      while (!IsPunct("}")) {
        const std::string key = Ident();
        Expect(":");
        map.Set(key, Expr(row));
        if (IsPunct(",")) Next();
      }
      Next();
      return Value::Map(std::move(map));
    }
    throw Unsupported("unexpected '" + t.text + "'");
  }

  Value IdentExpr(const Row& row) {
    if (Keyword(Peek(), "NULL")) return Next(), Value();
    if (Keyword(Peek(), "TRUE")) return Next(), Value::Bool(true);
    if (Keyword(Peek(), "FALSE")) return Next(), Value::Bool(false);
    // A dotted name followed by '(' is a function; otherwise a variable and properties.
    size_t ahead = 1;
    std::string name = Peek().text;
    while (IsPunct(".", ahead) && Peek(ahead + 1).kind == Token::kIdent) {
      name += "." + Peek(ahead + 1).text;
      ahead += 2;
    }
    if (IsPunct("(", ahead)) {
      pos_ += ahead + 1;
      std::vector<Value> args;
      while (!IsPunct(")")) {
        args.push_back(Expr(row));
        if (IsPunct(",")) Next();
      }
      Next();
      return dry_run_ ? Value() : Call(name, args);
    }
    const std::string var = Next().text;
    if (dry_run_) return Value();
    const Value* v = Lookup(row, var);
    if (v == nullptr) throw Unsupported("unknown variable " + var);
    return *v;
  }

  Value Call(const std::string& name, const std::vector<Value>& args) {
    if (const TemporalFunction* f = FindTemporalFunction(name)) {
      if (static_cast<int>(args.size()) < f->min_args || static_cast<int>(args.size()) > f->max_args) {
        throw Unsupported("wrong number of arguments to " + name);
      }
      return f->impl(args, db_.clock_);
    }
    if (name == "toString" && args.size() == 1) return ToStringValue(args[0]);
    throw Unsupported("function " + name);
  }

  MiniCypher& db_;
  std::string_view query_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  bool dry_run_ = false;
};

EvalResult MiniCypher::Run(std::string_view query) {
  return MiniCypherParser(*this, query).Run();
}

// ---- tests of the evaluator ----

TEST(MiniCypherTest, EvaluatesTemporalFunctionsPropertiesAndOperators) {
  MiniCypher db(TemporalClock::Fixed({0, 0}));
  EvalResult r =
      db.Run("WITH date({year: 1984, month: 10, day: 11}) AS d RETURN d.year, d + duration('P1D') AS next");
  ASSERT_EQ(r.columns, (std::vector<std::string>{"d.year", "next"}));
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(ToTckString(r.rows[0][0]), "1984");
  EXPECT_EQ(ToTckString(r.rows[0][1]), "'1984-10-12'");
}

TEST(MiniCypherTest, CreatesAndMatchesNodes) {
  MiniCypher db(TemporalClock::Fixed({0, 0}));
  EXPECT_TRUE(db.Run("CREATE (:A {t: time('12:00+01:00')}) CREATE (:B {n: 2})").rows.empty());
  EvalResult r = db.Run("MATCH (a:A), (b: B) RETURN a.t AS t, b.n AS n");
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(ToTckString(r.rows[0][0]), "'12:00+01:00'");
  EXPECT_EQ(ToTckString(r.rows[0][1]), "2");
}

TEST(MiniCypherTest, RejectsWhatItCannotEvaluate) {
  MiniCypher db(TemporalClock::Fixed({0, 0}));
  EXPECT_THROW(db.Run("UNWIND [1, 2] AS x RETURN x"), Unsupported);
  EXPECT_THROW(db.Run("RETURN size([1]) AS s"), Unsupported);
}

}  // namespace quiver::testing
