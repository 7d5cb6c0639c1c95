// PE Lab — core/lab/lab_weights.cpp
// Implements lab_weights.h: the weights file's writer and reader, the packed form, and the token-batch reader of
// `lab grad`, all reading their JSON with core/io/json.h.
//
// [SECTION] weights: writer
// [SECTION] weights: reader
// [SECTION] packed weights
// [SECTION] either form
// [SECTION] token batches
#include "core/lab/lab_weights.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdint>

#include "core/io/json.h"
#include "core/io/params.h"
#include "core/io/text.h"

namespace pelab::lab {

// [SECTION] weights: writer
namespace detail {

inline std::string scalar_text(float x) { return json::float_text(x); }

// The "config" object, the same in both weights formats.
std::string config_json(const ModelConfig& c) {
    return "{\"pe\":" + json_string(scheme_name(c.pe)) + ",\"d\":" + std::to_string(c.d) +
           ",\"heads\":" + std::to_string(c.heads) + ",\"layers\":" + std::to_string(c.layers) +
           ",\"max_positions\":" + std::to_string(c.max_positions) + ",\"vocab\":" + std::to_string(kVocab) +
           ",\"mlp\":" + std::to_string(c.mlp()) + ",\"norm_eps\":" + number_text(c.norm_eps) +
           ",\"rope_base\":" + number_text(c.rope_base) + ",\"t5_buckets\":" + std::to_string(c.t5_buckets) +
           ",\"t5_max_distance\":" + std::to_string(c.t5_max_distance) + "}";
}
inline std::string scalar_text(double x) { return number_text(x); }

}  // namespace detail

template <class T>
std::string weights_json(const Model<T>& model) {
    const ModelConfig& c = model.config;
    std::string out = "{\"format\":" + json_string(kWeightsFormat) + ",\n\"config\":" + detail::config_json(c) +
                      ",\n\"tensors\":{";
    bool first = true;
    for (const TensorInfo& t : model.layout.tensors) {
        out += first ? "\n" : ",\n";
        first = false;
        out += json_string(t.name) + ":{\"shape\":[";
        for (std::size_t i = 0; i < t.shape.size(); ++i) out += (i ? "," : "") + std::to_string(t.shape[i]);
        out += "],\"data\":[";
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (i) out += ',';
            out += detail::scalar_text(model.params[t.offset + i]);
        }
        out += "]}";
    }
    out += "}}\n";
    return out;
}

