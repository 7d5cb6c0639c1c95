// PE Lab — tests/core/lab_weights_test.cpp
// The lab's files (core/lab/lab_weights.h): weights round-trip bit for bit in float and in double for every
// scheme; each kind of malformed weights file gives its one-line message naming the tensor or key; the packed
// form (pelab-lab-weights-packed/1) round-trips bit for bit and refuses every kind of damage; the token file of
// `lab grad`; a file of either form read by its first line. The JSON reader itself: tests/core/json_test.cpp.
//
// [SECTION] round trip
// [SECTION] malformed weights
// [SECTION] packed weights
// [SECTION] either form
// [SECTION] token batches
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "core/io/json.h"
#include "core/lab/lab_weights.h"
#include "core/lab/lab_train.h"

namespace pelab::lab::weights_test {

ModelConfig small_config(Scheme pe) {
    ModelConfig c;
    c.pe = pe;
    c.d = 16;
    c.heads = 2;
    c.layers = 1;
    c.max_positions = 12;
    return c;
}

// [SECTION] round trip
TEST(LabWeights, RoundTripIsExactForEveryScheme) {
    for (const std::string& name : scheme_names()) {
        Scheme pe = Scheme::nope;
        ASSERT_TRUE(parse_scheme(name, &pe));
        Model<float> f = make_model<float>(small_config(pe));
        init_pytorch_default(&f, 3);
        const std::string text = weights_json(f);
        Model<float> back;
        ASSERT_EQ(read_weights(text, &back), "") << name;
        EXPECT_EQ(back.params, f.params) << name;
        EXPECT_EQ(back.config.pe, pe);
        EXPECT_EQ(back.layout.total, f.layout.total);
        EXPECT_EQ(weights_json(back), text);

        // A float file read as double holds the decimals as written (what PyTorch's float64 reads too), each
        // of which rounds back to the float; a double model round-trips exactly.
        Model<double> d;
        ASSERT_EQ(read_weights(text, &d), "");
        for (std::size_t i = 0; i < d.params.size(); ++i) {
            ASSERT_EQ(d.params[i], std::strtod(json::float_text(f.params[i]).c_str(), nullptr));
            ASSERT_EQ(static_cast<float>(d.params[i]), f.params[i]);
        }
        Model<double> exact = make_model<double>(small_config(pe));
        init_pytorch_default(&exact, 4);
        Model<double> exact_back;
        ASSERT_EQ(read_weights(weights_json(exact), &exact_back), "");
        EXPECT_EQ(exact_back.params, exact.params) << name;
    }
}

TEST(LabWeights, FileNamesConfigAndTensors) {
    Model<float> m = make_model<float>(small_config(Scheme::t5));
    const std::string text = weights_json(m);
    EXPECT_EQ(text.rfind("{\"format\":\"pelab-lab-weights/1\",", 0), 0u);
    EXPECT_NE(text.find("\"config\":{\"pe\":\"t5\",\"d\":16,\"heads\":2,\"layers\":1,\"max_positions\":12,\"vocab\":12,"
                        "\"mlp\":64,\"norm_eps\":1e-05,\"rope_base\":10000,\"t5_buckets\":32,"
                        "\"t5_max_distance\":64}"),
              std::string::npos)
        << text.substr(0, 300);
    EXPECT_NE(text.find("\"rel.weight\":{\"shape\":[32,2],\"data\":["), std::string::npos);
    EXPECT_NE(text.find("\"blocks.0.qkv.weight\":{\"shape\":[48,16],"), std::string::npos);
    EXPECT_NE(text.find("\"blocks.0.mlp.2.weight\":{\"shape\":[16,64],"), std::string::npos);
    EXPECT_EQ(text.find("pos.weight"), std::string::npos);
}

// [SECTION] malformed weights
// The text of a small alibi model with `from` replaced by `to` (once).
std::string edited(const std::string& from, const std::string& to) {
    Model<float> m = make_model<float>(small_config(Scheme::alibi));
    init_pytorch_default(&m, 1);
    std::string text = weights_json(m);
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

std::string problem_of(const std::string& text) {
    Model<float> m = make_model<float>(small_config(Scheme::nope));
    const std::vector<float> before = m.params;
    const std::string problem = read_weights(text, &m);
    EXPECT_EQ(m.params, before) << "a refused file must leave the model alone";
    return problem;
}

TEST(LabWeights, MalformedFilesNameWhatIsWrong) {
    EXPECT_EQ(problem_of(edited("pelab-lab-weights/1", "pelab-lab-weights/2")),
              "format: expected \"pelab-lab-weights/1\", got \"pelab-lab-weights/2\"");
    EXPECT_EQ(problem_of(edited("\"ln.bias\":", "\"ln.beta\":")),
              "tensors: unexpected tensor \"ln.beta\" (pe=alibi, 1 layers has no such tensor)");
    EXPECT_EQ(problem_of(edited("\"pe\":\"alibi\"", "\"pe\":\"learned\"")),
              "tensor \"pos.weight\": missing (expected shape [12, 16])");
    EXPECT_EQ(problem_of(edited("\"shape\":[48,16]", "\"shape\":[16,48]")),
              "tensor \"blocks.0.qkv.weight\": shape [16, 48], expected [48, 16]");
    EXPECT_EQ(problem_of(edited("\"out.bias\":{\"shape\":[12],\"data\":[", "\"out.bias\":{\"shape\":[12],\"data\":[1e999,")),
              "tensor \"out.bias\": 13 numbers in \"data\", expected 12 for shape [12]");
    EXPECT_EQ(problem_of(edited("\"ln.weight\":{\"shape\":[16],\"data\":[1,1,", "\"ln.weight\":{\"shape\":[16],\"data\":[1,1e999,")),
              "tensor \"ln.weight\": element 1 is not a finite number");
    EXPECT_EQ(problem_of(edited("\"ln.weight\":{\"shape\":[16],\"data\":[1,", "\"ln.weight\":{\"shape\":[16],\"data\":[-1e39,")),
              "tensor \"ln.weight\": element 0 is not a finite number");  // beyond float
    EXPECT_EQ(problem_of(edited("\"d\":16", "\"d\":18")).rfind("config.d: 18 must be a multiple of 2·heads", 0), 0u);
    EXPECT_EQ(problem_of(edited("\"vocab\":12", "\"vocab\":13")), "config.vocab: expected 12, got 13");
    EXPECT_EQ(problem_of(edited("\"mlp\":64", "\"mlp\":32")), "config.mlp: expected 4·d = 64, got 32");
    EXPECT_EQ(problem_of(edited(",\"t5_buckets\":32", "")), "config: missing key \"t5_buckets\"");
    EXPECT_EQ(problem_of(edited("\"heads\":2", "\"heads\":2.5")), "config.heads: expected a whole number");
    EXPECT_EQ(problem_of(edited("\"heads\":2", "\"heads\":2,\"dropout\":0")), "config: unknown key \"dropout\"");
    EXPECT_EQ(problem_of(edited("\"tensors\":{", "\"tensors\":{\"ln.bias\":{\"shape\":[16],\"data\":[]},")),
              "weights: not JSON: line 18, column 10: key \"ln.bias\" given twice");
    EXPECT_EQ(problem_of("{\"format\": \"pelab-lab-weights/1\",\n \"config\": [1, 2,]}"),
              "weights: not JSON: line 2, column 18: expected a JSON value");
    EXPECT_EQ(problem_of("[]"), "weights: expected a JSON object");
    EXPECT_EQ(problem_of(""), "weights: not JSON: line 1, column 1: expected a JSON value, found the end of the text");
    EXPECT_EQ(problem_of(std::string(kMaxWeightsBytes + 1, ' ')),
              "weights: the file is 67,108,865 bytes, over the budget of 67,108,864 bytes");
}

// [SECTION] packed weights
// The packed bytes of a small model of scheme `pe`, initialised with `seed`.
Model<float> packed_model(Scheme pe, std::uint64_t seed) {
    Model<float> m = make_model<float>(small_config(pe));
    init_pytorch_default(&m, seed);
    return m;
}

std::string packed_problem_of(const std::string& bytes) {
    Model<float> m = packed_model(Scheme::nope, 9);
    const std::vector<float> before = m.params;
    const std::string problem = read_packed_weights(bytes, &m);
    EXPECT_EQ(m.params, before) << "a refused packed file must leave the model alone";
    return problem;
}

TEST(LabPackedWeights, RoundTripIsBitForBitForEveryScheme) {
    for (const std::string& name : scheme_names()) {
        Scheme pe = Scheme::nope;
        ASSERT_TRUE(parse_scheme(name, &pe));
        Model<float> m = packed_model(pe, 5);
        m.params[0] = -0.0f;                                        // the sign of zero survives
        m.params[1] = std::numeric_limits<float>::denorm_min();     // and the smallest subnormal
        m.params[2] = std::numeric_limits<float>::max();
        const std::string bytes = packed_weights(m);
        Model<float> back;
        ASSERT_EQ(read_packed_weights(bytes, &back), "") << name;
        ASSERT_EQ(back.params.size(), m.params.size()) << name;
        EXPECT_EQ(std::memcmp(back.params.data(), m.params.data(), 4 * m.params.size()), 0) << name;
        EXPECT_TRUE(std::signbit(back.params[0]));
        EXPECT_EQ(back.config.pe, pe);
        EXPECT_EQ(back.config.d, 16);
        EXPECT_EQ(back.config.max_positions, 12);
        EXPECT_EQ(packed_weights(back), bytes) << name;
        EXPECT_EQ(weights_json(back), weights_json(m)) << name;  // the same model as its JSON file
    }
}

TEST(LabPackedWeights, HeaderLineThenFourBytePlanes) {
    Model<float> m = packed_model(Scheme::alibi, 2);
    m.params[0] = 1.0f;  // 0x3F800000
    m.params[1] = -2.5f; // 0xC0200000
    const std::string bytes = packed_weights(m);
    const std::size_t n = m.params.size();
    const std::string head = "{\"format\":\"pelab-lab-weights-packed/1\",\"config\":{\"pe\":\"alibi\",\"d\":16,";
    ASSERT_EQ(bytes.rfind(head, 0), 0u) << bytes.substr(0, 200);
    const std::size_t line_end = bytes.find('\n');
    ASSERT_NE(line_end, std::string::npos);
    EXPECT_NE(bytes.substr(0, line_end).find(",\"count\":" + std::to_string(n) + ",\"bits\":32}"), std::string::npos);
    ASSERT_EQ(bytes.size(), line_end + 1 + 4 * n);
    const auto byte = [&](std::size_t plane, std::size_t i) {
        return static_cast<unsigned char>(bytes[line_end + 1 + plane * n + i]);
    };
    EXPECT_EQ(byte(0, 0), 0x00);
    EXPECT_EQ(byte(1, 0), 0x00);
    EXPECT_EQ(byte(2, 0), 0x80);
    EXPECT_EQ(byte(3, 0), 0x3F);
    EXPECT_EQ(byte(2, 1), 0x20);
    EXPECT_EQ(byte(3, 1), 0xC0);
}

// Half precision: known values, ties to even, the subnormals and the ends of the range; and every finite half
// back and forth (float_to_half(half_to_float(h)) == h for all 63,488 of them).
TEST(LabPackedWeights, HalfPrecisionRoundsToNearestEven) {
    EXPECT_EQ(float_to_half(1.0f), 0x3C00);
    EXPECT_EQ(float_to_half(-2.0f), 0xC000);
    EXPECT_EQ(float_to_half(65504.0f), 0x7BFF);
    EXPECT_EQ(float_to_half(65520.0f), 0x7C00);                    // rounds past the largest half: infinity
    EXPECT_EQ(float_to_half(0.1f), 0x2E66);
    EXPECT_EQ(float_to_half(1.0f / 3.0f), 0x3555);
    EXPECT_EQ(float_to_half(std::ldexp(1.0f, -14)), 0x0400);       // the smallest normal half
    EXPECT_EQ(float_to_half(std::ldexp(1.0f, -24)), 0x0001);       // the smallest subnormal half
    EXPECT_EQ(float_to_half(std::ldexp(1.0f, -25)), 0x0000);       // halfway to it: ties to even, 0
    EXPECT_EQ(float_to_half(std::ldexp(1.5f, -25)), 0x0001);
    EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11)), 0x3C00);  // a tie: even mantissa kept
    EXPECT_EQ(float_to_half(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);  // a tie: rounds up to even
    EXPECT_EQ(float_to_half(-0.0f), 0x8000);
    EXPECT_EQ(half_to_float(0x3555), 0.333251953125f);
    EXPECT_EQ(half_to_float(0x0001), std::ldexp(1.0f, -24));
    EXPECT_EQ(half_to_float(0x03FF), std::ldexp(1023.0f, -24));
    for (std::uint32_t h = 0; h < 0x10000u; ++h) {
        if (((h >> 10) & 0x1Fu) == 0x1Fu) continue;  // infinities and NaNs
        const float x = half_to_float(static_cast<std::uint16_t>(h));
        ASSERT_EQ(float_to_half(x), h) << "half 0x" << std::hex << h << " = " << x;
    }
}

