// PE Lab — core/io/param_specs.h
// Building parameter specifications (core/io/params.h's ParamSpec) and writing a parameter set as JSON:
// the builders the maths headers, the quantity registry and the lessons share. Defined in param_specs.cpp.
// Part of `core`: standard library only.
#pragma once
#include "core/io/params.h"

#include <string>
#include <vector>

namespace pelab {

// 10^x, exact for whole x (10^4 = 10000 exactly, so a base given as its logarithm matches the reference
// defaults).
double pow10_exact(double x);

// ParamSpec builders shared by the maths headers, the quantity registry and the lessons: one spec of the
// given kind and range (make_spec), or an Int / Real / Choice spec. A shared key's Chinese help and symbol sit
// beside its spec in core/io/keys.cpp's table; a lesson's own keys are worded in the lesson (lessons/param_table.h).
ParamSpec make_spec(const char* name, ParamKind kind, double lo, double hi, const char* def, const char* help);
ParamSpec int_spec(const char* name, double lo, double hi, const char* def, const char* help);
ParamSpec real_spec(const char* name, double lo, double hi, const char* def, const char* help);
ParamSpec choice_spec(const char* name, std::vector<std::string> choices, const char* def, const char* help);

// The parameters as a JSON object, every spec in order: {"L":6,"omega":[1.5708,1.0472],
// "variant":"vaswani"}. Numbers as format_value writes them (Bool as 0 or 1), non-finite or missing as null.
// The one writer of parameters for programs: the CLI's JSON output and the widget's state for host pages.
std::string params_json(const std::vector<ParamSpec>& specs, const ParamSet& params);

}  // namespace pelab
