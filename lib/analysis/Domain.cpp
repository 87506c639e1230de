//===-- Domain.cpp - The value domain of the analysis ---------------------===//

#include "analysis/Domain.h"
#include "clang/Basic/TargetInfo.h"

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

} // namespace mpix
