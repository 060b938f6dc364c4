#include "games/rulegame/rules/episode.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "expr/eval.h"

namespace rk::rulegame {

using expr::Node;
using expr::Sym;
using expr::Value;
using expr::ValueSet;

namespace {
constexpr uint32_t kThisObject = 0x7FFFFFFF;  // object id of "the piece being tried"
}

// Supplies variables to expressions while one piece is tried against one bucket.
class EvalEnv {
 public:
  EvalEnv(const Episode& e, size_t j, int bucket) : e_(e), j_(j), bucket_(bucket) {}

  void var(const Node& n, ValueSet& out) const {
    switch (static_cast<Var>(n.binding)) {
      case Var::kP:
        if (e_.last_bucket_) out.insert(Value::integer(*e_.last_bucket_));
        return;
      case Var::kPc:
        p_of(e_.rules_->sym_color, out);
        return;
      case Var::kPs:
        p_of(e_.rules_->sym_shape, out);
        return;
      case Var::kNearby:
      case Var::kRemotest: {
        const Piece& p = e_.pieces_[j_];
        const uint8_t m = static_cast<Var>(n.binding) == Var::kNearby
                              ? nearest_buckets(p.x(), p.y())
                              : remotest_buckets(p.x(), p.y());
        for (int b = 0; b < kBuckets; ++b) {
          if (m & (1 << b)) out.insert(Value::integer(b));
        }
        return;
      }
      case Var::kThis:
        out.insert(Value::obj(kThisObject));
        return;
      case Var::kLast:
        if (e_.last_record_ >= 0) out.insert(Value::obj(static_cast<uint32_t>(e_.last_record_)));
        return;
      default:
        return;
    }
  }

  void path(const Node& n, ValueSet& out) const {
    if (static_cast<Var>(n.binding) == Var::kPDot) {
      p_of(n.sym, out);
    } else if (static_cast<Var>(n.binding) == Var::kQDot) {
      Value v;
      if (!this_value(n.sym, v)) return;
      if (const Episode::MemEntry* m = find(n.sym, v)) out.insert(Value::obj(m->record));
    }
  }

  void field(Value obj, Sym name, ValueSet& out) const {
    if (static_cast<uint32_t>(obj.v) == kThisObject) {
      Value v;
      if (this_value(name, v)) out.insert(v);
      return;
    }
    for (const auto& [k, v] : e_.records_[static_cast<size_t>(obj.v)].props) {
      if (k == name) {
        out.insert(v);
        return;
      }
    }
  }

  // The current piece's value of a property; "bucket" is the bucket being tried.
  bool this_value(Sym key, Value& out) const {
    if (key == e_.rules_->sym_bucket) {
      out = Value::integer(bucket_);
      return true;
    }
    for (const auto& [k, v] : e_.info_[j_].rec.props) {
      if (k == key) {
        out = v;
        return true;
      }
    }
    return false;
  }

 private:
  const Episode::MemEntry* find(Sym key, Value v) const {
    for (const Episode::MemEntry& m : e_.memory_) {
      if (m.key == key && m.val == v) return &m;
    }
    return nullptr;
  }
  void p_of(Sym key, ValueSet& out) const {
    Value v;
    if (!this_value(key, v)) return;
    if (const Episode::MemEntry* m = find(key, v)) out.insert(Value::integer(m->bucket));
  }