// [SECTION] weights: reader
namespace detail {

const char* const kConfigKeys[] = {"pe",       "d",         "heads",      "layers",         "max_positions", "vocab",
                                   "mlp",      "norm_eps",  "rope_base",  "t5_buckets",     "t5_max_distance"};

// A whole number within int range from a JSON number, or an error naming `key`.
std::string read_int(const json::Value& v, const std::string& key, int* out) {
    if (v.kind != json::Value::Kind::number || !std::isfinite(v.number) || v.number != std::floor(v.number) ||
        std::fabs(v.number) > 1e9)
        return key + ": expected a whole number";
    *out = static_cast<int>(v.number);
    return "";
}

std::string read_config(const json::Value& v, ModelConfig* out) {
    if (v.kind != json::Value::Kind::object) return "config: expected an object";
    for (const auto& m : v.members) {
        bool known = false;
        for (const char* k : kConfigKeys) known = known || m.first == k;
        if (!known) return "config: unknown key " + quoted(m.first);
    }
    for (const char* k : kConfigKeys)
        if (!v.member(k)) return std::string("config: missing key \"") + k + "\"";
    ModelConfig c;
    const json::Value& pe = *v.member("pe");
    if (pe.kind != json::Value::Kind::string || !parse_scheme(pe.text, &c.pe))
        return "config.pe: expected one of nope|learned|sinusoidal|rope|alibi|t5";
    std::string problem;
    int vocab = 0, mlp = 0;
    const std::pair<const char*, int*> ints[] = {{"d", &c.d},
                                                 {"heads", &c.heads},
                                                 {"layers", &c.layers},
                                                 {"max_positions", &c.max_positions},
                                                 {"vocab", &vocab},
                                                 {"mlp", &mlp},
                                                 {"t5_buckets", &c.t5_buckets},
                                                 {"t5_max_distance", &c.t5_max_distance}};
    for (const auto& entry : ints) {
        problem = read_int(*v.member(entry.first), std::string("config.") + entry.first, entry.second);
        if (!problem.empty()) return problem;
    }
    const std::pair<const char*, double*> reals[] = {{"norm_eps", &c.norm_eps}, {"rope_base", &c.rope_base}};
    for (const auto& entry : reals) {
        const json::Value& x = *v.member(entry.first);
        if (x.kind != json::Value::Kind::number || !std::isfinite(x.number))
            return std::string("config.") + entry.first + ": expected a finite number";
        *entry.second = x.number;
    }
    if (vocab != kVocab) return "config.vocab: expected " + std::to_string(kVocab) + ", got " + std::to_string(vocab);
    problem = open_config_problem(c);
    if (!problem.empty()) return "config." + problem;
    if (mlp != c.mlp())
        return "config.mlp: expected 4·d = " + std::to_string(c.mlp()) + ", got " + std::to_string(mlp);
    *out = c;
    return "";
}

std::string shape_text(const std::vector<int>& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

}  // namespace detail

template <class T>
std::string read_weights(const std::string& text, Model<T>* out) {
    if (text.size() > kMaxWeightsBytes)
        return "weights: the file is " + grouped_number(text.size()) + " bytes, over the budget of " +
               grouped_number(kMaxWeightsBytes) + " bytes";
    json::Value root;
    const std::string parse_error = json::parse(text, &root);
    if (!parse_error.empty()) return "weights: not JSON: " + parse_error;
    if (root.kind != json::Value::Kind::object) return "weights: expected a JSON object";
    for (const auto& m : root.members)
        if (m.first != "format" && m.first != "config" && m.first != "tensors")
            return "weights: unknown key " + quoted(m.first) + " (expected format, config, tensors)";
    const json::Value* format = root.member("format");
    if (!format || format->kind != json::Value::Kind::string || format->text != kWeightsFormat)
        return std::string("format: expected \"") + kWeightsFormat + "\", got " +
               (!format ? std::string("none")
                        : format->kind == json::Value::Kind::string ? quoted(format->text) : std::string("a non-string"));
    const json::Value* config = root.member("config");
    if (!config) return "weights: missing key \"config\"";
    ModelConfig c;
    const std::string config_error = detail::read_config(*config, &c);
    if (!config_error.empty()) return config_error;
    const json::Value* tensors = root.member("tensors");
    if (!tensors || tensors->kind != json::Value::Kind::object) return "tensors: expected an object of tensors";

    Model<T> model = make_model<T>(c);
    for (const auto& m : tensors->members)
        if (!model.layout.find(m.first))
            return "tensors: unexpected tensor " + quoted(m.first) + " (pe=" + scheme_name(c.pe) + ", " +
                   std::to_string(c.layers) + " layers has no such tensor)";
    for (const TensorInfo& t : model.layout.tensors) {
        const json::Value* v = tensors->member(t.name);
        const std::string name = "tensor " + quoted(t.name);
        if (!v) return name + ": missing (expected shape " + detail::shape_text(t.shape) + ")";
        if (v->kind != json::Value::Kind::object || !v->member("shape") || !v->member("data"))
            return name + ": expected an object with \"shape\" and \"data\"";
        for (const auto& member : v->members)
            if (member.first != "shape" && member.first != "data")
                return name + ": unknown key " + quoted(member.first) + " (expected shape, data)";
        const json::Value& shape = *v->member("shape");
        std::vector<int> given;
        bool whole = shape.number_array();
        for (const double x : shape.numbers) {
            whole = whole && std::isfinite(x) && x == std::floor(x) && x >= 0 && x <= 1e9;
            given.push_back(whole ? static_cast<int>(x) : -1);
        }
        if (!whole || given != t.shape)
            return name + ": shape " + (whole ? detail::shape_text(given) : std::string("is not a list of whole numbers")) +
                   ", expected " + detail::shape_text(t.shape);
        const json::Value& data = *v->member("data");
        if (!data.number_array())
            return name + ": \"data\" must be a flat list of numbers (row-major), expected " + std::to_string(t.size());
        if (data.numbers.size() != t.size())
            return name + ": " + std::to_string(data.numbers.size()) + " numbers in \"data\", expected " +
                   std::to_string(t.size()) + " for shape " + detail::shape_text(t.shape);
        for (std::size_t i = 0; i < t.size(); ++i) {
            const double x = data.numbers[i];
            const T y = static_cast<T>(x);
            if (!std::isfinite(x) || !std::isfinite(y))
                return name + ": element " + std::to_string(i) + " is not a finite number";
            model.params[t.offset + i] = y;
        }
    }
    *out = std::move(model);
    return "";
}

// [SECTION] packed weights
std::uint16_t float_to_half(float x) {
    std::uint32_t f = 0;
    std::memcpy(&f, &x, 4);
    const std::uint32_t sign = (f >> 16) & 0x8000u;
    const std::uint32_t exponent = (f >> 23) & 0xFFu;
    std::uint32_t mantissa = f & 0x7FFFFFu;
    if (exponent == 0xFF) return static_cast<std::uint16_t>(sign | 0x7C00u | (mantissa ? 0x200u : 0u));  // inf, NaN
    const int e = static_cast<int>(exponent) - 127 + 15;  // the half's biased exponent
    if (e >= 31) return static_cast<std::uint16_t>(sign | 0x7C00u);  // beyond half range
    if (e <= 0) {
        // A subnormal half (or 0): the value is mantissa_with_leading_one · 2^(e − 1 − 23 + 10 … ), shifted right.
        if (e < -10) return static_cast<std::uint16_t>(sign);  // rounds to ±0
        mantissa |= 0x800000u;
        const int shift = 14 - e;  // 24-bit mantissa down to the half's 10 bits at exponent 1
        const std::uint32_t half_m = mantissa >> shift;
        const std::uint32_t rest = mantissa & ((1u << shift) - 1u), halfway = 1u << (shift - 1);
        const std::uint32_t rounded = half_m + ((rest > halfway || (rest == halfway && (half_m & 1u))) ? 1u : 0u);
        return static_cast<std::uint16_t>(sign | rounded);  // a carry into bit 10 makes the smallest normal: right
    }
    std::uint32_t half = sign | (static_cast<std::uint32_t>(e) << 10) | (mantissa >> 13);
    const std::uint32_t rest = mantissa & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // a carry into the exponent is right too
    return static_cast<std::uint16_t>(half);
}

float half_to_float(std::uint16_t h) {
    const std::uint32_t sign = (static_cast<std::uint32_t>(h) & 0x8000u) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1Fu;
    const std::uint32_t mantissa = h & 0x3FFu;
    std::uint32_t f = 0;
    if (exponent == 0x1F) {
        f = sign | 0x7F800000u | (mantissa << 13);
    } else if (exponent != 0) {
        f = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        f = sign;
    } else {  // subnormal half: normalise
        int e = -1;
        std::uint32_t m = mantissa;
        do {
            ++e;
            m <<= 1;
        } while ((m & 0x400u) == 0);
        f = sign | (static_cast<std::uint32_t>(127 - 15 - e) << 23) | ((m & 0x3FFu) << 13);
    }
    float x = 0;
    std::memcpy(&x, &f, 4);
    return x;
}

std::string packed_weights(const Model<float>& model, int bits, std::string* out) {
    if (bits != 16 && bits != 32) return "bits: expected 16 or 32, got " + std::to_string(bits);
    const std::size_t count = model.params.size();
    const std::size_t width = static_cast<std::size_t>(bits / 8);
    std::string bytes = "{\"format\":" + json_string(kPackedWeightsFormat) + ",\"config\":" +
                        detail::config_json(model.config) + ",\"count\":" + std::to_string(count) +
                        ",\"bits\":" + std::to_string(bits) + "}\n";
    const std::size_t header = bytes.size();
    bytes.resize(header + width * count);
    for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t word = 0;
        if (bits == 32) {
            std::memcpy(&word, &model.params[i], 4);
        } else {
            if (!std::isfinite(model.params[i]) || std::fabs(model.params[i]) > 65504.0f)
                return "parameter " + std::to_string(i) + " (" + json::float_text(model.params[i]) +
                       ") is beyond half precision's range (|w| ≤ 65504)";
            word = float_to_half(model.params[i]);
        }
        for (std::size_t b = 0; b < width; ++b) bytes[header + b * count + i] = static_cast<char>((word >> (8 * b)) & 0xFF);
    }
    *out = std::move(bytes);
    return "";
}