TEST(LabPackedWeights, SixteenBitsHoldTheRoundedModel) {
    Model<float> m = packed_model(Scheme::rope, 4);
    std::string bytes;
    ASSERT_EQ(packed_weights(m, 16, &bytes), "");
    const std::size_t line_end = bytes.find('\n');
    EXPECT_NE(bytes.substr(0, line_end).find(",\"bits\":16}"), std::string::npos);
    EXPECT_EQ(bytes.size(), line_end + 1 + 2 * m.params.size());
    Model<float> back;
    ASSERT_EQ(read_packed_weights(bytes, &back), "");
    for (std::size_t i = 0; i < m.params.size(); ++i) {
        EXPECT_EQ(back.params[i], half_to_float(float_to_half(m.params[i]))) << i;
        if (std::fabs(m.params[i]) >= std::ldexp(1.0f, -14))
            EXPECT_LE(std::fabs(back.params[i] - m.params[i]), std::ldexp(std::fabs(m.params[i]), -11)) << i;
    }
    std::string again;
    ASSERT_EQ(packed_weights(back, 16, &again), "");
    EXPECT_EQ(again, bytes);  // the rounded model packs to the same bytes
    m.params[3] = 70000.0f;
    EXPECT_NE(packed_weights(m, 16, &again).find("65504"), std::string::npos);
    EXPECT_NE(packed_weights(m, 8, &again), "");
}

