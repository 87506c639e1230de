//===-- Domain.cpp - The value domain of the analysis ---------------------===//

#include "analysis/Domain.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/STLExtras.h"
#include <cctype>

using namespace clang;

namespace mpix {

/// The width of the standard integer types, from the target: asked for
/// every count, and ASTContext::getIntWidth() costs a type-info lookup.
static std::optional<std::pair<unsigned, bool>>
standardIntegerWidth(const BuiltinType *B, const TargetInfo &Target) {
  switch (B->getKind()) {
  case BuiltinType::Int:
    return std::pair(Target.getIntWidth(), true);
  case BuiltinType::UInt:
    return std::pair(Target.getIntWidth(), false);
  case BuiltinType::Long:
    return std::pair(Target.getLongWidth(), true);
  case BuiltinType::ULong:
    return std::pair(Target.getLongWidth(), false);
  case BuiltinType::LongLong:
    return std::pair(Target.getLongLongWidth(), true);
  case BuiltinType::ULongLong:
    return std::pair(Target.getLongLongWidth(), false);
  case BuiltinType::Short:
    return std::pair(Target.getShortWidth(), true);
  case BuiltinType::UShort:
    return std::pair(Target.getShortWidth(), false);
  default:
    return std::nullopt;
  }
}

static Interval ofWidth(unsigned Bits, bool Signed) {
  if (!Signed)
    return Interval{0, (WideInt(1) << Bits) - 1};
  WideInt Half = WideInt(1) << (Bits - 1);
  return Interval{-Half, Half - 1};
}

Interval unsignedDifference(bool Unsigned, Interval D) {
  if (Unsigned && D.Lo < 0 && D.Hi >= 0)
    D.Lo = 0;
  return D;
}

std::optional<unsigned> integerWidth(QualType T, const ASTContext &Ctx) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T.isNull() || T->isDependentType() || !T->isIntegerType() ||
      T->isBooleanType())
    return std::nullopt;
  if (const auto *ET = T->getAs<EnumType>()) {
    T = ET->getDecl()->getIntegerType();
    if (T.isNull() || T->isDependentType())
      return std::nullopt;
  }
  return Ctx.getIntWidth(T);
}

std::optional<Interval> Interval::ofType(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = dyn_cast<BuiltinType>(T.getTypePtr()))
    if (auto Width = standardIntegerWidth(B, Ctx.getTargetInfo()))
      return ofWidth(Width->first, Width->second);
  if (T->isDependentType())
    return std::nullopt;
  if (const auto *ET = T->getAs<EnumType>())
    T = ET->getDecl()->getIntegerType();
  if (T.isNull() || !T->isIntegerType())
    return std::nullopt;
  if (T->isBooleanType())
    return Interval{0, 1};
  unsigned Bits = Ctx.getIntWidth(T);
  // __int128 does not fit our own arithmetic: 2^125 stands for "huge", which
  // is all a count check needs to know about it.
  if (Bits >= 127)
    return T->isUnsignedIntegerType()
               ? Interval{0, WideInt(1) << 125}
               : Interval{-(WideInt(1) << 125), WideInt(1) << 125};
  return ofWidth(Bits, !T->isUnsignedIntegerType());
}

std::optional<Interval> Interval::intersection(const Interval &O) const {
  Interval R{Lo > O.Lo ? Lo : O.Lo, Hi < O.Hi ? Hi : O.Hi};
  if (R.Lo > R.Hi)
    return std::nullopt;
  return R;
}

std::string toString(WideInt V) {
  if (V == 0)
    return "0";
  bool Negative = V < 0;
  std::string Digits;
  for (; V != 0; V /= 10)
    Digits.insert(Digits.begin(), char('0' + (Negative ? -(V % 10) : V % 10)));
  return Negative ? "-" + Digits : Digits;
}

std::optional<WideInt> RunModel::externalSendBytes(llvm::StringRef Name) const {
  std::optional<WideInt> Most;
  for (const auto &[Pattern, Bytes] : ExternalSends) {
    llvm::StringRef P = Pattern;
    bool Matches = P.consume_back("*") ? Name.starts_with(P) : Name == P;
    if (Matches)
      Most = std::max(Most.value_or(0), Bytes);
  }
  return Most;
}

/// A bound of a declared range: a decimal integer or a power of two
/// (`2^31`), either with a sign.
static std::optional<WideInt> parseBound(llvm::StringRef Text) {
  Text = Text.trim();
  bool Negative = Text.consume_front("-");
  if (!Negative)
    Text.consume_front("+");
  WideInt Value;
  unsigned long long Digits = 0;
  if (Text.consume_front("2^")) {
    if (Text.getAsInteger(10, Digits) || Digits > 100)
      return std::nullopt;
    Value = WideInt(1) << Digits;
  } else {
    if (Text.empty() || Text.getAsInteger(10, Digits))
      return std::nullopt;
    Value = WideInt(Digits);
  }
  return Negative ? -Value : Value;
}

