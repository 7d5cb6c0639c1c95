// PE Lab — lessons/param_table.cpp
// The widget's words for the shared keys (one row per key of core/keys.h: Chinese help and symbol; the
// English is core's), the Key builders and the defensive readers behind ParamTable::read.
//
// [SECTION] shared labels
// [SECTION] keys
// [SECTION] reading values
#include "lessons/param_table.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "lessons/lesson.h"

namespace pelab {

namespace {

// [SECTION] shared labels
struct SharedLabel {
    const char* key;
    const char* zh;      // the help in Chinese; the English is core's spec.help
    const char* symbol;  // how the widget labels the key ("" = the key itself)
};

const SharedLabel kSharedLabels[] = {
    {"L", "序列长度（位置 0..L−1）", ""},
    {"N", "词元个数（位置 0..N−1）", ""},
    {"d", "维度 d（偶数：d/2 个频率对）", ""},
    {"base", "频率的底数（论文取 10000；即 rope_theta）", ""},
    {"variant", "排布：sin/cos 交错（论文）或 [sin | cos] 前后两半（tensor2tensor/fairseq）", ""},
    {"layout", "RoPE 的配对方式：相邻交错 (x₂ᵢ, x₂ᵢ₊₁) 或前后两半 (xᵢ, xᵢ₊d/2)", ""},
    {"scaling", "RoPE 频率缩放方式（同 HF modeling_rope_utils）", ""},
    {"factor", "上下文扩展倍数 s", "s"},
    {"original_max", "训练长度（original_max_position_embeddings）", ""},
    {"seq_len", "当前序列长度", ""},
    {"beta_fast", "YaRN：外推区结束处的圈数", "β_fast"},
    {"beta_slow", "YaRN：插值区开始处的圈数", "β_slow"},
    {"low_freq_factor", "Llama 3：低频因子", ""},
    {"preset", "模型预设（一个已发布模型的位置设置）", ""},
    {"high_freq_factor", "Llama 3：高频因子", ""},
    {"mscale", "DeepSeek 的 YaRN：mscale（0 = 不给）", ""},
    {"mscale_all_dim", "DeepSeek 的 YaRN：mscale_all_dim（0 = 不给）", ""},
    {"heads", "注意力头数", ""},
    {"mode", "ALiBi：因果（遮住未来）或对称 |i−j|", ""},
    {"num_buckets", "T5：桶的个数（T5 取 32）", ""},
    {"max_distance", "T5：对数桶结束的距离（T5 取 128）", ""},
    {"bidirectional", "T5：勾选为编码器（双向），不勾选为因果解码器", ""},
    {"softmax", "显示每一行对各个键的 softmax", ""},
    {"H", "网格行数", ""},
    {"W", "网格列数", ""},
    {"seed", "生成随机向量与表格所用的随机种子", ""},
    {"m", "位置 m", ""},
    {"q", "查询向量（每个位置相同）", ""},
    {"k", "键向量（每个位置相同）", ""},
};

const SharedLabel* find_shared_label(const std::string& key) {
    for (const SharedLabel& l : kSharedLabels)
        if (key == l.key) return &l;
    return nullptr;
}

// The shared key's English help, from core's static table (stable storage for Text's pointers).
const char* shared_english(const std::string& key) {
    for (const ParamSpec& s : shared_keys())
        if (s.name == key) return s.help.c_str();
    return "";
}

}  // namespace

ParamLabel label_of(const Lesson* lesson, const ParamSpec& spec) {
    if (lesson)
        for (const ParamLabel& l : lesson->labels)
            if (l.key == spec.name) return l;
    if (const SharedLabel* s = find_shared_label(spec.name)) return {spec.name, {s->zh, shared_english(spec.name)}, s->symbol};
    return {spec.name, {spec.help.c_str(), spec.help.c_str()}, ""};
}

// [SECTION] keys
Key Key::shared(const char* name) {
    Key k;
    k.spec = shared_key(name);
    if (const SharedLabel* s = find_shared_label(name)) {
        k.help = {s->zh, shared_english(name)};
        k.symbol = s->symbol;
    }
    return k;
}

Key Key::from(ParamSpec spec, Text help) {
    Key k;
    k.spec = std::move(spec);
    k.about(help);
    return k;
}

Key Key::integer(const char* name, double lo, double hi, const char* def, Text help) {
    return from(int_spec(name, lo, hi, def, ""), help);
}

Key Key::real(const char* name, double lo, double hi, const char* def, Text help) {
    return from(real_spec(name, lo, hi, def, ""), help);
}

Key Key::choice(const char* name, std::vector<std::string> choices, const char* def, Text help) {
    return from(choice_spec(name, std::move(choices), def, ""), help);
}

Key Key::flag(const char* name, const char* def, Text help) {
    return from(make_spec(name, ParamKind::Bool, 0, 1, def, ""), help);
}

Key Key::list(const char* name, double lo, double hi, int min_len, int max_len, const char* def, Text help) {
    Key k = from(make_spec(name, ParamKind::RealList, lo, hi, def, ""), help);
    k.spec.list_min = min_len;
    k.spec.list_max = max_len;
    return k;
}

Key& Key::range(double lo, double hi) {
    spec.min = lo;
    spec.max = hi;
    return *this;
}

Key& Key::def(const char* value) {
    spec.default_text = value;
    return *this;
}

Key& Key::about(Text words) {
    help = words;
    spec.help = words.en;
    return *this;
}

Key& Key::sym(const char* s) {
    symbol = s;
    return *this;
}

Key& Key::multiple_of(int n) {
    spec.multiple_of = n;
    return *this;
}

Key& Key::alias(const char* old_name) {
    spec.aliases.push_back(old_name);
    return *this;
}

Key& Key::preset_value(const char* field) {
    spec.preset_value = field;
    return *this;
}

Key& Key::no_preset_value() {
    spec.preset_value = kNoPresetValue;
    return *this;
}

Key& Key::length_of(const char* key, int factor, bool by_value, const char* fallback) {
    spec.list_len_of = key;
    spec.list_len_factor = factor;
    spec.list_len_is_value = by_value;
    spec.list_fallback = fallback;
    spec.list_min = 0;
    spec.list_max = 1 << 20;
    return *this;
}

// [SECTION] reading values
namespace {

ParamValue default_value(const ParamSpec& spec) {
    ParamValue v;
    std::string why;
    parse_value(spec, spec.default_text, &v, &why);
    return v;
}

double number_or_default(const ParamSpec& spec, const ParamSet& p) {
    if (spec.kind == ParamKind::Choice) {  // a choice whose values are numbers
        const std::string text = p.has(spec.name) ? p.gets(spec.name) : spec.default_text;
        if (std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end()) return std::atof(text.c_str());
        return std::atof(spec.default_text.c_str());
    }
    if (p.has(spec.name)) {
        const std::vector<double>& nums = p.all().at(spec.name).nums;
        if (!nums.empty() && std::isfinite(nums[0])) return std::clamp(nums[0], spec.min, spec.max);
    }
    const ParamValue v = default_value(spec);
    return v.nums.empty() ? spec.min : v.nums[0];
}

}  // namespace

int read_int(const ParamSpec& spec, const ParamSet& p) {
    int n = static_cast<int>(std::floor(number_or_default(spec, p)));
    if (spec.multiple_of > 1 && n % spec.multiple_of != 0) n -= n % spec.multiple_of;
    return n;
}

double read_real(const ParamSpec& spec, const ParamSet& p) { return number_or_default(spec, p); }

bool read_bool(const ParamSpec& spec, const ParamSet& p) { return number_or_default(spec, p) != 0.0; }

std::string read_choice(const ParamSpec& spec, const ParamSet& p) {
    if (p.has(spec.name)) {
        const std::string& text = p.gets(spec.name);
        if (std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end()) return text;
    }
    return spec.default_text;
}

std::vector<double> read_list(const ParamSpec& spec, const ParamSet& p) {
    std::vector<double> v = p.has(spec.name) ? p.getv(spec.name) : default_value(spec).nums;
    for (double& x : v) x = std::isfinite(x) ? std::clamp(x, spec.min, spec.max) : 0.0;
    return v;
}

}  // namespace pelab