TEST(LabPackedWeights, RefusesEveryKindOfDamage) {
    const Model<float> m = packed_model(Scheme::alibi, 1);
    const std::string good = packed_weights(m);
    const std::size_t line_end = good.find('\n');
    const std::string head = good.substr(0, line_end);
    const std::string body = good.substr(line_end + 1);
    const std::size_t n = m.params.size();
    const auto with_head = [&](const std::string& from, const std::string& to) {
        std::string h = head;
        const std::size_t at = h.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        if (at != std::string::npos) h.replace(at, from.size(), to);
        return h + "\n" + body;
    };
    const std::string count = std::to_string(n);

    // The header line.
    EXPECT_EQ(packed_problem_of(""), "packed weights: no header line");
    EXPECT_EQ(packed_problem_of(head), "packed weights: no header line");
    EXPECT_EQ(packed_problem_of("\n" + body).rfind("packed weights: header is not JSON: line 1, column 1: ", 0), 0u);
    EXPECT_EQ(packed_problem_of("{\"format\":\n" + body).rfind("packed weights: header is not JSON: ", 0), 0u);
    EXPECT_EQ(packed_problem_of("[1,2]\n" + body), "format: expected \"pelab-lab-weights-packed/1\"");
    // A weights file (JSON) is not a packed one: its first line is not a whole JSON value.
    EXPECT_EQ(packed_problem_of(weights_json(m)).rfind("packed weights: header is not JSON: ", 0), 0u);

    // The format, the config, the count.
    EXPECT_EQ(packed_problem_of(with_head("pelab-lab-weights-packed/1", "pelab-lab-weights-packed/2")),
              "format: expected \"pelab-lab-weights-packed/1\"");
    EXPECT_EQ(packed_problem_of(with_head("\"format\":\"pelab-lab-weights-packed/1\",", "")),
              "format: expected \"pelab-lab-weights-packed/1\"");
    EXPECT_EQ(packed_problem_of(with_head(",\"config\":{", ",\"setup\":{")), "packed weights: missing key \"config\"");
    EXPECT_EQ(packed_problem_of(with_head("\"vocab\":12", "\"vocab\":13")), "config.vocab: expected 12, got 13");
    EXPECT_EQ(packed_problem_of(with_head("\"pe\":\"alibi\"", "\"pe\":\"fourier\"")).rfind("config.pe: ", 0), 0u);
    EXPECT_EQ(packed_problem_of(with_head("\"heads\":2", "\"heads\":3")).rfind("config.", 0), 0u);
    EXPECT_EQ(packed_problem_of(with_head(",\"count\":" + count, "")), "packed weights: count: missing");
    EXPECT_EQ(packed_problem_of(with_head("\"count\":" + count, "\"count\":" + std::to_string(n - 1))),
              "packed weights: count " + std::to_string(n - 1) + ", expected " + count + " for this config");
    EXPECT_EQ(packed_problem_of(with_head("\"count\":" + count, "\"count\":-4")),
              "packed weights: count -4, expected " + count + " for this config");
    EXPECT_EQ(packed_problem_of(with_head("\"count\":" + count, "\"count\":\"many\"")).rfind("packed weights: count", 0),
              0u);
    // A header whose config is another model (learned adds a table): the count and the bytes no longer fit.
    EXPECT_EQ(packed_problem_of(with_head("\"pe\":\"alibi\"", "\"pe\":\"learned\"")).rfind("packed weights: count " + count, 0),
              0u);

    // The bytes: truncated, one too many, none.
    EXPECT_EQ(packed_problem_of(good.substr(0, good.size() - 1)),
              "packed weights: " + std::to_string(4 * n - 1) + " bytes after the header, expected " + std::to_string(4 * n) + " (" + std::to_string(n) + " numbers of 32 bits)");
    EXPECT_EQ(packed_problem_of(good + "\n"),
              "packed weights: " + std::to_string(4 * n + 1) + " bytes after the header, expected " + std::to_string(4 * n) + " (" + std::to_string(n) + " numbers of 32 bits)");
    EXPECT_EQ(packed_problem_of(head + "\n"),
              "packed weights: 0 bytes after the header, expected " + std::to_string(4 * n) + " (" + std::to_string(n) + " numbers of 32 bits)");

    // Non-finite numbers: +inf at element 7, NaN at the last element.
    std::string inf = good;
    const std::size_t at = line_end + 1;
    inf[at + 0 * n + 7] = '\x00';
    inf[at + 1 * n + 7] = '\x00';
    inf[at + 2 * n + 7] = '\x80';
    inf[at + 3 * n + 7] = '\x7F';
    EXPECT_EQ(packed_problem_of(inf), "packed weights: element 7 is not a finite number");
    std::string nan = good;
    nan[at + 0 * n + n - 1] = '\x01';
    nan[at + 2 * n + n - 1] = '\xC0';
    nan[at + 3 * n + n - 1] = '\xFF';
    EXPECT_EQ(packed_problem_of(nan), "packed weights: element " + std::to_string(n - 1) + " is not a finite number");

    // Over the budget.
    EXPECT_EQ(packed_problem_of(std::string(kMaxWeightsBytes + 1, 'x')),
              "packed weights: the file is 67,108,865 bytes, over the budget of 67,108,864 bytes");
}