/// `lo..hi`, or `hi` for `0..hi`: what is stated is mostly a size or a
/// count, and a bare bound that left negative values open would bound no
/// product. None for an empty range.
static std::optional<Interval> parseRange(llvm::StringRef Text) {
  std::optional<WideInt> Lo = 0, Hi;
  if (Text.contains("..")) {
    auto [First, Second] = Text.split("..");
    Lo = parseBound(First);
    Hi = parseBound(Second);
  } else {
    Hi = parseBound(Text);
  }
  if (!Lo || !Hi || *Lo > *Hi)
    return std::nullopt;
  return Interval{*Lo, *Hi};
}

bool isTargetName(llvm::StringRef Name) {
  if (Name.empty() || std::isdigit(static_cast<unsigned char>(Name[0])))
    return false;
  return llvm::all_of(Name, [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
}

DeclaredRanges DeclaredRanges::parse(llvm::StringRef Text,
                                     std::vector<std::string> &Errors) {
  DeclaredRanges Out;
  llvm::SmallVector<llvm::StringRef, 8> Entries;
  Text.split(Entries, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Entry : Entries) {
    Entry = Entry.trim();
    if (Entry.empty())
      continue;
    auto [Target, Values] = Entry.rsplit(':');
    Target = Target.trim();
    std::optional<Interval> Range =
        Entry.contains(':') ? parseRange(Values) : std::nullopt;
    llvm::StringMap<Interval> *Into = nullptr;
    std::string Key;
    if (Target.consume_back("()")) {
      if (isTargetName(Target))
        Into = &Out.Calls, Key = Target.str();
    } else if (Target.contains("::")) {
      // `function::name`: a parameter or local of that function only.
      auto [Function, Name] = Target.rsplit("::");
      if (isTargetName(Function) && isTargetName(Name))
        Into = &Out.Variables, Key = (Function + "::" + Name).str();
    } else if (Target.contains('.')) {
      auto [Record, Field] = Target.split('.');
      if (isTargetName(Field) && (Record.empty() || isTargetName(Record)))
        Into = &Out.Members, Key = (Record + "." + Field).str();
    } else if (isTargetName(Target)) {
      Into = &Out.Variables, Key = Target.str();
    }
    if (!Into || !Range) {
      Errors.push_back(Entry.str());
      continue;
    }
    // Two statements of one target both hold.
    auto [It, New] = Into->try_emplace(Key, *Range);
    if (!New)
      It->second = It->second.meet(*Range);
  }
  return Out;
}

std::optional<Interval>
DeclaredRanges::find(const llvm::StringMap<Interval> &Map,
                     llvm::StringRef Key) {
  auto It = Map.find(Key);
  if (It == Map.end())
    return std::nullopt;
  return It->second;
}

/// What a statement of the target itself and one of every target of its
/// kind (`.field`, the bare `name`) say together.
static std::optional<Interval> bothHold(std::optional<Interval> Own,
                                        std::optional<Interval> Any) {
  if (Any && Own)
    return Own->meet(*Any);
  return Own ? Own : Any;
}

std::optional<Interval> DeclaredRanges::ofVariable(llvm::StringRef Name) const {
  return find(Variables, Name);
}

std::optional<Interval> DeclaredRanges::ofMember(llvm::StringRef Record,
                                                 llvm::StringRef Field) const {
  if (Members.empty())
    return std::nullopt;
  std::optional<Interval> Any = find(Members, ("." + Field).str());
  std::optional<Interval> Own =
      Record.empty() ? std::nullopt : find(Members, (Record + "." + Field).str());
  return bothHold(Own, Any);
}

std::optional<Interval> DeclaredRanges::ofCall(llvm::StringRef Name) const {
  return find(Calls, Name);
}

std::optional<Interval>
DeclaredRanges::ofDeclaration(const clang::ValueDecl *D) const {
  if (!D || !D->getIdentifier())
    return std::nullopt;
  if (const auto *V = dyn_cast<clang::VarDecl>(D)) {
    std::optional<Interval> Any = ofVariable(V->getName());
    const auto *F =
        dyn_cast_or_null<clang::FunctionDecl>(V->getParentFunctionOrMethod());
    std::optional<Interval> Own =
        F && F->getIdentifier()
            ? find(Variables, (F->getName() + "::" + V->getName()).str())
            : std::nullopt;
    return bothHold(Own, Any);
  }
  const auto *Field = dyn_cast<clang::FieldDecl>(D);
  if (!Field)
    return std::nullopt;
  const clang::RecordDecl *Record = Field->getParent();
  llvm::StringRef Name = Record->getName();
  if (Name.empty())
    if (const clang::TypedefNameDecl *T = Record->getTypedefNameForAnonDecl())
      Name = T->getName();
  return ofMember(Name, Field->getName());
}

} // namespace mpix