  const Episode& e_;
  size_t j_;
  int bucket_;
};

Sym Episode::intern(std::string_view s) {
  const Sym f = rules_->symbols.find(s);
  if (f != expr::kNoSym) return f;
  return static_cast<Sym>(rules_->symbols.size()) + local_.intern(s);
}

std::string_view Episode::sym_name(Sym s) const {
  const size_t base = rules_->symbols.size();
  return s < base ? rules_->symbols.name(s) : local_.name(static_cast<Sym>(s - base));
}

// Property values that read as integers are integers, as in the reference engine.
Value Episode::normalize(std::string_view s) {
  int32_t i;
  if (expr::parse_java_int(s, i)) return Value::integer(i);
  return Value::str(intern(s));
}

Episode::Episode(const RuleSet& rules, const Board& board) : rules_(&rules), pieces_(board.pieces) {
  info_.resize(pieces_.size());
  for (size_t j = 0; j < pieces_.size(); ++j) {
    const Piece& p = pieces_[j];
    PieceInfo& in = info_[j];
    if (p.is_image()) {
      for (const auto& [k, v] : p.props) {
        const Sym key = intern(k);
        in.raw.emplace_back(key, intern(v));
        in.rec.props.emplace_back(key, normalize(v));
      }
    } else {
      in.shape = intern(p.shape);
      in.color = intern(p.color);
      in.rec.props.emplace_back(rules.sym_shape, Value::str(in.shape));
      in.rec.props.emplace_back(rules.sym_color, Value::str(in.color));
    }
    auto pos = std::find_if(in.rec.props.begin(), in.rec.props.end(),
                            [&](const auto& kv) { return kv.first == rules.sym_pos; });
    if (pos != in.rec.props.end()) in.rec.props.erase(pos);
    in.rec.props.emplace_back(rules.sym_pos, Value::integer(p.pos));
  }
  eligible_.resize(rules.orders.size());
  if (rules.rows.empty()) {
    stalemate_ = true;
    return;
  }
  scan_from(0);
}

void Episode::make_line(size_t row) {
  const Row& r = rules_->rows[row];
  cur_.row = row;
  cur_.global = r.global_counter;
  const auto atoms = rules_->atoms_of(r);
  cur_.counters.resize(atoms.size());
  for (size_t k = 0; k < atoms.size(); ++k) cur_.counters[k] = atoms[k].counter;
  cur_.acc.assign(pieces_.size() * atoms.size(), 0);
  cur_.done = exhausted() || !build_acceptance();
}

bool Episode::exhausted() const {
  const Row& r = rules_->rows[cur_.row];
  if (r.global_counter >= 0 && cur_.global == 0) return true;
  const auto atoms = rules_->atoms_of(r);
  for (size_t k = 0; k < atoms.size(); ++k) {
    if (atoms[k].counter < 0) return false;  // an unmetered atom is never used up
    if (cur_.counters[k] > 0) return false;
  }
  return true;
}

// Control passes to the next line that can move something; every line tried gets fresh
// counters. Having come round to `start` again means nothing can move: a stalemate.
void Episode::scan_from(size_t start) {
  const size_t n = rules_->rows.size();
  line_no_ = start % n;
  make_line(line_no_);
  while (cur_.done) {
    line_no_ = (line_no_ + 1) % n;
    if (line_no_ == start % n) {
      stalemate_ = true;
      return;
    }
    make_line(line_no_);
  }
}

bool Episode::cond_accepts(const PropertyCondition& c, Sym value, EvalEnv* env) const {
  const std::string_view s = sym_name(value);
  if (s == "*") return true;  // a wildcard property value matches every condition
  for (Sym v : rules_->syms_of(c.values)) {
    if (v == value) return true;
  }
  if (c.ranges.count > 0) {
    int32_t x;
    if (expr::parse_java_int(s, x)) {
      for (const auto& [lo, hi] : rules_->ranges_of(c.ranges)) {
        if (lo <= x && x <= hi) return true;
      }
    }
  }
  if (c.exp != expr::kNoNode && env != nullptr) {
    ValueSet w;
    expr::eval_set(rules_->pool, c.exp, *env, w);
    for (const Value& x : w) {
      if (x.kind == Value::Kind::kStr && static_cast<Sym>(x.v) == value) return true;
      if (x.kind == Value::Kind::kInt && std::to_string(x.v) == s) return true;
    }
  }
  return false;
}

bool Episode::atom_accepts_piece(const Atom& atom, size_t j, EvalEnv* env) const {
  if (atom.code != expr::kNoNode && env != nullptr) {
    ValueSet r;
    expr::eval_set(rules_->pool, atom.code, *env, r);
    if (r.empty()) return false;
  }
  const PieceInfo& in = info_[j];
  if (!pieces_[j].is_image()) {
    auto legacy_ok = [&](bool has, Slice list, Sym v, Sym key) {
      if (!has) return true;
      for (Sym s : rules_->syms_of(list)) {
        if (s == v) return true;
      }
      if (env == nullptr) return false;
      for (const PropertyCondition& c : rules_->conds_of(atom)) {
        if (c.key == key) return cond_accepts(c, v, env);
      }
      return false;
    };
    return legacy_ok(atom.has_shapes, atom.shapes, in.shape, rules_->sym_shape) &&
           legacy_ok(atom.has_colors, atom.colors, in.color, rules_->sym_color);
  }
  for (const PropertyCondition& c : rules_->conds_of(atom)) {
    auto it = std::find_if(in.raw.begin(), in.raw.end(), [&](const auto& kv) { return kv.first == c.key; });
    if (it == in.raw.end() || !cond_accepts(c, it->second, env)) return false;
  }
  return true;
}

namespace {
bool position_allows(const RuleSet& rs, const PositionList& pl, int pos,
                     const std::vector<CellMask>& eligible) {
  if (pl.any) return true;
  if (pl.cells & bit(pos)) return true;
  for (int o : rs.orders_of(pl)) {
    if (o >= 0 && (eligible[static_cast<size_t>(o)] & bit(pos))) return true;
  }
  return false;
}
}  // namespace

uint8_t Episode::buckets_by_trial(const Atom& atom, size_t j, ValueSet& bs) {
  uint8_t mask = 0;
  for (int b = 0; b < kBuckets; ++b) {
    EvalEnv env(*this, j, b);
    if (!atom_accepts_piece(atom, j, &env)) continue;
    if (!atom.buckets_vary) {
      mask |= atom.const_buckets & (1 << b);
      continue;
    }
    expr::eval_set(rules_->pool, atom.bucket, env, bs);
    for (const Value& v : bs) {
      if (v.is_int() && ((v.v % 4) + 4) % 4 == b) {
        mask |= static_cast<uint8_t>(1 << b);
        break;
      }
    }
  }
  return mask;
}

bool Episode::build_acceptance() {
  const auto atoms = rules_->atoms_of(rules_->rows[cur_.row]);
  const size_t na = atoms.size();
  CellMask occupied = 0;
  for (const Piece& p : pieces_) occupied |= bit(p.pos);
  for (size_t o = 0; o < rules_->orders.size(); ++o) eligible_[o] = rules_->orders[o].eligible(occupied);
  cur_.acc.assign(pieces_.size() * na, 0);
  ValueSet bs;
  for (size_t j = 0; j < pieces_.size(); ++j) {
    for (size_t k = 0; k < na; ++k) {
      const Atom& atom = atoms[k];
      if (atom.counter >= 0 && cur_.counters[k] == 0) continue;
      if (!position_allows(*rules_, atom.pos, pieces_[j].pos, eligible_)) continue;
      uint8_t mask = 0;
      if (!atom.dynamic) {
        EvalEnv env(*this, j, 0);
        if (atom_accepts_piece(atom, j, &env)) mask = atom.const_buckets;
      } else {
        mask = buckets_by_trial(atom, j, bs);
      }
      cur_.acc[j * na + k] = mask;
    }
  }
  // postpos: an order applied to the pieces this atom would otherwise accept.
  for (size_t k = 0; k < na; ++k) {
    const Atom& atom = atoms[k];
    if (atom.postpos.any) continue;
    CellMask movable = 0;
    for (size_t j = 0; j < pieces_.size(); ++j) {
      if (cur_.acc[j * na + k]) movable |= bit(pieces_[j].pos);
    }
    std::vector<CellMask> elig(rules_->orders.size());
    for (size_t o = 0; o < elig.size(); ++o) elig[o] = rules_->orders[o].eligible(movable);
    for (size_t j = 0; j < pieces_.size(); ++j) {
      if (cur_.acc[j * na + k] && !position_allows(*rules_, atom.postpos, pieces_[j].pos, elig)) {
        cur_.acc[j * na + k] = 0;
      }
    }
  }
  for (uint8_t m : cur_.acc) {
    if (m) return true;
  }
  return false;
}

bool Episode::row_accepts_piece(size_t row, size_t j) {
  CellMask occupied = 0;
  for (const Piece& p : pieces_) occupied |= bit(p.pos);
  for (size_t o = 0; o < rules_->orders.size(); ++o) eligible_[o] = rules_->orders[o].eligible(occupied);
  uint8_t all = 0xF;
  for (const Atom& atom : rules_->atoms_of(rules_->rows[row])) {
    if (!position_allows(*rules_, atom.pos, pieces_[j].pos, eligible_)) return false;
    ValueSet bs;
    all &= buckets_by_trial(atom, j, bs);
  }
  return all != 0;
}

uint8_t Episode::movable_to(size_t j) const {
  const size_t na = rules_->rows.empty() ? 0 : rules_->rows[cur_.row].atoms.count;
  if ((j + 1) * na > cur_.acc.size()) return 0;
  uint8_t m = 0;
  for (size_t k = 0; k < na; ++k) m |= cur_.acc[j * na + k];
  return m;
}

int Episode::piece_at(int pos) const {
  for (size_t j = 0; j < pieces_.size(); ++j) {
    if (pieces_[j].pos == pos) return static_cast<int>(j);
  }
  return -1;
}

void Episode::remember(size_t j, int bucket) {
  last_bucket_ = bucket;
  Record rec = info_[j].rec;
  rec.props.emplace_back(rules_->sym_bucket, Value::integer(bucket));
  const uint32_t idx = static_cast<uint32_t>(records_.size());
  for (const auto& kv : rec.props) {
    const Sym k = kv.first;
    const Value v = kv.second;
    auto it = std::find_if(memory_.begin(), memory_.end(),
                           [&](const MemEntry& m) { return m.key == k && m.val == v; });
    if (it != memory_.end()) {
      it->bucket = bucket;
      it->record = idx;
    } else {
      memory_.push_back({k, v, bucket, idx});
    }
  }
  records_.push_back(std::move(rec));
  last_record_ = static_cast<int32_t>(idx);
}

int Episode::accept_index(size_t j, int bucket) {
  ++attempts_;
  const size_t na = rules_->rows[cur_.row].atoms.count;
  if (movable_to(j) == 0) return kImmovable;
  bool any = false;
  for (size_t k = 0; k < na; ++k) {
    if (cur_.acc[j * na + k] & (1 << bucket)) {
      any = true;
      if (cur_.counters[k] > 0) --cur_.counters[k];
    }
  }
  if (!any) return kDeny;
  if (cur_.global > 0) --cur_.global;
  ++done_moves_;
  remember(j, bucket);
  pieces_.erase(pieces_.begin() + static_cast<std::ptrdiff_t>(j));
  info_.erase(info_.begin() + static_cast<std::ptrdiff_t>(j));
  cur_.done = exhausted() || !build_acceptance();
  cleared_ = pieces_.empty();
  if (!cleared_ && cur_.done) scan_from(line_no_ + 1);
  return kAccept;
}

int Episode::move(int pos, int bucket) {
  if (over()) return kNoGame;
  const int j = piece_at(pos);
  if (j < 0) return kEmptyCell;
  for (size_t k = static_cast<size_t>(j) + 1; k < pieces_.size(); ++k) {
    if (pieces_[k].pos == pos) return kMultipleObjects;  // crowded boards: say which piece
  }
  return accept_index(static_cast<size_t>(j), bucket);
}

int Episode::move_piece(int64_t id, int bucket) {
  if (over()) return kNoGame;
  for (size_t j = 0; j < pieces_.size(); ++j) {
    if (pieces_[j].id == id) return accept_index(j, bucket);
  }
  return kInvalidObjectId;
}

std::string Episode::state_key() const {
  std::string k;
  auto put = [&](int64_t v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); };
  for (const Piece& p : pieces_) put(p.id);
  put(-1);
  put(static_cast<int64_t>(line_no_));
  put(static_cast<int64_t>(cur_.row));
  put(cur_.global);
  for (int32_t c : cur_.counters) put(c);
  put(last_bucket_ ? *last_bucket_ : -1);
  // The memory as a set: which (property, value) pairs lead to which bucket and piece.
  // A removed piece is identified by the cell it left (no two pieces share a cell).
  auto piece_of = [&](uint32_t record) -> int64_t {
    for (const auto& [key, v] : records_[record].props) {
      if (key == rules_->sym_pos) return v.v;
    }
    return -1;
  };
  std::vector<std::tuple<uint32_t, int32_t, int32_t, int32_t, int64_t>> mem;
  for (const MemEntry& m : memory_) {
    mem.emplace_back(m.key, static_cast<int32_t>(m.val.kind), m.val.v, m.bucket, piece_of(m.record));
  }
  std::sort(mem.begin(), mem.end());
  for (const auto& [a, b, c, d, e] : mem) {
    put(a);
    put(b);
    put(c);
    put(d);
    put(e);
  }
  put(last_record_ >= 0 ? piece_of(static_cast<uint32_t>(last_record_)) : -1);
  return k;
}

std::string Episode::explain_counters() const {
  auto show = [](int32_t k) { return k < 0 ? std::string("*") : std::to_string(k); };
  std::string s = show(cur_.global);
  s += " /";
  for (size_t k = 0; k < cur_.counters.size(); ++k) {
    s += k ? ',' : ' ';
    s += show(cur_.counters[k]);
  }
  return s;
}

}  // namespace rk::rulegame