std::string packed_weights(const Model<float>& model) {
    std::string out;
    packed_weights(model, 32, &out);  // every float model has a 32-bit form
    return out;
}

std::string read_packed_weights(const std::string& bytes, Model<float>* out) {
    if (bytes.size() > kMaxWeightsBytes)
        return "packed weights: the file is " + grouped_number(bytes.size()) + " bytes, over the budget of " +
               grouped_number(kMaxWeightsBytes) + " bytes";
    const std::size_t line_end = bytes.find('\n');
    if (line_end == std::string::npos) return "packed weights: no header line";
    json::Value head;
    const std::string parse_error = json::parse(bytes.substr(0, line_end), &head);
    if (!parse_error.empty()) return "packed weights: header is not JSON: " + parse_error;
    const json::Value* format = head.kind == json::Value::Kind::object ? head.member("format") : nullptr;
    if (!format || format->kind != json::Value::Kind::string || format->text != kPackedWeightsFormat)
        return std::string("format: expected \"") + kPackedWeightsFormat + "\"";
    const json::Value* config = head.member("config");
    if (!config) return "packed weights: missing key \"config\"";
    ModelConfig c;
    const std::string config_error = detail::read_config(*config, &c);
    if (!config_error.empty()) return config_error;
    Model<float> model = make_model<float>(c);
    const std::size_t count = model.params.size();
    int given = 0;
    const json::Value* count_value = head.member("count");
    const std::string count_error = count_value ? detail::read_int(*count_value, "count", &given) : "count: missing";
    if (!count_error.empty()) return "packed weights: " + count_error;
    if (given < 0 || static_cast<std::size_t>(given) != count)
        return "packed weights: count " + std::to_string(given) + ", expected " + std::to_string(count) + " for this config";
    int bits = 32;
    if (const json::Value* bits_value = head.member("bits")) {
        const std::string bits_error = detail::read_int(*bits_value, "bits", &bits);
        if (!bits_error.empty()) return "packed weights: " + bits_error;
        if (bits != 16 && bits != 32) return "packed weights: bits " + std::to_string(bits) + ", expected 16 or 32";
    }
    const std::size_t width = static_cast<std::size_t>(bits / 8);
    if (bytes.size() - line_end - 1 != width * count)
        return "packed weights: " + std::to_string(bytes.size() - line_end - 1) + " bytes after the header, expected " +
               std::to_string(width * count) + " (" + std::to_string(count) + " numbers of " + std::to_string(bits) + " bits)";
    const std::size_t header = line_end + 1;
    for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t word = 0;
        for (std::size_t b = 0; b < width; ++b)
            word |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[header + b * count + i])) << (8 * b);
        float x = 0;
        if (bits == 32) std::memcpy(&x, &word, 4);
        else x = half_to_float(static_cast<std::uint16_t>(word));
        if (!std::isfinite(x)) return "packed weights: element " + std::to_string(i) + " is not a finite number";
        model.params[i] = x;
    }
    *out = std::move(model);
    return "";
}

