//===-- Options.cpp - Pre-parsing mpix-tidy's command line ----------------===//
//
// clangTidyMain parses its options with llvm::cl, which would reject the
// driver's own. They are taken out here; so are the few clang-tidy options
// whose meaning the driver must know (-p, --fix, --export-fixes, ...). The
// option table below is clang-tidy 19's: llvm::cl accepts "-opt" and "--opt",
// "--opt=value" and, for options taking a value, "--opt value".
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include <tuple>

using namespace llvm;

namespace mpix {
namespace tool {

namespace {
enum class Kind { Value, Flag, Info, Unknown };

Kind optionKind(StringRef Name) {
  return StringSwitch<Kind>(Name)
      .Cases("checks", "config", "config-file", "exclude-header-filter",
             "export-fixes", "extra-arg", "extra-arg-before", Kind::Value)
      .Cases("format-style", "header-filter", "line-filter", "load", "p",
             "store-check-profile", "vfsoverlay", "warnings-as-errors",
             Kind::Value)
      .Cases("allow-enabling-analyzer-alpha-checkers", "allow-no-checks",
             "enable-check-profile", "enable-module-headers-parsing", "fix",
             "fix-errors", "fix-notes", Kind::Flag)
      .Cases("quiet", "system-headers", "use-color", Kind::Flag)
      .Cases("dump-config", "explain-config", "help", "help-hidden",
             "help-list", "help-list-hidden", "list-checks", Kind::Info)
      .Cases("print-all-options", "print-options", "verify-config", "version",
             "h", Kind::Info)
      .Default(Kind::Unknown);
}

bool parseJobs(StringRef Value, unsigned &Jobs, std::string &Error) {
  if (Value.getAsInteger(10, Jobs) || Jobs == 0 || Jobs > 1024) {
    Error = "-j expects a number of jobs between 1 and 1024, got '" +
            Value.str() + "'";
    return false;
  }
  return true;
}
} // namespace

bool parseDriverOptions(ArrayRef<const char *> Args, DriverOptions &Opts,
                        std::string &Error) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg(Args[I]);
    if (Arg == "--") {
      Opts.FixedArgs.emplace(Args.begin() + I + 1, Args.end());
      break;
    }
    if (!Arg.starts_with("-") || Arg == "-") {
      Opts.Positional.push_back(Arg.str());
      continue;
    }

    // The driver's own options.
    if (Arg == "-j" || Arg == "--jobs" || Arg == "-jobs") {
      if (I + 1 == Args.size()) {
        Error = Arg.str() + " expects a number of jobs";
        return false;
      }
      if (!parseJobs(Args[++I], Opts.Jobs, Error))
        return false;
      continue;
    }
    if (Arg.consume_front("--jobs=") || Arg.consume_front("-jobs=") ||
        (Arg.starts_with("-j") && !Arg.starts_with("-j-") &&
         Arg.consume_front("-j"))) {
      Arg.consume_front("=");
      if (!parseJobs(Arg, Opts.Jobs, Error))
        return false;
      continue;
    }
    StringRef Body = Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
    StringRef Name, Value;
    std::tie(Name, Value) = Body.split('=');
    bool HasValue = Body.contains('=');
    if (Name == "sarif") {
      if (!HasValue) {
        if (I + 1 == Args.size()) {
          Error = "--sarif expects a file name (--sarif=FILE)";
          return false;
        }
        Value = Args[++I];
      }
      if (Value.empty()) {
        Error = "--sarif expects a file name (--sarif=FILE)";
        return false;
      }
      Opts.SarifFile = Value.str();
      continue;
    }
    if (Name == "summaries") {
      if (!HasValue && I + 1 < Args.size())
        Value = Args[++I];
      if (Value.empty()) {
        Error = "--summaries expects a file name (--summaries=FILE)";
        return false;
      }
      // Made absolute now: clang tooling runs each command in its own
      // directory, where a relative name would name another file.
      SmallString<256> Absolute(Value);
      sys::fs::make_absolute(Absolute);
      Opts.SummariesFile = std::string(Absolute);
      continue;
    }
    if (Name == "no-summaries") {
      Opts.NoSummaries = true;
      continue;
    }
    if (Name == "progress" || Name == "no-progress") {
      Opts.Progress = Name == "progress";
      continue;
    }

    Kind K = optionKind(Name);
    if (K == Kind::Unknown) {
      Opts.Unknown.push_back(Arg.str());
      Opts.Forwarded.push_back(Arg.str());
      continue;
    }
    if (K == Kind::Value && !HasValue) {
      if (I + 1 == Args.size()) {
        Error = "option '" + Arg.str() + "' expects a value";
        return false;
      }
      Value = Args[++I];
    }
    auto isTrue = [&] { return !HasValue || Value == "true" || Value == "1"; };
    if (Name == "p") {
      Opts.BuildPath = Value.str();
      Opts.HasBuildPath = true;
    } else if (Name == "export-fixes") {
      Opts.ExportFixes = Value.str();
    } else if (Name == "fix") {
      Opts.Fix = isTrue();
    } else if (Name == "fix-errors") {
      Opts.FixErrors = isTrue();
    } else if (Name == "fix-notes") {
      Opts.FixNotes = isTrue();
    } else {
      if (Name == "quiet")
        Opts.Quiet = isTrue();
      if (Name == "checks")
        Opts.HasChecks = true;
      if (Name == "use-color")
        Opts.HasUseColor = true;
      if (K == Kind::Info)
        Opts.InfoOnly = true;
      // Re-spelled as one argument so that the workers' command is unambiguous.
      Opts.Forwarded.push_back(K == Kind::Value ? ("--" + Name + "=" + Value).str()
                                                : Arg.str());
    }
  }
  return true;
}

} // namespace tool
} // namespace mpix