// [SECTION] either form
TEST(LabAnyWeights, TellsTheFormByTheFirstLine) {
    const Model<float> m = packed_model(Scheme::alibi, 1);
    Model<float> back;
    ASSERT_EQ(read_any_weights(weights_json(m), &back), "");
    EXPECT_EQ(back.params, m.params);
    Model<float> packed_back;
    ASSERT_EQ(read_any_weights(packed_weights(m), &packed_back), "");
    EXPECT_EQ(packed_back.params, m.params);
    // Each form's own reader answers for a damaged file of its form, and anything else reads as a weights file.
    std::string damaged = packed_weights(m);
    damaged.pop_back();
    EXPECT_EQ(read_any_weights(damaged, &back).rfind("packed weights: ", 0), 0u);
    EXPECT_EQ(read_any_weights("{\"tokens\": []}", &back),
              "weights: unknown key \"tokens\" (expected format, config, tensors)");
    EXPECT_EQ(read_any_weights(std::string(kMaxWeightsBytes + 1, 'x'), &back),
              "weights: the file is 67,108,865 bytes, over the budget of 67,108,864 bytes");
    EXPECT_EQ(back.params, m.params);  // left as it was
}

// [SECTION] token batches
TEST(LabTokens, ReadsRowsAndRefusesBadOnes) {
    const ModelConfig c = small_config(Scheme::learned);
    Batch b;
    ASSERT_EQ(read_token_batch("{\"tokens\": [[1, 2, 10, 1], [3, 10, 3, 11]], \"targets\": [[-100, -100, 1, 2], [-100, 3, -100, -100]]}",
                               c, &b),
              "");
    EXPECT_EQ(b.B, 2);
    EXPECT_EQ(b.T, 4);
    EXPECT_EQ(b.tokens, (std::vector<int>{1, 2, 10, 1, 3, 10, 3, 11}));
    EXPECT_EQ(b.targets, (std::vector<int>{-100, -100, 1, 2, -100, 3, -100, -100}));
    EXPECT_EQ(read_token_batch("{\"tokens\": [[1, 2], [3]], \"targets\": [[1, 2], [3]]}", c, &b),
              "tokens row 1: 1 numbers, expected 2 (rows of equal length)");
    EXPECT_EQ(read_token_batch("{\"tokens\": [[1, 12]], \"targets\": [[1, 2]]}", c, &b), "tokens row 0: 12 is not a token 0..11");
    EXPECT_EQ(read_token_batch("{\"tokens\": [[1, 2]], \"targets\": [[1, -1]]}", c, &b),
              "targets row 0: -1 is not -100 or a token 0..11");
    EXPECT_EQ(read_token_batch("{\"tokens\": [[1, 2]], \"targets\": [[-100, -100]]}", c, &b),
              "targets: every target is -100; at least one must count");
    EXPECT_EQ(read_token_batch("{\"tokens\": [[1, 2]], \"targets\": [[1, 2], [1, 2]]}", c, &b),
              "targets: 2 rows of 2, expected the shape of tokens (1 rows of 2)");
    EXPECT_EQ(read_token_batch("{\"tokens\": [[1, 2]]}", c, &b), "targets: missing");
    EXPECT_EQ(read_token_batch("{\"tokens\": [[1,2,3,4,5,6,7,8,9,1,2,3,4]], \"targets\": [[1,2,3,4,5,6,7,8,9,1,2,3,4]]}", c, &b),
              "tokens: a sequence of 13 tokens is longer than the learned position table (12 positions, max_positions)");
}

}  // namespace pelab::lab::weights_test