// [SECTION] either form
std::string read_any_weights(const std::string& bytes, Model<float>* out) {
    const std::string first = bytes.substr(0, std::min(bytes.find('\n'), std::size_t(4096)));
    if (first.find(kPackedWeightsFormat) != std::string::npos) return read_packed_weights(bytes, out);
    return read_weights(bytes, out);
}

// [SECTION] token batches
namespace detail {

// Rows of whole numbers, all of one length, each in [lo, hi] or equal to `also`.
std::string read_rows(const json::Value* v, const char* key, int lo, int hi, int also, int* rows, int* cols,
                      std::vector<int>* out) {
    const std::string k = key;
    if (!v) return k + ": missing";
    if (v->kind != json::Value::Kind::array || !v->numbers.empty() || v->items.empty())
        return k + ": expected a non-empty list of rows";
    *rows = static_cast<int>(v->items.size());
    if (*rows > kMaxGradRows) return k + ": " + std::to_string(*rows) + " rows, at most " + std::to_string(kMaxGradRows);
    out->clear();
    for (std::size_t r = 0; r < v->items.size(); ++r) {
        const json::Value& row = v->items[r];
        const std::string where = k + " row " + std::to_string(r);
        if (!row.number_array() || row.numbers.empty()) return where + ": expected a non-empty list of numbers";
        if (r == 0) *cols = static_cast<int>(row.numbers.size());
        if (static_cast<int>(row.numbers.size()) != *cols)
            return where + ": " + std::to_string(row.numbers.size()) + " numbers, expected " + std::to_string(*cols) +
                   " (rows of equal length)";
        if (*cols > kMaxGradTokens)
            return where + ": " + std::to_string(*cols) + " tokens, at most " + std::to_string(kMaxGradTokens);
        for (const double x : row.numbers) {
            const bool ok = std::isfinite(x) && x == std::floor(x) && ((x >= lo && x <= hi) || x == also);
            if (!ok)
                return where + ": " + format_number(x) + " is not " + (also == lo ? "" : "-100 or ") + "a token " +
                       std::to_string(lo) + ".." + std::to_string(hi);
            out->push_back(static_cast<int>(x));
        }
    }
    return "";
}

}  // namespace detail

std::string read_token_batch(const std::string& text, const ModelConfig& config, Batch* out) {
    if (text.size() > kMaxWeightsBytes) return "tokens: the file is over the budget of " + grouped_number(kMaxWeightsBytes) + " bytes";
    json::Value root;
    const std::string parse_error = json::parse(text, &root);
    if (!parse_error.empty()) return "tokens: not JSON: " + parse_error;
    if (root.kind != json::Value::Kind::object) return "tokens: expected a JSON object {\"tokens\": …, \"targets\": …}";
    for (const auto& m : root.members)
        if (m.first != "tokens" && m.first != "targets")
            return "tokens: unknown key " + quoted(m.first) + " (expected tokens, targets)";
    Batch b;
    int rows2 = 0, cols2 = 0;
    std::string problem = detail::read_rows(root.member("tokens"), "tokens", 0, kVocab - 1, 0, &b.B, &b.T, &b.tokens);
    if (problem.empty())
        problem = detail::read_rows(root.member("targets"), "targets", 0, kVocab - 1, kIgnore, &rows2, &cols2, &b.targets);
    if (!problem.empty()) return problem;
    if (rows2 != b.B || cols2 != b.T)
        return "targets: " + std::to_string(rows2) + " rows of " + std::to_string(cols2) + ", expected the shape of tokens (" +
               std::to_string(b.B) + " rows of " + std::to_string(b.T) + ")";
    bool counted = false;
    for (const int t : b.targets) counted = counted || t != kIgnore;
    if (!counted) return "targets: every target is -100; at least one must count";
    problem = batch_problem(config, b);
    if (!problem.empty()) return "tokens: " + problem;
    *out = std::move(b);
    return "";
}

template std::string weights_json<float>(const Model<float>&);
template std::string weights_json<double>(const Model<double>&);
template std::string read_weights<float>(const std::string&, Model<float>*);
template std::string read_weights<double>(const std::string&, Model<double>*);

}  // namespace pelab::lab
